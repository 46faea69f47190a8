import { randomUUID } from 'node:crypto';
import type { OrderRefund } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderRefunds } from '../../src/modules/order/order-refund.tables.ts';
import { commissions } from '../../src/modules/referral/commission.tables.ts';
import { creditLedger } from '../../src/modules/wallet/wallet.tables.ts';
import type { FakeWechatPay } from '../helpers/fake-wechat-pay.ts';
import type { TestApp, TestUser } from '../helpers/test-app.ts';
import { createOrder, payOrder } from './order.fixtures.ts';

/** Shared steps of the refund tests and of the tests that refund an order on the way. */

export interface RefundBody {
  credits: number;
  reason?: string;
  idempotencyKey?: string;
}

/** POST /admin/orders/:orderNo/refund, a fresh idempotency key unless one is given. */
export function requestRefund(t: TestApp, admin: TestUser, orderNo: string, body: RefundBody) {
  return t.call<OrderRefund>({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderNo}/refund`,
    token: admin.token,
    payload: { reason: '用户申请退款', idempotencyKey: randomUUID(), ...body },
  });
}

/** GET /admin/orders/:orderNo/refunds (which also asks the provider about processing ones). */
export async function listRefunds(t: TestApp, admin: TestUser, orderNo: string): Promise<OrderRefund[]> {
  const res = await t.call<OrderRefund[]>({
    method: 'GET',
    url: `/api/v1/admin/orders/${orderNo}/refunds`,
    token: admin.token,
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/**
 * On the dev provider: refunds `credits` of the order and lets the refund finish, as the admin's
 * screen does by reading the order's refunds again. Returns the finished refund.
 */
export async function refundOnDev(
  t: TestApp,
  admin: TestUser,
  orderNo: string,
  credits: number,
): Promise<OrderRefund> {
  const res = await requestRefund(t, admin, orderNo, { credits });
  expect(res.status, res.body.message).toBe(200);
  expect(res.body.data.status).toBe('processing');
  const [latest] = await listRefunds(t, admin, orderNo);
  expect(latest?.id).toBe(res.body.data.id);
  return latest!;
}

/** A buyer's order paid through the fake WeChat Pay: QR issued, then the signed notification. */
export async function paidWechatOrder(t: TestApp, fake: FakeWechatPay, buyer: TestUser, name = '体验包') {
  const order = await createOrder(t, buyer, name);
  await payOrder(t, buyer, order.id);
  const n = fake.notification(order.orderNo);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/pay/wechat/notify',
    headers: n.headers,
    payload: n.body,
  });
  expect(res.statusCode).toBe(204);
  return order;
}

/** POSTs a (fake WeChat Pay) refund notification to our callback. */
export function deliverRefundNotification(t: TestApp, n: { headers: Record<string, string>; body: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/pay/wechat/refund-notify',
    headers: n.headers,
    payload: n.body,
  });
}

export async function refundRow(t: TestApp, outRefundNo: string) {
  const [row] = await t.database.db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.outRefundNo, outRefundNo));
  return row!;
}

export async function commissionRow(t: TestApp, orderId: string) {
  const [row] = await t.database.db.select().from(commissions).where(eq(commissions.orderId, orderId));
  return row;
}

/** The buyer's credit ledger rows that name this order: purchase, refund holds and releases. */
export async function orderLedger(t: TestApp, userId: string, orderId: string) {
  const rows = await t.database.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.refId, orderId)))
    .orderBy(creditLedger.id);
  return rows.map((r) => ({ reason: r.reason, delta: r.delta }));
}
