import type { DistributionInfo, DistributionWallet, Earnings, Order, Product } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDay } from '../../src/lib/china-day.ts';
import { commissionOf } from '../../src/modules/referral/commission.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres, openSecondInstance } from '../helpers/test-database.ts';
import {
  bindCustomer,
  distributorWithCustomer,
  ledgerOf,
  payOrder,
  refundOrder,
  settleAll,
  walletOf,
} from './referral.fixtures.ts';
import { refundOnDev } from './refund.fixtures.ts';

describe('commission arithmetic', () => {
  it('takes the rate of the amount, rounded down to the cent, without float error', () => {
    expect(commissionOf(990, 0.2)).toBe(198);
    expect(commissionOf(999, 0.2)).toBe(199);
    expect(commissionOf(9900, 0.2)).toBe(1980);
    expect(commissionOf(100, 0.29)).toBe(29); // 100 * 0.29 = 28.999999999999996 in floats
    expect(commissionOf(999, 0.15)).toBe(149);
    expect(commissionOf(1, 0.2)).toBe(0);
    expect(commissionOf(12345, 0)).toBe(0);
    expect(commissionOf(12345, 1)).toBe(12345);
  });
});

describe('referral: commissions, settlement, customers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('credits 20% of a bound customer’s paid order as pending, with its ledger row', async () => {
    const { distributor, customer } = await distributorWithCustomer(t);
    await payOrder(t, customer.id, 9900);
    const { status, body } = await t.call<DistributionWallet>({
      method: 'GET',
      url: '/api/v1/distribution/wallet',
      token: distributor.token,
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      availableCents: 0,
      pendingCents: 1980,
      frozenCents: 0,
      withdrawnCents: 0,
      totalEarnedCents: 1980,
      debtCents: 0,
      rules: { commissionRate: 0.2, settlementDays: 7, withdrawMinCents: 1000 },
    });
    expect(await ledgerOf(t, distributor.id)).toEqual(await walletOf(t, distributor.id));
  });

  it('pays nothing for a buyer bound to nobody, and nothing twice for one order', async () => {
    const loner = await t.signIn();
    const none = await t.database.db.transaction((tx) =>
      t.app.container.commissions.recordCommission(tx, {
        orderId: 'o-loner',
        buyerUserId: loner.id,
        amountCents: 990,
      }),
    );
    expect(none).toBeNull();

    const { distributor, customer } = await distributorWithCustomer(t);
    const orderId = await payOrder(t, customer.id, 990);
    await payOrder(t, customer.id, 990, orderId); // a repeated payment notification
    expect(await walletOf(t, distributor.id)).toMatchObject({ pending: 198, totalEarned: 198 });
    expect(await ledgerOf(t, distributor.id)).toMatchObject({ pending: 198, totalEarned: 198 });
  });

  it('settles a commission only once its settlement period has passed, then only once', async () => {
    const { distributor, customer } = await distributorWithCustomer(t);
    await payOrder(t, customer.id, 69900);
    const { commissions } = t.app.container;
    await commissions.settleDue(new Date(Date.now() + 6 * 86_400_000));
    expect(await walletOf(t, distributor.id)).toMatchObject({ pending: 13980, available: 0 });

    expect(
      await commissions.settleDue(new Date(Date.now() + 7 * 86_400_000 + 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await walletOf(t, distributor.id)).toEqual({
      available: 13980,
      pending: 0,
      frozen: 0,
      withdrawn: 0,
      totalEarned: 13980,
      debt: 0,
    });
    await settleAll(t);
    expect(await walletOf(t, distributor.id)).toMatchObject({ available: 13980, pending: 0 });
    expect(await ledgerOf(t, distributor.id)).toEqual(await walletOf(t, distributor.id));
  });

  it('cancels a pending commission when its order is refunded; a settled one is clawed back', async () => {
    const { distributor, customer } = await distributorWithCustomer(t);
    const refunded = await payOrder(t, customer.id, 9900);
    const cancelled = await refundOrder(t, refunded);
    expect(cancelled?.status).toBe('cancelled');
    expect(await walletOf(t, distributor.id)).toMatchObject({ pending: 0, totalEarned: 0 });
    expect(await refundOrder(t, refunded)).toBeNull(); // a second refund changes nothing

    const kept = await payOrder(t, customer.id, 990);
    await payOrder(t, customer.id, 9900);
    await settleAll(t);
    expect(await walletOf(t, distributor.id)).toMatchObject({ available: 2178, totalEarned: 2178 });
    expect((await refundOrder(t, kept))?.status).toBe('cancelled');
    expect(await refundOrder(t, kept)).toBeNull(); // a second refund changes nothing
    expect(await walletOf(t, distributor.id)).toMatchObject({
      available: 1980,
      pending: 0,
      totalEarned: 1980,
      debt: 0,
    });
    expect(await ledgerOf(t, distributor.id)).toEqual(await walletOf(t, distributor.id));
  });

  it('lists my customers with what they paid and what I earned, and a summary', async () => {
    const { distributor, customer } = await distributorWithCustomer(t, {
      distributor: '小王',
      customer: '阿花',
    });
    const second = await bindCustomer(t, distributor, '大壮');
    await bindCustomer(t, distributor, '还没买');
    await payOrder(t, customer.id, 990);
    await payOrder(t, customer.id, 9900);
    const refunded = await payOrder(t, second.id, 69900);
    await refundOrder(t, refunded);
    await payOrder(t, second.id, 990);
    // Someone else's customer never shows up in my list.
    const other = await distributorWithCustomer(t, { distributor: '别人', customer: '别人的客户' });
    await payOrder(t, other.customer.id, 9900);

    const { status, body } = await t.call<DistributionInfo>({
      method: 'GET',
      url: '/api/v1/distribution/info?page=1&pageSize=2',
      token: distributor.token,
    });
    expect(status).toBe(200);
    expect(body.data.total).toBe(3);
    expect(body.data.items).toHaveLength(2);
    expect(body.data.summary).toEqual({
      customerCount: 3,
      paidCustomerCount: 2,
      totalPaidCents: 990 + 9900 + 990,
      totalCommissionCents: 198 + 1980 + 198,
    });
    const page2 = await t.call<DistributionInfo>({
      method: 'GET',
      url: '/api/v1/distribution/info?page=2&pageSize=2',
      token: distributor.token,
    });
    const all = [...body.data.items, ...page2.body.data.items];
    expect(all.map((c) => c.nickname).sort()).toEqual(['大壮', '还没买', '阿花'].sort());
    const ahua = all.find((c) => c.nickname === '阿花')!;
    expect(ahua).toMatchObject({
      userId: customer.id,
      paidCents: 10890,
      orderCount: 2,
      commissionCents: 2178,
    });
    expect(Date.parse(ahua.boundAt)).not.toBeNaN();
    expect(all.find((c) => c.nickname === '大壮')).toMatchObject({
      paidCents: 990,
      orderCount: 1,
      commissionCents: 198,
    });
    expect(all.find((c) => c.nickname === '还没买')).toMatchObject({
      paidCents: 0,
      orderCount: 0,
      commissionCents: 0,
    });
  });

  it('refuses a bad page with a Chinese message', async () => {
    const user = await t.signIn();
    const { status, body } = await t.call({
      method: 'GET',
      url: '/api/v1/distribution/info?page=0',
      token: user.token,
    });
    expect(status).toBe(400);
    expect(body.message).toMatch(/页码/);
    const extra = await t.call({ method: 'GET', url: '/api/v1/distribution/info?foo=1', token: user.token });
    expect(extra.status).toBe(400);
  });

  it('charts commission per day in China time, zeros filled in', async () => {
    const { distributor, customer } = await distributorWithCustomer(t);
    await payOrder(t, customer.id, 990);
    await payOrder(t, customer.id, 9900);
    const { status, body } = await t.call<Earnings>({
      method: 'GET',
      url: '/api/v1/distribution/earnings?days=7',
      token: distributor.token,
    });
    expect(status).toBe(200);
    expect(body.data.points).toHaveLength(7);
    expect(body.data.points.at(-1)).toEqual({ date: chinaDay(new Date()), earnedCents: 2178 });
    expect(body.data.points.slice(0, 6).every((p) => p.earnedCents === 0)).toBe(true);
  });
});

describe('referral through the real order flow (dev cashier)', () => {
  it('earns on a paid order of a bound customer and cancels it when an admin refunds the order', async () => {
    const t = await createTestApp({ SETTLEMENT_SWEEP_SEC: '0' });
    try {
      const { distributor, customer } = await distributorWithCustomer(t);
      const admin = await t.signIn({ admin: true });
      const products = await t.call<Product[]>({ method: 'GET', url: '/api/v1/product/list' });
      const monthly = products.body.data.find((p) => p.priceCents === 9900)!;
      const buy = async () => {
        const order = await t.call<Order>({
          method: 'POST',
          url: '/api/v1/order/create',
          token: customer.token,
          payload: { productId: monthly.id },
        });
        expect(order.status).toBe(200);
        await t.call({
          method: 'POST',
          url: '/api/v1/order/pay',
          token: customer.token,
          payload: { orderId: order.body.data.id },
        });
        const paid = await t.call({
          method: 'POST',
          url: `/api/v1/dev/pay/${order.body.data.orderNo}/confirm`,
        });
        expect(paid.status).toBe(200);
        return order.body.data;
      };
      const first = await buy();
      await t.call({ method: 'POST', url: `/api/v1/dev/pay/${first.orderNo}/confirm` }); // notified twice
      await buy();
      expect(await walletOf(t, distributor.id)).toMatchObject({ pending: 3960, totalEarned: 3960 });

      const refund = await refundOnDev(t, admin, first.orderNo, first.credits);
      expect(refund.status).toBe('succeeded');
      expect(await walletOf(t, distributor.id)).toMatchObject({ pending: 1980, totalEarned: 1980 });
      expect(await ledgerOf(t, distributor.id)).toEqual(await walletOf(t, distributor.id));
      const info = await t.call<DistributionInfo>({
        method: 'GET',
        url: '/api/v1/distribution/info',
        token: distributor.token,
      });
      expect(info.body.data.items[0]).toMatchObject({
        paidCents: 9900,
        orderCount: 1,
        commissionCents: 1980,
      });
    } finally {
      await t.close();
    }
  });
});

describe('referral: settlement triggers', () => {
  it('settles at once when SETTLEMENT_DAYS=0 and an admin runs the sweep', async () => {
    const t = await createTestApp({ SETTLEMENT_DAYS: '0', SETTLEMENT_SWEEP_SEC: '0' });
    try {
      const { distributor, customer } = await distributorWithCustomer(t);
      await payOrder(t, customer.id, 990);
      const admin = await t.signIn({ admin: true });
      const refused = await t.call({
        method: 'POST',
        url: '/api/v1/distribution/settle',
        token: distributor.token,
      });
      expect(refused.status).toBe(403);
      const { status, body } = await t.call<{ settled: number }>({
        method: 'POST',
        url: '/api/v1/distribution/settle',
        token: admin.token,
      });
      expect(status).toBe(200);
      expect(body.data.settled).toBe(1);
      expect(await walletOf(t, distributor.id)).toMatchObject({ available: 198, pending: 0 });
    } finally {
      await t.close();
    }
  });

  it('runs the sweep on its own every SETTLEMENT_SWEEP_SEC', async () => {
    const t = await createTestApp({ SETTLEMENT_DAYS: '0', SETTLEMENT_SWEEP_SEC: '1' });
    try {
      const { distributor, customer } = await distributorWithCustomer(t);
      await payOrder(t, customer.id, 9900);
      const deadline = Date.now() + 5000;
      while ((await walletOf(t, distributor.id)).available === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await walletOf(t, distributor.id)).toMatchObject({ available: 1980, pending: 0 });
    } finally {
      await t.close();
    }
  });
});

describe.runIf(onPostgres())('referral on PostgreSQL: concurrent sweeps and refunds', () => {
  it('settles each commission exactly once when two instances sweep at the same time', async () => {
    const a = await createTestApp({ SETTLEMENT_SWEEP_SEC: '0' });
    const second = await openSecondInstance(a.database);
    const b = await createTestApp({ SETTLEMENT_SWEEP_SEC: '0' }, { database: second });
    try {
      const { distributor } = await distributorWithCustomer(a);
      const customers = await Promise.all(Array.from({ length: 20 }, () => bindCustomer(a, distributor)));
      for (const c of customers) for (let i = 0; i < 15; i++) await payOrder(a, c.id, 1000);
      const asOf = new Date(Date.now() + 8 * 86_400_000);
      const [x, y, z] = await Promise.all([
        a.app.container.commissions.settleDue(asOf),
        b.app.container.commissions.settleDue(asOf),
        a.app.container.commissions.settleDue(asOf),
      ]);
      expect(x + y + z).toBe(300);
      expect(await walletOf(a, distributor.id)).toEqual({
        available: 60000,
        pending: 0,
        frozen: 0,
        withdrawn: 0,
        totalEarned: 60000,
        debt: 0,
      });
      expect(await ledgerOf(a, distributor.id)).toEqual(await walletOf(a, distributor.id));
    } finally {
      await b.close();
      await second.close();
      await a.close();
    }
  });

  it('lets a refund and the sweep race: cancelled while pending or clawed back once settled', async () => {
    const t = await createTestApp({ SETTLEMENT_SWEEP_SEC: '0' });
    try {
      for (let round = 0; round < 10; round++) {
        const { distributor, customer } = await distributorWithCustomer(t);
        const orderId = await payOrder(t, customer.id, 5000);
        await Promise.all([settleAll(t), refundOrder(t, orderId)]);
        const w = await walletOf(t, distributor.id);
        // Whichever committed first, the refund wins: nothing stays earned, nothing is owed.
        expect(w).toEqual({ available: 0, pending: 0, frozen: 0, withdrawn: 0, totalEarned: 0, debt: 0 });
        expect(await ledgerOf(t, distributor.id)).toEqual(w);
      }
    } finally {
      await t.close();
    }
  });
});
