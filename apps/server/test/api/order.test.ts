import type { Order, Page } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { products as productsTable } from '../../src/modules/catalog/catalog.tables.ts';
import { orders } from '../../src/modules/order/order.tables.ts';
import { creditLedger } from '../../src/modules/wallet/wallet.tables.ts';
import { parseSse } from '../helpers/parse-sse.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import {
  createOrder,
  expectBalanceMatchesLedger,
  expire,
  getOrder,
  orderRow,
  payOrder,
  productNamed,
  products,
} from './order.fixtures.ts';
import { refundOnDev, requestRefund } from './refund.fixtures.ts';

const PUBLIC_URL = 'http://shop.example.test:8080';

describe('products and orders (dev payment provider)', () => {
  let t: TestApp;
  const users: TestUser[] = [];
  const signIn = async (nickname?: string) => {
    const user = await t.signIn({ nickname });
    users.push(user);
    return user;
  };
  const confirm = (orderNo: string) => t.call({ method: 'POST', url: `/api/v1/dev/pay/${orderNo}/confirm` });

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
  });
  afterEach(() => expectBalanceMatchesLedger(t, users));
  afterAll(() => t.close());

  it('lists the three seeded products in order, with prices in cents', async () => {
    const list = await products(t);
    expect(list.map(({ name, priceCents, credits }) => ({ name, priceCents, credits }))).toEqual([
      { name: '体验包', priceCents: 990, credits: 10 },
      { name: '月度会员', priceCents: 9900, credits: 300 },
      { name: '年度会员', priceCents: 69900, credits: 5000 },
    ]);
    for (const p of list) {
      expect(p.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(p.description.length).toBeGreaterThan(0);
    }
  });

  it('creates an order copying the price and credits, pending for 15 minutes, with a unique number', async () => {
    const user = await signIn();
    const before = Date.now();
    const a = await createOrder(t, user);
    const b = await createOrder(t, user);
    expect(a).toMatchObject({ productName: '体验包', amountCents: 990, credits: 10, status: 'pending' });
    expect(a.paidAt).toBeUndefined();
    expect(a.orderNo).toMatch(/^JB\d{22}$/);
    expect(a.orderNo).not.toBe(b.orderNo);
    const ttl = new Date(a.expiresAt).getTime() - before;
    expect(ttl).toBeGreaterThan(14.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 2_000);
  });

  it('keeps an order at the price it was created with when the product later changes', async () => {
    const user = await signIn();
    const order = await createOrder(t, user);
    await t.database.db
      .update(productsTable)
      .set({ priceCents: 1990 })
      .where(eq(productsTable.name, '体验包'));
    try {
      expect((await getOrder(t, user, order.id)).amountCents).toBe(990);
      expect((await createOrder(t, user)).amountCents).toBe(1990);
    } finally {
      await t.app.container.catalog.seed();
    }
    expect((await productNamed(t, '体验包')).priceCents).toBe(990);
  });

  it('refuses a nonexistent product with 404, a malformed body with 400, a visitor with 401', async () => {
    const user = await signIn();
    const count = async () =>
      (await t.database.db.select().from(orders).where(eq(orders.userId, user.id))).length;
    for (const productId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/v1/order/create',
        token: user.token,
        payload: { productId },
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: '商品不存在或已下架，请刷新页面后重新选择' });
    }
    const product = await productNamed(t, '体验包');
    const extra = await t.call({
      method: 'POST',
      url: '/api/v1/order/create',
      token: user.token,
      payload: { productId: product.id, amountCents: 1 },
    });
    expect(extra.status).toBe(400);
    const missing = await t.call({
      method: 'POST',
      url: '/api/v1/order/create',
      token: user.token,
      payload: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('请选择要购买的商品');
    const visitor = await t.call({
      method: 'POST',
      url: '/api/v1/order/create',
      payload: { productId: product.id },
    });
    expect(visitor.status).toBe(401);
    expect(await count()).toBe(0);
  });

  it('issues a QR for the dev cashier, the same one when asked again', async () => {
    const user = await signIn();
    const order = await createOrder(t, user);
    const pay = await payOrder(t, user, order.id);
    expect(pay.codeUrl).toBe(`${PUBLIC_URL}/api/v1/dev/pay/${order.orderNo}`);
    expect(pay.pic).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    expect(pay.expiresAt).toBe(order.expiresAt);
    expect((await payOrder(t, user, order.id)).codeUrl).toBe(pay.codeUrl);
  });

  it('serves the simulated cashier page in Chinese, and a 404 page for an unknown order', async () => {
    const user = await signIn();
    const order = await createOrder(t, user);
    await payOrder(t, user, order.id);
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/dev/pay/${order.orderNo}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('name="viewport"');
    expect(page.body).toContain('体验包');
    expect(page.body).toContain('¥9.90');
    expect(page.body).toContain('确认支付');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/dev/pay/JB00000000000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('订单不存在');
  });

  it('pays through the cashier: order paid, credits added once with one ledger row, repeat changes nothing', async () => {
    const user = await signIn();
    const balanceBefore = await t.app.container.wallet.balance(user.id);
    const order = await createOrder(t, user);
    await payOrder(t, user, order.id);

    const first = await confirm(order.orderNo);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ status: 'paid' });
    const again = await confirm(order.orderNo);
    expect(again.status).toBe(200);

    const paid = await getOrder(t, user, order.id);
    expect(paid.status).toBe('paid');
    expect(new Date(paid.paidAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await t.app.container.wallet.balance(user.id)).toBe(balanceBefore + 10);
    const rows = await t.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.refId, order.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: 10, reason: 'purchase', balanceAfter: balanceBefore + 10 });
    expect((await orderRow(t, order.id)).transactionId).toBe(`DEV${order.orderNo}`);

    const payAgain = await t.call({
      method: 'POST',
      url: '/api/v1/order/pay',
      token: user.token,
      payload: { orderId: order.id },
    });
    expect(payAgain.status).toBe(409);
    expect(payAgain.body.message).toBe('该订单已支付，无需重复支付');
  });

  it('refuses the cashier button for an order whose QR was never issued', async () => {
    const user = await signIn();
    const order = await createOrder(t, user);
    const res = await confirm(order.orderNo);
    expect(res.status).toBe(422);
    expect((await getOrder(t, user, order.id)).status).toBe('pending');
  });

  it('closes an unpaid order once it expires: on read, and it can then not be paid', async () => {
    const user = await signIn();
    const balance = await t.app.container.wallet.balance(user.id);
    const order = await createOrder(t, user);
    await payOrder(t, user, order.id);
    await expire(t, order.id);

    expect((await getOrder(t, user, order.id)).status).toBe('closed');
    const pay = await t.call({
      method: 'POST',
      url: '/api/v1/order/pay',
      token: user.token,
      payload: { orderId: order.id },
    });
    expect(pay.status).toBe(422);
    expect(pay.body.message).toBe('订单已超时关闭，请重新下单');
    const cashier = await confirm(order.orderNo);
    expect(cashier.status).toBe(422);
    expect(cashier.body.message).toContain('订单已关闭');
    const row = await orderRow(t, order.id);
    expect(row.status).toBe('closed');
    expect(row.transactionId).toBeNull();
    expect(await t.app.container.wallet.balance(user.id)).toBe(balance);
  });

  it('sweeps expired orders nobody reads', async () => {
    const user = await signIn();
    const order = await createOrder(t, user);
    const fresh = await createOrder(t, user);
    await expire(t, order.id);
    const result = await t.app.container.orders.sweepExpired();
    expect(result.closed).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t, order.id)).status).toBe('closed');
    expect((await orderRow(t, fresh.id)).status).toBe('pending');
    // Idempotent: a second sweep (another instance) finds nothing left to do for this order.
    await t.app.container.orders.sweepExpired();
    expect((await orderRow(t, order.id)).closedAt).toEqual((await orderRow(t, order.id)).closedAt);
  });

  it("answers someone else's order exactly like a missing one, and changes nothing", async () => {
    const owner = await signIn('买家');
    const other = await signIn('路人');
    const order = await createOrder(t, owner);
    for (const req of [
      { method: 'GET' as const, url: `/api/v1/order/${order.id}` },
      { method: 'POST' as const, url: '/api/v1/order/pay', payload: { orderId: order.id } },
      { method: 'GET' as const, url: `/api/v1/order/${order.id}/events` },
    ]) {
      const res = await t.call({ ...req, token: other.token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('订单不存在或已被删除');
    }
    const row = await orderRow(t, order.id);
    expect(row.status).toBe('pending');
    expect(row.codeUrl).toBeNull();
    const list = await t.call<Page<Order>>({ method: 'GET', url: '/api/v1/order/list', token: other.token });
    expect(list.body.data.total).toBe(0);
  });

  it('lists my orders newest first, filtered by status and paged', async () => {
    const user = await signIn();
    const a = await createOrder(t, user, '体验包');
    const b = await createOrder(t, user, '月度会员');
    const c = await createOrder(t, user, '年度会员');
    await payOrder(t, user, b.id);
    await confirm(b.orderNo);
    await expire(t, c.id);

    const all = await t.call<Page<Order>>({ method: 'GET', url: '/api/v1/order/list', token: user.token });
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.items.map((o) => o.id)).toEqual([c.id, b.id, a.id]);
    expect(all.body.data.items.map((o) => o.status)).toEqual(['closed', 'paid', 'pending']);

    const paid = await t.call<Page<Order>>({
      method: 'GET',
      url: '/api/v1/order/list?status=paid',
      token: user.token,
    });
    expect(paid.body.data.items.map((o) => o.id)).toEqual([b.id]);
    const page2 = await t.call<Page<Order>>({
      method: 'GET',
      url: '/api/v1/order/list?page=2&pageSize=2',
      token: user.token,
    });
    expect(page2.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.body.data.items.map((o) => o.id)).toEqual([a.id]);

    const bad = await t.call({ method: 'GET', url: '/api/v1/order/list?status=lost', token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('订单状态');
  });

  it('streams the status: pending at once, then paid the moment the cashier confirms', async () => {
    const user = await signIn();
    const order = await createOrder(t, user);
    await payOrder(t, user, order.id);
    const stream = t.app.inject({
      method: 'GET',
      url: `/api/v1/order/${order.id}/events`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    await new Promise((r) => setTimeout(r, 300));
    await confirm(order.orderNo);
    const res = await stream;
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const events = parseSse(res.body) as { event: string; data: Order }[];
    expect(events.map((e) => [e.event, e.data.status])).toEqual([
      ['order', 'pending'],
      ['order', 'paid'],
    ]);
  });

  it('lets a listener run inside the paid transaction, and undoes everything if it fails', async () => {
    const { createOrderService } = await import('../../src/modules/order/order.service.ts');
    const { createOrderRepository } = await import('../../src/modules/order/order.repository.ts');
    const { container } = t.app;
    const seen: string[] = [];
    const base = {
      db: t.database.db,
      orders: createOrderRepository(),
      catalog: container.catalog,
      wallet: container.wallet,
      provider: container.paymentProvider,
      bus: t.database.bus,
      expireMinutes: 15,
    };
    const failing = createOrderService({
      ...base,
      onPaid: [
        async (tx, paid) => {
          // Inside the transaction the order is already paid and the credits already added.
          const [row] = await tx.select().from(orders).where(eq(orders.id, paid.id));
          seen.push(row!.status);
          throw new Error('commission table on fire');
        },
      ],
    });
    const user = await signIn();
    const balance = await container.wallet.balance(user.id);
    const order = await createOrder(t, user);
    await payOrder(t, user, order.id);
    const payment = {
      orderNo: order.orderNo,
      transactionId: 'T-LISTENER',
      amountCents: 990,
      paidAt: new Date(),
    };
    await expect(failing.confirmPaid(payment)).rejects.toThrow('commission table on fire');
    expect(seen).toEqual(['paid']);
    expect((await orderRow(t, order.id)).status).toBe('pending');
    expect(await container.wallet.balance(user.id)).toBe(balance);

    const working = createOrderService({ ...base, onPaid: [async (_tx, paid) => void seen.push(paid.id)] });
    expect((await working.confirmPaid(payment)).changed).toBe(true);
    expect(seen).toEqual(['paid', order.id]);
    expect(await container.wallet.balance(user.id)).toBe(balance + 10);
  });

  it('refunds a paid order (admin): credits taken back, refused for non-admins, twice, or once spent', async () => {
    const admin = await signIn('管理员');
    await t.app.container.users.grantAdmin(admin.id);
    const user = await signIn();
    const order = await createOrder(t, user);
    await payOrder(t, user, order.id);
    await confirm(order.orderNo);
    const balance = await t.app.container.wallet.balance(user.id);

    const byUser = await requestRefund(t, user, order.orderNo, { credits: 10 });
    expect(byUser.status).toBe(403);
    const pending = await createOrder(t, user);
    const notPaid = await requestRefund(t, admin, pending.orderNo, { credits: 10 });
    expect(notPaid.status).toBe(422);

    expect((await refundOnDev(t, admin, order.orderNo, 10)).status).toBe('succeeded');
    expect((await getOrder(t, user, order.id)).status).toBe('refunded');
    expect(await t.app.container.wallet.balance(user.id)).toBe(balance - 10);
    const twice = await requestRefund(t, admin, order.orderNo, { credits: 10 });
    expect(twice.status).toBe(422);
    // A late repeat of the payment notification must not re-credit a refunded order.
    await confirm(order.orderNo);
    expect(await t.app.container.wallet.balance(user.id)).toBe(balance - 10);

    // Spend the credits of a second purchase, then try to refund it.
    const second = await createOrder(t, user);
    await payOrder(t, user, second.id);
    await confirm(second.orderNo);
    const all = await t.app.container.wallet.balance(user.id);
    await t.app.container.wallet.change({
      userId: user.id,
      delta: -all,
      reason: 'generation',
      refId: 'spent',
    });
    const spent = await requestRefund(t, admin, second.orderNo, { credits: 10 });
    expect(spent.status).toBe(422);
    expect(spent.body.message).toBe('买家已用掉 10 点，剩余 0 点，无法退款');
    expect((await orderRow(t, second.id)).status).toBe('paid');
  });

  it('calls the refund listeners inside the transaction of a succeeded refund', async () => {
    const { createOrderRefundService } = await import('../../src/modules/order/order-refund.service.ts');
    const { createOrderRefundRepository } = await import(
      '../../src/modules/order/order-refund.repository.ts'
    );
    const { createOrderRepository } = await import('../../src/modules/order/order.repository.ts');
    const { container } = t.app;
    const refunded: string[] = [];
    const service = createOrderRefundService({
      db: t.database.db,
      orders: createOrderRepository(),
      refunds: createOrderRefundRepository(),
      wallet: container.wallet,
      provider: container.paymentProvider,
      audit: container.audit,
      bus: t.database.bus,
      profilesByIds: async () => new Map(),
      onRefunded: [
        async (tx, order, refund) => {
          const [row] = await tx
            .select({ status: orders.status, refundedCents: orders.refundedCents })
            .from(orders)
            .where(eq(orders.id, order.id));
          refunded.push(`${order.id}:${row!.status}:${row!.refundedCents}:${refund.credits}`);
        },
      ],
    });
    const admin = await signIn('管理员');
    const user = await signIn();
    const order = await createOrder(t, user);
    await payOrder(t, user, order.id);
    await confirm(order.orderNo);
    const input = { reason: '测试', idempotencyKey: crypto.randomUUID() };
    expect((await service.request(admin.id, order.orderNo, { credits: 4, ...input })).status).toBe(
      'processing',
    );
    expect(refunded).toEqual([]);
    expect((await service.list(order.orderNo))[0]?.status).toBe('succeeded');
    expect(refunded).toEqual([`${order.id}:paid:396:4`]);
  });

  it('has no WeChat Pay callback in dev mode', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/pay/wechat/notify', payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it('limits how many unpaid orders one user can hold', async () => {
    const user = await signIn();
    for (let i = 0; i < 10; i++) await createOrder(t, user);
    const product = await productNamed(t, '体验包');
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/order/create',
      token: user.token,
      payload: { productId: product.id },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('未支付的订单');
    await t.database.db.execute(
      sql`update orders set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await createOrder(t, user)).status).toBe('pending');
  });
});

describe('payment provider configuration', () => {
  it('refuses the dev cashier in production unless ALLOW_DEV_PROVIDERS=1', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', LOGIN_MODE: 'mp', PAY_MODE: 'dev' })).toThrow(
      /PAY_MODE=dev/,
    );
    expect(loadConfig({ NODE_ENV: 'production', PAY_MODE: 'dev', ALLOW_DEV_PROVIDERS: '1' }).PAY_MODE).toBe(
      'dev',
    );
  });

  it('names every missing WeChat Pay variable', () => {
    expect(() => loadConfig({ PAY_MODE: 'wechat', WECHATPAY_MCHID: '1900000001' })).toThrow(
      /WECHATPAY_APPID.*WECHATPAY_APIV3_KEY/,
    );
  });
});
