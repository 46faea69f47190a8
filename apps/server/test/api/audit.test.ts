import type { AdminWithdrawal, AuditEntry, Page, SettleResult, Withdrawal } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDay } from '../../src/lib/china-day.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { bindCustomer, fundAvailable, payOrder } from './referral.fixtures.ts';

const DAY_MS = 86_400_000;

describe('admin audit log: every admin action leaves one entry, in its own transaction', () => {
  let t: TestApp;
  let admin: TestUser;
  let otherAdmin: TestUser;

  const audit = (query: string, token = admin.token) =>
    t.call<Page<AuditEntry>>({ method: 'GET', url: `/api/v1/admin/audit${query}`, token });
  const entriesFor = async (targetId: string) => (await audit(`?targetId=${targetId}`)).body.data.items;
  const requestWithdrawal = async (user: TestUser, amountCents: number) => {
    const res = await t.call<Withdrawal>({
      method: 'POST',
      url: '/api/v1/withdraw/add',
      token: user.token,
      payload: { amountCents, realName: '张小明' },
    });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data;
  };
  const decideWithdrawal = (payload: object, token = admin.token) =>
    t.call<AdminWithdrawal>({ method: 'POST', url: '/api/v1/withdraw/check', token, payload });
  const applyInternal = (user: TestUser) =>
    t.call({ method: 'GET', url: '/api/v1/internal/add_int_list', token: user.token });

  beforeAll(async () => {
    // The settlement period is zero and the timer off, so "settle now" is the only thing settling.
    t = await createTestApp({ SETTLEMENT_DAYS: '0', SETTLEMENT_SWEEP_SEC: '0' });
    admin = await t.signIn({ nickname: '管理员甲', admin: true });
    otherAdmin = await t.signIn({ nickname: '管理员乙', admin: true });
  });
  afterAll(() => t.close());

  it('approving a withdrawal records who, what, and the status before and after with the payout reference', async () => {
    const distributor = await t.signIn({ nickname: '提现人' });
    await fundAvailable(t, distributor, 3000);
    const w = await requestWithdrawal(distributor, 2000);
    expect(await entriesFor(w.id)).toEqual([]);

    const ok = await decideWithdrawal({ id: w.id, approve: true, payoutRef: 'WX2026112301' });
    expect(ok.status).toBe(200);
    const entries = await entriesFor(w.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      actorNickname: '管理员甲',
      action: 'withdrawal.decide',
      targetType: 'withdrawal',
      targetId: w.id,
      before: { status: 'pending', amountCents: 2000 },
      after: { status: 'approved', amountCents: 2000, payoutRef: 'WX2026112301' },
    });
    expect(Date.now() - Date.parse(entries[0]!.createdAt)).toBeLessThan(60_000);
  });

  it('a rejection records the reason; deciding it again is refused and records nothing', async () => {
    const distributor = await t.signIn();
    await fundAvailable(t, distributor, 1500);
    const w = await requestWithdrawal(distributor, 1500);

    const rejected = await decideWithdrawal(
      { id: w.id, approve: false, reason: '收款姓名与实名不一致' },
      otherAdmin.token,
    );
    expect(rejected.status).toBe(200);
    const again = await decideWithdrawal({ id: w.id, approve: true, payoutRef: 'WX-AGAIN' });
    expect(again.status).toBe(409);
    const unknown = await decideWithdrawal({
      id: '00000000-0000-4000-8000-000000000000',
      approve: true,
      payoutRef: 'WX-NONE',
    });
    expect(unknown.status).toBe(404);

    const entries = await entriesFor(w.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: otherAdmin.id,
      action: 'withdrawal.decide',
      before: { status: 'pending', amountCents: 1500 },
      after: { status: 'rejected', amountCents: 1500, reason: '收款姓名与实名不一致' },
    });
    expect(await entriesFor('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('internal-member decisions: one entry per applicant, the batch ones noted as such', async () => {
    const [a, b, c] = [await t.signIn({ nickname: '申请人甲' }), await t.signIn(), await t.signIn()];
    for (const user of [a, b, c]) await applyInternal(user);

    const one = await t.call({
      method: 'POST',
      url: '/api/v1/internal/add',
      token: admin.token,
      payload: { userId: a.id, approve: true },
    });
    expect(one.status).toBe(200);
    expect(await entriesFor(a.id)).toMatchObject([
      {
        actorId: admin.id,
        action: 'internal.decide',
        targetType: 'user',
        targetId: a.id,
        // A user acted on is named, so the log reads without looking ids up.
        targetLabel: '申请人甲',
        before: { status: 'pending' },
        after: { status: 'approved' },
        note: null,
      },
    ]);

    // Revoking an approved member (a and b together) records approved → rejected for a.
    const batch = await t.call({
      method: 'POST',
      url: '/api/v1/internal/multi_add_int_list',
      token: admin.token,
      payload: { userIds: [a.id, b.id], approve: false },
    });
    expect(batch.status).toBe(200);
    const forA = await entriesFor(a.id);
    expect(forA).toHaveLength(2);
    expect(forA[0]).toMatchObject({
      before: { status: 'approved' },
      after: { status: 'rejected' },
      note: '批量审批，共 2 人',
    });
    expect(await entriesFor(b.id)).toMatchObject([
      { before: { status: 'pending' }, after: { status: 'rejected' }, note: '批量审批，共 2 人' },
    ]);
  });

  it('a batch that fails as a whole changes nothing and records nothing', async () => {
    const applicant = await t.signIn();
    const never = await t.signIn();
    await applyInternal(applicant);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/internal/multi_add_int_list',
      token: admin.token,
      payload: { userIds: [applicant.id, never.id], approve: true },
    });
    expect(res.status).toBe(404);
    expect(await entriesFor(applicant.id)).toEqual([]);
    expect(await entriesFor(never.id)).toEqual([]);
  });

  it('settling commissions now records what was settled; a settle with nothing due records nothing', async () => {
    const d1 = await t.signIn({ nickname: '分销员一' });
    const d2 = await t.signIn({ nickname: '分销员二' });
    await payOrder(t, (await bindCustomer(t, d1)).id, 990);
    await payOrder(t, (await bindCustomer(t, d2)).id, 9900);
    const before = (await audit('?action=commission.settle')).body.data.total;

    const settle = () =>
      t.call<SettleResult>({ method: 'POST', url: '/api/v1/distribution/settle', token: admin.token });
    const first = await settle();
    expect(first.status).toBe(200);
    expect(first.body.data.settled).toBe(2);
    const entries = (await audit('?action=commission.settle')).body.data;
    expect(entries.total).toBe(before + 1);
    expect(entries.items[0]).toMatchObject({
      actorId: admin.id,
      action: 'commission.settle',
      targetType: 'commission',
      before: { status: 'pending', count: 2, amountCents: 198 + 1980 },
      after: { status: 'available', count: 2, amountCents: 198 + 1980, distributors: 2 },
    });
    // The target is the cut-off: everything due by that instant.
    expect(Math.abs(Date.parse(entries.items[0]!.targetId) - Date.now())).toBeLessThan(60_000);

    const second = await settle();
    expect(second.body.data.settled).toBe(0);
    expect((await audit('?action=commission.settle')).body.data.total).toBe(before + 1);
  });

  it('filters by action, target, actor and China-day range, and pages newest first', async () => {
    const all = (await audit('?pageSize=100')).body.data;
    expect(all.total).toBe(6);
    expect(all.items.map((e) => e.id)).toEqual([...all.items.map((e) => e.id)].sort((x, y) => y - x));

    const decisions = (await audit('?action=withdrawal.decide')).body.data;
    expect(decisions.total).toBe(2);
    expect(decisions.items.every((e) => e.action === 'withdrawal.decide')).toBe(true);

    const byUsers = (await audit('?targetType=user&pageSize=100')).body.data;
    expect(byUsers.total).toBe(3);
    expect(byUsers.items.every((e) => e.action === 'internal.decide')).toBe(true);

    const byOther = (await audit(`?actorId=${otherAdmin.id}`)).body.data;
    expect(byOther.total).toBe(1);
    expect(byOther.items[0]).toMatchObject({ actorNickname: '管理员乙', after: { status: 'rejected' } });

    const today = chinaDay(new Date());
    const yesterday = chinaDay(new Date(Date.now() - DAY_MS));
    const tomorrow = chinaDay(new Date(Date.now() + DAY_MS));
    expect((await audit(`?from=${today}&to=${today}`)).body.data.total).toBe(all.total);
    expect((await audit(`?to=${yesterday}`)).body.data.total).toBe(0);
    expect((await audit(`?from=${tomorrow}`)).body.data.total).toBe(0);

    const page1 = (await audit('?pageSize=3&page=1')).body.data;
    const page2 = (await audit('?pageSize=3&page=2')).body.data;
    expect(page1).toMatchObject({ total: all.total, page: 1, pageSize: 3 });
    expect(page1.items).toHaveLength(3);
    expect(page2.items.map((e) => e.id)).toEqual(all.items.slice(3, 6).map((e) => e.id));

    for (const bad of [
      '?action=order.delete',
      '?from=2026-13-01',
      '?to=2026-02-30',
      '?actorId=abc',
      '?pageSize=101',
    ]) {
      const res = await audit(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('the database refuses to rewrite or delete an entry', async () => {
    const { db } = t.database;
    const total = (await audit('')).body.data.total;
    expect(total).toBeGreaterThan(0);
    // drizzle wraps the driver's error ("Failed query: …"); the trigger's words are its cause.
    const refusal = (query: ReturnType<typeof sql>) =>
      db.execute(query).then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(sql`update admin_audit_log set note = 'rewritten'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from admin_audit_log`)).toMatch(/append-only/);
    const after = (await audit('?pageSize=100')).body.data;
    expect(after.total).toBe(total);
    expect(after.items.some((e) => e.note === 'rewritten')).toBe(false);
  });

  it('is for admins only: 403 for a user, 401 without a session', async () => {
    const user = await t.signIn();
    const forbidden = await audit('', user.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('仅管理员可以进行此操作');
    const anonymous = await t.call({ method: 'GET', url: '/api/v1/admin/audit' });
    expect(anonymous.status).toBe(401);
    // A user cannot decide (and so cannot leave entries) either.
    const decide = await decideWithdrawal(
      { id: '00000000-0000-4000-8000-000000000000', approve: false, reason: '测试' },
      user.token,
    );
    expect(decide.status).toBe(403);
  });
});
