import type { AdminWithdrawal, DistributionWallet, Order, Product, Withdrawal } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../src/modules/referral/commission.tables.ts';
import { distributionLedger } from '../../src/modules/referral/referral-wallet.tables.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-database.ts';
import { orderRow } from './order.fixtures.ts';
import { distributorWithCustomer, ledgerOf, settleAll, walletOf } from './referral.fixtures.ts';
import { listRefunds, requestRefund } from './refund.fixtures.ts';

/**
 * A full refund (POST /admin/orders/:orderNo/refund, finished when the admin's screen reads the
 * refunds on the dev provider) after the commission settled: the commission is clawed back in the
 * refund's transaction, out of available, and as debt for what was already withdrawn; debt is repaid from
 * the next commissions; nothing ever goes negative.
 */
describe('refund after settlement claws the commission back', () => {
  let t: TestApp;
  let admin: TestUser;
  let monthly: Product;

  /** A paid 9900-cent order (commission 1980) of `customer`, through the dev cashier. */
  const buy = async (customer: TestUser): Promise<Order> => {
    const order = await t.call<Order>({
      method: 'POST',
      url: '/api/v1/order/create',
      token: customer.token,
      payload: { productId: monthly.id },
    });
    expect(order.status, order.body.message).toBe(200);
    await t.call({
      method: 'POST',
      url: '/api/v1/order/pay',
      token: customer.token,
      payload: { orderId: order.body.data.id },
    });
    const paid = await t.call({ method: 'POST', url: `/api/v1/dev/pay/${order.body.data.orderNo}/confirm` });
    expect(paid.status).toBe(200);
    return order.body.data;
  };
  /** Refunds all of an order; the admin's next read of its refunds lets the dev provider finish it. */
  const refund = async (order: Order) => {
    const res = await requestRefund(t, admin, order.orderNo, { credits: order.credits });
    if (res.status === 200) await listRefunds(t, admin, order.orderNo);
    return res;
  };
  const withdraw = async (user: TestUser, amountCents: number) => {
    const res = await t.call<Withdrawal>({
      method: 'POST',
      url: '/api/v1/withdraw/add',
      token: user.token,
      payload: { amountCents, realName: '张三' },
    });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data;
  };
  const decide = (id: string, approve: boolean) =>
    t.call<AdminWithdrawal>({
      method: 'POST',
      url: '/api/v1/withdraw/check',
      token: admin.token,
      payload: approve ? { id, approve, payoutRef: 'BANK-1' } : { id, approve, reason: '信息有误' },
    });
  const entries = async (userId: string) =>
    (
      await t.database.db
        .select()
        .from(distributionLedger)
        .where(eq(distributionLedger.userId, userId))
        .orderBy(distributionLedger.id)
    ).map((r) => ({ reason: r.reason, available: r.availableDelta, debt: r.debtDelta }));
  const expectConsistent = async (userId: string) => {
    const wallet = await walletOf(t, userId);
    expect(await ledgerOf(t, userId)).toEqual(wallet);
    for (const v of Object.values(wallet)) expect(v).toBeGreaterThanOrEqual(0);
    return wallet;
  };

  beforeAll(async () => {
    t = await createTestApp({ SETTLEMENT_SWEEP_SEC: '0' });
    admin = await t.signIn({ admin: true });
    const products = await t.call<Product[]>({ method: 'GET', url: '/api/v1/product/list' });
    monthly = products.body.data.find((p) => p.priceCents === 9900)!;
  });
  afterAll(() => t.close());

  it('takes a settled commission out of available, as its own ledger entry, once', async () => {
    const { distributor, customer } = await distributorWithCustomer(t);
    const first = await buy(customer);
    await buy(customer);
    await settleAll(t);
    expect(await walletOf(t, distributor.id)).toMatchObject({ available: 3960, totalEarned: 3960 });

    const res = await refund(first);
    expect(res.status, res.body.message).toBe(200);
    expect((await orderRow(t, first.id)).status).toBe('refunded');
    expect(await expectConsistent(distributor.id)).toEqual({
      available: 1980,
      pending: 0,
      frozen: 0,
      withdrawn: 0,
      totalEarned: 1980,
      debt: 0,
    });
    expect((await entries(distributor.id)).at(-1)).toEqual({
      reason: 'commission_clawback',
      available: -1980,
      debt: 0,
    });
    const [row] = await t.database.db.select().from(commissions).where(eq(commissions.orderId, first.id));
    expect(row).toMatchObject({ status: 'cancelled' });
    expect(row?.settledAt).not.toBeNull();

    // A second refund is refused by the order and changes nothing here.
    expect((await refund(first)).status).toBe(422);
    expect(await expectConsistent(distributor.id)).toMatchObject({ available: 1980, debt: 0 });

    // The screen shows what is left.
    const screen = await t.call<DistributionWallet>({
      method: 'GET',
      url: '/api/v1/distribution/wallet',
      token: distributor.token,
    });
    expect(screen.status).toBe(200);
    expect(screen.body.data).toMatchObject({ totalEarnedCents: 1980, availableCents: 1980, debtCents: 0 });
  });

  it('records debt for commission already withdrawn and repays it from the next commissions', async () => {
    const { distributor, customer } = await distributorWithCustomer(t);
    const first = await buy(customer);
    await settleAll(t);
    const w = await withdraw(distributor, 1980);
    expect((await decide(w.id, true)).status).toBe(200);
    expect(await walletOf(t, distributor.id)).toMatchObject({ available: 0, withdrawn: 1980 });

    expect((await refund(first)).status).toBe(200);
    expect(await expectConsistent(distributor.id)).toEqual({
      available: 0,
      pending: 0,
      frozen: 0,
      withdrawn: 1980,
      totalEarned: 0,
      debt: 1980,
    });
    // Nothing to withdraw while in debt.
    const refused = await t.call({
      method: 'POST',
      url: '/api/v1/withdraw/add',
      token: distributor.token,
      payload: { amountCents: 1000, realName: '张三' },
    });
    expect(refused.status).toBe(422);
    // …and the wallet screen says why.
    const screen = await t.call<DistributionWallet>({
      method: 'GET',
      url: '/api/v1/distribution/wallet',
      token: distributor.token,
    });
    expect(screen.body.data).toMatchObject({ availableCents: 0, withdrawnCents: 1980, debtCents: 1980 });

    // The next commission pays the debt first…
    await buy(customer);
    expect(await walletOf(t, distributor.id)).toMatchObject({ pending: 1980, available: 0, debt: 1980 });
    await settleAll(t);
    expect(await expectConsistent(distributor.id)).toMatchObject({
      available: 0,
      pending: 0,
      debt: 0,
      totalEarned: 1980,
    });
    // …and the one after is the distributor's again.
    await buy(customer);
    await settleAll(t);
    expect(await expectConsistent(distributor.id)).toMatchObject({ available: 1980, debt: 0 });
    expect((await entries(distributor.id)).map((e) => e.reason)).toEqual([
      'commission_pending',
      'commission_settled',
      'withdraw_freeze',
      'withdraw_paid',
      'commission_clawback',
      'commission_pending',
      'commission_settled',
      'debt_repaid',
      'commission_pending',
      'commission_settled',
    ]);
  });

  it('splits a clawback between available and debt; a rejected withdrawal repays the debt', async () => {
    const { distributor, customer } = await distributorWithCustomer(t);
    const first = await buy(customer);
    await buy(customer);
    await settleAll(t);
    // 3960 available: 3000 frozen for a withdrawal, 960 left.
    const w = await withdraw(distributor, 3000);
    expect((await refund(first)).status).toBe(200);
    expect(await expectConsistent(distributor.id)).toMatchObject({
      available: 0,
      frozen: 3000,
      debt: 1020,
      totalEarned: 1980,
    });
    expect((await entries(distributor.id)).at(-1)).toEqual({
      reason: 'commission_clawback',
      available: -960,
      debt: 1020,
    });
    // The withdrawal is rejected: its money comes back and pays the debt first.
    expect((await decide(w.id, false)).status).toBe(200);
    expect(await expectConsistent(distributor.id)).toMatchObject({
      available: 1980,
      frozen: 0,
      debt: 0,
      totalEarned: 1980,
    });
  });

  it('a refund racing the settlement sweep never leaves the commission both settled and refunded', async () => {
    const rounds = onPostgres() ? 8 : 3;
    for (let i = 0; i < rounds; i++) {
      const { distributor, customer } = await distributorWithCustomer(t);
      const order = await buy(customer);
      const [res] = await Promise.all([refund(order), settleAll(t)]);
      expect(res.status).toBe(200);
      expect(await expectConsistent(distributor.id)).toEqual({
        available: 0,
        pending: 0,
        frozen: 0,
        withdrawn: 0,
        totalEarned: 0,
        debt: 0,
      });
      const rows = await t.database.db
        .select()
        .from(distributionLedger)
        .where(
          and(
            eq(distributionLedger.userId, distributor.id),
            eq(distributionLedger.reason, 'commission_clawback'),
          ),
        );
      expect(rows.length).toBeLessThanOrEqual(1);
    }
  });
});
