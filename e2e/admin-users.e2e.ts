import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './helpers/app-server';
import { launchBrowser, screenshot, viewports } from './helpers/browser';
import { devLogin, loginAs } from './helpers/login';

const root = fileURLToPath(new URL('..', import.meta.url));
const DISABLED = '该账号已被停用，如有疑问请联系客服';

/** The first admin is made the way an operator does it: `npm run admin -- grant <userId>`. */
async function grantAdmin(pgliteDir: string, userId: string) {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'grant', userId],
    { cwd: root, env: { ...process.env, PGLITE_DIR: pgliteDir, LOG_LEVEL: 'warn' } },
  );
}

/** A screenshot once drawers, dialogs and toasts have animated in; `screen` = what is in view. */
async function settled(page: Page, name: string, opts: { screen?: boolean } = {}) {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForTimeout(400);
  await screenshot(page, name, { fullPage: !opts.screen });
}

/** Buys a product and pays at the dev cashier, as the QR's "phone" would; answers the order number. */
async function buy(server: AppServer, token: string, productName: string): Promise<string> {
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };
  const products = await call<{ id: string; name: string }[]>('GET', '/product/list');
  const order = await call<{ id: string; orderNo: string }>('POST', '/order/create', {
    productId: products.find((p) => p.name === productName)!.id,
  });
  await call('POST', '/order/pay', { orderId: order.id });
  expect(
    (await fetch(`${server.url}/api/v1/dev/pay/${order.orderNo}/confirm`, { method: 'POST' })).status,
  ).toBe(200);
  return order.orderNo;
}

/** The QR the login modal asked for: its state is what a phone would scan. */
async function waitForQrState(page: Page): Promise<string> {
  const response = await page.waitForResponse(
    (r) => r.url().includes('/api/v1/user/qrcode?') && r.url().includes('type=qr'),
  );
  return ((await response.json()) as { data: { state: string } }).data.state;
}

/** The phone's half of the dev login: confirm the QR under a nickname. */
async function scan(server: AppServer, state: string, nickname: string) {
  const res = await fetch(`${server.url}/api/v1/dev/wechat/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ state, nickname }),
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
}

const menuEntry = (page: Page, title: string) =>
  page.locator('.dashboard__sider').getByText(title, { exact: true });

describe('用户管理 in the browser', () => {
  let server: AppServer;
  let browser: Browser;
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-admin-users-'));
  const pgliteDir = join(dataDir, 'pglite');

  beforeAll(async () => {
    browser = await launchBrowser();
    // Start once to create the admin's account, grant the role with the CLI while the server is
    // down (PGlite is single-process), then start again on the same data.
    const first = await startAppServer({ PGLITE_DIR: pgliteDir });
    let adminId: string;
    try {
      adminId = (await devLogin(first.url, '运营老王')).userId;
    } finally {
      await first.stop();
    }
    await grantAdmin(pgliteDir, adminId);
    server = await startAppServer({ PGLITE_DIR: pgliteDir, LOGIN_RATE_PER_MIN: '200' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('disable logs the user out at once and keeps them out; enable lets them in; a new admin sees 管理 after a refresh', async () => {
    // The user to disable is signed in in their own browser.
    const userContext = await browser.newContext({ viewport: viewports.desktop });
    const { token: userToken } = await loginAs(userContext, server, '剪辑师小林');
    const orderNo = await buy(server, userToken, '体验包');
    const userPage = await userContext.newPage();
    await userPage.goto(`${server.url}/dashboard/account`);
    await menuEntry(userPage, '订单列表').waitFor();
    expect(await menuEntry(userPage, '用户管理').count()).toBe(0);
    await devLogin(server.url, '文案阿青');

    // The admin finds them by nickname and opens the detail.
    const adminContext = await browser.newContext({ viewport: viewports.desktop });
    await loginAs(adminContext, server, '运营老王');
    const admin = await adminContext.newPage();
    await admin.goto(`${server.url}/dashboard/account`);
    await menuEntry(admin, '用户管理').click();
    await admin.waitForURL(/\/dashboard\/adminUsers$/);
    await admin.getByRole('heading', { name: '用户管理' }).waitFor();
    const rows = admin.locator('.ant-table-tbody tr.au-row');
    await rows.filter({ hasText: '剪辑师小林' }).waitFor();
    await expect(rows.count()).resolves.toBe(3);
    await rows.filter({ hasText: '运营老王' }).getByText('管理员', { exact: true }).waitFor();
    await settled(admin, 'admin-users-list-1440');

    const search = admin.getByPlaceholder('用户编号 / 昵称 / openid');
    await search.fill('小林');
    await search.press('Enter');
    await rows.filter({ hasText: '文案阿青' }).waitFor({ state: 'detached' });
    await expect(rows.count()).resolves.toBe(1);
    await rows.first().click();
    const drawer = admin.locator('.ant-drawer-body');
    await drawer.getByTestId('admin-user-detail').waitFor();
    await drawer.getByText('新用户赠送').waitFor();
    await drawer.getByText('购买点数').waitFor();
    await drawer.getByRole('link', { name: orderNo }).waitFor();
    expect(new URL(admin.url()).searchParams.get('user')).toMatch(/^[0-9a-f-]{36}$/);
    await settled(admin, 'admin-users-detail-1440', { screen: true });

    // Disable, with a reason (none is refused by the form).
    await drawer.getByRole('button', { name: '停用账号' }).click();
    const dialog = admin.locator('.ant-modal').filter({ hasText: '停用原因' });
    await dialog.getByText('将无法登录，当前所有登录会立即失效').waitFor();
    await dialog.getByRole('button', { name: '确认停用' }).click();
    await dialog.getByText('请填写停用原因').waitFor();
    await dialog.getByRole('textbox').fill('多次发布违规广告');
    await settled(admin, 'admin-users-disable-dialog-1440', { screen: true });
    await dialog.getByRole('button', { name: '确认停用' }).click();
    await admin.getByText('已停用该账号，它的所有登录已失效').waitFor();
    await drawer.getByText('原因：多次发布违规广告（运营老王 操作）').waitFor();
    await drawer.getByRole('button', { name: '恢复账号' }).waitFor();
    await settled(admin, 'admin-users-disabled-1440', { screen: true });

    // The user's open page: the next request finds the session gone, and the login modal opens.
    const qrState = waitForQrState(userPage);
    await menuEntry(userPage, '订单列表').click();
    const loginModal = userPage.locator('.ant-modal').filter({ hasText: '登录脚本工坊' });
    await loginModal.getByText('微信扫码登录').waitFor();
    await userPage.locator('.ant-message').getByText('登录已失效，请重新登录').waitFor();
    expect(await userPage.evaluate(() => localStorage.getItem('jbgf_token'))).toBeNull();

    // Scanning again is refused, on the phone and in the modal.
    const refused = await scan(server, await qrState, '剪辑师小林');
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ message: DISABLED }) });
    await loginModal.getByText(DISABLED).waitFor();
    await settled(userPage, 'admin-users-login-refused-1440');

    // Enable: the same person can scan in again.
    await drawer.getByRole('button', { name: '恢复账号' }).click();
    const enableDialog = admin.locator('.ant-modal').filter({ hasText: '恢复说明' });
    await enableDialog.getByRole('textbox').fill('申诉已核实');
    await enableDialog.getByRole('button', { name: '确认恢复' }).click();
    await admin.getByText('已恢复该账号，用户可以重新登录').waitFor();
    await drawer.getByRole('button', { name: '停用账号' }).waitFor();

    // A reload without a session: the guard sends them home with the login modal open.
    const nextQr = waitForQrState(userPage);
    await userPage.reload();
    expect((await scan(server, await nextQr, '剪辑师小林')).status).toBe(200);
    await userPage.getByText('登录成功！').waitFor();
    await userPage.waitForLoadState('load');
    await expect
      .poll(() => userPage.evaluate(() => localStorage.getItem('jbgf_token')), { timeout: 10_000 })
      .not.toBeNull();

    // Grant admin to another user, who is signed in already: a refresh shows the 管理 entries.
    const otherContext = await browser.newContext({ viewport: viewports.desktop });
    await loginAs(otherContext, server, '文案阿青');
    const other = await otherContext.newPage();
    await other.goto(`${server.url}/dashboard/account`);
    await menuEntry(other, '订单列表').waitFor();
    expect(await menuEntry(other, '用户管理').count()).toBe(0);

    await admin.locator('.ant-drawer-close').click();
    await search.fill('阿青');
    await search.press('Enter');
    await rows.filter({ hasText: '剪辑师小林' }).waitFor({ state: 'detached' });
    await rows
      .first()
      .getByRole('button', { name: /^详\s?情$/ })
      .click();
    await drawer.getByText('文案阿青').first().waitFor();
    await drawer.getByRole('button', { name: '设为管理员' }).click();
    const grantDialog = admin.locator('.ant-modal').filter({ hasText: '设为管理员' });
    await grantDialog.getByText('刷新页面后即可看到管理菜单').waitFor();
    await settled(admin, 'admin-users-grant-dialog-1440', { screen: true });
    await grantDialog.getByRole('button', { name: '确认设为管理员' }).click();
    await admin.getByText('已设为管理员').first().waitFor();
    await drawer.getByRole('button', { name: '取消管理员' }).waitFor();

    await other.reload();
    await menuEntry(other, '用户管理').waitFor();
    await menuEntry(other, '提现审核').waitFor();
    expect(await other.evaluate(() => localStorage.getItem('jbgf_token'))).not.toBeNull();
    await menuEntry(other, '用户管理').click();
    await other.getByRole('heading', { name: '用户管理' }).waitFor();
    await other.locator('.ant-table-tbody tr.au-row').first().waitFor();
    await settled(other, 'admin-users-new-admin-1440');

    // The admin's own account: both actions are off, with the reason on hover.
    await admin.locator('.ant-drawer-close').click();
    await search.fill('运营老王');
    await search.press('Enter');
    await rows.filter({ hasText: '文案阿青' }).waitFor({ state: 'detached' });
    await rows.first().click();
    await drawer.getByText('运营老王').first().waitFor();
    await expect(drawer.getByTestId('toggle-disabled').isDisabled()).resolves.toBe(true);
    await expect(drawer.getByTestId('toggle-admin').isDisabled()).resolves.toBe(true);

    await Promise.all([userContext.close(), adminContext.close(), otherContext.close()]);
  });

  it('works on a phone: cards, the detail from the bottom, the confirm dialog', async () => {
    const context = await browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
    await loginAs(context, server, '运营老王');
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/adminUsers`);
    await page.getByRole('heading', { name: '用户管理' }).waitFor();
    const cards = page.getByTestId('admin-user-card');
    const flag = (name: string) => page.locator('.au-filters__flag').getByText(name, { exact: true });
    await cards.filter({ hasText: '剪辑师小林' }).waitFor();
    expect(await page.locator('.ant-table').count()).toBe(0);
    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await settled(page, 'admin-users-list-375');

    await flag('管理员').click();
    await cards.filter({ hasText: '剪辑师小林' }).waitFor({ state: 'detached' });
    await expect(cards.count()).resolves.toBe(2);
    await flag('已停用').click();
    await page.getByText('没有符合条件的用户，换个条件试试').waitFor();
    await settled(page, 'admin-users-empty-375');
    await flag('全部').click();

    await cards
      .filter({ hasText: '剪辑师小林' })
      .getByRole('button', { name: /^详\s?情$/ })
      .click();
    const drawer = page.locator('.ant-drawer-body');
    await drawer.getByTestId('admin-user-detail').waitFor();
    await drawer.getByText('新用户赠送').waitFor();
    await settled(page, 'admin-users-detail-375', { screen: true });
    await drawer.getByRole('button', { name: '停用账号' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '停用原因' });
    await dialog.getByRole('textbox').fill('测试手机端停用');
    await settled(page, 'admin-users-disable-dialog-375', { screen: true });
    await dialog.getByRole('button', { name: /^取\s?消$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await drawer.getByRole('button', { name: '停用账号' }).waitFor();

    // An order of the user opens in 订单管理.
    const orderLink = drawer.getByRole('link', { name: /^JB\d{22}$/ });
    const orderNo = (await orderLink.textContent())!;
    await orderLink.click();
    await page.waitForURL(
      (url) => url.pathname === '/dashboard/adminOrders' && url.searchParams.get('order') === orderNo,
    );
    await context.close();
  });
});
