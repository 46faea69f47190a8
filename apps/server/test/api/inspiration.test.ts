import type { InspirationItem, Page, TopicCategory } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';

describe('inspiration library (/redu)', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signIn();
  });
  afterAll(() => t.close());

  const list = (query = '') =>
    t.call<Page<InspirationItem>>({ method: 'GET', url: `/api/v1/redu/list${query}`, token: user.token });

  it('names the 12 categories with how many items each holds', async () => {
    const { status, body } = await t.call<TopicCategory[]>({
      method: 'GET',
      url: '/api/v1/redu/category',
      token: user.token,
    });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(12);
    expect(body.data[0]).toEqual({ id: 'meishi', name: '美食', count: 27 });
    expect(body.data.map((c) => c.name)).toContain('搞笑剧情');
    expect(body.data.every((c) => c.count === 27)).toBe(true);
  });

  it('pages all items by heat by default, with every field of the card', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 324, page: 1, pageSize: 20 });
    expect(body.data.items).toHaveLength(20);
    const heats = body.data.items.map((i) => i.heat);
    expect(heats).toEqual([...heats].sort((a, b) => b - a));
    const item = body.data.items[0]!;
    expect(Object.keys(item).sort()).toEqual(
      [
        'id',
        'categoryId',
        'title',
        'platform',
        'author',
        'likes',
        'comments',
        'shares',
        'heat',
        'hook',
        'tags',
        'publishedAt',
      ].sort(),
    );
    expect(item.tags.length).toBeGreaterThan(0);
    expect(item.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('filters by category and sorts by heat, likes or recency', async () => {
    const byHeat = await list('?categoryId=meishi&pageSize=100');
    expect(byHeat.body.data.total).toBe(27);
    expect(byHeat.body.data.items.every((i) => i.categoryId === 'meishi')).toBe(true);

    const byLikes = (await list('?categoryId=meishi&sort=likes&pageSize=100')).body.data.items;
    expect(byLikes.map((i) => i.likes)).toEqual(byLikes.map((i) => i.likes).sort((a, b) => b - a));
    const recent = (await list('?categoryId=meishi&sort=recent&pageSize=100')).body.data.items;
    const times = recent.map((i) => Date.parse(i.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Different sorts give different orders of the same set.
    expect(new Set(byLikes.map((i) => i.id))).toEqual(new Set(recent.map((i) => i.id)));
    expect(byLikes.map((i) => i.id)).not.toEqual(recent.map((i) => i.id));
  });

  it('pages without gaps or repeats', async () => {
    const all = (await list('?categoryId=shuma&sort=likes&pageSize=27')).body.data.items.map((i) => i.id);
    const pages: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await list(`?categoryId=shuma&sort=likes&page=${page}&pageSize=10`);
      expect(body.data).toMatchObject({ total: 27, page, pageSize: 10 });
      pages.push(...body.data.items.map((i) => i.id));
    }
    expect(pages).toEqual(all);
    const beyond = await list('?categoryId=shuma&page=4&pageSize=10');
    expect(beyond.status).toBe(200);
    expect(beyond.body.data.items).toEqual([]);
  });

  it('refuses a bad category, sort, paging or parameter with 400 in Chinese', async () => {
    const cases: [string, RegExp][] = [
      ['?categoryId=nosuch', /没有“nosuch”这个分类/],
      ['?categoryId=美食', /分类不正确/],
      ['?sort=views', /排序方式只能是热度、点赞或最新/],
      ['?page=0', /页码从 1 开始/],
      ['?page=1.5', /页码必须是整数/],
      ['?pageSize=500', /每页最多 100 条/],
      ['?category=meishi', /不支持的参数：category/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ success: false, data: null });
      expect(body.message, query).toMatch(message);
    }
  });

  it('is for signed-in users', async () => {
    for (const url of ['/api/v1/redu/list', '/api/v1/redu/category']) {
      const { status, body } = await t.call({ method: 'GET', url });
      expect(status).toBe(401);
      expect(body.message).toMatch(/登录/);
    }
  });
});
