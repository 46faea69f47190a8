import {
  type CollectedTopic,
  envelopeSchema,
  type HotTopic,
  hotTopicListSchema,
  type Page,
  type TopicCategory,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';

describe('hot topics and favourites', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob] = await Promise.all([t.signIn({ nickname: '阿丽' }), t.signIn({ nickname: '阿博' })]);
  });
  afterAll(() => t.close());

  const hot = (query = '', token?: string) =>
    t.call<{ items: HotTopic[] }>({ method: 'GET', url: `/api/v1/topic/hot${query}`, token });
  const collect = (token: string | undefined, payload: object) =>
    t.call<{ collected: boolean }>({ method: 'POST', url: '/api/v1/topic/collect', payload, token });
  const favourites = (token: string, query = '') =>
    t.call<Page<CollectedTopic>>({ method: 'GET', url: `/api/v1/topic/collect/list${query}`, token });

  it('lists the shipped topics by heat, 50 by default, each with its 7-day trend', async () => {
    const { status, body } = await hot();
    expect(status).toBe(200);
    expect(body.data.items).toHaveLength(50);
    const heats = body.data.items.map((i) => i.heat);
    expect(heats).toEqual([...heats].sort((a, b) => b - a));
    const first = body.data.items[0]!;
    expect(first).toEqual({
      id: 't-meishi-05',
      title: '一人食电饭煲焖饭合集',
      category: 'meishi',
      platform: 'douyin',
      heat: 9345332,
      trend: [9411320, 9506533, 8794414, 8516589, 9454910, 9427111, 9345332],
      rank: 1,
      collected: false,
    });
  });

  it('filters by platform with ranks 1..n, and by category keeping the platform rank', async () => {
    const { body } = await hot('?platform=kuaishou&limit=100');
    expect(body.data.items).toHaveLength(54);
    expect(body.data.items.every((i) => i.platform === 'kuaishou')).toBe(true);
    expect(body.data.items.map((i) => i.rank)).toEqual(Array.from({ length: 54 }, (_, i) => i + 1));

    const both = await hot('?platform=kuaishou&category=meishi&limit=100');
    expect(both.body.data.items.length).toBeGreaterThan(0);
    for (const item of both.body.data.items) {
      expect(item).toMatchObject({ platform: 'kuaishou', category: 'meishi' });
      expect(body.data.items.find((i) => i.id === item.id)?.rank).toBe(item.rank);
    }
    const byCategory = await hot('?category=jianshen&limit=100');
    expect(byCategory.body.data.items).toHaveLength(20);
    expect(byCategory.body.data.items.every((i) => i.category === 'jianshen')).toBe(true);
  });

  it('refuses a bad category, platform, limit or an unknown parameter with 400 in Chinese', async () => {
    const cases: [string, RegExp][] = [
      ['?category=nosuch', /没有“nosuch”这个分类/],
      ['?category=MeiShi', /分类不正确/],
      ['?platform=weibo', /抖音、快手、小红书或视频号/],
      ['?limit=0', /至少取 1 条/],
      ['?limit=101', /最多取 100 条/],
      ['?limit=abc', /条数必须是数字/],
      ['?sort=heat', /不支持的参数：sort/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await hot(query);
      expect(status, query).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message, query).toMatch(message);
    }
  });

  it('counts topics per category', async () => {
    const { status, body } = await t.call<TopicCategory[]>({ method: 'GET', url: '/api/v1/topic/category' });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(12);
    expect(body.data[0]).toEqual({ id: 'meishi', name: '美食', count: 20 });
    expect(body.data.reduce((n, c) => n + c.count, 0)).toBe(240);
  });

  it('keeps favourites per user and collecting twice changes nothing', async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await collect(alice.token, { topicId: 't-meishi-05', collect: true });
      expect(status).toBe(200);
      expect(body.data).toEqual({ collected: true });
    }
    await collect(alice.token, { topicId: 't-zhichang-03', collect: true });

    const mine = await hot('?category=meishi&platform=douyin', alice.token);
    expect(mine.body.data.items.find((i) => i.id === 't-meishi-05')?.collected).toBe(true);
    expect(mine.body.data.items.filter((i) => i.collected)).toHaveLength(1);
    const bobs = await hot('?category=meishi&platform=douyin', bob.token);
    expect(bobs.body.data.items.some((i) => i.collected)).toBe(false);
    const visitor = await hot('?category=meishi&platform=douyin');
    expect(visitor.body.data.items.some((i) => i.collected)).toBe(false);
    // The answers are joined from pre-serialised items: exactly the contract's shape, nothing more.
    for (const answer of [mine.body, bobs.body, visitor.body]) {
      expect(envelopeSchema(hotTopicListSchema).parse(answer)).toEqual(answer);
    }

    const list = await favourites(alice.token);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(2);
    // Most recent first, full topic fields, marked collected.
    expect(list.body.data.items.map((i) => i.id)).toEqual(['t-zhichang-03', 't-meishi-05']);
    expect(list.body.data.items[1]).toMatchObject({
      title: '一人食电饭煲焖饭合集',
      collected: true,
      rank: 1,
    });
    expect(Date.parse(list.body.data.items[0]!.collectedAt)).not.toBeNaN();
    expect((await favourites(bob.token)).body.data).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('removes a favourite, idempotently', async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await collect(alice.token, { topicId: 't-zhichang-03', collect: false });
      expect(status).toBe(200);
      expect(body.data).toEqual({ collected: false });
    }
    const list = await favourites(alice.token);
    expect(list.body.data.items.map((i) => i.id)).toEqual(['t-meishi-05']);
  });

  it('pages favourites and refuses bad paging', async () => {
    const user = await t.signIn();
    const ids = (await hot('?platform=xiaohongshu&limit=5')).body.data.items.map((i) => i.id);
    for (const id of ids) await collect(user.token, { topicId: id, collect: true });
    const page2 = await favourites(user.token, '?page=2&pageSize=2');
    expect(page2.body.data).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.body.data.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    const beyond = await favourites(user.token, '?page=9&pageSize=2');
    expect(beyond.body.data.items).toEqual([]);

    for (const [query, message] of [
      ['?page=0', /页码从 1 开始/],
      ['?pageSize=101', /每页最多 100 条/],
      ['?page=x', /页码必须是数字/],
      ['?foo=1', /不支持的参数：foo/],
    ] as const) {
      const { status, body } = await favourites(user.token, query);
      expect(status, query).toBe(400);
      expect(body.message).toMatch(message);
    }
  });

  it('answers 404 for an unknown topic, 400 for a bad body, 401 without a session', async () => {
    const unknown = await collect(alice.token, { topicId: 'no-such-topic', collect: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('这个热点不存在或已下架');

    const bad: [object, RegExp][] = [
      [{ topicId: 't-meishi-05' }, /collect 必须是 true 或 false/],
      [{ topicId: '', collect: true }, /请指定要收藏的热点/],
      [{ topicId: 't-meishi-05', collect: true, extra: 1 }, /不支持的参数：extra/],
    ];
    for (const [payload, message] of bad) {
      const { status, body } = await collect(alice.token, payload);
      expect(status).toBe(400);
      expect(body.message).toMatch(message);
    }

    expect((await collect(undefined, { topicId: 't-meishi-05', collect: true })).status).toBe(401);
    const list = await t.call({ method: 'GET', url: '/api/v1/topic/collect/list' });
    expect(list.status).toBe(401);
    expect(list.body.message).toMatch(/登录/);
  });

  it('seeds idempotently: a second start changes no row and keeps favourites', async () => {
    const before = await hot('?limit=100', alice.token);
    const started = performance.now();
    await t.app.container.topicRefresh.seed();
    await t.app.container.inspiration.seed();
    const ms = performance.now() - started;
    const after = await hot('?limit=100', alice.token);
    expect(after.body.data).toEqual(before.body.data);
    // Seeding runs at every start: it must stay cheap.
    expect(ms).toBeLessThan(2000);
  });
});
