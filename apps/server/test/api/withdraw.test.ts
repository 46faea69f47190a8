import type { AdminWithdrawal, DistributionWallet, Page, Withdrawal } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres, openSecondInstance } from '../helpers/test-database.ts';
import { fundAvailable, ledgerOf, walletOf } from './referral.fixtures.ts';

const request = (t: TestApp, token: string, payload: object) =>
  t.call<Withdrawal>({ method: 'POST', url: '/api/v1/withdraw/add', token, payload });
const decide = (t: TestApp, token: string, payload: object) =>
  t.call<AdminWithdrawal>({ method: 'POST', url: '/api/v1/withdraw/check', token, payload });

describe('withdrawals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('freezes the amount at once and lists it as pending', async () => {
    const a = await t.signIn({ nickname: '提现人' });
    await fundAvailable(t, a, 5000);
    const { status, body } = await request(t, a.token, { amountCents: 1200, realName: ' 张三 ' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      amountCents: 1200,
      realName: '张三',
      status: 'pending',
      reason: null,
      payoutRef: null,
      decidedAt: null,
    });
    expect(await walletOf(t, a.id)).toEqual({
      available: 3800,
      pending: 0,
      frozen: 1200,
      withdrawn: 0,
      totalEarned: 5000,
      debt: 0,
    });
    expect(await ledgerOf(t, a.id)).toEqual(await walletOf(t, a.id));

    const list = await t.call<Page<Withdrawal>>({
      method: 'GET',
      url: '/api/v1/withdraw/list',
      token: a.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.body.data.items[0]).toMatchObject({ id: body.data.id, status: 'pending' });
  });

  it('refuses less than the minimum, more than available, and bad input, changing nothing', async () => {
    const a = await t.signIn();
    await fundAvailable(t, a, 2000);
    const below = await request(t, a.token, { amountCents: 999, realName: '李四' });
    expect(below.status).toBe(422);
    expect(below.body.message).toBe('单笔提现金额不能低于 ¥10.00');
    const above = await request(t, a.token, { amountCents: 2001, realName: '李四' });
    expect(above.status).toBe(422);
    expect(above.body.message).toMatch(/可提现余额不足/);
    const cases: [object, RegExp][] = [
      [{ amountCents: 1000 }, /真实姓名/],
      [{ amountCents: 10.5, realName: '李四' }, /精确到分/],
      [{ amountCents: -100, realName: '李四' }, /大于 0/],
      [{ amountCents: '1000', realName: '李四' }, /提现金额/],
      [{ amountCents: 1000, realName: '李' }, /真实姓名/],
      [{ amountCents: 1000, realName: '李四', userId: a.id }, /.+/],
    ];
    for (const [payload, message] of cases) {
      const res = await request(t, a.token, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await walletOf(t, a.id)).toMatchObject({ available: 2000, frozen: 0 });
    const list = await t.call<Page<Withdrawal>>({
      method: 'GET',
      url: '/api/v1/withdraw/list',
      token: a.token,
    });
    expect(list.body.data.total).toBe(0);
  });

  it('honours a configured minimum', async () => {
    const custom = await createTestApp({ WITHDRAW_MIN_CENTS: '5000' });
    try {
      const a = await custom.signIn();
      await fundAvailable(custom, a, 6000);
      const res = await request(custom, a.token, { amountCents: 4999, realName: '王五' });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('单笔提现金额不能低于 ¥50.00');
      const wallet = await custom.call<DistributionWallet>({
        method: 'GET',
        url: '/api/v1/distribution/wallet',
        token: a.token,
      });
      expect(wallet.body.data.rules.withdrawMinCents).toBe(5000);
    } finally {
      await custom.close();
    }
  });

  it('approval moves frozen to withdrawn and records the payout reference; a second decision is refused', async () => {
    const a = await t.signIn({ nickname: '小林' });
    const admin = await t.signIn({ admin: true });
    await fundAvailable(t, a, 3000);
    const w = (await request(t, a.token, { amountCents: 2000, realName: '林一' })).body.data;

    const missingRef = await decide(t, admin.token, { id: w.id, approve: true });
    expect(missingRef.status).toBe(400);
    expect(missingRef.body.message).toMatch(/打款流水号/);

    const ok = await decide(t, admin.token, { id: w.id, approve: true, payoutRef: 'WX20261121001' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      id: w.id,
      status: 'approved',
      payoutRef: 'WX20261121001',
      reason: null,
      userId: a.id,
      nickname: '小林',
    });
    expect(ok.body.data.decidedAt).not.toBeNull();
    expect(await walletOf(t, a.id)).toEqual({
      available: 1000,
      pending: 0,
      frozen: 0,
      withdrawn: 2000,
      totalEarned: 3000,
      debt: 0,
    });

    const again = await decide(t, admin.token, { id: w.id, approve: false, reason: '重复' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('该提现申请已打款，不能重复审核');
    expect(await walletOf(t, a.id)).toMatchObject({ available: 1000, frozen: 0, withdrawn: 2000 });
    expect(await ledgerOf(t, a.id)).toEqual(await walletOf(t, a.id));
  });

  it('rejection returns the amount to available and shows the reason to the user', async () => {
    const a = await t.signIn();
    const admin = await t.signIn({ admin: true });
    await fundAvailable(t, a, 1500);
    const w = (await request(t, a.token, { amountCents: 1500, realName: '赵六' })).body.data;
    expect(await walletOf(t, a.id)).toMatchObject({ available: 0, frozen: 1500 });

    const noReason = await decide(t, admin.token, { id: w.id, approve: false });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/驳回原因/);

    const res = await decide(t, admin.token, { id: w.id, approve: false, reason: '收款姓名与实名不一致' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'rejected',
      reason: '收款姓名与实名不一致',
      payoutRef: null,
    });
    expect(await walletOf(t, a.id)).toMatchObject({ available: 1500, frozen: 0, withdrawn: 0 });

    const mine = await t.call<Page<Withdrawal>>({
      method: 'GET',
      url: '/api/v1/withdraw/list',
      token: a.token,
    });
    expect(mine.body.data.items[0]).toMatchObject({ status: 'rejected', reason: '收款姓名与实名不一致' });
    const twice = await decide(t, admin.token, { id: w.id, approve: true, payoutRef: 'X' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('该提现申请已驳回，不能重复审核');
  });

  it('answers an unknown withdrawal with 404 and a malformed id with 400', async () => {
    const admin = await t.signIn({ admin: true });
    const unknown = await decide(t, admin.token, {
      id: '00000000-0000-4000-8000-000000000000',
      approve: true,
      payoutRef: 'X',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('提现申请不存在');
    const malformed = await decide(t, admin.token, { id: 'abc', approve: true, payoutRef: 'X' });
    expect(malformed.status).toBe(400);
  });

  it('gives the admin a queue filtered by status, newest first, with who asked', async () => {
    const custom = await createTestApp();
    try {
      const admin = await custom.signIn({ admin: true });
      const a = await custom.signIn({ nickname: '甲' });
      const b = await custom.signIn({ nickname: '乙' });
      await fundAvailable(custom, a, 5000);
      await fundAvailable(custom, b, 5000);
      const w1 = (await request(custom, a.token, { amountCents: 1000, realName: '甲某' })).body.data;
      await request(custom, b.token, { amountCents: 2000, realName: '乙某' });
      await request(custom, a.token, { amountCents: 3000, realName: '甲某' });
      await decide(custom, admin.token, { id: w1.id, approve: true, payoutRef: 'P1' });

      const all = await custom.call<Page<AdminWithdrawal>>({
        method: 'GET',
        url: '/api/v1/withdraw/all',
        token: admin.token,
      });
      expect(all.status).toBe(200);
      expect(all.body.data.total).toBe(3);
      expect(all.body.data.items.map((w) => w.amountCents)).toEqual([3000, 2000, 1000]);
      expect(all.body.data.items.map((w) => w.nickname)).toEqual(['甲', '乙', '甲']);

      const pending = await custom.call<Page<AdminWithdrawal>>({
        method: 'GET',
        url: '/api/v1/withdraw/all?status=pending&page=1&pageSize=1',
        token: admin.token,
      });
      expect(pending.body.data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
      expect(pending.body.data.items).toHaveLength(1);
      const bad = await custom.call({
        method: 'GET',
        url: '/api/v1/withdraw/all?status=done',
        token: admin.token,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/提现状态/);

      // A user's own list holds only their rows.
      const mineB = await custom.call<Page<Withdrawal>>({
        method: 'GET',
        url: '/api/v1/withdraw/list',
        token: b.token,
      });
      expect(mineB.body.data.items.map((w) => w.amountCents)).toEqual([2000]);
    } finally {
      await custom.close();
    }
  });
});

describe.runIf(onPostgres())('withdrawals on PostgreSQL: races', () => {
  it('100 concurrent withdrawals of ¥10 against ¥500: exactly 50 succeed, available ends at 0', async () => {
    const t = await createTestApp();
    try {
      const a = await t.signIn();
      await fundAvailable(t, a, 50_000);
      const results = await Promise.all(
        Array.from({ length: 100 }, () => request(t, a.token, { amountCents: 1000, realName: '并发测试' })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(50);
      expect(statuses.filter((s) => s === 422)).toHaveLength(50);
      expect(await walletOf(t, a.id)).toEqual({
        available: 0,
        pending: 0,
        frozen: 50_000,
        withdrawn: 0,
        totalEarned: 50_000,
        debt: 0,
      });
      expect(await ledgerOf(t, a.id)).toEqual(await walletOf(t, a.id));
      const list = await t.call<Page<Withdrawal>>({
        method: 'GET',
        url: '/api/v1/withdraw/list?pageSize=100',
        token: a.token,
      });
      expect(list.body.data.total).toBe(50);
    } finally {
      await t.close();
    }
  });

  it('concurrent approve and reject of one withdrawal, on two instances: exactly one wins', async () => {
    const a1 = await createTestApp();
    const second = await openSecondInstance(a1.database);
    const a2 = await createTestApp({}, { database: second });
    try {
      const user = await a1.signIn();
      const admin = await a1.signIn({ admin: true });
      await fundAvailable(a1, user, 20 * 1000);
      for (let round = 0; round < 20; round++) {
        const w = (await request(a1, user.token, { amountCents: 1000, realName: '竞争测试' })).body.data;
        const [approve, reject] = await Promise.all([
          decide(a1, admin.token, { id: w.id, approve: true, payoutRef: `P${round}` }),
          decide(a2, admin.token, { id: w.id, approve: false, reason: '并发驳回' }),
        ]);
        expect([approve.status, reject.status].sort()).toEqual([200, 409]);
      }
      const wallet = await walletOf(a1, user.id);
      expect(wallet.frozen).toBe(0);
      expect(wallet.available + wallet.withdrawn).toBe(20_000);
      expect(await ledgerOf(a1, user.id)).toEqual(wallet);
      const all = await a1.call<Page<AdminWithdrawal>>({
        method: 'GET',
        url: '/api/v1/withdraw/all?pageSize=100',
        token: admin.token,
      });
      const approvedSum = all.body.data.items
        .filter((w) => w.status === 'approved')
        .reduce((s, w) => s + w.amountCents, 0);
      expect(approvedSum).toBe(wallet.withdrawn);
    } finally {
      await a2.close();
      await second.close();
      await a1.close();
    }
  });
});
