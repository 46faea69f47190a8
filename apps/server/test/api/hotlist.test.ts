import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CollectedTopic, HotTopic, Page } from '@app/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTopicRepository } from '../../src/modules/topic/topic.repository.ts';
import { createTopicService } from '../../src/modules/topic/topic.service.ts';
import { createTopicRefreshService } from '../../src/modules/topic/topic-refresh.service.ts';
import { loadSeedCategories } from '../../src/modules/topic/topic-seed.ts';
import { createHotlistSources } from '../../src/providers/hotlist/create-hotlist-sources.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A fake DailyHotApi on 127.0.0.1: GET /douyin and /kuaishou answer the way the real service
 * does, or badly, or not at all, as each test sets.
 */
type Mode =
  | { kind: 'good'; items: unknown[] }
  | { kind: 'raw'; status: number; body: string }
  | { kind: 'hang' };

function dailyHot(name: string, title: string, items: unknown[]) {
  return JSON.stringify({
    code: 200,
    name,
    title,
    type: '热榜',
    description: '实时上升热点',
    link: 'https://www.douyin.com',
    total: items.length,
    updateTime: new Date().toISOString(),
    fromCache: false,
    data: items,
  });
}

const douyinItems = (heat = 1) => [
  {
    id: 'dy1',
    title: '周末去古镇露营攻略',
    hot: 9_000_000 * heat,
    timestamp: 1_760_000_000_000,
    url: 'https://www.douyin.com/hot/dy1',
    mobileUrl: 'https://www.douyin.com/hot/dy1',
  },
  { id: 'dy2', title: '新款手机发布会现场', hot: 7_000_000 * heat, url: 'https://www.douyin.com/hot/dy2' },
  { id: 'dy3', title: '某地官方通报最新进展', hot: 5_000_000 * heat, url: 'https://www.douyin.com/hot/dy3' },
];

describe('hot-list refresh pipeline against a fake DailyHotApi', () => {
  let server: Server;
  let base: string;
  const modes: Record<string, Mode> = {};
  const hits: string[] = [];
  let t: TestApp;
  const log = { info: vi.fn(), error: vi.fn() };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const route = (req.url ?? '/').split('?')[0]!.slice(1);
      hits.push(route);
      const mode = modes[route];
      if (!mode) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":404,"message":"Not Found"}');
        return;
      }
      if (mode.kind === 'hang') return; // never answers: the client's timeout must end it
      if (mode.kind === 'raw') {
        res.writeHead(mode.status, { 'content-type': 'application/json' }).end(mode.body);
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(dailyHot(route, route === 'douyin' ? '抖音' : '快手', mode.items));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Pipelines built here write beside the app's own topic service: no cached ranking may hide that.
    t = await createTestApp({ HOTLIST_URL: base, HOTLIST_TIMEOUT_MS: '1500', HOT_TOPICS_CACHE_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    log.info.mockClear();
    log.error.mockClear();
  });

  const hot = async (platform: string) =>
    (
      await t.call<{ items: HotTopic[] }>({
        method: 'GET',
        url: `/api/v1/topic/hot?platform=${platform}&limit=100`,
      })
    ).body.data.items;

  it('does not fetch on its own when HOTLIST_REFRESH_MIN is 0 (the default)', () => {
    expect(hits).toEqual([]);
  });

  it('good answer: the live list replaces the platform ranking, classified and ranked', async () => {
    modes.douyin = { kind: 'good', items: douyinItems() };
    modes.kuaishou = {
      kind: 'good',
      // Forks answer heat as text; some items have no id; a broken item is skipped, not fatal.
      items: [
        { title: '健身房新手第一周练什么', hot: '12.3万' },
        { id: 'ks2', title: '宝宝辅食怎么加', hot: 90_000 },
        { hot: 5 },
      ],
    };
    const reports = await t.app.container.topicRefresh.refresh({ log });
    expect(reports.map((r) => [r.platform, r.ok, r.count])).toEqual([
      ['douyin', true, 3],
      ['kuaishou', true, 2],
    ]);
    expect(log.error).not.toHaveBeenCalled();

    const douyin = await hot('douyin');
    expect(douyin.map((i) => [i.id, i.title, i.category, i.heat, i.rank, i.trend])).toEqual([
      ['dailyhot:douyin:dy1', '周末去古镇露营攻略', 'lvxing', 9_000_000, 1, [9_000_000]],
      ['dailyhot:douyin:dy2', '新款手机发布会现场', 'shuma', 7_000_000, 2, [7_000_000]],
      ['dailyhot:douyin:dy3', '某地官方通报最新进展', 'zhishi', 5_000_000, 3, [5_000_000]],
    ]);
    const kuaishou = await hot('kuaishou');
    expect(kuaishou.map((i) => [i.title, i.category, i.heat])).toEqual([
      ['健身房新手第一周练什么', 'jianshen', 123_000],
      ['宝宝辅食怎么加', 'muying', 90_000],
    ]);
    // Platforms without a live route keep the shipped list.
    expect(await hot('xiaohongshu')).toHaveLength(64);
  });

  it('malformed answer: logs the error and keeps the old data', async () => {
    const before = await hot('douyin');
    for (const body of [
      '<html>502 Bad Gateway</html>',
      '{"code":500,"message":"获取失败"}',
      '{"code":200,"data":[]}',
    ]) {
      modes.douyin = { kind: 'raw', status: 200, body };
      const [report] = await t.app.container.topicRefresh.refresh({ log });
      expect(report).toMatchObject({ platform: 'douyin', ok: false, count: 0 });
      expect(await hot('douyin')).toEqual(before);
    }
    expect(log.error).toHaveBeenCalledTimes(3);
    expect(log.error.mock.calls[0]![1]).toMatch(/热榜刷新失败，保留旧数据：.*not JSON/);
    expect(log.error.mock.calls[1]![1]).toMatch(/not a DailyHotApi answer/);
    expect(log.error.mock.calls[2]![1]).toMatch(/no usable items/);

    modes.douyin = { kind: 'raw', status: 503, body: 'busy' };
    const [report] = await t.app.container.topicRefresh.refresh({ log });
    expect(report?.error).toMatch(/HTTP 503/);
    expect(await hot('douyin')).toEqual(before);
  });

  it('timeout: gives up after HOTLIST_TIMEOUT_MS, keeps the old data, other sources still update', async () => {
    const before = await hot('douyin');
    modes.douyin = { kind: 'hang' };
    modes.kuaishou = { kind: 'good', items: [{ id: 'ks9', title: '快手新热点', hot: 42 }] };
    const started = Date.now();
    const reports = await t.app.container.topicRefresh.refresh({ log });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(reports[0]).toMatchObject({ platform: 'douyin', ok: false });
    expect(reports[0]?.error).toMatch(/no answer within 1500 ms/);
    expect(reports[1]).toMatchObject({ platform: 'kuaishou', ok: true, count: 1 });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(await hot('douyin')).toEqual(before);
    expect((await hot('kuaishou')).map((i) => i.title)).toEqual(['快手新热点']);
  });

  it('unreachable source: logs and keeps the old data', async () => {
    const before = await hot('douyin');
    const sources = createHotlistSources({
      ...loadConfig({}),
      HOTLIST_URL: 'http://127.0.0.1:1',
      HOTLIST_ROUTES: 'douyin=douyin',
    });
    const topics = t.app.container.topics;
    const pipeline = createTopicRefreshService({ topics, seedSources: [], liveSources: sources });
    const [report] = await pipeline.refresh({ log });
    expect(report?.ok).toBe(false);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(await hot('douyin')).toEqual(before);
  });

  it('keeps a daily trend history: one reading per day, the latest of a day wins', async () => {
    // Days after any the other tests wrote (they run on the real clock).
    let now = new Date('2030-01-01T04:00:00Z');
    const topics = createTopicService({
      db: t.database.db,
      topics: createTopicRepository(),
      categories: loadSeedCategories(),
      now: () => now,
    });
    const sources = createHotlistSources({ ...t.config, HOTLIST_ROUTES: 'douyin=douyin' });
    const pipeline = createTopicRefreshService({ topics, seedSources: [], liveSources: sources });
    const run = async (heat: number) => {
      modes.douyin = { kind: 'good', items: douyinItems(heat) };
      const [report] = await pipeline.refresh({ log });
      expect(report?.ok).toBe(true);
      return (await hot('douyin')).find((i) => i.id === 'dailyhot:douyin:dy1')!;
    };
    await run(1);
    now = new Date('2030-01-02T04:00:00Z');
    await run(2);
    expect((await run(3)).trend.slice(-2)).toEqual([9_000_000, 27_000_000]);
    for (let day = 3; day <= 11; day++) {
      now = new Date(`2030-01-${String(day).padStart(2, '0')}T04:00:00Z`);
      await run(day);
    }
    const topic = await run(11);
    expect(topic.heat).toBe(99_000_000);
    expect(topic.trend).toEqual([5, 6, 7, 8, 9, 10, 11].map((d) => d * 9_000_000));
  });

  it('a favourite survives its topic leaving the list', async () => {
    const user = await t.signIn();
    modes.douyin = { kind: 'good', items: douyinItems() };
    await t.app.container.topicRefresh.refresh();
    await t.call({
      method: 'POST',
      url: '/api/v1/topic/collect',
      token: user.token,
      payload: { topicId: 'dailyhot:douyin:dy3', collect: true },
    });
    modes.douyin = { kind: 'good', items: douyinItems().slice(0, 2) };
    await t.app.container.topicRefresh.refresh();
    expect((await hot('douyin')).map((i) => i.id)).not.toContain('dailyhot:douyin:dy3');
    const { body } = await t.call<Page<CollectedTopic>>({
      method: 'GET',
      url: '/api/v1/topic/collect/list',
      token: user.token,
    });
    expect(body.data.items.map((i) => i.title)).toEqual(['某地官方通报最新进展']);
  });

  it('a ranking read while a refresh writes is never kept in the cache past the refresh', async () => {
    const cached = await createTestApp({ HOTLIST_URL: base, HOTLIST_ROUTES: 'douyin=douyin' });
    const titles = async () =>
      (
        await cached.call<{ items: HotTopic[] }>({ method: 'GET', url: '/api/v1/topic/hot?platform=douyin' })
      ).body.data.items.map((i) => i.title);
    try {
      for (const round of [1, 2, 3, 4, 5, 6]) {
        const title = `第${round}轮刷新的热点`;
        modes.douyin = { kind: 'good', items: [{ id: `r${round}`, title, hot: round }] };
        const refreshed = cached.app.container.topicRefresh.refresh();
        let done = false;
        void refreshed.finally(() => {
          done = true;
        });
        // Readers all through the write, as real traffic would be.
        while (!done) {
          await titles();
          await new Promise(setImmediate); // let the fake list's answer in
        }
        expect((await refreshed)[0]?.ok).toBe(true);
        expect(await titles()).toEqual([title]);
      }
    } finally {
      await cached.close();
    }
  });

  it('refreshes on start and on the interval when HOTLIST_REFRESH_MIN > 0, and stops on close', async () => {
    modes.douyin = { kind: 'good', items: [{ id: 'sched', title: '定时刷新来的热点', hot: 1 }] };
    hits.length = 0;
    const scheduled = await createTestApp({
      HOTLIST_URL: base,
      HOTLIST_ROUTES: 'douyin=douyin',
      HOTLIST_REFRESH_MIN: '5',
    });
    try {
      await vi.waitFor(
        async () => {
          const { body } = await scheduled.call<{ items: HotTopic[] }>({
            method: 'GET',
            url: '/api/v1/topic/hot?platform=douyin',
          });
          expect(body.data.items.map((i) => i.title)).toEqual(['定时刷新来的热点']);
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(hits).toEqual(['douyin']);
    } finally {
      await scheduled.close();
    }
  });
});
