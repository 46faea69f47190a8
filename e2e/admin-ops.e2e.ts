import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './helpers/app-server';
import { launchBrowser, screenshot, viewports } from './helpers/browser';
import { apiLogin, devLogin, loginAs } from './helpers/login';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The first admin is made the way an operator does it: `npm run admin -- grant <userId>`. */
async function grantAdmin(pgliteDir: string, userId: string) {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'grant', userId],
    { cwd: root, env: { ...process.env, PGLITE_DIR: pgliteDir, LOG_LEVEL: 'warn' } },
  );
}

async function api<T>(server: AppServer, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data: T; message: string };
  if (!res.ok) throw new Error(`${path} → ${res.status} ${json.message}`);
  return json.data;
}

/** Both widths of one screen, back at desktop afterwards. */
async function bothWidths(page: Page, name: string, ready: () => Promise<unknown>) {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForTimeout(400); // toasts and charts settle
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize(viewports.phone);
  await ready();
  await page.waitForTimeout(400);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize(viewports.desktop);
  await ready();
}

const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('admin console: 经营数据 and 操作日志', () => {
  let server: AppServer;
  let browser: Browser;
  let adminId: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-admin-ops-'));
  const pgliteDir = join(dataDir, 'pglite');

  beforeAll(async () => {
    browser = await launchBrowser();
    // Create the admin's account, grant the role with the CLI while the server is down (PGlite is
    // single-process), then start again on the same data.
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

  it('shows a purchase in the figures and the chart, exports the CSV, and logs a decision', async () => {
    // ── A creator buys 体验包 (¥9.90) through the dev cashier.
    const buyer = await apiLogin(server.url, '买家小王');
    const products = await api<{ id: string; name: string; priceCents: number }[]>(
      server,
      '/product/list',
      buyer,
    );
    const pack = products.find((p) => p.name === '体验包')!;
    const order = await api<{ id: string; orderNo: string }>(server, '/order/create', buyer, {
      productId: pack.id,
    });
    await api(server, '/order/pay', buyer, { orderId: order.id });
    const paid = await fetch(`${server.url}/api/v1/dev/pay/${order.orderNo}/confirm`, { method: 'POST' });
    expect(paid.status).toBe(200);

    // ── The admin opens 经营数据: first in the 管理 group, the revenue in the headline, charts drawn.
    const admin: BrowserContext = await browser.newContext({
      viewport: viewports.desktop,
      acceptDownloads: true,
    });
    await loginAs(admin, server, '运营小周');
    const page = await admin.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text());
    });
    await page.goto(`${server.url}/dashboard/adminStats`);
    await page.getByRole('heading', { name: '经营数据' }).waitFor();
    const adminMenu = (await page.locator('.dashboard__sider').textContent()) ?? '';
    expect(adminMenu.indexOf('经营数据')).toBeLessThan(adminMenu.indexOf('提现审核'));
    expect(adminMenu.indexOf('操作日志')).toBeGreaterThan(adminMenu.indexOf('人员审批'));

    await page.getByTestId('figure-revenue').getByText('¥9.90', { exact: true }).waitFor();
    await page.getByText('2 位新用户中 1 位已付费').waitFor();
    const charts = page.getByTestId('stats-chart');
    await expect(charts.count()).resolves.toBe(3);
    for (let i = 0; i < 3; i++) await charts.nth(i).locator('canvas').waitFor();
    await expect(page.getByText('图表加载失败').count()).resolves.toBe(0);
    await expect(page.getByText('加载失败').count()).resolves.toBe(0);
    const todayRow = page.getByRole('row').filter({ hasText: chinaToday() });
    await todayRow.getByText('¥9.90').first().waitFor();
    const statsReady = () => charts.first().locator('canvas').waitFor();
    await bothWidths(page, 'admin-stats', statsReady);

    // ── 导出 CSV: a Chinese file name and Chinese headers Excel reads (UTF-8 with BOM).
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const download = await downloading;
    const today = chinaToday();
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^经营数据-\\d{4}-\\d{2}-\\d{2}-至-${today}\\.csv$`),
    );
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '日期,营收（元）,付费订单数,退款金额（元）,退款笔数,新用户,活跃创作者,生成次数,生成脚本数,售出点数,消耗点数,已支付佣金（元）',
    );
    expect(lines.find((l) => l.startsWith(`${today},`))).toMatch(new RegExp(`^${today},9\\.90,1,`));

    // By week the figures regroup (the chart and the table follow).
    await page.getByTestId('stats-toolbar').getByText('按周', { exact: true }).click();
    await page.getByRole('columnheader', { name: '周' }).waitFor();
    await page.getByTestId('figure-revenue').getByText('¥9.90', { exact: true }).waitFor();

    // ── A creator applies to be an internal member; the admin approves it on 人员审批…
    const applicant = await apiLogin(server.url, '申请人小李');
    await api(server, '/internal/add_int_list', applicant);
    await page.goto(`${server.url}/dashboard/personnel`);
    const application = page.getByRole('row').filter({ hasText: '申请人小李' });
    await application.getByRole('button', { name: /^通\s?过$/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^通\s?过$/ })
      .click();
    await page.getByText('已通过 1 条申请').waitFor();

    // ── …and finds it in 操作日志 with its Chinese name and what it changed.
    await page.goto(`${server.url}/dashboard/adminAudit`);
    await page.getByRole('heading', { name: '操作日志' }).waitFor();
    const entry = page.getByRole('row').filter({ hasText: '内部成员审批' });
    await entry.waitFor();
    await entry.getByText('运营小周').waitFor();
    await entry.getByText('待审批').waitFor();
    await entry.getByText('已通过').waitFor();
    // Filtering by another action hides it; clearing brings it back.
    await page.getByLabel('操作类型').click();
    await page.locator('.ant-select-item-option[title="提现审核"]').click();
    await page.getByText('没有符合条件的操作记录').waitFor();
    await page.getByRole('button', { name: /^重\s?置$/ }).click();
    await entry.waitFor();
    const auditReady = async () => {
      await page.getByText('内部成员审批').first().waitFor();
    };
    await bothWidths(page, 'admin-audit', auditReady);
    const card = page.getByTestId('audit-card').first();
    await page.setViewportSize(viewports.phone);
    await card.getByText('内部成员审批').waitFor();
    await card.getByText('待审批').waitFor();
    await page.setViewportSize(viewports.desktop);

    expect(pageErrors).toEqual([]);
    await admin.close();
  });

  it('a creator who is no admin sees 无权限 on both screens, and the API refuses them', async () => {
    const user = await browser.newContext({ viewport: viewports.desktop });
    const { token } = await loginAs(user, server, '普通创作者');
    const page = await user.newPage();
    await page.goto(`${server.url}/dashboard/account`);
    await page.locator('.dashboard__sider').getByText('账号分析').waitFor();
    await expect(page.locator('.dashboard__sider').getByText('经营数据').count()).resolves.toBe(0);
    for (const path of ['adminStats', 'adminAudit']) {
      await page.goto(`${server.url}/dashboard/${path}`);
      await page.getByText('无权限', { exact: true }).waitFor();
    }
    const res = await fetch(`${server.url}/api/v1/admin/stats.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    await user.close();
  });
});
