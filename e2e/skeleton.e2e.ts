import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './helpers/app-server';
import { launchBrowser, screenshot, viewports } from './helpers/browser';

describe('walking skeleton in the browser', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a visitor of a dashboard page home with the target in redirect', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/dashboard/order?tab=paid`);
    await page.waitForURL((url) => url.pathname === '/');
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toBe('/dashboard/order?tab=paid');
    await page.close();
  });

  it('renders a deep-linked dashboard screen when the token cookie is set', async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'token', value: 'e2e', url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/history`);
    await expect(page.getByRole('heading', { name: '创作历史' }).waitFor()).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/dashboard/history');
    await context.close();
  });

  it('redirects /dashboard to /dashboard/account and shows a not-found page for unknown paths', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    await context.addCookies([{ name: 'token', value: 'e2e', url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/dashboard/account');
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: '页面走丢了' }).waitFor();
    await screenshot(page, 'not-found-1440');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'not-found-375');
    await context.close();
  });

  it('logs the version string when the app starts', async () => {
    const page = await browser.newPage();
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await page.goto(server.url);
    await page.waitForLoadState('networkidle');
    expect(logs).toContain('0.0.4');
    await page.close();
  });
});
