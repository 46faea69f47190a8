import type { AuditEntry, OrderRefund, Page } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/modules/order/order.tables.ts';
import { orderRefunds } from '../../src/modules/order/order-refund.tables.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { createOrder, expectBalanceMatchesLedger, getOrder, orderRow, payOrder } from './order.fixtures.ts';
import { listRefunds, orderLedger, refundOnDev, requestRefund } from './refund.fixtures.ts';

/**
 * Refunds on the dev payment provider: the same state machine as WeChat Pay (accepted as
 * processing, finished by the query the admin's screen makes), and the input rules.
 */
describe('refunds on the dev payment provider', () => {
  let t: TestApp;
  let admin: TestUser;
  const buyers: TestUser[] = [];

  /** A buyer's 体验包 paid on the dev cashier: 990 cents, 10 credits. */
  const paidOrder = async () => {
    const buyer = await t.signIn();
    buyers.push(buyer);
    const order = await createOrder(t, buyer);
    await payOrder(t, buyer, order.id);
    const paid = await t.call({ method: 'POST', url: `/api/v1/dev/pay/${order.orderNo}/confirm` });
    expect(paid.status).toBe(200);
    return { buyer, order };
  };
  const refundCount = async (orderId: string) =>
    (await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))).length;
  const auditCount = async (orderNo: string) =>
    (
      await t.call<Page<AuditEntry>>({
        method: 'GET',
        url: `/api/v1/admin/audit?action=order.refund&targetId=${orderNo}`,
        token: admin.token,
      })
    ).body.data.total;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn({ admin: true });
  });
  afterEach(() => expectBalanceMatchesLedger(t, buyers));
  afterAll(() => t.close());

  it('goes through the same states as WeChat Pay: processing, then succeeded when asked about', async () => {
    const { buyer, order } = await paidOrder();
    const res = await requestRefund(t, admin, order.orderNo, { credits: 10 });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'processing', amountCents: 990, lastError: null });
    expect(await t.app.container.wallet.balance(buyer.id)).toBe(0);
    expect((await orderRow(t, order.id)).status).toBe('paid');

    const [done] = await listRefunds(t, admin, order.orderNo);
    expect(done).toMatchObject({ id: res.body.data.id, status: 'succeeded' });
    expect(done!.finishedAt).not.toBeNull();
    expect((await getOrder(t, buyer, order.id)).status).toBe('refunded');
    expect(await orderLedger(t, buyer.id, order.id)).toEqual([
      { reason: 'purchase', delta: 10 },
      { reason: 'refund', delta: -10 },
    ]);
    expect(await auditCount(order.orderNo)).toBe(1);
  });

  it('adds partial refunds up to exactly what was paid', async () => {
    const { order } = await paidOrder();
    const parts = [];
    for (const credits of [1, 2, 3, 4]) parts.push(await refundOnDev(t, admin, order.orderNo, credits));
    // floor(c × 990 / 10) for each part, the remainder with the last credit.
    expect(parts.map((p) => p.amountCents)).toEqual([99, 198, 297, 396]);
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 'refunded',
      refundedCents: 990,
      refundedCredits: 10,
    });
    const listed = await listRefunds(t, admin, order.orderNo);
    expect(listed.map((r) => r.credits)).toEqual([4, 3, 2, 1]);
  });

  it('refuses bad input with a clear Chinese message and changes nothing', async () => {
    const { order } = await paidOrder();
    const post = (payload: unknown, orderNo = order.orderNo) =>
      t.call({
        method: 'POST',
        url: `/api/v1/admin/orders/${orderNo}/refund`,
        token: admin.token,
        payload: payload as Record<string, unknown>,
      });
    const key = crypto.randomUUID();
    const cases: [unknown, number, string][] = [
      [{ reason: '退款', idempotencyKey: key }, 400, '请填写要退回的点数'],
      [{ credits: 0, reason: '退款', idempotencyKey: key }, 400, '退回的点数必须大于 0'],
      [{ credits: 1.5, reason: '退款', idempotencyKey: key }, 400, '点数必须是整数'],
      [{ credits: '3', reason: '退款', idempotencyKey: key }, 400, '请填写要退回的点数'],
      [{ credits: 3, reason: '  ', idempotencyKey: key }, 400, '请填写退款原因'],
      [{ credits: 3, reason: '退'.repeat(81), idempotencyKey: key }, 400, '退款原因最多 80 个字'],
      [{ credits: 3, reason: '退款', idempotencyKey: 'abc' }, 400, '请求编号有误，请刷新页面后重试'],
      [{ credits: 11, reason: '退款', idempotencyKey: key }, 422, '这笔订单最多还能退 10 点'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post(payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.message).toContain(message);
    }
    const extra = await post({ credits: 3, reason: '退款', idempotencyKey: key, amountCents: 1 });
    expect(extra.status).toBe(400);

    const unknown = await post(
      { credits: 1, reason: '退款', idempotencyKey: key },
      'JB20250101000000000000001',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('订单不存在，请核对订单号');
    expect((await post({ credits: 1, reason: '退款', idempotencyKey: key }, 'not-an-order')).status).toBe(
      404,
    );
    expect((await post({ credits: 1, reason: '退款', idempotencyKey: key }, 'J'.repeat(65))).status).toBe(
      400,
    );
    const list = await t.call<OrderRefund[]>({
      method: 'GET',
      url: '/api/v1/admin/orders/JB20250101000000000000001/refunds',
      token: admin.token,
    });
    expect(list.status).toBe(404);

    expect(await refundCount(order.id)).toBe(0);
    expect(await auditCount(order.orderNo)).toBe(0);
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
  });

  it('refunds only paid orders, and only on the channel that took the money', async () => {
    const buyer = await t.signIn();
    const pending = await createOrder(t, buyer);
    const unpaid = await requestRefund(t, admin, pending.orderNo, { credits: 1 });
    expect(unpaid.status).toBe(422);
    expect(unpaid.body.message).toBe('只有已支付的订单可以退款');

    const { order } = await paidOrder();
    await t.database.db.update(orders).set({ provider: 'wechat' }).where(eq(orders.id, order.id));
    const elsewhere = await requestRefund(t, admin, order.orderNo, { credits: 1 });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toBe('该订单用微信支付付款，当前的支付通道无法为它退款');
    expect(await refundCount(order.id)).toBe(0);
  });

  it('has no WeChat refund callback in dev mode', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/pay/wechat/refund-notify', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
