import type { AdminUser, AdminUserDetail, AuditEntry, Page, UserInfo } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { onPostgres, openSecondInstance } from '../helpers/test-database.ts';
import { grant, startGeneration, waitFinished } from './creation-helpers.ts';
import { devScan, listen, newQr, openStream } from './login.helpers.ts';
import { createOrder, payOrder } from './order.fixtures.ts';
import { foodCreator } from './persona.fixtures.ts';

const DISABLED = '该账号已被停用，如有疑问请联系客服';
const USER_NOT_FOUND = '用户不存在，请核对用户编号';

type Api = { status: number; body: { success: boolean; data: unknown; message: string } };

function helpers(t: TestApp) {
  return {
    info: (token: string) => t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token }),
    list: (token: string, query: Record<string, string> = {}) =>
      t.call<Page<AdminUser>>({
        method: 'GET',
        url: `/api/v1/admin/users?${new URLSearchParams(query)}`,
        token,
      }),
    detail: (token: string, id: string) =>
      t.call<AdminUserDetail>({ method: 'GET', url: `/api/v1/admin/users/${id}`, token }),
    disable: (token: string, id: string, payload: unknown = { reason: '刷单' }) =>
      t.call<AdminUser>({
        method: 'POST',
        url: `/api/v1/admin/users/${id}/disable`,
        token,
        payload: payload as object,
      }),
    enable: (token: string, id: string, payload: unknown = {}) =>
      t.call<AdminUser>({
        method: 'POST',
        url: `/api/v1/admin/users/${id}/enable`,
        token,
        payload: payload as object,
      }),
    role: (token: string, id: string, payload: unknown) =>
      t.call<AdminUser>({
        method: 'POST',
        url: `/api/v1/admin/users/${id}/role`,
        token,
        payload: payload as object,
      }),
    audit: (token: string, targetId: string) =>
      t.call<Page<AuditEntry>>({
        method: 'GET',
        url: `/api/v1/admin/audit?targetType=user&targetId=${targetId}`,
        token,
      }),
  };
}

/** The whole dev QR login over a real port, as a browser and a phone do it. */
async function qrLogin(t: TestApp, baseUrl: string, nickname: string) {
  const qr = await newQr(t);
  const stream = await openStream(baseUrl, qr.state);
  await stream.next();
  const scan = await devScan(t, qr.state, nickname);
  let event = await stream.next();
  if (event.status === 'scanned') event = await stream.next();
  stream.close();
  return { scan, event };
}

describe('admin users: search, detail, disable and enable, the admin role', () => {
  let t: TestApp;
  let baseUrl: string;
  let admin: TestUser;
  let api: ReturnType<typeof helpers>;
  // A run-unique word, so searches find only this file's users.
  const tag = `巡${Date.now().toString(36).slice(-4)}`;

  beforeAll(async () => {
    // Sessions and users cached for a minute: every "at once" below is the event, not expiry.
    t = await createTestApp({
      SESSION_CACHE_MS: '60000',
      GENERATION_RATE_PER_MIN: '1000',
      LOGIN_RATE_PER_MIN: '1000',
    });
    baseUrl = await listen(t);
    api = helpers(t);
    admin = await t.signIn({ nickname: `${tag}管理员`, admin: true });
  });
  afterAll(() => t.close());

  describe('access and input', () => {
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const calls = (h: ReturnType<typeof helpers>, token: string, id = unknownId): Promise<Api>[] => [
      h.list(token),
      h.detail(token, id),
      h.disable(token, id),
      h.enable(token, id),
      h.role(token, id, { admin: true }),
    ];

    it('refuses visitors (401) and plain users (403) in Chinese', async () => {
      for (const res of await Promise.all(calls(api, ''))) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, data: null, message: '登录已失效，请重新登录' });
      }
      const user = await t.signIn();
      for (const res of await Promise.all(calls(api, user.token))) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('仅管理员可以进行此操作');
      }
    });

    it('answers an unknown user with a Chinese 404, a malformed id too', async () => {
      for (const target of [unknownId, 'not-a-user-id']) {
        for (const res of await Promise.all(calls(api, admin.token, target).slice(1))) {
          expect(res.status).toBe(404);
          expect(res.body.message).toBe(USER_NOT_FOUND);
        }
      }
    });

    it('refuses bad input with a clean 400 and changes nothing', async () => {
      const user = await t.signIn();
      const bad: Array<Promise<Api>> = [
        api.list(admin.token, { flag: 'vip' }),
        api.list(admin.token, { pageSize: '1000' }),
        api.list(admin.token, { page: '0' }),
        api.list(admin.token, { keyword: 'x'.repeat(65) }),
        api.list(admin.token, { sort: 'nickname' }),
        api.disable(admin.token, user.id, {}),
        api.disable(admin.token, user.id, { reason: '   ' }),
        api.disable(admin.token, user.id, { reason: '长'.repeat(201) }),
        api.disable(admin.token, user.id, { reason: '刷单', extra: 1 }),
        api.disable(admin.token, user.id, { reason: 42 }),
        api.enable(admin.token, user.id, { reason: '好'.repeat(201) }),
        api.role(admin.token, user.id, { admin: 'yes' }),
        api.role(admin.token, user.id, {}),
      ];
      for (const res of await Promise.all(bad)) {
        expect(res.status).toBe(400);
        expect(res.body.success).toBe(false);
        expect(res.body.message).toMatch(/\p{Script=Han}/u);
      }
      expect((await api.info(user.token)).body.data.role).toBe('user');
      expect((await api.detail(admin.token, user.id)).body.data.disabledAt).toBeNull();
    });
  });

  describe('search', () => {
    let plain: TestUser;
    let distributor: TestUser;
    let member: TestUser;
    let disabled: TestUser;
    let other: TestUser;

    beforeAll(async () => {
      plain = await t.signIn({ nickname: `${tag}小明` });
      distributor = await t.signIn({ nickname: `${tag}分销小红` });
      await t.app.container.distributors.become(distributor.id);
      member = await t.signIn({ nickname: `${tag}内部小刚` });
      await t.app.container.staff.apply(member.id);
      await t.app.container.staff.decide(admin.id, member.id, true);
      disabled = await t.signIn({ nickname: `${tag}停用小李` });
      expect((await api.disable(admin.token, disabled.id)).status).toBe(200);
      other = await t.signIn({ nickname: `${tag}其他人` });
    });

    const ids = (page: Page<AdminUser>) => page.items.map((u) => u.id);

    it('finds users by part of the nickname, newest first, and pages them', async () => {
      const all = (await api.list(admin.token, { keyword: tag })).body.data;
      expect(ids(all)).toEqual([other.id, disabled.id, member.id, distributor.id, plain.id, admin.id]);
      expect(all.total).toBe(6);
      const second = (await api.list(admin.token, { keyword: tag, page: '2', pageSize: '4' })).body.data;
      expect(second).toMatchObject({ total: 6, page: 2, pageSize: 4 });
      expect(ids(second)).toEqual([plain.id, admin.id]);
      const one = (await api.list(admin.token, { keyword: `${tag}分销` })).body.data;
      expect(ids(one)).toEqual([distributor.id]);
      expect(one.items[0]).toMatchObject({
        nickname: `${tag}分销小红`,
        role: 'user',
        isDistributor: true,
        isInternal: false,
        disabledAt: null,
        creditsBalance: 0,
        paidOrdersCount: 0,
      });
    });

    it('finds a user by id, and by openid', async () => {
      expect(ids((await api.list(admin.token, { keyword: member.id })).body.data)).toEqual([member.id]);
      expect(ids((await api.list(admin.token, { keyword: member.id.toUpperCase() })).body.data)).toEqual([
        member.id,
      ]);
      const openid = (await api.detail(admin.token, member.id)).body.data.openid;
      expect(ids((await api.list(admin.token, { keyword: openid })).body.data)).toEqual([member.id]);
    });

    it('treats % and _ in a keyword as themselves', async () => {
      expect((await api.list(admin.token, { keyword: `${tag}%` })).body.data.total).toBe(0);
      expect((await api.list(admin.token, { keyword: `${tag}_` })).body.data.total).toBe(0);
    });

    it('filters by flag: admin, distributor, internal member, disabled', async () => {
      const flagged = async (flag: string) =>
        ids((await api.list(admin.token, { keyword: tag, flag })).body.data);
      expect(await flagged('admin')).toEqual([admin.id]);
      expect(await flagged('distributor')).toEqual([distributor.id]);
      expect(await flagged('internal')).toEqual([member.id]);
      expect(await flagged('disabled')).toEqual([disabled.id]);
      const row = (await api.list(admin.token, { keyword: tag, flag: 'disabled' })).body.data.items[0]!;
      expect(new Date(row.disabledAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });
  });

  it('shows the detail: referrer, customers, personas, scripts, credits, latest orders and ledger', async () => {
    const referrer = await t.signIn({ nickname: `${tag}推荐人` });
    await t.app.container.distributors.become(referrer.id);
    const user = await t.signIn({ nickname: `${tag}详情用户` });
    await t.app.container.users.bindReferrer(user.id, referrer.id);
    for (const nickname of ['客户甲', '客户乙']) {
      const customer = await t.signIn({ nickname: `${tag}${nickname}` });
      await t.app.container.users.bindReferrer(customer.id, user.id);
    }
    await grant(t, user, 5);
    const persona = await t.call({
      method: 'POST',
      url: '/api/v1/persona/analyze',
      token: user.token,
      payload: foodCreator,
    });
    expect(persona.status, persona.body.message).toBe(200);
    await waitFinished(t, user, await startGeneration(t, user, { variants: 2 }));
    const paid = await createOrder(t, user);
    await payOrder(t, user, paid.id);
    const confirm = await t.call({ method: 'POST', url: `/api/v1/dev/pay/${paid.orderNo}/confirm` });
    expect(confirm.status).toBe(200);
    const pending = await createOrder(t, user);

    const res = await api.detail(admin.token, user.id);
    expect(res.status).toBe(200);
    const detail = res.body.data;
    const balance = await t.app.container.wallet.balance(user.id);
    expect(detail).toMatchObject({
      id: user.id,
      nickname: `${tag}详情用户`,
      role: 'user',
      isDistributor: false,
      disabledAt: null,
      referrer: { id: referrer.id, nickname: `${tag}推荐人` },
      customersCount: 2,
      personasCount: 1,
      scriptsCount: 2,
      ordersCount: 2,
      paidOrdersCount: 1,
      creditsBalance: balance,
    });
    expect(detail.orders.map((o) => [o.orderNo, o.status])).toEqual([
      [pending.orderNo, 'pending'],
      [paid.orderNo, 'paid'],
    ]);
    // grant 5, persona −1, script −2 (one per variant), purchase +10: newest first.
    expect(detail.ledger.map((e) => [e.reason, e.delta])).toEqual([
      ['purchase', 10],
      ['generation', -2],
      ['generation', -1],
      ['grant', 5],
    ]);
    expect(detail.ledgerCount).toBe(4);
    expect(detail.ledger[0]).toMatchObject({ balanceAfter: balance, refId: paid.id });
    // The referrer counts their customer.
    expect((await api.detail(admin.token, referrer.id)).body.data).toMatchObject({
      customersCount: 1,
      isDistributor: true,
      referrer: null,
    });
  });

  it('disable: the old session is refused at once, login is refused; enable lets them log in again', async () => {
    const nickname = `${tag}被停用`;
    const first = await qrLogin(t, baseUrl, nickname);
    const token = first.event.token!;
    const user = (await api.info(token)).body.data;
    const second = (await qrLogin(t, baseUrl, nickname)).event.token!;
    // Both sessions and the user are now cached on this instance.
    expect((await api.info(token)).status).toBe(200);
    expect((await api.info(second)).status).toBe(200);

    const res = await api.disable(admin.token, user.userId, { reason: ' 多次违规发布广告 ' });
    expect(res.status).toBe(200);
    expect(res.body.data.disabledAt).not.toBeNull();
    for (const old of [token, second]) {
      const refused = await api.info(old);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('登录已失效，请重新登录');
    }

    expect((await api.detail(admin.token, user.userId)).body.data).toMatchObject({
      disabledReason: '多次违规发布广告',
      disabledByNickname: `${tag}管理员`,
    });

    // The phone is told, and the browser's status stream says why there is no token.
    const again = await qrLogin(t, baseUrl, nickname);
    expect(again.scan.status).toBe(403);
    expect(again.scan.body.message).toBe(DISABLED);
    expect(again.event).toMatchObject({ status: 'complete', message: DISABLED });
    expect(again.event.token).toBeUndefined();

    const twice = await api.disable(admin.token, user.userId);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('该账号已是停用状态');

    const enabled = await api.enable(admin.token, user.userId, { reason: '申诉通过' });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.disabledAt).toBeNull();
    expect((await api.detail(admin.token, user.userId)).body.data).toMatchObject({
      disabledAt: null,
      disabledReason: null,
    });
    const back = await qrLogin(t, baseUrl, nickname);
    expect(back.scan.status).toBe(200);
    expect((await api.info(back.event.token!)).body.data.userId).toBe(user.userId);
    // The sessions that were ended stay ended.
    expect((await api.info(token)).status).toBe(401);
    expect((await api.enable(admin.token, user.userId)).status).toBe(409);

    const audit = (await api.audit(admin.token, user.userId)).body.data.items;
    expect(audit.map((e) => e.action)).toEqual(['user.enable', 'user.disable']);
    expect(audit[1]).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      targetId: user.userId,
      note: '多次违规发布广告',
      before: { disabledAt: null },
      after: { sessionsEnded: 2 },
    });
    expect(audit[0]).toMatchObject({ note: '申诉通过', after: { disabledAt: null } });
    expect(audit[0]!.before).toEqual({ disabledAt: audit[1]!.after!.disabledAt });
  });

  it('a disabled user keeps no way in: a session made through the services is refused as well', async () => {
    const user = await t.signIn({ nickname: `${tag}旁路` });
    expect((await api.disable(admin.token, user.id)).status).toBe(200);
    const token = await t.app.container.sessions.create(user.id);
    const res = await api.info(token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(DISABLED);
  });

  it('role: granting and taking admin shows in /user/info at once, and is audited', async () => {
    const user = await t.signIn({ nickname: `${tag}新管理员` });
    expect((await api.info(user.token)).body.data.role).toBe('user');
    expect((await api.list(user.token)).status).toBe(403);

    const granted = await api.role(admin.token, user.id, { admin: true });
    expect(granted.status).toBe(200);
    expect(granted.body.data.role).toBe('admin');
    expect((await api.info(user.token)).body.data.role).toBe('admin');
    expect((await api.list(user.token)).status).toBe(200);
    expect((await api.role(admin.token, user.id, { admin: true })).status).toBe(409);

    const revoked = await api.role(admin.token, user.id, { admin: false });
    expect(revoked.status).toBe(200);
    expect((await api.info(user.token)).body.data.role).toBe('user');
    expect((await api.list(user.token)).status).toBe(403);
    const notAdmin = await api.role(admin.token, user.id, { admin: false });
    expect(notAdmin.status).toBe(409);
    expect(notAdmin.body.message).toBe('该用户不是管理员');

    const audit = (await api.audit(admin.token, user.id)).body.data.items;
    expect(audit.map((e) => [e.action, e.before, e.after, e.actorNickname])).toEqual([
      ['user.role', { role: 'admin' }, { role: 'user' }, `${tag}管理员`],
      ['user.role', { role: 'user' }, { role: 'admin' }, `${tag}管理员`],
    ]);
  });

  it('refuses to make a disabled account an admin', async () => {
    const user = await t.signIn();
    await api.disable(admin.token, user.id);
    const res = await api.role(admin.token, user.id, { admin: true });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('该账号已停用，请先恢复后再设为管理员');
  });

  it('an admin can neither disable nor demote themselves; nothing changes', async () => {
    const self = await api.disable(admin.token, admin.id);
    expect(self.status).toBe(422);
    expect(self.body.message).toBe('不能停用自己的账号');
    const demote = await api.role(admin.token, admin.id, { admin: false });
    expect(demote.status).toBe(422);
    expect(demote.body.message).toMatch(/^不能取消自己的管理员权限|^你是唯一的管理员/);
    expect((await api.info(admin.token)).body.data.role).toBe('admin');
    expect((await api.list(admin.token)).status).toBe(200);
    expect((await api.audit(admin.token, admin.id)).body.data.total).toBe(0);
  });

  it('the only admin is told so when demoting themselves', async () => {
    const solo = await createTestApp();
    try {
      const only = await solo.signIn({ admin: true });
      const res = await helpers(solo).role(only.token, only.id, { admin: false });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('你是唯一的管理员，不能取消自己的管理员权限');
    } finally {
      await solo.close();
    }
  });

  it('two admins removing each other at once: one wins, the last admin stays', async () => {
    const solo = await createTestApp();
    try {
      const h = helpers(solo);
      const a = await solo.signIn({ admin: true });
      const b = await solo.signIn({ admin: true });
      // Both pass the admin check before either change lands.
      expect((await h.list(a.token)).status).toBe(200);
      expect((await h.list(b.token)).status).toBe(200);
      const [ab, ba] = await Promise.all([
        h.role(a.token, b.id, { admin: false }),
        h.role(b.token, a.id, { admin: false }),
      ]);
      expect([ab.status, ba.status].sort()).toEqual([200, 403]);
      const roles = await Promise.all([h.info(a.token), h.info(b.token)]);
      expect(roles.map((r) => r.body.data.role).sort()).toEqual(['admin', 'user']);

      // The same for disabling each other: one admin can still sign in.
      const c = await solo.signIn({ admin: true });
      const winner = ab.status === 200 ? a : b;
      expect((await h.list(c.token)).status).toBe(200);
      const [wc, cw] = await Promise.all([
        h.disable(winner.token, c.id, { reason: '互相停用' }),
        h.disable(c.token, winner.id, { reason: '互相停用' }),
      ]);
      // The loser is refused as a disabled session (401) or as no longer able to act (403).
      const statuses = [wc.status, cw.status];
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.find((s) => s !== 200)).toBeOneOf([401, 403]);
      const alive = await Promise.all([h.info(winner.token), h.info(c.token)]);
      expect(alive.filter((r) => r.status === 200)).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });
});

describe.runIf(onPostgres())('admin users across two instances on PostgreSQL', () => {
  it('a user disabled on instance A is refused on instance B at once; a new role shows there too', async () => {
    const a = await createTestApp({ SESSION_CACHE_MS: '60000' });
    const second = await openSecondInstance(a.database);
    const b = await createTestApp({ SESSION_CACHE_MS: '60000' }, { database: second });
    try {
      const admin = await a.signIn({ admin: true });
      const user = await a.signIn();
      const [onA, onB] = [helpers(a), helpers(b)];
      // B has the session and the user cached for a minute.
      expect((await onB.info(user.token)).body.data.role).toBe('user');

      expect((await onA.role(admin.token, user.id, { admin: true })).status).toBe(200);
      const role = await waitForStatus(
        () => onB.info(user.token),
        (r) => r.body.data.role === 'admin',
      );
      expect(role.body.data.role).toBe('admin');

      expect((await onA.disable(admin.token, user.id)).status).toBe(200);
      const refused = await waitForStatus(
        () => onB.info(user.token),
        (r) => r.status === 401,
      );
      expect(refused.status).toBe(401);
      // Refused for want of a session (B's session cache dropped it), not only by the user's flag.
      expect(refused.body.message).toBe('登录已失效，请重新登录');
    } finally {
      await b.close();
      await second.close();
      await a.close();
    }
  });
});

/** The notification travels through PostgreSQL: allow it a moment, never the cache's minute. */
async function waitForStatus<T extends Api>(call: () => Promise<T>, done: (res: T) => boolean): Promise<T> {
  let res = await call();
  for (let i = 0; i < 50 && !done(res); i++) {
    await new Promise((r) => setTimeout(r, 20));
    res = await call();
  }
  return res;
}
