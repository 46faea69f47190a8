import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderRefunds } from '../../src/modules/order/order-refund.tables.ts';
import { distributionLedger } from '../../src/modules/referral/referral-wallet.tables.ts';
import { type FakeWechatPay, startFakeWechatPay } from '../helpers/fake-wechat-pay.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { onPostgres, openSecondInstance } from '../helpers/test-database.ts';
import { expectBalanceMatchesLedger, orderRow } from './order.fixtures.ts';
import { distributorWithCustomer, ledgerOf, walletOf } from './referral.fixtures.ts';
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
 * WeChat Pay's refund notifications: verified exactly like payment ones, applied once, and never
 * able to undo or redo an outcome already recorded, whatever order they arrive in.
 */
describe('refund notifications from WeChat Pay', () => {
  let fake: FakeWechatPay;
  let t: TestApp;
  let admin: TestUser;
  const buyers: TestUser[] = [];

  /** A bound customer's paid 体验包 with a full refund asked for and finished at WeChat. */
  const refundedAtWechat = async (status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED' = 'SUCCESS') => {
    const { distributor, customer } = await distributorWithCustomer(t);
    buyers.push(customer);
    const order = await paidWechatOrder(t, fake, customer);
    const res = await requestRefund(t, admin, order.orderNo, { credits: 10 });
    expect(res.status, res.body.message).toBe(200);
    const refund = res.body.data;
    fake.finishRefund(refund.outRefundNo, status);
    return { distributor, customer, order, refund };
  };
  /** What a refund may change: the order, the buyer's credits, the commission and its ledger. */
  const snapshot = async (r: Awaited<ReturnType<typeof refundedAtWechat>>) => ({
    refund: await refundRow(t, r.refund.outRefundNo),
    order: await orderRow(t, r.order.id),
    credits: await orderLedger(t, r.customer.id, r.order.id),
    commission: await commissionRow(t, r.order.id),
    distributor: await walletOf(t, r.distributor.id),
    distributorLedger: await t.database.db
      .select()
      .from(distributionLedger)
      .where(eq(distributionLedger.userId, r.distributor.id)),
  });

  beforeAll(async () => {
    fake = await startFakeWechatPay();
    t = await createTestApp(fake.env());
    admin = await t.signIn({ admin: true });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await expectBalanceMatchesLedger(t, buyers);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('applies SUCCESS once: a repeat, and a CLOSED arriving after it, change nothing', async () => {
    const r = await refundedAtWechat();
    expect(
      (await deliverRefundNotification(t, fake.refundNotification(r.refund.outRefundNo))).statusCode,
    ).toBe(204);
    const done = await snapshot(r);
    expect(done.refund.status).toBe('succeeded');
    expect(done.order).toMatchObject({ status: 'refunded', refundedCents: 990, refundedCredits: 10 });
    expect(done.commission?.status).toBe('cancelled');

    const warn = vi.spyOn(t.app.log, 'warn');
    for (const n of [
      fake.refundNotification(r.refund.outRefundNo),
      fake.refundNotification(r.refund.outRefundNo, { status: 'CLOSED' }),
      fake.refundNotification(r.refund.outRefundNo, { status: 'ABNORMAL' }),
    ]) {
      expect((await deliverRefundNotification(t, n)).statusCode).toBe(204);
    }
    expect(await snapshot(r)).toEqual(done);
    // A late contradiction is kept out, and said in the log.
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'succeeded', notified: 'closed' }),
      expect.stringContaining('disagrees'),
    );
  });

  it('SUCCESS after the query already finished the refund changes nothing', async () => {
    const r = await refundedAtWechat();
    const [listed] = await listRefunds(t, admin, r.order.orderNo);
    expect(listed?.status).toBe('succeeded');
    const done = await snapshot(r);
    expect(done.credits).toEqual([
      { reason: 'purchase', delta: 10 },
      { reason: 'refund', delta: -10 },
    ]);
    expect(
      (await deliverRefundNotification(t, fake.refundNotification(r.refund.outRefundNo))).statusCode,
    ).toBe(204);
    expect(await snapshot(r)).toEqual(done);
  });

  it('CLOSED first, then a SUCCESS that contradicts it: the closed refund stays closed, credits stay returned', async () => {
    const r = await refundedAtWechat('CLOSED');
    expect(
      (
        await deliverRefundNotification(
          t,
          fake.refundNotification(r.refund.outRefundNo, { status: 'CLOSED' }),
        )
      ).statusCode,
    ).toBe(204);
    const closed = await snapshot(r);
    expect(closed.refund).toMatchObject({ status: 'closed' });
    expect(closed.order).toMatchObject({ status: 'paid', refundedCents: 0 });
    expect(await t.app.container.wallet.balance(r.customer.id)).toBe(10);
    expect(
      (
        await deliverRefundNotification(
          t,
          fake.refundNotification(r.refund.outRefundNo, { status: 'SUCCESS' }),
        )
      ).statusCode,
    ).toBe(204);
    expect(await snapshot(r)).toEqual(closed);
  });

  const refusals: [string, Parameters<FakeWechatPay['refundNotification']>[1], number, string][] = [
    ['a forged signature', { forgeSignature: true }, 401, 'bad_signature'],
    ['a wrong serial', { serial: 'PUB_KEY_ID_SOMEONE_ELSE' }, 401, 'wrong_serial'],
    ['a stale timestamp', { timestampOffsetSec: -301 }, 401, 'stale_timestamp'],
    ['a tampered ciphertext', { tamperCiphertext: true }, 400, 'decrypt_failed'],
    ['another merchant', { mchid: '1900000999' }, 400, 'wrong_merchant'],
    ['another amount', { refund: 1 }, 400, 'amount_mismatch'],
    ['another order', { outTradeNo: 'JB20250101000000000000001' }, 400, 'refund_order_mismatch'],
  ];
  for (const [what, opts, status, reason] of refusals) {
    it(`refuses ${what}: ${status} FAIL, the refund untouched, logged`, async () => {
      const r = await refundedAtWechat();
      const before = await snapshot(r);
      const warn = vi.spyOn(t.app.log, 'warn');
      const res = await deliverRefundNotification(t, fake.refundNotification(r.refund.outRefundNo, opts));
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code: 'FAIL', message: expect.any(String) });
      expect(await snapshot(r)).toEqual(before);
      expect(before.refund.status).toBe('processing');
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ reason }),
        expect.stringContaining('wechat refund notification refused'),
      );
    });
  }

  it('answers 404 FAIL for a refund we do not know, 204 for events it does not act on', async () => {
    const r = await refundedAtWechat();
    fake.refunds.set('RFNOTOURS0000000000000000000000001', {
      ...fake.refunds.get(r.refund.outRefundNo)!,
      outRefundNo: 'RFNOTOURS0000000000000000000000001',
    });
    const unknown = await deliverRefundNotification(
      t,
      fake.refundNotification('RFNOTOURS0000000000000000000000001'),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'FAIL' });

    const other = await deliverRefundNotification(
      t,
      fake.refundNotification(r.refund.outRefundNo, { eventType: 'TRANSACTION.SUCCESS' }),
    );
    expect(other.statusCode).toBe(204);
    expect((await refundRow(t, r.refund.outRefundNo)).status).toBe('processing');
  });

  it.runIf(onPostgres())(
    'two instances, 40 SUCCESS notifications and queries at once: the refund is applied exactly once',
    async () => {
      const second = await createTestApp(fake.env(), { database: await openSecondInstance(t.database) });
      try {
        const r = await refundedAtWechat();
        await t.database.db
          .update(orderRefunds)
          .set({ createdAt: sql`now() - interval '5 minutes'` })
          .where(eq(orderRefunds.outRefundNo, r.refund.outRefundNo));
        const notification = fake.refundNotification(r.refund.outRefundNo);
        const work = Array.from({ length: 40 }, (_, i) => {
          const app = i % 2 ? second : t;
          if (i % 5 === 0) return app.app.container.orderRefunds.syncStale().then(() => 204);
          if (i % 5 === 1) return listRefunds(app, admin, r.order.orderNo).then(() => 204);
          return deliverRefundNotification(app, notification).then((res) => res.statusCode);
        });
        expect(await Promise.all(work)).toEqual(Array(40).fill(204));

        const after = await snapshot(r);
        expect(after.refund.status).toBe('succeeded');
        expect(after.order).toMatchObject({ status: 'refunded', refundedCents: 990, refundedCredits: 10 });
        expect(after.credits).toEqual([
          { reason: 'purchase', delta: 10 },
          { reason: 'refund', delta: -10 },
        ]);
        expect(after.commission?.status).toBe('cancelled');
        expect(after.distributorLedger.map((e) => e.reason)).toEqual([
          'commission_pending',
          'commission_cancelled',
        ]);
        expect(after.distributor).toEqual(await ledgerOf(t, r.distributor.id));
        expect(after.distributor).toMatchObject({ pending: 0, totalEarned: 0 });
      } finally {
        await second.app.close();
        await second.database.close();
      }
    },
  );
});
