import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
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

/** The first admin is made the way an operator does it: `npm run admin -- grant <userId>`. */
async function grantAdmin(pgliteDir: string, userId: string) {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'grant', userId],
    { cwd: root, env: { ...process.env, PGLITE_DIR: pgliteDir, LOG_LEVEL: 'warn' } },
  );
}

async function settled(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForTimeout(400); // drawers, dialogs and toasts animate in
  await screenshot(page, name);
}

/** The detail drawer scrolled to its end (the refund records), for a screenshot. */
async function drawerEnd(page: Page, name: string) {
  await page.locator('.ant-drawer-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
  await settled(page, name);
}

interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

describe('订单管理 in the browser', () => {
  let server: AppServer;
  let browser: Browser;
  let adminId: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-admin-orders-'));
  const pgliteDir = join(dataDir, 'pglite');

  /** A call of the API as `token`, its envelope's data (failing the test on an error). */
  const call = async <T>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = (await res.json()) as Envelope<T>;
    expect(res.status, envelope.message).toBe(200);
    return envelope.data;
  };

  /** The buyer buys a product and pays at the dev cashier, as the QR's "phone" would. */
  const buy = async (token: string, productName: string) => {
    const products = await call<{ id: string; name: string }[]>(token, 'GET', '/product/list');
    const product = products.find((p) => p.name === productName)!;
    const order = await call<{ id: string; orderNo: string }>(token, 'POST', '/order/create', {
      productId: product.id,
    });
    await call(token, 'POST', '/order/pay', { orderId: order.id });
    const paid = await fetch(`${server.url}/api/v1/dev/pay/${order.orderNo}/confirm`, { method: 'POST' });
    expect(paid.status).toBe(200);
    return order.orderNo;
  };
  const balanceOf = async (token: string) =>
    (await call<{ balance: number }>(token, 'GET', '/goods/wallet')).balance;

  beforeAll(async () => {
    browser = await launchBrowser();
    // Start once to create the admin's account, grant the role with the CLI while the server is
    // down (PGlite is single-process), then start again on the same data.
    const first = await startAppServer({ PGLITE_DIR: pgliteDir });
    try {
      adminId = (await devLogin(first.url, '运营小周')).userId;
    } finally {
      await first.stop();
    }
    await grantAdmin(pgliteDir, adminId);
    server = await startAppServer({ PGLITE_DIR: pgliteDir });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the admin finds an order by number and by nickname, opens it and refunds it in full', async () => {
    const buyer = await devLogin(server.url, '拍视频的阿强');
    const other = await devLogin(server.url, '美妆博主小美');
    const orderNo = await buy(buyer.token, '体验包');
    await buy(other.token, '月度会员');
    expect(await balanceOf(buyer.token)).toBe(13); // 3 to start with, 10 bought

    const context = await browser.newContext({ viewport: viewports.desktop, timezoneId: 'Asia/Shanghai' });
    await loginAs(context, server, '运营小周');
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/account`);
    await page.locator('.dashboard__sider').getByText('订单管理').click();
    await page.waitForURL(/\/dashboard\/adminOrders$/);
    await page.getByRole('heading', { name: '订单管理' }).waitFor();
    const rows = page.locator('.ant-table-tbody tr.ao-row');
    await rows.filter({ hasText: orderNo }).waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await settled(page, 'admin-orders-list-1440');

    // By its whole number: that order alone.
    const search = page.getByPlaceholder('订单号 / 用户编号 / 昵称');
    await search.fill(orderNo);
    await search.press('Enter');
    await rows.filter({ hasText: '月度会员' }).waitFor({ state: 'detached' });
    await expect(rows.count()).resolves.toBe(1);
    await rows.first().getByText('拍视频的阿强').waitFor();

    // By part of a nickname: the other buyer's order.
    await search.fill('小美');
    await search.press('Enter');
    await rows.filter({ hasText: '美妆博主小美' }).waitFor();
    await expect(rows.count()).resolves.toBe(1);
    await search.fill('没有这个人');
    await search.press('Enter');
    const none = page.getByText('没有符合条件的订单，换个条件试试');
    await none.waitFor();
    const reset = page.getByRole('button', { name: /^重\s?置$/ });
    await reset.click();
    await expect(rows.count()).resolves.toBe(2);

    // Status, product and dates (China days: the browser is in China's time zone).
    const choose = async (filter: string, option: string) => {
      await page.locator(filter).click();
      await page.locator('.ant-select-item-option').filter({ hasText: option }).click();
    };
    await choose('.ao-filters__status', '待支付');
    await none.waitFor();
    await choose('.ao-filters__status', '已支付');
    await rows.filter({ hasText: orderNo }).waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await choose('.ao-filters__product', '月度会员');
    await rows.filter({ hasText: '拍视频的阿强' }).waitFor({ state: 'detached' });
    await expect(rows.count()).resolves.toBe(1);
    await reset.click();
    const pickDays = async (from: string, to: string) => {
      await page.getByPlaceholder('下单开始日期').fill(from);
      await page.getByPlaceholder('下单开始日期').press('Enter');
      await page.getByPlaceholder('结束日期').fill(to);
      await page.getByPlaceholder('结束日期').press('Enter');
    };
    await pickDays('2020-01-01', '2020-01-31');
    await none.waitFor();
    await settled(page, 'admin-orders-filtered-empty-1440');
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    await pickDays(today, today);
    await rows.filter({ hasText: orderNo }).waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await reset.click();

    // Open it: what was paid, what is left to refund, what the buyer still has.
    await search.fill('阿强');
    await search.press('Enter');
    await rows
      .filter({ hasText: orderNo })
      .getByRole('button', { name: /^详\s?情$/ })
      .click();
    const drawer = page.getByRole('dialog').filter({ hasText: '订单详情' });
    const detail = drawer.getByTestId('admin-order-detail');
    await detail.getByText('模拟收银台（开发）').waitFor();
    await expect(detail.getByTestId('refundable-credits').textContent()).resolves.toBe('10 点');
    await expect(detail.getByTestId('buyer-balance').textContent()).resolves.toBe('13 点');
    await detail.getByText('没有退款记录').waitFor();
    await detail.getByText('没有佣金：买家没有绑定分销员，或订单尚未支付。').waitFor();
    expect(page.url()).toContain(`order=${orderNo}`);
    await settled(page, 'admin-order-detail-1440');

    // Refund it all: 10 credits back, ¥9.90 to the buyer.
    await drawer.getByRole('button', { name: /^退\s?款$/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '订单退款' });
    await expect(dialog.getByLabel('扣回点数').inputValue()).resolves.toBe('10');
    await expect(dialog.getByTestId('refund-amount').textContent()).resolves.toContain('¥9.90');
    await dialog.getByRole('button', { name: '确认退款 ¥9.90' }).click();
    await dialog.getByText('请填写退款原因').waitFor();
    await dialog.getByRole('button', { name: '买家误购' }).click();
    await settled(page, 'admin-order-refund-dialog-1440');
    const asked = page.waitForResponse((r) => r.url().endsWith(`/admin/orders/${orderNo}/refund`));
    await dialog.getByRole('button', { name: '确认退款 ¥9.90' }).click();
    // The provider takes it as 退款中; the dialog follows it to its outcome by itself.
    expect(((await (await asked).json()) as Envelope<{ status: string }>).data.status).toBe('processing');
    await dialog.getByText('已退款', { exact: true }).waitFor({ timeout: 20_000 });
    await dialog.getByText(/扣回 10 点，买家当前余额 3 点/).waitFor();
    await settled(page, 'admin-order-refunded-dialog-1440');
    await dialog.getByRole('button', { name: /^完\s?成$/ }).click();

    await detail.getByTestId('refund-item').getByText('已退款').waitFor();
    await expect(detail.getByTestId('buyer-balance').textContent()).resolves.toBe('3 点');
    await expect(detail.getByTestId('refundable-credits').textContent()).resolves.toBe('0 点');
    await detail.locator('.ant-tag').filter({ hasText: '已退款' }).first().waitFor();
    await drawerEnd(page, 'admin-order-detail-refunded-1440');
    await page.keyboard.press('Escape');
    await rows.filter({ hasText: orderNo }).getByText('已退款').waitFor();

    // The buyer's credits were reversed, in the ledger too.
    expect(await balanceOf(buyer.token)).toBe(3);
    const ledger = await call<{ items: { delta: number; reason: string }[] }>(
      buyer.token,
      'GET',
      '/goods/wallet_transaction',
    );
    expect(ledger.items[0]).toMatchObject({ delta: -10, reason: 'refund' });
    await context.close();
  }, 180_000);

  it('on a phone: a part refund, worked out as it is typed, and a double click is one refund', async () => {
    const buyer = await devLogin(server.url, '手机上的小李');
    const orderNo = await buy(buyer.token, '体验包');
    const context = await browser.newContext({ viewport: viewports.phone });
    await loginAs(context, server, '运营小周');
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/adminOrders`);
    const card = page.getByTestId('admin-order-card').filter({ hasText: orderNo });
    await card.waitFor();
    await settled(page, 'admin-orders-list-375');

    await card.getByRole('button', { name: /^详\s?情$/ }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '订单详情' });
    await drawer.getByTestId('buyer-balance').filter({ hasText: '13 点' }).waitFor();
    await settled(page, 'admin-order-detail-375');
    await drawer.getByRole('button', { name: /^退\s?款$/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '订单退款' });
    await dialog.getByLabel('扣回点数').fill('4');
    // 4 of 10 credits of ¥9.90: ¥3.96.
    await dialog.getByTestId('refund-amount').filter({ hasText: '¥3.96' }).waitFor();
    await dialog.getByLabel('退款原因').fill('买家只想要 6 点');
    await settled(page, 'admin-order-refund-dialog-375');
    await dialog.getByRole('button', { name: '确认退款 ¥3.96' }).dblclick();
    await dialog.getByText('已退款', { exact: true }).waitFor({ timeout: 20_000 });
    await settled(page, 'admin-order-refunded-dialog-375');
    await dialog.getByRole('button', { name: /^完\s?成$/ }).click();

    const items = drawer.getByTestId('refund-item');
    await items.first().getByText('已退款').waitFor();
    await expect(items.count()).resolves.toBe(1);
    await expect(drawer.getByTestId('refundable-credits').textContent()).resolves.toBe('6 点');
    await drawer.getByTestId('buyer-balance').filter({ hasText: '9 点' }).waitFor();
    expect(await balanceOf(buyer.token)).toBe(9);
    await drawerEnd(page, 'admin-order-detail-part-refunded-375');
    await context.close();
  }, 120_000);

  it('a refund already in flight: the dialog says so, and the drawer follows it to 已退款', async () => {
    const buyer = await devLogin(server.url, '同时被两人处理的小赵');
    const orderNo = await buy(buyer.token, '体验包');
    const context = await browser.newContext({ viewport: viewports.desktop });
    const { token: adminToken } = await loginAs(context, server, '运营小周');
    const page = await context.newPage();
    // A link straight to the order opens its detail.
    await page.goto(`${server.url}/dashboard/adminOrders?order=${orderNo}`);
    const drawer = page.getByRole('dialog').filter({ hasText: '订单详情' });
    await drawer.getByText('同时被两人处理的小赵').waitFor();
    await drawer.getByRole('button', { name: /^退\s?款$/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '订单退款' });
    await dialog.getByLabel('退款原因').fill('重复购买');

    // Meanwhile a colleague refunds it from another screen.
    const other = await call<{ status: string }>(adminToken, 'POST', `/admin/orders/${orderNo}/refund`, {
      credits: 10,
      reason: '买家申请退款',
      idempotencyKey: randomUUID(),
    });
    expect(other.status).toBe('processing');
    await dialog.getByRole('button', { name: '确认退款 ¥9.90' }).click();
    await dialog.getByText('这笔订单有一笔退款正在处理，请等它有结果后再操作').waitFor();
    await settled(page, 'admin-order-refund-error-1440');
    // 取消 in the form, or 关闭 once the colleague's refund has finished meanwhile.
    await dialog
      .locator('.ao-dialog-footer')
      .getByRole('button', { name: /^(取\s?消|关\s?闭)$/ })
      .click();

    // The drawer picks the colleague's refund up and follows it until it is done.
    const item = drawer.getByTestId('refund-item');
    await item.getByText('买家申请退款').waitFor();
    await item.getByText('已退款').waitFor({ timeout: 20_000 });
    await drawer.getByTestId('buyer-balance').filter({ hasText: '3 点' }).waitFor();
    await expect(item.count()).resolves.toBe(1);
    await drawer.locator('.ant-tag').filter({ hasText: '已退款' }).first().waitFor();
    await expect(drawer.getByRole('button', { name: /^退\s?款$/ }).count()).resolves.toBe(0);
    await context.close();
  });

  it('a non-admin has no 订单管理 in the menu and gets 无权限 at its address', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    await loginAs(context, server, '拍视频的阿强');
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/account`);
    await page.locator('.dashboard__sider').getByText('账号分析').waitFor();
    await expect(page.locator('.dashboard__sider').getByText('订单管理').count()).resolves.toBe(0);
    await page.goto(`${server.url}/dashboard/adminOrders`);
    await page.getByText('无权限', { exact: true }).waitFor();
    await page.getByText('订单管理仅对管理员开放。如需开通，请联系平台管理员。').waitFor();
    await expect(page.getByPlaceholder('订单号 / 用户编号 / 昵称').count()).resolves.toBe(0);
    await settled(page, 'admin-orders-no-permission-1440');
    await page.setViewportSize(viewports.phone);
    await settled(page, 'admin-orders-no-permission-375');
    await context.close();
  });
});
