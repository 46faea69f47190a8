import { randomUUID } from 'node:crypto';
import type { AdminOrder, AdminOrderDetail, Order, OrderRefund, Page } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/modules/order/order.tables.ts';
import { orderRefunds } from '../../src/modules/order/order-refund.tables.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { createOrder, expire, payOrder, productNamed } from './order.fixtures.ts';
import { bindCustomer, distributorWithCustomer, refundOrder, settleAll } from './referral.fixtures.ts';

/**
 * GET /admin/orders and /admin/orders/:orderNo: every filter finds what it should and nothing
 * else, paging adds up, the detail tells the admin what the order paid, earned and has left, and
 * only admins get any of it.
 */
describe('admin orders: search and detail', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyerA: TestUser;
  let buyerB: TestUser;
  let customer: TestUser;
  let distributor: TestUser;
  /** buyerA: a paid 体验包 and a pending 月度会员; buyerB: a paid 年度会员; customer: a paid 月度会员. */
  const o = {} as Record<'aPaid' | 'aPending' | 'bPaid' | 'customerPaid', Order>;

  const list = (query: Record<string, string | number>, token = admin.token) =>
    t.call<Page<AdminOrder>>({ method: 'GET', url: '/api/v1/admin/orders', query: stringify(query), token });
  const detail = (orderNo: string, token = admin.token) =>
    t.call<AdminOrderDetail>({
      method: 'GET',
      url: `/api/v1/admin/orders/${encodeURIComponent(orderNo)}`,
      token,
    });
  /** The order numbers a search finds, in the order the list gives them. */
  const found = async (query: Record<string, string | number>) => {
    const res = await list(query);
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.items.map((i) => i.orderNo);
  };
  const buy = async (user: TestUser, product: string) => {
    const order = await createOrder(t, user, product);
    await payOrder(t, user, order.id);
    const paid = await t.call({ method: 'POST', url: `/api/v1/dev/pay/${order.orderNo}/confirm` });
    expect(paid.status, paid.body.message).toBe(200);
    return order;
  };
  /** Puts an order on a given instant, so the China-day boundaries can be tested exactly. */
  const createdAt = (order: Order, instant: string) =>
    t.database.db
      .update(orders)
      .set({ createdAt: new Date(instant) })
      .where(eq(orders.id, order.id));

  beforeAll(async () => {
    t = await createTestApp({ SETTLEMENT_SWEEP_SEC: '0' });
    admin = await t.signIn({ nickname: '运营小周', admin: true });
    buyerA = await t.signIn({ nickname: '拍视频的阿强Vlog' });
    buyerB = await t.signIn({ nickname: '100%_真实的美妆博主' });
    ({ distributor, customer } = await distributorWithCustomer(t, {
      distributor: '带货达人老刘',
      customer: '老刘的客户小美',
    }));
    o.aPaid = await buy(buyerA, '体验包');
    o.aPending = await createOrder(t, buyerA, '月度会员');
    o.bPaid = await buy(buyerB, '年度会员');
    o.customerPaid = await buy(customer, '月度会员');
    // China days: aPaid late on 3 March, aPending at the first second of 4 March, bPaid on
    // 5 March, customerPaid today (newest).
    await createdAt(o.aPaid, '2025-03-03T15:59:59.000Z');
    await createdAt(o.aPending, '2025-03-03T16:00:00.000Z');
    await createdAt(o.bPaid, '2025-03-05T04:00:00.000Z');
  });
  afterAll(() => t.close());

  it('lists every order newest first, with the buyer and what has been refunded', async () => {
    const res = await list({});
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(res.body.data.items.map((i) => i.orderNo)).toEqual([
      o.customerPaid.orderNo,
      o.bPaid.orderNo,
      o.aPending.orderNo,
      o.aPaid.orderNo,
    ]);
    const row = res.body.data.items.find((i) => i.orderNo === o.bPaid.orderNo);
    expect(row).toEqual({
      orderNo: o.bPaid.orderNo,
      userId: buyerB.id,
      nickname: '100%_真实的美妆博主',
      avatar: '',
      productId: (await productNamed(t, '年度会员')).id,
      productName: '年度会员',
      amountCents: 69900,
      credits: 5000,
      status: 'paid',
      createdAt: '2025-03-05T04:00:00.000Z',
      paidAt: expect.any(String),
      refundedCents: 0,
      refundedCredits: 0,
    });
    const pending = res.body.data.items.find((i) => i.orderNo === o.aPending.orderNo);
    expect(pending).toMatchObject({ status: 'pending', paidAt: null, nickname: '拍视频的阿强Vlog' });
  });

  it('pages: the pages add up to the whole list, without repeats', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list({ page, pageSize: 3 })));
    expect(pages.map((p) => p.body.data.total)).toEqual([4, 4, 4]);
    expect(pages.map((p) => p.body.data.items.length)).toEqual([3, 1, 0]);
    const all = await found({});
    expect(pages.flatMap((p) => p.body.data.items.map((i) => i.orderNo))).toEqual(all);
  });

  it('finds an order by its whole number, in any letter case, and nothing else', async () => {
    expect(await found({ keyword: o.aPending.orderNo })).toEqual([o.aPending.orderNo]);
    expect(await found({ keyword: ` ${o.aPending.orderNo.toLowerCase()} ` })).toEqual([o.aPending.orderNo]);
    expect(await found({ keyword: 'JB2099010100000000000000' })).toEqual([]);
  });

  it("finds a buyer's orders by user id", async () => {
    expect(await found({ keyword: buyerA.id })).toEqual([o.aPending.orderNo, o.aPaid.orderNo]);
    expect(await found({ keyword: buyerA.id.toUpperCase() })).toEqual([o.aPending.orderNo, o.aPaid.orderNo]);
    expect(await found({ keyword: admin.id })).toEqual([]);
  });

  it('finds orders by part of a nickname, ignoring case; % and _ are only themselves', async () => {
    expect(await found({ keyword: '阿强' })).toEqual([o.aPending.orderNo, o.aPaid.orderNo]);
    expect(await found({ keyword: 'VLOG' })).toEqual([o.aPending.orderNo, o.aPaid.orderNo]);
    expect(await found({ keyword: '美' })).toEqual([o.customerPaid.orderNo, o.bPaid.orderNo]);
    expect(await found({ keyword: '100%_' })).toEqual([o.bPaid.orderNo]);
    // As wildcards these would match every nickname.
    expect(await found({ keyword: '%' })).toEqual([o.bPaid.orderNo]);
    expect(await found({ keyword: '_' })).toEqual([o.bPaid.orderNo]);
    expect(await found({ keyword: '没有这个人' })).toEqual([]);
  });

  it('filters by status', async () => {
    expect(await found({ status: 'pending' })).toEqual([o.aPending.orderNo]);
    expect(await found({ status: 'paid' })).toEqual([
      o.customerPaid.orderNo,
      o.bPaid.orderNo,
      o.aPaid.orderNo,
    ]);
    expect(await found({ status: 'refunded' })).toEqual([]);
    expect(await found({ status: 'paid', keyword: '阿强' })).toEqual([o.aPaid.orderNo]);
  });

  it('filters by product id and by part of the product name', async () => {
    const monthly = await productNamed(t, '月度会员');
    expect(await found({ productId: monthly.id })).toEqual([o.customerPaid.orderNo, o.aPending.orderNo]);
    expect(await found({ productName: '年度' })).toEqual([o.bPaid.orderNo]);
    expect(await found({ productName: '会员' })).toEqual([
      o.customerPaid.orderNo,
      o.bPaid.orderNo,
      o.aPending.orderNo,
    ]);
    expect(await found({ productId: monthly.id, status: 'pending' })).toEqual([o.aPending.orderNo]);
    expect(await found({ productId: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });

  it('filters by China day: from the first second of `from` to the last of `to`', async () => {
    expect(await found({ from: '2025-03-03', to: '2025-03-03' })).toEqual([o.aPaid.orderNo]);
    expect(await found({ from: '2025-03-04', to: '2025-03-04' })).toEqual([o.aPending.orderNo]);
    expect(await found({ from: '2025-03-03', to: '2025-03-05' })).toEqual([
      o.bPaid.orderNo,
      o.aPending.orderNo,
      o.aPaid.orderNo,
    ]);
    expect(await found({ from: '2025-03-04' })).toEqual([
      o.customerPaid.orderNo,
      o.bPaid.orderNo,
      o.aPending.orderNo,
    ]);
    expect(await found({ to: '2025-03-03' })).toEqual([o.aPaid.orderNo]);
    expect(await found({ from: '2025-03-06', to: '2025-03-31' })).toEqual([]);
  });

  it('opens an order: payment, provider, credits left to refund and the buyer balance now', async () => {
    // The buyer has spent 4 of the 5000 credits.
    await t.app.container.wallet.change({ userId: buyerB.id, delta: -4, reason: 'generation' });
    const res = await detail(o.bPaid.orderNo);
    expect(res.status, res.body.message).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, o.bPaid.id));
    expect(res.body.data).toEqual({
      orderNo: o.bPaid.orderNo,
      userId: buyerB.id,
      nickname: '100%_真实的美妆博主',
      avatar: '',
      productId: (await productNamed(t, '年度会员')).id,
      productName: '年度会员',
      amountCents: 69900,
      credits: 5000,
      status: 'paid',
      createdAt: '2025-03-05T04:00:00.000Z',
      paidAt: row!.paidAt!.toISOString(),
      refundedCents: 0,
      refundedCredits: 0,
      provider: 'dev',
      transactionId: row!.transactionId,
      expiresAt: row!.expiresAt.toISOString(),
      closedAt: null,
      refundedAt: null,
      refundableCredits: 5000,
      buyerBalance: 4996,
      commission: null,
      refunds: [],
    });
    expect(res.body.data.transactionId).toMatch(/\S/);
    // A lower-case order number opens it too.
    expect((await detail(o.bPaid.orderNo.toLowerCase())).body.data.orderNo).toBe(o.bPaid.orderNo);
  });

  it('an unpaid order has no payment yet and nothing to refund; once expired it shows closed', async () => {
    const fresh = await detail(o.aPending.orderNo);
    expect(fresh.body.data).toMatchObject({
      status: 'pending',
      provider: null,
      transactionId: null,
      paidAt: null,
      refundableCredits: 0,
      buyerBalance: 10,
    });
    const order = await createOrder(t, buyerA, '体验包');
    await expire(t, order.id);
    const res = await detail(order.orderNo);
    expect(res.body.data).toMatchObject({ status: 'closed', refundableCredits: 0 });
    expect(res.body.data.closedAt).toEqual(expect.any(String));
  });

  it('shows the commission the order earned, and when it is cancelled or clawed back', async () => {
    const pending = await detail(o.customerPaid.orderNo);
    expect(pending.body.data.commission).toEqual({
      distributorId: distributor.id,
      distributorNickname: '带货达人老刘',
      amountCents: 1980,
      status: 'pending',
      createdAt: expect.any(String),
      settledAt: null,
      cancelledAt: null,
    });

    await settleAll(t);
    const settled = await detail(o.customerPaid.orderNo);
    expect(settled.body.data.commission).toMatchObject({
      status: 'available',
      settledAt: expect.any(String),
    });

    // Refunded after settling: the commission is taken back from the distributor.
    await refundOrder(t, o.customerPaid.id);
    const clawed = await detail(o.customerPaid.orderNo);
    expect(clawed.body.data.commission).toMatchObject({
      status: 'clawed_back',
      settledAt: expect.any(String),
      cancelledAt: expect.any(String),
    });

    // Refunded before settling: simply cancelled.
    const second = await buy(customer, '体验包');
    await refundOrder(t, second.id);
    const cancelled = await detail(second.orderNo);
    expect(cancelled.body.data.commission).toMatchObject({
      amountCents: 198,
      status: 'cancelled',
      settledAt: null,
      cancelledAt: expect.any(String),
    });
  });

  it('lists the refunds of the order, newest first, with who asked for each', async () => {
    const order = await buy(buyerA, '月度会员');
    await t.database.db.insert(orderRefunds).values([
      {
        orderId: order.id,
        outRefundNo: `RF-${order.orderNo}-1`,
        amountCents: 3300,
        credits: 100,
        status: 'closed',
        reason: '买家误购',
        requestedBy: admin.id,
        lastError: '用户账户异常',
        createdAt: new Date('2025-04-01T02:00:00.000Z'),
        finishedAt: new Date('2025-04-01T02:05:00.000Z'),
      },
      {
        orderId: order.id,
        outRefundNo: `RF-${order.orderNo}-2`,
        amountCents: 3300,
        credits: 100,
        status: 'succeeded',
        reason: '买家误购，重新退款',
        requestedBy: admin.id,
        createdAt: new Date('2025-04-02T02:00:00.000Z'),
        finishedAt: new Date('2025-04-02T02:01:00.000Z'),
      },
    ]);
    await t.database.db
      .update(orders)
      .set({ refundedCents: 3300, refundedCredits: 100 })
      .where(eq(orders.id, order.id));

    const res = await detail(order.orderNo);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      refundedCents: 3300,
      refundedCredits: 100,
      refundableCredits: 200,
    });
    expect(res.body.data.refunds).toEqual([
      {
        id: expect.any(String),
        orderNo: order.orderNo,
        outRefundNo: `RF-${order.orderNo}-2`,
        amountCents: 3300,
        credits: 100,
        status: 'succeeded',
        reason: '买家误购，重新退款',
        lastError: null,
        requestedBy: admin.id,
        requestedByNickname: '运营小周',
        createdAt: '2025-04-02T02:00:00.000Z',
        finishedAt: '2025-04-02T02:01:00.000Z',
      },
      expect.objectContaining({ status: 'closed', lastError: '用户账户异常', reason: '买家误购' }),
    ]);
    const listed = (await list({ keyword: order.orderNo })).body.data.items[0];
    expect(listed).toMatchObject({ refundedCents: 3300, refundedCredits: 100 });
  });

  it('follows a real refund: held while processing, on the order once it succeeds, commission shrunk', async () => {
    const buyer = await bindCustomer(t, distributor, '老刘的第二位客户');
    const order = await buy(buyer, '月度会员'); // ¥99.00, 300 credits, commission ¥19.80
    const refund = (credits: number) =>
      t.call<OrderRefund>({
        method: 'POST',
        url: `/api/v1/admin/orders/${order.orderNo}/refund`,
        token: admin.token,
        payload: { credits, reason: '买家只用了一部分', idempotencyKey: randomUUID() },
      });
    const askProvider = () =>
      t.call<OrderRefund[]>({
        method: 'GET',
        url: `/api/v1/admin/orders/${order.orderNo}/refunds`,
        token: admin.token,
      });

    const first = await refund(100);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data.status).toBe('processing');
    const processing = (await detail(order.orderNo)).body.data;
    expect(processing).toMatchObject({
      status: 'paid',
      refundedCredits: 0,
      refundableCredits: 300,
      // The credits leave the wallet when the refund is asked for.
      buyerBalance: 200,
      commission: { amountCents: 1980, status: 'pending' },
    });
    expect(processing.refunds).toEqual([
      expect.objectContaining({
        id: first.body.data.id,
        status: 'processing',
        credits: 100,
        amountCents: 3300,
      }),
    ]);

    expect((await askProvider()).body.data[0]?.status).toBe('succeeded');
    const partly = (await detail(order.orderNo)).body.data;
    expect(partly).toMatchObject({
      status: 'paid',
      refundedCents: 3300,
      refundedCredits: 100,
      refundableCredits: 200,
      buyerBalance: 200,
      // The commission keeps its share of the ¥66.00 the order still keeps.
      commission: { amountCents: 1320, status: 'pending' },
    });
    expect(partly.refunds[0]).toMatchObject({
      status: 'succeeded',
      requestedByNickname: '运营小周',
      finishedAt: expect.any(String),
    });

    expect((await refund(200)).status).toBe(200);
    await askProvider();
    const whole = (await detail(order.orderNo)).body.data;
    expect(whole).toMatchObject({
      status: 'refunded',
      refundedCents: 9900,
      refundedCredits: 300,
      refundableCredits: 0,
      buyerBalance: 0,
      refundedAt: expect.any(String),
      commission: { status: 'cancelled' },
    });
    expect(whole.refunds.map((r) => [r.credits, r.status])).toEqual([
      [200, 'succeeded'],
      [100, 'succeeded'],
    ]);
    expect(await found({ keyword: order.orderNo, status: 'refunded' })).toEqual([order.orderNo]);
  });

  it('an unknown order number is a 404 in Chinese', async () => {
    for (const orderNo of [
      'JB2099010100000000000000',
      'not-an-order',
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await detail(orderNo);
      expect(res.status, orderNo).toBe(404);
      expect(res.body).toEqual({ success: false, data: null, message: '订单不存在，请核对订单号' });
    }
  });

  it('refuses bad input with a 400 in Chinese and answers nothing else', async () => {
    const bad: [Record<string, string | number>, RegExp][] = [
      [{ page: 0 }, /页码从 1 开始/],
      [{ pageSize: 101 }, /每页最多 100 条/],
      [{ page: 'abc' }, /页码必须是数字/],
      [{ status: 'lost' }, /订单状态只能是/],
      [{ productId: 'abc' }, /商品编号有误/],
      [{ from: '2025-3-1' }, /日期格式应为 YYYY-MM-DD/],
      [{ from: '2025-02-30' }, /日期不存在/],
      [{ to: '2025-13-01' }, /日期不存在/],
      [{ from: '2025-03-05', to: '2025-03-01' }, /开始日期不能晚于结束日期/],
      [{ keyword: '字'.repeat(65) }, /搜索内容最多 64 个字/],
      [{ keyword: 'a\u0000b' }, /无法保存的字符/],
      [{ sort: 'amount' }, /不支持的参数：sort/],
    ];
    for (const [query, message] of bad) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message, JSON.stringify(query)).toMatch(message);
    }
    const tooLong = await detail(`JB${'1'.repeat(70)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/订单号过长/);
  });

  it('is for admins only: 401 without a session, 403 in Chinese for anyone else', async () => {
    for (const call of [() => list({}, ''), () => detail(o.aPaid.orderNo, '')]) {
      const res = await call();
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    }
    // Not even the buyer may read their order here.
    for (const call of [() => list({}, buyerA.token), () => detail(o.aPaid.orderNo, buyerA.token)]) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, data: null, message: '仅管理员可以进行此操作' });
    }
  });
});

function stringify(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}
