import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './helpers/app-server';
import { launchBrowser, screenshot, viewports } from './helpers/browser';
import { devLogin, loginAs } from './helpers/login';

const BANNER_TEXT = '演示模式：登录和支付均为模拟，不会产生真实扣款';

/** The banner is on screen, at the very top, within the page's width (no sideways scrolling). */
async function expectBanner(page: Page) {
  const banner = page.getByRole('note', { name: '演示模式' });
  await banner.waitFor({ state: 'visible' });
  expect(await banner.textContent()).toBe(BANNER_TEXT);
  const box = await banner.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box).toMatchObject({ x: 0, y: 0, width });
  expect(box!.height).toBeLessThanOrEqual(40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The first screen only: where the banner is (dialogs animate in first). */
async function shot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForTimeout(400);
  await screenshot(page, name, { fullPage: false });
}

describe('demo mode: a banner on every page while login and payment are simulated', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    // The server exactly as `npm start` runs it with no variables: dev login, dev payment.
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows it on the home page and above the login dialog, on a phone and a desktop', async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(server.url);
      await expectBanner(page);
      await shot(page, `demo-home-${viewport.width}`);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.getByRole('dialog').waitFor();
      expect(await page.getByRole('note', { name: '演示模式' }).isVisible(), name).toBe(true);
      await shot(page, `demo-login-${viewport.width}`);
      await context.close();
    }
  });

  it('shows it on the dashboard, on a phone and a desktop', async () => {
    for (const viewport of Object.values(viewports)) {
      const context = await browser.newContext({ viewport });
      await loginAs(context, server, '演示横幅');
      const page = await context.newPage();
      await page.goto(`${server.url}/dashboard/commodity`);
      await expectBanner(page);
      await shot(page, `demo-dashboard-${viewport.width}`);
      await context.close();
    }
  });
});

describe('demo mode in production (ALLOW_DEV_PROVIDERS=1)', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startAppServer({ NODE_ENV: 'production', ALLOW_DEV_PROVIDERS: '1' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('still works from this machine: the dev login page opens, the banner shows', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    await loginAs(context, server, '本机演示');
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/account`);
    await expectBanner(page);
    // The confirm page the login QR points to answers a loopback browser.
    const qr = await (await fetch(`${server.url}/api/v1/user/qrcode?type=qr&code=`)).json();
    const scanPage = await page.goto(`${server.url}/api/v1/dev/wechat/scan?state=${qr.data.state}`);
    expect(scanPage?.status()).toBe(200);
    await context.close();
  });

  it('hides the version and database from /health for a signed-in user who is not an admin', async () => {
    const { token } = await devLogin(server.url, '普通用户');
    const res = await fetch(`${server.url}/api/v1/health`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    expect(body.data).toMatchObject({ status: 'ok', demo: true, devChannels: ['login', 'pay'] });
    expect(body.data).not.toHaveProperty('version');
    expect(body.data).not.toHaveProperty('database');
  });
});
