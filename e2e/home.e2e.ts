import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './helpers/app-server';
import { launchBrowser, screenshot, viewports } from './helpers/browser';

const digits = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

describe('public home page', () => {
  let server: AppServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const outside: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function openHome(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
    context = await browser.newContext({ viewport: viewports.desktop, ...options });
    const page = await context.newPage();
    // The home page must not fetch anything from outside (no CDN, fonts or stock images).
    page.on('request', (req) => {
      const url = req.url();
      if (!url.startsWith(server.url) && !url.startsWith('data:')) outside.push(url);
    });
    await page.goto(server.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    return page;
  }

  it('counts both counters up from 0 and ends exactly on 232832 and 567899999', async () => {
    const page = await openHome();
    const creators = page.getByTestId('counter-creators');
    const scripts = page.getByTestId('counter-scripts');
    // Right after load the 3-second scripts counter cannot have finished (500 ms delay + 3000 ms).
    expect(digits(await scripts.textContent())).toBeLessThan(567899999);

    const seen = new Set<number>();
    const deadline = Date.now() + 8000;
    while (Date.now() < deadline) {
      const [a, b] = [digits(await creators.textContent()), digits(await scripts.textContent())];
      seen.add(b);
      if (a === 232832 && b === 567899999) break;
      await page.waitForTimeout(50);
    }
    expect(await creators.textContent()).toBe('232,832');
    expect(await scripts.textContent()).toBe('567,899,999');
    // It animated through intermediate values rather than jumping to the end.
    expect([...seen].filter((v) => v > 0 && v < 567899999).length).toBeGreaterThan(3);
    // And stays there.
    await page.waitForTimeout(300);
    expect(await scripts.textContent()).toBe('567,899,999');
    expect(await page.getByText('已服务创作者').isVisible()).toBe(true);
    expect(await page.getByText('已创作脚本').isVisible()).toBe(true);
  });

  it('animates a feature below the fold in when scrolled to, and out when scrolled back', async () => {
    const page = await openHome();
    const section = page.getByTestId('feature-templates');
    await section.waitFor({ state: 'attached' });
    const el = await section.elementHandle();
    const copy = section.locator('.feature-section__copy');
    const opacity = () => copy.evaluate((node) => getComputedStyle(node).opacity);
    const revealedIs = (value: string) =>
      page.waitForFunction(([node, v]) => node?.getAttribute('data-revealed') === v, [el, value] as const);
    /** Scrolls so that the section's top sits at `ratio` of the window height. */
    const placeTopAt = (ratio: number) =>
      section.evaluate((node, r) => {
        const top = node.getBoundingClientRect().top + window.scrollY;
        window.scrollTo(0, top - window.innerHeight * r);
      }, ratio);

    expect(await section.getAttribute('data-revealed')).toBe('false');
    expect(await opacity()).toBe('0');

    // Sections below the fold skip layout until they come near (content-visibility): scroll
    // through once so every section has its real height and the positions below are exact.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
      window.scrollTo(0, 0);
    });
    await revealedIs('false');

    // Its top at 85%: not yet within the 80% line.
    await placeTopAt(0.85);
    await page.waitForTimeout(300);
    expect(await section.getAttribute('data-revealed')).toBe('false');

    // Its top at 75%, moving up: within 80% → it animates in.
    await placeTopAt(0.75);
    await revealedIs('true');
    await page.waitForFunction(
      (node) => node && getComputedStyle(node).opacity === '1',
      await copy.elementHandle(),
    );

    // Further up to 50%, then back down to 70%: below the 66% line → it goes back.
    await placeTopAt(0.5);
    await page.waitForTimeout(200);
    expect(await section.getAttribute('data-revealed')).toBe('true');
    await placeTopAt(0.7);
    await revealedIs('false');
    await page.waitForFunction(
      (node) => node && getComputedStyle(node).opacity === '0',
      await copy.elementHandle(),
    );

    // Scrolled to it again, then all the way back to the top.
    await placeTopAt(0.4);
    await revealedIs('true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await revealedIs('false');
  });

  it('shows everything at once, without motion, when the reader prefers reduced motion', async () => {
    const page = await openHome({ reducedMotion: 'reduce' });
    expect(await page.getByTestId('counter-scripts').textContent()).toBe('567,899,999');
    const section = page.getByTestId('feature-templates');
    await section.waitFor({ state: 'attached' });
    expect(await section.getAttribute('data-revealed')).toBe('true');
    expect(
      await section.locator('.feature-section__copy').evaluate((el) => getComputedStyle(el).opacity),
    ).toBe('1');
  });

  it('shows back-to-top after scrolling, and it returns to the top', async () => {
    const page = await openHome();
    const button = page.getByRole('button', { name: '回到顶部', includeHidden: true });
    expect(await button.getAttribute('data-visible')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(
      () => document.querySelector('.back-to-top')?.getAttribute('data-visible') === 'true',
    );
    await page.getByRole('button', { name: '回到顶部' }).click();
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5000 });
    await page.waitForFunction(
      () => document.querySelector('.back-to-top')?.getAttribute('data-visible') === 'false',
    );
  });

  it('links the footer to the four platforms in a new tab, and shows the operator details', async () => {
    const page = await openHome();
    const footer = page.locator('footer');
    const expected: Record<string, string> = {
      抖音: 'https://www.douyin.com/',
      快手: 'https://www.kuaishou.com/',
      小红书: 'https://www.xiaohongshu.com/',
      视频号: 'https://channels.weixin.qq.com/',
    };
    for (const [name, href] of Object.entries(expected)) {
      const link = footer.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
    // Site navigation has no targets yet: its entries are text, not dead links.
    for (const name of ['关于我们', '用户协议', '隐私政策']) {
      expect(await footer.getByText(name).count()).toBe(1);
      expect(await footer.getByRole('link', { name }).count()).toBe(0);
    }
    expect(await footer.getByText(/^© \d{4}/).count()).toBe(1);
    expect(await footer.getByRole('link', { name: /ICP备/ }).getAttribute('href')).toBe(
      'https://beian.miit.gov.cn/',
    );
    expect(await footer.getByText('客服电话').count()).toBe(1);
  });

  it('draws the consult QR code only when it is opened (hover on desktop, tap on a phone)', async () => {
    const page = await openHome();
    const scriptsLoaded = () =>
      page.evaluate(
        () => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).length,
      );
    const before = await scriptsLoaded();
    const card = page.getByRole('dialog', { name: '扫码咨询' });
    expect(await card.isVisible()).toBe(false);

    await page.getByRole('button', { name: '扫码咨询' }).hover();
    const img = card.getByRole('img', { name: '扫码咨询二维码' });
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await scriptsLoaded()).toBeGreaterThan(before);
    // A click from the hovering mouse keeps it open; leaving closes it.
    await page.getByRole('button', { name: '扫码咨询' }).click();
    await page.waitForTimeout(300);
    expect(await card.isVisible()).toBe(true);
    await page.mouse.move(10, 10);
    await card.waitFor({ state: 'hidden' });

    const phone = await browser.newContext({ viewport: viewports.phone, hasTouch: true, isMobile: true });
    try {
      const p = await phone.newPage();
      await p.goto(server.url);
      await p.getByRole('button', { name: '扫码咨询' }).tap();
      await p.getByRole('img', { name: '扫码咨询二维码' }).waitFor();
      await p.getByRole('heading', { level: 1 }).tap();
      await p.getByRole('dialog', { name: '扫码咨询' }).waitFor({ state: 'hidden' });
      // Tapping the button again toggles it; Escape closes it too.
      await p.getByRole('button', { name: '扫码咨询' }).tap();
      await p.getByRole('dialog', { name: '扫码咨询' }).waitFor();
      await p.keyboard.press('Escape');
      await p.getByRole('dialog', { name: '扫码咨询' }).waitFor({ state: 'hidden' });
    } finally {
      await phone.close();
    }
  });

  it('sends the call to action into the dashboard, where the guard asks a visitor to log in', async () => {
    const page = await openHome();
    await page.getByRole('link', { name: '开始创作' }).first().click();
    await page.waitForURL(
      (url) => url.pathname === '/' && url.searchParams.get('redirect') === '/dashboard/account',
    );
  });

  it('serves the JavaScript and CSS it loads first compressed and cacheable', async () => {
    const html = await (await fetch(server.url)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(1);
    for (const path of assets) {
      const res = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      // Tiny chunks are not worth compressing (the build skips files under 1 KB).
      if (Number(res.headers.get('content-length') ?? 2048) >= 1024 || res.headers.get('content-encoding')) {
        expect(res.headers.get('content-encoding'), path).toBe('br');
      }
      expect(res.headers.get('cache-control')).toContain('immutable');
    }
    const gz = await fetch(`${server.url}${assets.find((a) => a.endsWith('.css'))}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it('fits 375 px phones to 1920 px screens without sideways scrolling (screenshots)', async () => {
    for (const [name, viewport] of [
      ['375', viewports.phone],
      ['1440', viewports.desktop],
      ['1920', { width: 1920, height: 1080 }],
    ] as const) {
      const page = await openHome({ viewport, reducedMotion: 'reduce' });
      await page.waitForTimeout(200);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${name}px`).toBeLessThanOrEqual(0);
      // A full-page capture keeps the window's height, so sections that skip rendering while far
      // from the screen (content-visibility: auto) would come out blank: render them all.
      await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
      await screenshot(page, `home-${name}`);
      // The first screen as a visitor sees it, counters included.
      if (process.env.SCREENSHOTS) {
        await page.screenshot({ path: join(process.env.SCREENSHOTS, `home-${name}-fold.png`) });
      }
      await context?.close();
      context = undefined;
    }
    expect(outside).toEqual([]);
  });
});
