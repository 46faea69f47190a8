import { PERSONA_MAX_PER_USER, type Persona, type PersonaDeleteResult } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas } from '../../src/modules/persona/persona.tables.ts';
import { parseSse } from '../helpers/parse-sse.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';

const input = {
  platform: 'douyin',
  accountName: '小厨阿满',
  niche: '美食',
  followers: 12800,
  bio: '下班后 15 分钟做一顿饭',
  recentTitles: ['打工人 10 元早餐', '一口锅搞定三菜一汤'],
  goal: '三个月涨粉一万，接美食品牌合作',
};

describe('persona API', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;

  const personaRows = (userId: string) =>
    t.database.db.select().from(personas).where(eq(personas.userId, userId));
  const analyze = (user: TestUser, payload: unknown = input) =>
    t.call<Persona>({
      method: 'POST',
      url: '/api/v1/persona/analyze',
      token: user.token,
      payload: payload as object,
    });

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.signIn({ nickname: '阿满' });
    b = await t.signIn({ nickname: '小北' });
    await t.app.container.wallet.change({ userId: a.id, delta: 10, reason: 'grant' });
    await t.app.container.wallet.change({ userId: b.id, delta: 10, reason: 'grant' });
  });
  afterAll(() => t.close());

  it('analyses an account into a persona, charges 1 credit, and makes the first one the default', async () => {
    const { status, body } = await analyze(a);
    expect(status).toBe(200);
    const persona = body.data;
    expect(persona).toMatchObject({ isDefault: true, platform: 'douyin', accountName: '小厨阿满' });
    expect(persona.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(persona.tags.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(persona.radar).sort()).toEqual(
      ['专业度', '亲和力', '娱乐性', '稀缺性', '转化力'].sort(),
    );
    expect(Number.isNaN(Date.parse(persona.createdAt))).toBe(false);
    expect(await t.app.container.wallet.balance(a.id)).toBe(9);
    const ledger = await t.app.container.wallet.listLedger(a.id, 1, 10);
    expect(ledger.items[0]).toMatchObject({ delta: -1, reason: 'generation', refId: persona.id });
  });

  it('streams the analysis as server-sent events when asked to', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/persona/analyze',
      headers: { authorization: `Bearer ${a.token}`, accept: 'text/event-stream', 'x-request-id': 'sse-1' },
      payload: { ...input, accountName: '阿满的厨房', platform: 'xiaohongshu' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['x-request-id']).toBe('sse-1');
    const events = parseSse(res.body);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((d) => (d.data as { text: string }).text).join('').length).toBeGreaterThan(20);
    const last = events.at(-1)!;
    expect(last.event).toBe('persona');
    const persona = (last.data as { persona: Persona }).persona;
    // Not the first persona any more: the first stays the default.
    expect(persona).toMatchObject({ accountName: '阿满的厨房', platform: 'xiaohongshu', isDefault: false });
    const saved = await t.call<Persona>({
      method: 'GET',
      url: `/api/v1/persona/${persona.id}`,
      token: a.token,
    });
    expect(saved.body.data).toEqual(persona);
  });

  it('refuses a bad analysis form with a Chinese message naming what to fix', async () => {
    const missing = await analyze(a, { ...input, accountName: ' ' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('请填写账号名称');
    const platform = await analyze(a, { ...input, platform: 'weibo' });
    expect(platform.status).toBe(400);
    expect(platform.body.message).toContain('抖音、快手、小红书或视频号');
    const extra = await analyze(a, { ...input, admin: true });
    expect(extra.status).toBe(400);
    const anonymous = await t.call({ method: 'POST', url: '/api/v1/persona/analyze', payload: input });
    expect(anonymous.status).toBe(401);
  });

  it('lists my personas, default first, and only mine', async () => {
    await analyze(b, { ...input, accountName: '小北的账号' });
    const { status, body } = await t.call<{
      items: Persona[];
      total: number;
      page: number;
      pageSize: number;
    }>({
      method: 'GET',
      url: '/api/v1/persona/list?page=1&pageSize=20',
      token: a.token,
    });
    expect(status).toBe(200);
    expect(body.data.total).toBe(2);
    expect(body.data.items).toHaveLength(2);
    expect(body.data.items[0]?.isDefault).toBe(true);
    expect(body.data.items.every((p) => p.accountName !== '小北的账号')).toBe(true);
    const bad = await t.call({ method: 'GET', url: '/api/v1/persona/list?pageSize=500', token: a.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('每页最多 100 条');
  });

  it('hides a persona from everyone but its owner (404, not 403)', async () => {
    const mine = (await analyze(a, { ...input, accountName: '只属于阿满' })).body.data;
    const get = await t.call({ method: 'GET', url: `/api/v1/persona/${mine.id}`, token: b.token });
    expect(get.status).toBe(404);
    expect(get.body.message).toBe('人设不存在或已被删除');
    const patch = await t.call({
      method: 'PATCH',
      url: `/api/v1/persona/${mine.id}`,
      token: b.token,
      payload: { name: '抢来的', isDefault: true },
    });
    expect(patch.status).toBe(404);
    const del = await t.call({ method: 'DELETE', url: `/api/v1/persona/${mine.id}`, token: b.token });
    expect(del.status).toBe(404);
    const still = await t.call<Persona>({ method: 'GET', url: `/api/v1/persona/${mine.id}`, token: a.token });
    expect(still.status).toBe(200);
    expect(still.body.data.name).toBe(mine.name);
    const bList = await t.call<{ items: Persona[] }>({
      method: 'GET',
      url: '/api/v1/persona/list',
      token: b.token,
    });
    expect(bList.body.data.items.map((p) => p.id)).not.toContain(mine.id);
    const notAnId = await t.call({ method: 'GET', url: '/api/v1/persona/not-a-uuid', token: a.token });
    expect(notAnId.status).toBe(404);
  });

  it('renames a persona and keeps exactly one default', async () => {
    const list = await t.call<{ items: Persona[] }>({
      method: 'GET',
      url: '/api/v1/persona/list',
      token: a.token,
    });
    const other = list.body.data.items.find((p) => !p.isDefault)!;
    const renamed = await t.call<Persona>({
      method: 'PATCH',
      url: `/api/v1/persona/${other.id}`,
      token: a.token,
      payload: { name: '  深夜食堂主理人  ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: other.id, name: '深夜食堂主理人', isDefault: false });

    const made = await t.call<Persona>({
      method: 'PATCH',
      url: `/api/v1/persona/${other.id}`,
      token: a.token,
      payload: { isDefault: true },
    });
    expect(made.body.data.isDefault).toBe(true);
    const after = await t.call<{ items: Persona[] }>({
      method: 'GET',
      url: '/api/v1/persona/list',
      token: a.token,
    });
    expect(after.body.data.items.filter((p) => p.isDefault).map((p) => p.id)).toEqual([other.id]);
    expect(after.body.data.items[0]?.id).toBe(other.id);

    const empty = await t.call({
      method: 'PATCH',
      url: `/api/v1/persona/${other.id}`,
      token: a.token,
      payload: {},
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请填写要修改的内容');
    const unset = await t.call({
      method: 'PATCH',
      url: `/api/v1/persona/${other.id}`,
      token: a.token,
      payload: { isDefault: false },
    });
    expect(unset.status).toBe(400);
    expect(unset.body.message).toContain('把另一个人设设为默认');
    const blank = await t.call({
      method: 'PATCH',
      url: `/api/v1/persona/${other.id}`,
      token: a.token,
      payload: { name: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('请填写人设名称');
  });

  it('passes the default on to the newest persona when the default is deleted', async () => {
    const before = await t.call<{ items: Persona[] }>({
      method: 'GET',
      url: '/api/v1/persona/list',
      token: a.token,
    });
    const def = before.body.data.items.find((p) => p.isDefault)!;
    const newest = before.body.data.items
      .filter((p) => p.id !== def.id)
      .sort((x, y) => y.createdAt.localeCompare(x.createdAt))[0]!;
    const del = await t.call<PersonaDeleteResult>({
      method: 'DELETE',
      url: `/api/v1/persona/${def.id}`,
      token: a.token,
    });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id: def.id, newDefaultId: newest.id });
    const gone = await t.call({ method: 'GET', url: `/api/v1/persona/${def.id}`, token: a.token });
    expect(gone.status).toBe(404);
    const again = await t.call({ method: 'DELETE', url: `/api/v1/persona/${def.id}`, token: a.token });
    expect(again.status).toBe(404);
    const after = await t.call<{ items: Persona[]; total: number }>({
      method: 'GET',
      url: '/api/v1/persona/list',
      token: a.token,
    });
    expect(after.body.data.total).toBe(before.body.data.items.length - 1);
    expect(after.body.data.items.filter((p) => p.isDefault).map((p) => p.id)).toEqual([newest.id]);
  });

  it('deleting a non-default persona leaves the default alone; deleting the last leaves none', async () => {
    const c = await t.signIn();
    await t.app.container.wallet.change({ userId: c.id, delta: 2, reason: 'grant' });
    const first = (await analyze(c)).body.data;
    const second = (await analyze(c)).body.data;
    const del = await t.call<PersonaDeleteResult>({
      method: 'DELETE',
      url: `/api/v1/persona/${second.id}`,
      token: c.token,
    });
    expect(del.body.data).toEqual({ id: second.id, newDefaultId: null });
    expect(
      (await t.call<Persona>({ method: 'GET', url: `/api/v1/persona/${first.id}`, token: c.token })).body.data
        .isDefault,
    ).toBe(true);
    const last = await t.call<PersonaDeleteResult>({
      method: 'DELETE',
      url: `/api/v1/persona/${first.id}`,
      token: c.token,
    });
    expect(last.body.data).toEqual({ id: first.id, newDefaultId: null });
    expect(await personaRows(c.id)).toHaveLength(0);
  });

  it('refuses a 51st persona before charging anything', async () => {
    const d = await t.signIn();
    await t.app.container.wallet.change({ userId: d.id, delta: 1, reason: 'grant' });
    const made = (await analyze(d)).body.data;
    const { id: _id, isDefault: _d, platform, accountName, createdAt: _c, name, ...body } = made;
    await t.database.db.insert(personas).values(
      Array.from({ length: PERSONA_MAX_PER_USER - 1 }, () => ({
        userId: d.id,
        platform,
        accountName,
        name,
        body,
        input: { ...input, platform },
      })),
    );
    await t.app.container.wallet.change({ userId: d.id, delta: 1, reason: 'grant' });
    const refused = await analyze(d);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain(`最多保存 ${PERSONA_MAX_PER_USER} 个人设`);
    expect(await t.app.container.wallet.balance(d.id)).toBe(1);
    expect(await personaRows(d.id)).toHaveLength(PERSONA_MAX_PER_USER);
  });

  it('limits analyses per user per minute (429)', async () => {
    const limited = await createTestApp({ GENERATION_RATE_PER_MIN: '2' }, { database: t.database });
    try {
      const user = await limited.signIn();
      await limited.app.container.wallet.change({ userId: user.id, delta: 5, reason: 'grant' });
      const other = await limited.signIn();
      await limited.app.container.wallet.change({ userId: other.id, delta: 5, reason: 'grant' });
      const call = (u: TestUser) =>
        limited.call({ method: 'POST', url: '/api/v1/persona/analyze', token: u.token, payload: input });
      expect((await call(user)).status).toBe(200);
      expect((await call(user)).status).toBe(200);
      const third = await call(user);
      expect(third.status).toBe(429);
      expect(third.body.message).toMatch(/操作太频繁，请 \d+ 秒后再试/);
      // Per user: someone else is not held back by it.
      expect((await call(other)).status).toBe(200);
      // Refused before charging: the third call cost nothing.
      expect(await limited.app.container.wallet.balance(user.id)).toBe(3);
    } finally {
      await limited.close();
    }
  });
});
