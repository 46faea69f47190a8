import type { AuditEntry, Order, OrderRefund, Page } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderRefunds } from '../../src/modules/order/order-refund.tables.ts';
import { distributionLedger } from '../../src/modules/referral/referral-wallet.tables.ts';
import { type FakeWechatPay, startFakeWechatPay } from '../helpers/fake-wechat-pay.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { expectBalanceMatchesLedger, getOrder, orderRow } from './order.fixtures.ts';
import { distributorWithCustomer, ledgerOf, settleAll, walletOf } from './referral.fixtures.ts';
import {
  commissionRow,
  deliverRefundNotification,
  listRefunds,
  orderLedger,
  paidWechatOrder,
  refundRow,
  requestRefund,
} from './refund.fixtures.ts';

/**
 * Refunds through WeChat Pay v3, against the fake WeChat Pay server: the request WeChat receives,
 * the credits held at the request, the commission adjusted when the refund succeeds, and every
 * way a refund can end (the answer, the notification, the query).
 */
describe('refunds through WeChat Pay', () => {
  let fake: FakeWechatPay;
  let t: TestApp;
  let admin: TestUser;
  const buyers: TestUser[] = [];

  const buyer = async () => {
    const user = await t.signIn();
    buyers.push(user);
    return user;
  };
  /** A bound customer's paid order; 体验包: 990 cents, 10 credits, 198 commission. */
  const referredPurchase = async (product = '体验包') => {
    const { distributor, customer } = await distributorWithCustomer(t);
    buyers.push(customer);
    const order = await paidWechatOrder(t, fake, customer, product);
    return { distributor, customer, order };
  };
  const refundRequests = (outRefundNo: string) =>
    fake.requests.filter(
      (r) => r.path === '/v3/refund/domestic/refunds' && JSON.parse(r.body).out_refund_no === outRefundNo,
    );
  const balance = (user: TestUser) => t.app.container.wallet.balance(user.id);
  const expectDistributorConsistent = async (userId: string) => {
    const wallet = await walletOf(t, userId);
    expect(await ledgerOf(t, userId)).toEqual(wallet);
    return wallet;
  };

  beforeAll(async () => {
    fake = await startFakeWechatPay();
    t = await createTestApp(fake.env());
    admin = await t.signIn({ nickname: '财务管理员', admin: true });
  });
  afterEach(async () => {
    Object.assign(fake.behaviour, {
      refundAcceptedAs: 'PROCESSING',
      refundRefusal: null,
      refundFails: false,
      refundQueryFails: false,
    });
    await expectBalanceMatchesLedger(t, buyers);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('refunds a whole order: WeChat is asked properly, the credits are held, the notification finishes it', async () => {
    const { distributor, customer, order } = await referredPurchase();
    expect(await walletOf(t, distributor.id)).toMatchObject({ pending: 198, totalEarned: 198 });
    const before = await balance(customer);
    const key = '0b8e6a0e-4a4c-4c41-9d55-2c6a8f3b7e11';

    const res = await requestRefund(t, admin, order.orderNo, {
      credits: 10,
      reason: '用户误购，协商退款',
      idempotencyKey: key,
    });
    expect(res.status, res.body.message).toBe(200);
    const refund = res.body.data;
    expect(refund).toMatchObject({
      orderNo: order.orderNo,
      outRefundNo: 'RF0B8E6A0E4A4C4C419D552C6A8F3B7E11',
      amountCents: 990,
      credits: 10,
      status: 'processing',
      reason: '用户误购，协商退款',
      lastError: null,
      requestedBy: admin.id,
      requestedByNickname: '财务管理员',
      finishedAt: null,
    });

    // What WeChat received: signed by the merchant, our number, the refund notification URL.
    const sent = refundRequests(refund.outRefundNo);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.signatureValid).toBe(true);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      out_trade_no: order.orderNo,
      out_refund_no: refund.outRefundNo,
      reason: '用户误购，协商退款',
      notify_url: 'https://shop.example.com/api/v1/pay/wechat/refund-notify',
      amount: { refund: 990, total: 990, currency: 'CNY' },
    });

    // Held at once: the buyer cannot spend them while the money is on its way back.
    expect(await balance(customer)).toBe(before - 10);
    expect((await getOrder(t, customer, order.id)).status).toBe('paid');
    expect(await walletOf(t, distributor.id)).toMatchObject({ pending: 198 });

    // The admin action is in the audit log, with what it changed.
    const audit = await t.call<Page<AuditEntry>>({
      method: 'GET',
      url: `/api/v1/admin/audit?action=order.refund&targetId=${order.orderNo}`,
      token: admin.token,
    });
    expect(audit.body.data.items).toHaveLength(1);
    expect(audit.body.data.items[0]).toMatchObject({
      actorId: admin.id,
      targetType: 'order',
      targetId: order.orderNo,
      before: { status: 'paid', refundedCredits: 0, refundedCents: 0, buyerBalance: before },
      after: {
        outRefundNo: refund.outRefundNo,
        refundStatus: 'processing',
        credits: 10,
        amountCents: 990,
        buyerBalance: before - 10,
      },
      note: '用户误购，协商退款',
    });

    // The bank is done; WeChat says so.
    fake.finishRefund(refund.outRefundNo, 'SUCCESS');
    const notified = await deliverRefundNotification(t, fake.refundNotification(refund.outRefundNo));
    expect(notified.statusCode).toBe(204);
    expect(notified.body).toBe('');

    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ status: 'refunded', refundedCents: 990, refundedCredits: 10 });
    expect(row.refundedAt).not.toBeNull();
    expect((await getOrder(t, customer, order.id)).status).toBe('refunded');
    expect(await balance(customer)).toBe(before - 10);
    expect(await orderLedger(t, customer.id, order.id)).toEqual([
      { reason: 'purchase', delta: 10 },
      { reason: 'refund', delta: -10 },
    ]);
    expect(await commissionRow(t, order.id)).toMatchObject({ status: 'cancelled', amountCents: 198 });
    expect(await expectDistributorConsistent(distributor.id)).toMatchObject({ pending: 0, totalEarned: 0 });

    const [listed] = await listRefunds(t, admin, order.orderNo);
    expect(listed).toMatchObject({ id: refund.id, status: 'succeeded', lastError: null });
    expect(listed!.finishedAt).toBe(new Date('2025-06-02T09:01:00+08:00').toISOString());

    // Nothing is left to refund.
    const again = await requestRefund(t, admin, order.orderNo, { credits: 1 });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('该订单已全部退款');
  });

  it('claws a settled commission back when WeChat answers SUCCESS at once', async () => {
    const { distributor, customer, order } = await referredPurchase();
    await settleAll(t);
    expect(await walletOf(t, distributor.id)).toMatchObject({ available: 198, pending: 0 });
    fake.behaviour.refundAcceptedAs = 'SUCCESS';

    const res = await requestRefund(t, admin, order.orderNo, { credits: 10 });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.status).toBe('succeeded');
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'refunded', refundedCents: 990 });
    expect(await expectDistributorConsistent(distributor.id)).toMatchObject({
      available: 0,
      totalEarned: 0,
      debt: 0,
    });
    const commission = await commissionRow(t, order.id);
    expect(commission).toMatchObject({ status: 'cancelled' });
    expect(commission?.settledAt).not.toBeNull();
    const clawbacks = await t.database.db
      .select()
      .from(distributionLedger)
      .where(eq(distributionLedger.userId, distributor.id));
    expect(clawbacks.at(-1)).toMatchObject({ reason: 'commission_clawback', availableDelta: -198 });
    // The notification that follows changes nothing.
    const late = await deliverRefundNotification(t, fake.refundNotification(res.body.data.outRefundNo));
    expect(late.statusCode).toBe(204);
    expect(await balance(customer)).toBe(0);
    expect(await expectDistributorConsistent(distributor.id)).toMatchObject({ available: 0, totalEarned: 0 });
  });

  it('refunds part of an order exactly: 3 credits return 297 cents, the last 7 return 693; the commission follows', async () => {
    const { distributor, customer, order } = await referredPurchase();
    const first = await requestRefund(t, admin, order.orderNo, { credits: 3 });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({ amountCents: 297, credits: 3, status: 'processing' });
    fake.finishRefund(first.body.data.outRefundNo, 'SUCCESS');
    expect(
      (await deliverRefundNotification(t, fake.refundNotification(first.body.data.outRefundNo))).statusCode,
    ).toBe(204);

    // Still paid, 7 credits and 693 cents left; the commission keeps 693/990 of itself.
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 'paid',
      refundedCents: 297,
      refundedCredits: 3,
    });
    expect(await commissionRow(t, order.id)).toMatchObject({
      status: 'pending',
      amountCents: 138,
      orderAmountCents: 693,
    });
    expect(await expectDistributorConsistent(distributor.id)).toMatchObject({
      pending: 138,
      totalEarned: 138,
    });
    expect(await balance(customer)).toBe(7);

    const tooMany = await requestRefund(t, admin, order.orderNo, { credits: 8 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('这笔订单最多还能退 7 点');

    // The rest takes the remainder; this time the admin's screen finds it done by asking WeChat.
    const rest = await requestRefund(t, admin, order.orderNo, { credits: 7 });
    expect(rest.body.data).toMatchObject({ amountCents: 693, credits: 7, status: 'processing' });
    fake.finishRefund(rest.body.data.outRefundNo, 'SUCCESS');
    const listed = await listRefunds(t, admin, order.orderNo);
    expect(listed.map((r) => [r.credits, r.amountCents, r.status])).toEqual([
      [7, 693, 'succeeded'],
      [3, 297, 'succeeded'],
    ]);

    expect(await orderRow(t, order.id)).toMatchObject({
      status: 'refunded',
      refundedCents: 990,
      refundedCredits: 10,
    });
    expect(await commissionRow(t, order.id)).toMatchObject({ status: 'cancelled' });
    expect(await expectDistributorConsistent(distributor.id)).toMatchObject({ pending: 0, totalEarned: 0 });
    // WeChat gave back exactly what was paid.
    const atWechat = [...fake.refunds.values()].filter((r) => r.outTradeNo === order.orderNo);
    expect(atWechat.reduce((sum, r) => sum + r.refund, 0)).toBe(990);
    expect(await balance(customer)).toBe(0);
  });

  it('claws a settled commission back in proportion, as debt once it has been withdrawn', async () => {
    // 月度会员: 9900 cents, 300 credits, 1980 commission.
    const { distributor, order } = await referredPurchase('月度会员');
    await settleAll(t);
    fake.behaviour.refundAcceptedAs = 'SUCCESS';
    const part = await requestRefund(t, admin, order.orderNo, { credits: 100 });
    expect(part.body.data).toMatchObject({ amountCents: 3300, status: 'succeeded' });
    expect(await expectDistributorConsistent(distributor.id)).toMatchObject({
      available: 1320,
      totalEarned: 1320,
    });
    expect(await commissionRow(t, order.id)).toMatchObject({
      status: 'available',
      amountCents: 1320,
      orderAmountCents: 6600,
    });

    // The distributor withdraws what is left; the rest of the refund then becomes debt.
    const withdrawal = await t.call<{ id: string }>({
      method: 'POST',
      url: '/api/v1/withdraw/add',
      token: distributor.token,
      payload: { amountCents: 1320, realName: '张三' },
    });
    expect(withdrawal.status, withdrawal.body.message).toBe(200);
    const paid = await t.call({
      method: 'POST',
      url: '/api/v1/withdraw/check',
      token: admin.token,
      payload: { id: withdrawal.body.data.id, approve: true, payoutRef: 'BANK-1' },
    });
    expect(paid.status, (paid.body as { message: string }).message).toBe(200);
    const rest = await requestRefund(t, admin, order.orderNo, { credits: 200 });
    expect(rest.body.data).toMatchObject({ amountCents: 6600, status: 'succeeded' });
    expect(await expectDistributorConsistent(distributor.id)).toMatchObject({
      available: 0,
      withdrawn: 1320,
      totalEarned: 0,
      debt: 1320,
    });
    const entries = (
      await t.database.db
        .select()
        .from(distributionLedger)
        .where(eq(distributionLedger.userId, distributor.id))
        .orderBy(distributionLedger.id)
    ).map((r) => [r.reason, r.availableDelta, r.debtDelta]);
    expect(entries).toEqual([
      ['commission_pending', 0, 0],
      ['commission_settled', 1980, 0],
      ['commission_clawback', -660, 0],
      ['withdraw_freeze', -1320, 0],
      ['withdraw_paid', 0, 0],
      ['commission_clawback', 0, 1320],
    ]);
  });

  it('a retried click (same idempotency key) is the same refund: WeChat refunds once', async () => {
    const customer = await buyer();
    const order = await paidWechatOrder(t, fake, customer);
    const key = crypto.randomUUID();
    const first = await requestRefund(t, admin, order.orderNo, { credits: 10, idempotencyKey: key });
    const [second, third] = await Promise.all([
      requestRefund(t, admin, order.orderNo, { credits: 10, idempotencyKey: key }),
      requestRefund(t, admin, order.orderNo, { credits: 10, idempotencyKey: key }),
    ]);
    for (const res of [first, second, third]) {
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.id).toBe(first.body.data.id);
    }
    const outRefundNo = first.body.data.outRefundNo;
    // Asked again with the same number each time, which WeChat treats as one refund.
    expect(refundRequests(outRefundNo).length).toBe(3);
    expect([...fake.refunds.values()].filter((r) => r.outTradeNo === order.orderNo)).toHaveLength(1);
    expect(
      await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)),
    ).toHaveLength(1);
    expect(await orderLedger(t, customer.id, order.id)).toEqual([
      { reason: 'purchase', delta: 10 },
      { reason: 'refund', delta: -10 },
    ]);

    const changed = await requestRefund(t, admin, order.orderNo, { credits: 5, idempotencyKey: key });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toContain('已经提交过');
  });

  it('two admins at once: one refund, the other told a refund is in progress', async () => {
    const other = await t.signIn({ nickname: '运营管理员', admin: true });
    const customer = await buyer();
    const order = await paidWechatOrder(t, fake, customer);
    const results = await Promise.all([
      requestRefund(t, admin, order.orderNo, { credits: 10 }),
      requestRefund(t, other, order.orderNo, { credits: 10 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(
      '这笔订单有一笔退款正在处理，请等它有结果后再操作',
    );
    expect([...fake.refunds.values()].filter((r) => r.outTradeNo === order.orderNo)).toHaveLength(1);
    expect(await balance(customer)).toBe(0);
  });

  it('ABNORMAL or CLOSED: nothing is reversed, the held credits come back, the admin reads why', async () => {
    const { distributor, customer, order } = await referredPurchase();
    const before = await balance(customer);
    const abnormal = (await requestRefund(t, admin, order.orderNo, { credits: 10 })).body.data;
    expect(await balance(customer)).toBe(before - 10);
    fake.finishRefund(abnormal.outRefundNo, 'ABNORMAL');
    expect(
      (await deliverRefundNotification(t, fake.refundNotification(abnormal.outRefundNo))).statusCode,
    ).toBe(204);

    expect(await refundRow(t, abnormal.outRefundNo)).toMatchObject({
      status: 'abnormal',
      lastError: '退回买家账户失败（如银行卡已注销或冻结），需在微信支付商户平台处理',
    });
    expect(await balance(customer)).toBe(before);
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 'paid',
      refundedCents: 0,
      refundedCredits: 0,
    });
    expect(await expectDistributorConsistent(distributor.id)).toMatchObject({
      pending: 198,
      totalEarned: 198,
    });
    expect(await orderLedger(t, customer.id, order.id)).toEqual([
      { reason: 'purchase', delta: 10 },
      { reason: 'refund', delta: -10 },
      { reason: 'purchase', delta: 10 },
    ]);

    // The order can be refunded again; this one is closed, found by the admin's screen.
    const closed = (await requestRefund(t, admin, order.orderNo, { credits: 4 })).body.data;
    fake.finishRefund(closed.outRefundNo, 'CLOSED');
    const [listed] = await listRefunds(t, admin, order.orderNo);
    expect(listed).toMatchObject({
      id: closed.id,
      status: 'closed',
      lastError: '微信支付已关闭这笔退款，款项没有退出',
    });
    expect(listed!.finishedAt).not.toBeNull();
    expect(await balance(customer)).toBe(before);
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
  });

  it('a refusal from WeChat closes the refund with its reason and gives the credits back', async () => {
    const customer = await buyer();
    const order = await paidWechatOrder(t, fake, customer);
    fake.behaviour.refundRefusal = {
      status: 403,
      code: 'NOT_ENOUGH',
      message: '基本账户余额不足，请充值后重新发起',
    };
    const res = await requestRefund(t, admin, order.orderNo, { credits: 10 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'closed',
      lastError: '商户账户可用余额不足，请充值后重新发起退款',
    });
    // Closed only after WeChat confirmed it has no refund under that number.
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v3/refund/domestic/refunds/${res.body.data.outRefundNo}`,
    });
    expect(await balance(customer)).toBe(10);
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
  });

  it('WeChat unreachable: the refund waits with a note, and the query sends it again', async () => {
    const customer = await buyer();
    const order = await paidWechatOrder(t, fake, customer);
    fake.behaviour.refundFails = true;
    const res = await requestRefund(t, admin, order.orderNo, { credits: 10 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'processing',
      lastError: '暂时联系不上微信支付，系统会自动重试',
    });
    expect(fake.refunds.has(res.body.data.outRefundNo)).toBe(false);

    fake.behaviour.refundFails = false;
    const [listed] = await listRefunds(t, admin, order.orderNo);
    expect(listed).toMatchObject({ status: 'processing', lastError: null });
    expect(fake.refunds.get(res.body.data.outRefundNo)).toMatchObject({ refund: 990, status: 'PROCESSING' });
  });

  it('query fallback: a refund whose notification never comes is finished by the periodic query', async () => {
    const { distributor, customer, order } = await referredPurchase();
    const refund = (await requestRefund(t, admin, order.orderNo, { credits: 10 })).body.data;
    fake.finishRefund(refund.outRefundNo, 'SUCCESS');
    const { orderRefunds: service } = t.app.container;

    // Too fresh to ask about yet: WeChat's notification usually comes first.
    expect(await service.syncStale()).toMatchObject({ checked: 0 });
    await t.database.db
      .update(orderRefunds)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(orderRefunds.outRefundNo, refund.outRefundNo));
    // (The app's own timer may run the same sweep meanwhile; either way it finishes once.)
    await service.syncStale();
    expect(await refundRow(t, refund.outRefundNo)).toMatchObject({ status: 'succeeded' });
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'refunded', refundedCents: 990 });
    expect(await expectDistributorConsistent(distributor.id)).toMatchObject({ pending: 0, totalEarned: 0 });
    expect(await balance(customer)).toBe(0);
    expect(await service.syncStale()).toMatchObject({ checked: 0 });
  });

  it('refuses to take back credits the buyer has spent, and says how many can still be refunded', async () => {
    const customer = await buyer();
    const order = await paidWechatOrder(t, fake, customer);
    // 10 bought, 7 spent.
    await t.app.container.wallet.change({
      userId: customer.id,
      delta: -7,
      reason: 'generation',
      refId: 'spent',
    });
    const requestsBefore = fake.requests.length;

    const refused = await requestRefund(t, admin, order.orderNo, { credits: 10 });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('买家已用掉 7 点，剩余 3 点，最多可退 3 点（¥2.97）');
    expect(fake.requests.length).toBe(requestsBefore);
    expect(
      await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)),
    ).toHaveLength(0);

    // The admin refunds what is left; those credits are held, so spending them now is impossible.
    const part = await requestRefund(t, admin, order.orderNo, { credits: 3 });
    expect(part.body.data).toMatchObject({ amountCents: 297, status: 'processing' });
    expect(await balance(customer)).toBe(0);
    fake.finishRefund(part.body.data.outRefundNo, 'SUCCESS');
    await deliverRefundNotification(t, fake.refundNotification(part.body.data.outRefundNo));
    expect(await balance(customer)).toBe(0);
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 'paid',
      refundedCents: 297,
      refundedCredits: 3,
    });

    // Nothing left in the wallet at all.
    const none = await requestRefund(t, admin, order.orderNo, { credits: 1 });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('买家已用掉 7 点，剩余 0 点，无法退款');
  });

  it('only admins refund or see refunds', async () => {
    const customer = await buyer();
    const order = await paidWechatOrder(t, fake, customer);
    const byBuyer = await t.call<Order>({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.orderNo}/refund`,
      token: customer.token,
      payload: { credits: 10, reason: '我要退款', idempotencyKey: crypto.randomUUID() },
    });
    expect(byBuyer.status).toBe(403);
    expect(byBuyer.body.message).toBe('仅管理员可以进行此操作');
    const list = await t.call<OrderRefund[]>({
      method: 'GET',
      url: `/api/v1/admin/orders/${order.orderNo}/refunds`,
      token: customer.token,
    });
    expect(list.status).toBe(403);
    const anonymous = await t.call({ method: 'GET', url: `/api/v1/admin/orders/${order.orderNo}/refunds` });
    expect(anonymous.status).toBe(401);
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
    expect(await balance(customer)).toBe(10);
  });
});
