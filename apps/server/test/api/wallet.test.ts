import type { GoodsWallet, LedgerEntry, Page } from '@app/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { createOrder, expectBalanceMatchesLedger, payOrder } from './order.fixtures.ts';

describe('goods wallet: balance and ledger', () => {
  let t: TestApp;
  const users: TestUser[] = [];
  const signIn = async () => {
    const user = await t.signIn();
    users.push(user);
    return user;
  };
  const wallet = (user: TestUser) =>
    t.call<GoodsWallet>({ method: 'GET', url: '/api/v1/goods/wallet', token: user.token });
  const ledger = (user: TestUser, query = '') =>
    t.call<Page<LedgerEntry>>({
      method: 'GET',
      url: `/api/v1/goods/wallet_transaction${query}`,
      token: user.token,
    });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => expectBalanceMatchesLedger(t, users));
  afterAll(() => t.close());

  it('shows a new user an empty wallet, and refuses visitors', async () => {
    const user = await signIn();
    const res = await wallet(user);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ balance: 0, unlimited: false });
    expect((await ledger(user)).body.data).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    expect((await t.call({ method: 'GET', url: '/api/v1/goods/wallet' })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/v1/goods/wallet_transaction' })).status).toBe(401);
  });

  it('records bonus, purchase, generation and refund rows, newest first, with the balance after each', async () => {
    const user = await signIn();
    const { container } = t.app;
    await container.onboarding.welcome(user.id);
    const order = await createOrder(t, user);
    await payOrder(t, user, order.id);
    await t.call({ method: 'POST', url: `/api/v1/dev/pay/${order.orderNo}/confirm` });
    await container.wallet.change({ userId: user.id, delta: -2, reason: 'generation', refId: 'gen-1' });
    await container.wallet.change({ userId: user.id, delta: 1, reason: 'refund', refId: 'gen-1' });

    expect((await wallet(user)).body.data.balance).toBe(3 + 10 - 2 + 1);
    const { items, total } = (await ledger(user)).body.data;
    expect(total).toBe(4);
    expect(
      items.map(({ delta, balanceAfter, reason, refId }) => ({ delta, balanceAfter, reason, refId })),
    ).toEqual([
      { delta: 1, balanceAfter: 12, reason: 'refund', refId: 'gen-1' },
      { delta: -2, balanceAfter: 11, reason: 'generation', refId: 'gen-1' },
      { delta: 10, balanceAfter: 13, reason: 'purchase', refId: order.id },
      { delta: 3, balanceAfter: 3, reason: 'signup_bonus', refId: user.id },
    ]);
    for (const item of items) {
      expect(item.id).toMatch(/^\d+$/);
      expect(Number.isNaN(Date.parse(item.createdAt))).toBe(false);
    }
  });

  it('pages the ledger and refuses bad paging', async () => {
    const user = await signIn();
    for (let i = 1; i <= 5; i++) {
      await t.app.container.wallet.change({ userId: user.id, delta: i, reason: 'grant', refId: `g${i}` });
    }
    const page2 = (await ledger(user, '?page=2&pageSize=2')).body.data;
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items.map((i) => i.refId)).toEqual(['g3', 'g2']);
    const bad = await ledger(user, '?pageSize=500');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('每页最多 100 条');
    expect((await ledger(user, '?sort=asc')).status).toBe(400);
  });

  it("never shows another user's ledger", async () => {
    const a = await signIn();
    const b = await signIn();
    await t.app.container.wallet.change({ userId: a.id, delta: 7, reason: 'grant', refId: 'a' });
    expect((await wallet(b)).body.data.balance).toBe(0);
    expect((await ledger(b)).body.data.total).toBe(0);
  });

  it('marks an approved internal member unlimited', async () => {
    const admin = await signIn();
    await t.app.container.users.grantAdmin(admin.id);
    const member = await signIn();
    await t.app.container.staff.apply(member.id);
    await t.app.container.staff.decide(admin.id, member.id, true);
    expect((await wallet(member)).body.data).toEqual({ balance: 0, unlimited: true });
  });
});
