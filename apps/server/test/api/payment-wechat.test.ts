import type { Order } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../../src/modules/order/order.tables.ts';
import { creditLedger } from '../../src/modules/wallet/wallet.tables.ts';
import { type FakeWechatPay, startFakeWechatPay } from '../helpers/fake-wechat-pay.ts';
import { parseSse } from '../helpers/parse-sse.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { onPostgres, openSecondInstance } from '../helpers/test-database.ts';
import {
  createOrder,
  expectBalanceMatchesLedger,
  expire,
  getOrder,
  orderRow,
  payOrder,
} from './order.fixtures.ts';

describe('WeChat Pay v3 against a fake WeChat Pay server', () => {
  let fake: FakeWechatPay;
  let t: TestApp;
  const users: TestUser[] = [];
  const signIn = async () => {
    const user = await t.signIn();
    users.push(user);
    return user;
  };
  const deliver = (app: TestApp, n: { headers: Record<string, string>; body: string }) =>
    app.app.inject({ method: 'POST', url: '/api/v1/pay/wechat/notify', headers: n.headers, payload: n.body });
  const purchases = async (userId: string, orderId: string) =>
    t.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.refId, orderId)));

  /** A signed-in buyer with a pending 体验包 order whose QR WeChat Pay has issued. */
  const pendingOrder = async () => {
    const user = await signIn();
    const order = await createOrder(t, user);
    await payOrder(t, user, order.id);
    return { user, order, balance: await t.app.container.wallet.balance(user.id) };
  };

  beforeAll(async () => {
    fake = await startFakeWechatPay();
    t = await createTestApp(fake.env());
  });
  afterEach(async () => {
    fake.behaviour.badAnswerSignature = false;
    fake.behaviour.queryFails = false;
    fake.behaviour.closeFails = false;
    vi.restoreAllMocks();
    await expectBalanceMatchesLedger(t, users);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('places a Native order signed with the merchant key, and reuses its code_url', async () => {
    const user = await signIn();
    const order = await createOrder(t, user);
    const before = fake.requests.length;
    const pay = await payOrder(t, user, order.id);
    expect(pay.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(pay.pic).toMatch(/^data:image\/png;base64,/);

    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      signatureValid: true,
    });
    const body = JSON.parse(sent[0]!.body);
    expect(body).toEqual({
      appid: fake.appid,
      mchid: fake.mchid,
      description: '脚本工坊-体验包',
      out_trade_no: order.orderNo,
      time_expire: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/),
      notify_url: 'https://shop.example.com/api/v1/pay/wechat/notify',
      amount: { total: 990, currency: 'CNY' },
    });
    // The QR stops working the second the order closes.
    expect(Math.abs(new Date(body.time_expire).getTime() - new Date(order.expiresAt).getTime())).toBeLessThan(
      1000,
    );

    expect((await payOrder(t, user, order.id)).codeUrl).toBe(pay.codeUrl);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('refuses an answer whose signature does not verify, and keeps no code', async () => {
    const user = await signIn();
    const order = await createOrder(t, user);
    fake.behaviour.badAnswerSignature = true;
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/order/pay',
      token: user.token,
      payload: { orderId: order.id },
    });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('微信支付暂时无法下单，请稍后再试');
    expect((await orderRow(t, order.id)).codeUrl).toBeNull();
  });

  it('credits a verified notification once: 204, order paid, one ledger row, transaction id kept', async () => {
    const { user, order, balance } = await pendingOrder();
    const notification = fake.notification(order.orderNo);
    const res = await deliver(t, notification);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const paid = await getOrder(t, user, order.id);
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).toBe(new Date('2025-06-01T10:34:56+08:00').toISOString());
    expect(await t.app.container.wallet.balance(user.id)).toBe(balance + 10);
    expect(await purchases(user.id, order.id)).toHaveLength(1);
    expect((await orderRow(t, order.id)).transactionId).toBe(fake.trades.get(order.orderNo)!.transactionId);

    // WeChat retries until it hears success; the repeat must change nothing and still succeed.
    const repeat = await deliver(t, fake.notification(order.orderNo));
    expect(repeat.statusCode).toBe(204);
    expect(await t.app.container.wallet.balance(user.id)).toBe(balance + 10);
    expect(await purchases(user.id, order.id)).toHaveLength(1);
  });

  const refusals: [string, Parameters<FakeWechatPay['notification']>[1], number, string][] = [
    ['a forged signature', { forgeSignature: true }, 401, 'bad_signature'],
    ['a wrong serial', { serial: 'PUB_KEY_ID_SOMEONE_ELSE' }, 401, 'wrong_serial'],
    ['a stale timestamp', { timestampOffsetSec: -301 }, 401, 'stale_timestamp'],
    ['a timestamp from the future', { timestampOffsetSec: 400 }, 401, 'stale_timestamp'],
    ['a tampered ciphertext', { tamperCiphertext: true }, 400, 'decrypt_failed'],
    ['another merchant', { mchid: '1900000999' }, 400, 'wrong_merchant'],
    ['a wrong amount', { total: 1 }, 400, 'amount_mismatch'],
  ];
  for (const [what, opts, status, reason] of refusals) {
    it(`refuses ${what}: ${status}, order untouched, logged`, async () => {
      const { user, order, balance } = await pendingOrder();
      const warn = vi.spyOn(t.app.log, 'warn');
      const res = await deliver(t, fake.notification(order.orderNo, opts));
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code: 'FAIL', message: expect.any(String) });
      const row = await orderRow(t, order.id);
      expect(row.status).toBe('pending');
      expect(row.transactionId).toBeNull();
      expect(await t.app.container.wallet.balance(user.id)).toBe(balance);
      expect(await purchases(user.id, order.id)).toHaveLength(0);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ reason }),
        expect.stringContaining('refused'),
      );
    });
  }

  it('refuses a notification without signature headers, or with a body that is not JSON', async () => {
    const { order } = await pendingOrder();
    const n = fake.notification(order.orderNo);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pay/wechat/notify',
      headers: { 'content-type': 'application/json' },
      payload: n.body,
    });
    expect(bare.statusCode).toBe(401);
    const altered = await deliver(t, {
      headers: n.headers,
      body: n.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS '),
    });
    expect(altered.statusCode).toBe(401);
    expect((await orderRow(t, order.id)).status).toBe('pending');
  });

  it('answers 404 FAIL for an order we do not know, 204 for events it does not act on', async () => {
    const { order } = await pendingOrder();
    // A genuine notification for a trade that is not ours: WeChat keeps retrying, we keep refusing.
    fake.trades.set('JB00000000000000000001', {
      ...fake.trades.get(order.orderNo)!,
      outTradeNo: 'JB00000000000000000001',
    });
    const unknown = await deliver(t, fake.notification('JB00000000000000000001'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'FAIL' });

    const refund = await deliver(t, fake.notification(order.orderNo, { eventType: 'REFUND.SUCCESS' }));
    expect(refund.statusCode).toBe(204);
    const notPaid = await deliver(t, fake.notification(order.orderNo, { tradeState: 'PAYERROR' }));
    expect(notPaid.statusCode).toBe(204);
    expect((await orderRow(t, order.id)).status).toBe('pending');
  });

  it('refuses a transaction id that already paid another order', async () => {
    const first = await pendingOrder();
    const second = await pendingOrder();
    const paid = await deliver(t, fake.notification(first.order.orderNo));
    expect(paid.statusCode).toBe(204);
    const reused = fake.notification(second.order.orderNo, {
      transactionId: fake.trades.get(first.order.orderNo)!.transactionId,
    });
    const res = await deliver(t, reused);
    expect(res.statusCode).toBe(409);
    expect((await orderRow(t, second.order.id)).status).toBe('pending');
    expect(await t.app.container.wallet.balance(second.user.id)).toBe(second.balance);
  });

  it('50 identical notifications at once: credits added exactly once, every answer a success within 5 s', async () => {
    const { user, order, balance } = await pendingOrder();
    const notification = fake.notification(order.orderNo);
    const results = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const started = performance.now();
        const res = await deliver(t, notification);
        return { status: res.statusCode, ms: performance.now() - started };
      }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(204));
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(5000);
    expect(await t.app.container.wallet.balance(user.id)).toBe(balance + 10);
    expect(await purchases(user.id, order.id)).toHaveLength(1);
  });

  it.runIf(onPostgres())(
    'two instances, 50 notifications split between them: once; the stream on A hears the payment on B',
    async () => {
      const second = await createTestApp(fake.env(), { database: await openSecondInstance(t.database) });
      try {
        const { user, order, balance } = await pendingOrder();
        const stream = t.app.inject({
          method: 'GET',
          url: `/api/v1/order/${order.id}/events`,
          headers: { authorization: `Bearer ${user.token}` },
        });
        await new Promise((r) => setTimeout(r, 300));
        const notification = fake.notification(order.orderNo);
        const statuses = await Promise.all(
          Array.from(
            { length: 50 },
            async (_, i) => (await deliver(i % 2 ? second : t, notification)).statusCode,
          ),
        );
        expect(statuses).toEqual(Array(50).fill(204));
        expect(await t.app.container.wallet.balance(user.id)).toBe(balance + 10);
        expect(await purchases(user.id, order.id)).toHaveLength(1);
        const events = parseSse((await stream).body) as { data: Order }[];
        expect(events.at(-1)?.data.status).toBe('paid');
      } finally {
        await second.app.close();
        await second.database.close();
      }
    },
  );

  it('credits a payment that reached a closed order (the money is real), and says so in the log', async () => {
    const { user, order, balance } = await pendingOrder();
    await t.database.db
      .update(orders)
      .set({ status: 'closed', closedAt: new Date() })
      .where(eq(orders.id, order.id));
    const warn = vi.spyOn(t.app.log, 'warn');
    const res = await deliver(t, fake.notification(order.orderNo));
    expect(res.statusCode).toBe(204);
    expect((await orderRow(t, order.id)).status).toBe('paid');
    expect(await t.app.container.wallet.balance(user.id)).toBe(balance + 10);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ revivedFromClosed: true }),
      expect.any(String),
    );
  });

  describe('an order still pending when its QR expires is asked about before it closes', () => {
    it('paid at WeChat, notification lost: the read finds it paid and credits it', async () => {
      const { user, order, balance } = await pendingOrder();
      fake.pay(order.orderNo);
      await expire(t, order.id);
      expect((await getOrder(t, user, order.id)).status).toBe('paid');
      expect(await t.app.container.wallet.balance(user.id)).toBe(balance + 10);
      expect(fake.requests.at(-1)).toMatchObject({
        method: 'GET',
        path: `/v3/pay/transactions/out-trade-no/${order.orderNo}?mchid=${fake.mchid}`,
        signatureValid: true,
      });
    });

    it('not paid: closed at WeChat first (so it cannot be paid later), then here', async () => {
      const { user, order, balance } = await pendingOrder();
      await expire(t, order.id);
      expect((await getOrder(t, user, order.id)).status).toBe('closed');
      expect(fake.trades.get(order.orderNo)!.state).toBe('CLOSED');
      expect(fake.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: `/v3/pay/transactions/out-trade-no/${order.orderNo}/close`,
      });
      expect(await t.app.container.wallet.balance(user.id)).toBe(balance);
    });

    it('WeChat unreachable: stays pending and unpayable; the sweep settles it once WeChat answers', async () => {
      const { user, order } = await pendingOrder();
      await expire(t, order.id);
      fake.behaviour.queryFails = true;
      expect((await getOrder(t, user, order.id)).status).toBe('pending');
      const pay = await t.call({
        method: 'POST',
        url: '/api/v1/order/pay',
        token: user.token,
        payload: { orderId: order.id },
      });
      expect(pay.status).toBe(422);
      expect(pay.body.message).toBe('订单已超时，请重新下单');
      fake.behaviour.queryFails = false;
      const result = await t.app.container.orders.sweepExpired();
      expect(result.reconciled).toBeGreaterThanOrEqual(1);
      expect((await orderRow(t, order.id)).status).toBe('closed');
    });

    it('buyer paying right now (USERPAYING): left pending for the next look', async () => {
      const { user, order } = await pendingOrder();
      fake.trades.get(order.orderNo)!.state = 'USERPAYING';
      await expire(t, order.id);
      expect((await getOrder(t, user, order.id)).status).toBe('pending');
    });
  });

  it('has no dev cashier in wechat mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/pay/JB00000000000000000000' });
    expect(res.statusCode).toBe(404);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/pay/JB00000000000000000000/confirm',
    });
    expect(confirm.statusCode).toBe(404);
  });
});
