import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './helpers/app-server';
import { cspViolations, launchBrowser, screenshot, viewports } from './helpers/browser';
import { loginAs } from './helpers/login';

describe('buying credits in the browser (dev cashier)', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('buys 体验包: the modal turns to 支付成功 by itself, the balance rises, the order shows paid', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const refused = cspViolations(context);
    await loginAs(context, server, '买点数的小王');
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/commodity`);
    await page.getByRole('heading', { name: '购买点数' }).waitFor();
    await page.getByTestId('product-card').first().waitFor();
    await expect(page.getByTestId('product-card').count()).resolves.toBe(3);
    const balanceTag = page.getByTestId('credit-balance');
    await balanceTag.filter({ hasText: '当前点数 3' }).waitFor();
    await screenshot(page, 'commodity-1440');

    await page.getByRole('button', { name: '购买体验包，¥9.90' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByAltText('微信支付二维码').waitFor();
    await expect(modal.getByTestId('payment-amount').textContent()).resolves.toBe('¥9.90');
    await modal.getByText(/剩余支付时间 1[45]:\d\d/).waitFor();
    await screenshot(page, 'payment-modal-1440');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'payment-modal-375');
    await page.setViewportSize(viewports.desktop);

    // The "phone": the cashier the QR points to, in a page of its own.
    const cashierUrl = await modal.getByRole('link', { name: '打开模拟收银台' }).getAttribute('href');
    expect(cashierUrl).toMatch(new RegExp(`^${server.url}/api/v1/dev/pay/JB\\d{22}$`));
    const phone = await browser.newContext({ viewport: viewports.phone });
    // The cashier page's inline style and script carry its own nonce.
    const cashierRefused = cspViolations(phone);
    const cashier = await phone.newPage();
    await cashier.goto(cashierUrl!);
    await cashier.getByText('¥9.90').first().waitFor();
    await screenshot(cashier, 'dev-cashier-375');
    await cashier.getByRole('button', { name: '确认支付 ¥9.90' }).click();
    await cashier.getByText('支付成功', { exact: true }).waitFor();
    await screenshot(cashier, 'dev-cashier-paid-375');

    // Nobody touches the first page: the status arrives by itself.
    await modal.getByText('支付成功').waitFor({ timeout: 10_000 });
    await modal.getByText('10 点创作点数已到账').waitFor();
    await balanceTag.filter({ hasText: '当前点数 13' }).waitFor();
    await screenshot(page, 'payment-success-1440');
    await modal.getByRole('button', { name: /^完\s?成$/ }).click();

    await page.goto(`${server.url}/dashboard/myWallet`);
    await expect(page.getByTestId('wallet-balance').textContent()).resolves.toContain('13');
    await page.getByText('购买点数', { exact: true }).first().waitFor();
    await page.getByText('+10').waitFor();
    await page.getByText('新用户赠送').waitFor();
    await screenshot(page, 'my-wallet-1440');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'my-wallet-375');

    await page.setViewportSize(viewports.desktop);
    await page.goto(`${server.url}/dashboard/order`);
    const row = page.getByRole('row').filter({ hasText: '体验包' });
    await row.getByText('已支付').waitFor();
    await expect(row.getByText('¥9.90').count()).resolves.toBe(1);
    await screenshot(page, 'orders-1440');
    await phone.close();
    expect([...refused, ...cashierRefused]).toEqual([]);
    await context.close();
  });

  it('on a phone: an unpaid order waits in the order list and can be paid from there', async () => {
    const context = await browser.newContext({ viewport: viewports.phone });
    await loginAs(context, server, '手机上的小李');
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/commodity`);
    await page.getByTestId('product-card').first().waitFor();
    await screenshot(page, 'commodity-375');
    await page.getByRole('button', { name: '购买月度会员，¥99.00' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByAltText('微信支付二维码').waitFor();
    const firstQr = await modal.getByAltText('微信支付二维码').getAttribute('src');
    await page
      .getByRole('button', { name: /^(关闭|Close)$/ })
      .first()
      .click();
    await modal.waitFor({ state: 'hidden' });

    await page.goto(`${server.url}/dashboard/order`);
    const card = page.getByTestId('order-card').filter({ hasText: '月度会员' });
    await card.getByText('待支付').waitFor();
    await screenshot(page, 'orders-375');
    // The status filter: 待支付 keeps it, 已支付 has nothing for this buyer.
    await page.locator('.ant-segmented').getByText('已支付', { exact: true }).click();
    await page.getByText('没有已支付的订单').waitFor();
    await page.locator('.ant-segmented').getByText('待支付', { exact: true }).click();
    await card.getByRole('button', { name: /^详\s?情$/ }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '订单详情' });
    await drawer.getByText('支付截止').waitFor();
    await screenshot(page, 'order-detail-375');
    await drawer.getByRole('button', { name: '去支付 ¥99.00' }).click();
    await modal.getByAltText('微信支付二维码').waitFor();
    expect(await modal.getByAltText('微信支付二维码').getAttribute('src')).toBe(firstQr);
    await screenshot(page, 'order-pay-again-375');
    await context.close();
  });
});
