import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './helpers/app-server';
import { launchBrowser, screenshot, viewports } from './helpers/browser';
import { devLogin, loginAs } from './helpers/login';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The settlement period is set to 0 days and the automatic sweep is off, so a commission is
 * pending until the admin presses 立即结算到期佣金 on /dashboard/audit: the test sees both states
 * without waiting a week or racing a timer.
 */
const SERVER_ENV = { SETTLEMENT_DAYS: '0', SETTLEMENT_SWEEP_SEC: '0' };

/** The first admin is made the way an operator does it: `npm run admin -- grant <userId>`. */
async function grantAdmin(pgliteDir: string, userId: string) {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'grant', userId],
    {
      cwd: root,
      env: { ...process.env, PGLITE_DIR: pgliteDir, LOG_LEVEL: 'warn' },
    },
  );
}

async function settled(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForTimeout(400); // dialogs and toasts animate in
  await screenshot(page, name);
}

/** Both widths of one screen, back at desktop afterwards. */
async function bothWidths(page: Page, name: string) {
  await settled(page, `${name}-1440`);
  await page.setViewportSize(viewports.phone);
  await settled(page, `${name}-375`);
  await page.setViewportSize(viewports.desktop);
}

describe('referral programme in the browser', () => {
  let server: AppServer;
  let browser: Browser;
  let adminId: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-referral-'));
  const pgliteDir = join(dataDir, 'pglite');

  beforeAll(async () => {
    browser = await launchBrowser();
    // Start once to create the admin's account, grant the role with the CLI while the server is
    // down (PGlite is single-process), then start again on the same data.
    const first = await startAppServer({ ...SERVER_ENV, PGLITE_DIR: pgliteDir });
    try {
      adminId = (await devLogin(first.url, '审核员')).userId;
    } finally {
      await first.stop();
    }
    await grantAdmin(pgliteDir, adminId);
    server = await startAppServer({ ...SERVER_ENV, PGLITE_DIR: pgliteDir });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('A shares, B buys through the link, A earns, settles, withdraws, the admin pays', async () => {
    // ── A becomes a distributor on 我的客户 and copies the share link.
    const a: BrowserContext = await browser.newContext({ viewport: viewports.desktop });
    await a.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await loginAs(a, server, '分销员小A');
    const pageA = await a.newPage();
    await pageA.goto(`${server.url}/dashboard/distribution`);
    await pageA.getByRole('heading', { name: '我的客户' }).waitFor();
    await pageA.getByRole('button', { name: '立即成为分销商' }).click();
    await pageA.getByText('恭喜您成为分销商！').waitFor();
    const shareUrl = (await pageA.getByTestId('share-url').textContent()) ?? '';
    expect(shareUrl).toMatch(new RegExp(`^${server.url.replace(/[.:/]/g, '\\$&')}/\\?code=[A-Z2-9]{8}$`));
    await pageA.getByRole('button', { name: /复制链接/ }).click();
    await pageA.getByText('复制成功').waitFor();
    expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
    await pageA.locator('.ref-share__qr canvas').waitFor();
    await pageA.getByText('还没有客户').waitFor();
    await bothWidths(pageA, 'distribution-empty');

    // ── B arrives through the link and logs in with the QR (the phone confirms it).
    const b = await browser.newContext({ viewport: viewports.desktop });
    const pageB = await b.newPage();
    await pageB.goto(shareUrl);
    const qr = pageB.waitForResponse(
      (r) => r.url().includes('/api/v1/user/qrcode?') && r.url().includes('type=qr'),
    );
    await pageB.locator('.site-header').getByRole('button', { name: '登录' }).click();
    const qrResponse = await qr;
    expect(new URL(qrResponse.url()).searchParams.get('code')).toBe(
      new URL(shareUrl).searchParams.get('code'),
    );
    const { state } = ((await qrResponse.json()) as { data: { state: string } }).data;
    const phone = await browser.newContext({ viewport: viewports.phone });
    const confirm = await phone.newPage();
    await confirm.goto(`${server.url}/api/v1/dev/wechat/scan?state=${state}`);
    await confirm.getByLabel('昵称（选填）').fill('客户小B');
    await confirm.getByRole('button', { name: '确认登录' }).click();
    await confirm.getByRole('heading', { name: '登录成功' }).waitFor();
    await pageB.locator('.site-header').getByText('客户小B').waitFor({ timeout: 15_000 });

    // ── B buys 月度会员 (¥99.00) with the dev cashier.
    await pageB.goto(`${server.url}/dashboard/commodity`);
    await pageB.getByRole('button', { name: '购买月度会员，¥99.00' }).click();
    const payModal = pageB.getByRole('dialog');
    const cashierUrl = await payModal.getByRole('link', { name: '打开模拟收银台' }).getAttribute('href');
    await confirm.goto(cashierUrl!);
    await confirm.getByRole('button', { name: '确认支付 ¥99.00' }).click();
    await confirm.getByText('支付成功', { exact: true }).waitFor();
    await payModal.getByText('支付成功').waitFor({ timeout: 10_000 });
    await phone.close();
    // B's session, for the refund at the end.
    const bToken = JSON.parse(
      (await pageB.evaluate(() => localStorage.getItem('jbgf_token'))) ?? '""',
    ) as string;
    await b.close();

    // ── A sees B among the customers, and the commission pending in the wallet.
    await pageA.reload();
    const row = pageA.getByRole('row').filter({ hasText: '客户小B' });
    await row.waitFor();
    await row.getByText('¥99.00').waitFor();
    await row.getByText('¥19.80').waitFor();
    await expect(pageA.getByTestId('customer-count').textContent()).resolves.toBe('1');
    await bothWidths(pageA, 'distribution');

    await pageA.goto(`${server.url}/dashboard/wallet`);
    await pageA.getByTestId('wallet-pending').filter({ hasText: '¥19.80' }).waitFor();
    await expect(pageA.getByTestId('wallet-available').textContent()).resolves.toBe('¥0.00');
    await pageA.getByRole('button', { name: '可提现满 ¥10.00 即可申请' }).waitFor();
    await pageA.getByRole('img', { name: '收益走势图' }).locator('canvas').waitFor();
    await bothWidths(pageA, 'wallet-pending');

    // ── The admin runs the settlement sweep from the review page.
    const admin = await browser.newContext({ viewport: viewports.desktop });
    const { token: adminToken } = await loginAs(admin, server, '审核员');
    const pageAdmin = await admin.newPage();
    await pageAdmin.goto(`${server.url}/dashboard/audit`);
    await pageAdmin.getByRole('heading', { name: '提现审核' }).waitFor();
    await pageAdmin.getByText('没有待审核的提现申请').waitFor();
    await pageAdmin.getByRole('button', { name: '立即结算到期佣金' }).click();
    await pageAdmin.getByText('已结算 1 笔到期佣金').waitFor();

    // ── A withdraws ¥15.00 of the ¥19.80 now available.
    await pageA.reload();
    await pageA.getByTestId('wallet-available').filter({ hasText: '¥19.80' }).waitFor();
    await pageA.getByLabel('提现金额（元）').fill('5');
    await pageA.getByLabel('收款人真实姓名').fill('张小A');
    await pageA.getByRole('button', { name: '申请提现' }).click();
    await pageA.getByText('单笔提现金额不能低于 ¥10.00').waitFor();
    await pageA.getByLabel('提现金额（元）').fill('15');
    await pageA.getByRole('button', { name: '申请提现' }).click();
    const confirmDialog = pageA.getByRole('dialog').filter({ hasText: '确认提现' });
    await confirmDialog.getByText('¥15.00').waitFor();
    await settled(pageA, 'wallet-confirm-1440');
    await confirmDialog.getByRole('button', { name: '确认提现' }).click();
    await pageA.getByText('提现申请已提交，金额已冻结，请等待审核').waitFor();
    await pageA.getByTestId('wallet-frozen').filter({ hasText: '¥15.00' }).waitFor();
    await pageA.getByTestId('wallet-available').filter({ hasText: '¥4.80' }).waitFor();
    await pageA.getByRole('row').filter({ hasText: '张小A' }).getByText('审核中').waitFor();

    // ── The admin approves it with the payout reference.
    await pageAdmin.reload();
    const request = pageAdmin.getByRole('row').filter({ hasText: '张小A' });
    await request.getByText('¥15.00').waitFor();
    await bothWidths(pageAdmin, 'audit-queue');
    await request.getByRole('button', { name: /^通\s?过$/ }).click();
    const decide = pageAdmin.getByRole('dialog').filter({ hasText: '确认打款' });
    await decide.getByRole('button', { name: '确认已打款' }).click();
    await decide.getByText('请填写打款流水号').waitFor();
    await decide.getByLabel('打款流水号').fill('1000018801202611210000001');
    await settled(pageAdmin, 'audit-approve-1440');
    await decide.getByRole('button', { name: '确认已打款' }).click();
    await pageAdmin.getByText('已确认打款').waitFor();
    await pageAdmin.getByText('没有待审核的提现申请').waitFor();
    await pageAdmin.getByText('已打款', { exact: true }).click();
    await pageAdmin.getByRole('row').filter({ hasText: '1000018801202611210000001' }).waitFor();

    // ── A sees it paid.
    await pageA.reload();
    const paid = pageA.getByRole('row').filter({ hasText: '张小A' });
    await paid.getByText('已打款').waitFor();
    await paid.getByText(/1000018801202611210000001/).waitFor();
    await expect(pageA.getByTestId('wallet-withdrawn').textContent()).resolves.toBe('¥15.00');
    await expect(pageA.getByTestId('wallet-frozen').textContent()).resolves.toBe('¥0.00');
    await bothWidths(pageA, 'wallet-paid');

    // ── A is no admin: the menu does not offer the review pages, and opening one says 无权限.
    await expect(pageA.locator('.dashboard__sider').getByText('提现审核').count()).resolves.toBe(0);
    await pageA.goto(`${server.url}/dashboard/audit`);
    await pageA.getByText('无权限', { exact: true }).waitFor();
    await settled(pageA, 'audit-no-permission-1440');
    await pageA.goto(`${server.url}/dashboard/personnel`);
    await pageA.getByText('无权限', { exact: true }).waitFor();
    await pageA.getByRole('button', { name: '申请成为内部成员' }).click();
    await pageA.getByText('申请已提交，请等待管理员审批').waitFor();
    await bothWidths(pageA, 'personnel-user');

    // ── …and the admin approves that application on 人员审批.
    await pageAdmin.goto(`${server.url}/dashboard/personnel`);
    const application = pageAdmin.getByRole('row').filter({ hasText: '分销员小A' });
    await application.waitFor();
    await bothWidths(pageAdmin, 'personnel-admin');
    await application.getByRole('button', { name: /^通\s?过$/ }).click();
    await pageAdmin
      .getByRole('dialog')
      .getByRole('button', { name: /^通\s?过$/ })
      .click();
    await pageAdmin.getByText('已通过 1 条申请').waitFor();
    await pageA.reload();
    await pageA.getByText('你已是内部成员，创作不消耗点数。').waitFor();

    // ── B's order is refunded after A withdrew: the ¥4.80 left is taken back and the ¥15.00
    // already paid out becomes a debt, which the wallet explains.
    const bOrders = (await (
      await fetch(`${server.url}/api/v1/order/list`, { headers: { authorization: `Bearer ${bToken}` } })
    ).json()) as { data: { items: { orderNo: string; credits: number; status: string }[] } };
    const bPaid = bOrders.data.items.find((o) => o.status === 'paid');
    const refund = await fetch(`${server.url}/api/v1/admin/orders/${bPaid?.orderNo}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ credits: bPaid?.credits, reason: '用户申请退款', idempotencyKey: randomUUID() }),
    });
    expect(refund.status).toBe(200);
    // The dev provider finishes a refund when it is next asked about, as the admin's screen does.
    const refunds = (await (
      await fetch(`${server.url}/api/v1/admin/orders/${bPaid?.orderNo}/refunds`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { data: { status: string }[] };
    expect(refunds.data[0]?.status).toBe('succeeded');
    await pageA.goto(`${server.url}/dashboard/wallet`);
    await pageA.getByText('待抵扣 ¥15.00').waitFor();
    await expect(pageA.getByTestId('wallet-available').textContent()).resolves.toBe('¥0.00');
    await bothWidths(pageA, 'wallet-debt');

    await admin.close();
    await a.close();
  }, 240_000);
});
