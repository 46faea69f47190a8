import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './helpers/app-server';
import { cspViolations, launchBrowser, screenshot, viewports } from './helpers/browser';
import { loginAs } from './helpers/login';

/** The QR answer of the login modal: its state gives the dev confirm link the QR encodes. */
async function waitForQrState(page: Page): Promise<{ state: string; url: string }> {
  const response = await page.waitForResponse(
    (r) => r.url().includes('/api/v1/user/qrcode?') && r.url().includes('type=qr'),
  );
  const body = (await response.json()) as { data: { state: string } };
  return { state: body.data.state, url: response.url() };
}

/** A screenshot after the opening animation (menus fade and dialogs zoom in). */
async function settledShot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

const storageOf = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

describe('WeChat QR login in the browser (dev provider)', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('guarded page → modal → scan on a phone → back on the page logged in → distributor → share link → logout', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const refused = cspViolations(context);
    const page = await context.newPage();

    // A visitor opens a guarded page: sent home with the target in `redirect`, the modal open.
    const qrPromise = waitForQrState(page);
    await page.goto(`${server.url}/dashboard/history`);
    await page.waitForURL(
      (url) => url.pathname === '/' && url.searchParams.get('redirect') === '/dashboard/history',
    );
    const modal = page.locator('.ant-modal');
    await modal.getByText('微信扫码登录').waitFor();
    await modal.getByText('登录脚本工坊').waitFor();
    const qrImage = modal.getByRole('img', { name: '微信登录二维码' });
    await qrImage.waitFor();
    expect(await qrImage.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // The modal zooms in: measure once the opening animation has settled.
    const container = page.locator('.ant-modal-container');
    await expect
      .poll(async () => Math.round((await container.boundingBox())?.width ?? 0), { timeout: 5000 })
      .toBe(460);
    const { state } = await qrPromise;
    await settledShot(page, 'login-modal-1440');

    // The phone opens the QR's dev link: a small Chinese confirm page.
    const phone = await browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
    const phoneRefused = cspViolations(phone);
    const phonePage = await phone.newPage();
    await phonePage.goto(`${server.url}/api/v1/dev/wechat/scan?state=${state}`);
    await phonePage.getByRole('heading', { name: '确认登录脚本工坊' }).waitFor();
    await screenshot(phonePage, 'dev-confirm-375');
    // Opening the page counts as scanning: the modal says so.
    await modal.getByText('扫码成功').waitFor();
    await screenshot(page, 'login-modal-scanned-1440');
    await phonePage.getByLabel('昵称（选填）').fill('小满');
    await phonePage.getByRole('button', { name: '确认登录' }).click();
    await phonePage.getByRole('heading', { name: '登录成功' }).waitFor();
    await screenshot(phonePage, 'dev-confirm-done-375');
    await phone.close();

    // Back on the computer: toast, success view, then the page it was going to, logged in.
    await page.getByText('登录成功！').waitFor();
    await modal.getByText('登录成功', { exact: true }).waitFor();
    await screenshot(page, 'login-modal-success-1440');
    await page.waitForURL((url) => url.pathname === '/dashboard/history', { timeout: 10_000 });
    const header = page.locator('.site-header');
    await header.getByText('小满').waitFor();
    const token = JSON.parse((await storageOf(page, 'jbgf_token')) ?? '""') as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookies = await context.cookies(server.url);
    // Readable by the page, sent with top-level navigations only, for the whole site.
    expect(cookies.find((c) => c.name === 'token')).toMatchObject({
      value: token,
      path: '/',
      sameSite: 'Lax',
      httpOnly: false,
      secure: false,
    });
    // The whole way here ran under the strict policy: antd's styles and the scroll lock of the
    // modal carried the page's nonce, the confirm page its own.
    expect([...refused, ...phoneRefused]).toEqual([]);
    const profile = JSON.parse((await storageOf(page, 'jbgf_userInfo')) ?? '{}') as Record<string, string>;
    expect(profile).toMatchObject({ nickname: '小满', role: 'user', avatar: '' });

    // The avatar menu: non-distributor entries, in SPEC order.
    const trigger = header.locator('.user-menu__trigger');
    await trigger.hover();
    const menu = page.getByRole('menu', { name: '用户菜单' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      '成为分销商',
      '订单列表',
      '我的钱包',
      '退出登录',
    ]);
    // The default avatar stands in for an empty one.
    expect(await menu.locator('img').first().getAttribute('src')).toMatch(
      /^data:image\/svg\+xml|default-avatar/,
    );
    await settledShot(page, 'user-menu-1440');

    // Become a distributor: toast, and the entries swap at once.
    await menu.getByRole('menuitem', { name: '成为分销商' }).click();
    await page.getByText('恭喜您成为分销商！').waitFor();
    await menu.getByRole('menuitem', { name: '我的分享链接' }).waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      '我的分享链接',
      '订单列表',
      '我的客户',
      '我的分销钱包',
      '我的钱包',
      '退出登录',
    ]);
    await settledShot(page, 'user-menu-distributor-1440');

    // Copy the share link.
    await menu.getByRole('menuitem', { name: '我的分享链接' }).click();
    await page.getByText('复制成功').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${server.url.replace(/[.:/]/g, '\\$&')}/\\?code=[A-Z2-9]{8}$`));

    // A menu entry navigates.
    await menu.getByRole('menuitem', { name: '我的钱包' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/myWallet');

    // Log out: confirmation, then home with everything cleared and the session revoked.
    await trigger.hover();
    await page.getByRole('menu', { name: '用户菜单' }).getByRole('menuitem', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '确认退出登录？' });
    await dialog.getByText('提示').waitFor();
    await dialog
      .getByRole('button', { name: '取 消' })
      .or(dialog.getByRole('button', { name: '取消' }))
      .waitFor();
    await settledShot(page, 'logout-confirm-1440');
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await page.locator('.site-header').getByRole('button', { name: '登录' }).waitFor();
    expect(await storageOf(page, 'jbgf_token')).toBeNull();
    expect(await storageOf(page, 'jbgf_userInfo')).toBeNull();
    expect(await storageOf(page, 'jbgf_linkId')).toBeNull();
    expect((await context.cookies(server.url)).find((c) => c.name === 'token')).toBeUndefined();
    const info = await fetch(`${server.url}/api/v1/user/info`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.status).toBe(401);

    // A share link's code is remembered as linkId and sent with the next QR request.
    const code = new URL(copied).searchParams.get('code')!;
    await page.goto(`${server.url}/?code=${code}`);
    await page.waitForFunction((c) => localStorage.getItem('jbgf_linkId') === JSON.stringify(c), code);
    await page.goto(`${server.url}/`);
    const next = waitForQrState(page);
    await page.locator('.site-header').getByRole('button', { name: '登录' }).click();
    expect(new URL((await next).url).searchParams.get('code')).toBe(code);
    await context.close();
  }, 180_000);

  it('an expired QR offers a new one; a failed stream says so', async () => {
    const short = await startAppServer({ QR_EXPIRE_SEC: '2' });
    try {
      const context = await browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto(short.url);
      const first = waitForQrState(page);
      await page.locator('.site-header').getByRole('button', { name: '登录' }).click();
      const modal = page.locator('.ant-modal');
      await modal.getByRole('img', { name: '微信登录二维码' }).waitFor();
      await settledShot(page, 'login-modal-375');
      const { state } = await first;
      await modal.getByText('二维码已过期').waitFor({ timeout: 8000 });
      await screenshot(page, 'login-modal-expired-375');
      const second = waitForQrState(page);
      await modal.getByRole('button', { name: /刷新二维码/ }).click();
      expect((await second).state).not.toBe(state);
      await modal.getByText('二维码已过期').waitFor({ state: 'hidden' });

      // The server goes away mid-stream: the modal shows the error state.
      await short.stop();
      await modal.getByText('登录失败，请刷新页面重试').waitFor({ timeout: 10_000 });
      await screenshot(page, 'login-modal-error-375');
      await context.close();
    } finally {
      await short.stop();
    }
  }, 120_000);

  it('loginAs signs a context in for other tests, and the header shows the user', async () => {
    const context = await browser.newContext({ viewport: viewports.phone });
    const { token, userId } = await loginAs(context, server, '辅助登录');
    expect(token).toBeTruthy();
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/account`);
    const trigger = page.locator('.site-header .user-menu__trigger');
    await trigger.waitFor();
    await trigger.click();
    const menu = page.getByRole('menu', { name: '用户菜单' });
    await menu.getByText('辅助登录').waitFor();
    await settledShot(page, 'user-menu-375');
    await context.close();
  }, 120_000);
});
