import type {
  InternalApplication,
  InternalDecideResult,
  InternalMember,
  LimitCheckResult,
  Page,
  UserInfo,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';

describe('internal members: apply, review, free generation', () => {
  let t: TestApp;
  let admin: TestUser;
  const apply = (user: TestUser) =>
    t.call<InternalApplication>({ method: 'GET', url: '/api/v1/internal/add_int_list', token: user.token });
  const status = (user: TestUser) =>
    t.call<InternalApplication>({ method: 'GET', url: '/api/v1/internal/status', token: user.token });
  const list = (query = '') =>
    t.call<Page<InternalMember>>({ method: 'GET', url: `/api/v1/internal/list${query}`, token: admin.token });
  const decideOne = (payload: object) =>
    t.call<InternalDecideResult>({
      method: 'POST',
      url: '/api/v1/internal/add',
      token: admin.token,
      payload,
    });
  const decideMany = (payload: object) =>
    t.call<InternalDecideResult>({
      method: 'POST',
      url: '/api/v1/internal/multi_add_int_list',
      token: admin.token,
      payload,
    });
  const scriptQuote = (user: TestUser) =>
    t.call<LimitCheckResult>({
      method: 'POST',
      url: '/api/v1/limit/check',
      token: user.token,
      payload: { action: 'script', units: 3 },
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn({ nickname: '管理员', admin: true });
  });
  afterAll(() => t.close());

  it('applies once: asking again returns the same pending application', async () => {
    const user = await t.signIn({ nickname: '申请人' });
    expect((await status(user)).body.data).toEqual({ status: 'none', appliedAt: null, decidedAt: null });
    const first = await apply(user);
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe('pending');
    const again = await apply(user);
    expect(again.body.data).toEqual(first.body.data);
    expect((await status(user)).body.data).toEqual(first.body.data);
    const pending = await list('?status=pending');
    expect(pending.body.data.items.filter((m) => m.userId === user.id)).toHaveLength(1);
  });

  it('approval makes generation free (the flag the limit check reads), and shows in user info', async () => {
    const user = await t.signIn({ nickname: '内部同事' });
    await apply(user);
    expect((await scriptQuote(user)).body.data).toMatchObject({ allowed: false, cost: 3 });
    const res = await decideOne({ userId: user.id, approve: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 1 });
    expect((await scriptQuote(user)).body.data).toEqual({ allowed: true, cost: 0, balance: 0 });
    const info = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token: user.token });
    expect(info.body.data.isInternal).toBe(true);
    // An approved member applying again stays approved.
    expect((await apply(user)).body.data.status).toBe('approved');
    expect(await t.app.container.staff.isInternal(user.id)).toBe(true);

    // Revoking takes the flag away again.
    await decideOne({ userId: user.id, approve: false });
    expect((await scriptQuote(user)).body.data.cost).toBe(3);
  });

  it('a rejected applicant may apply again, which puts the application back to pending', async () => {
    const user = await t.signIn();
    await apply(user);
    await decideOne({ userId: user.id, approve: false });
    const rejected = (await status(user)).body.data;
    expect(rejected.status).toBe('rejected');
    expect(rejected.decidedAt).not.toBeNull();
    const reapplied = await apply(user);
    expect(reapplied.body.data).toMatchObject({ status: 'pending', decidedAt: null });
  });

  it('refuses a decision about someone who never applied (404) and malformed input (400)', async () => {
    const stranger = await t.signIn();
    const res = await decideOne({ userId: stranger.id, approve: true });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('该用户没有提交内部成员申请');
    expect((await decideOne({ userId: 'not-a-uuid', approve: true })).status).toBe(400);
    expect((await decideOne({ userId: stranger.id })).status).toBe(400);
    expect((await decideMany({ userIds: [], approve: true })).body.message).toMatch(/至少选择一条/);
    expect(await t.app.container.staff.isInternal(stranger.id)).toBe(false);
  });

  it('decides a selection all at once, or not at all when one of them never applied', async () => {
    const users = await Promise.all([t.signIn(), t.signIn(), t.signIn()]);
    for (const u of users) await apply(u);
    const stranger = await t.signIn();

    const refused = await decideMany({ userIds: [...users.map((u) => u.id), stranger.id], approve: true });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('所选的 1 位用户没有提交内部成员申请，本次审批没有做任何修改');
    for (const u of users) expect((await status(u)).body.data.status).toBe('pending');

    const ok = await decideMany({ userIds: [users[0]!.id, users[1]!.id, users[0]!.id], approve: true });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ updated: 2 });
    expect((await status(users[0]!)).body.data.status).toBe('approved');
    expect((await status(users[1]!)).body.data.status).toBe('approved');
    expect((await status(users[2]!)).body.data.status).toBe('pending');
  });

  it('lists applications for the admin with names, filtered and paged', async () => {
    const named = await t.signIn({ nickname: '列表里的人' });
    await apply(named);
    const all = await list('?page=1&pageSize=100');
    expect(all.status).toBe(200);
    const row = all.body.data.items.find((m) => m.userId === named.id);
    expect(row).toMatchObject({ nickname: '列表里的人', status: 'pending', decidedAt: null });
    const approved = await list('?status=approved');
    expect(approved.body.data.items.every((m) => m.status === 'approved')).toBe(true);
    const paged = await list('?pageSize=1');
    expect(paged.body.data.items).toHaveLength(1);
    expect(paged.body.data.total).toBe(all.body.data.total);
    expect((await list('?status=maybe')).status).toBe(400);
  });
});
