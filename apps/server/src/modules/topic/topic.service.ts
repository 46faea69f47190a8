import {
  type CollectedTopic,
  type CollectTopicInput,
  type CollectTopicResult,
  type HotTopic,
  hotTopicSchema,
  type Page,
  type PageQuery,
  type TopicCategory,
} from '@app/contract';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../db/event-bus.ts';
import { chinaDay } from '../../lib/china-day.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { HotlistEntry, HotlistSource } from '../../providers/hotlist/hotlist-source.ts';
import type { Platform, TopicInsert, TopicRepository } from './topic.repository.ts';
import { classifyTitle } from './topic-classifier.ts';

export interface TopicCategoryName {
  id: string;
  name: string;
}

type TopicRow = {
  id: string;
  title: string;
  category: string;
  platform: Platform;
  heat: number;
  trend: number[];
  rank: number;
};

// bigint columns may come back as text from a driver: the API always answers numbers.
const toTopic = (row: TopicRow, collected: boolean): HotTopic => ({
  id: row.id,
  title: row.title,
  category: row.category,
  platform: row.platform,
  heat: Number(row.heat),
  trend: row.trend.map(Number),
  rank: row.rank,
  collected,
});

/** A ranking with each item already serialised, as it is answered. */
interface HotList {
  ids: string[];
  plain: string[];
  collected: string[];
}

// Through the contract's schema, as the response serialiser would: only its fields go out.
const serialise = (rows: TopicRow[]): HotList => ({
  ids: rows.map((r) => r.id),
  plain: rows.map((r) => JSON.stringify(hotTopicSchema.parse(toTopic(r, false)))),
  collected: rows.map((r) => JSON.stringify(hotTopicSchema.parse(toTopic(r, true)))),
});

interface IngestBatch {
  source: Pick<HotlistSource, 'name' | 'platform' | 'replacesPlatform'>;
  entries: HotlistEntry[];
}

export function createTopicService(deps: {
  db: Db;
  topics: TopicRepository;
  categories: TopicCategoryName[];
  /** How long a ranking is reused (another instance's refresh shows within this time). */
  listCacheMs?: number;
  /** Tells other instances a user's favourites changed, so their cached copy goes at once. */
  bus?: EventBus;
  now?: () => Date;
}) {
  const { db, topics, categories } = deps;
  const now = deps.now ?? (() => new Date());
  const known = new Set(categories.map((c) => c.id));
  // The ranking is the same for everyone and changes only on a refresh: keep it a few seconds
  // (cleared by every ingest on this instance) and add the caller's favourites with one small
  // indexed query, instead of ranking the list again for each call.
  const hotLists = createTtlCache<string, HotList>({ ttlMs: deps.listCacheMs ?? 10_000, max: 500 });
  // Bumped when an ingest commits: a ranking read while a write was in flight may be the old
  // one, so it is served but not cached.
  let listsVersion = 0;
  let writesInFlight = 0;
  // A user's favourite ids, for the `collected` flags: dropped here and on every instance when
  // they change.
  const favorites = createTtlCache<string, Set<string>>({ ttlMs: deps.listCacheMs ?? 10_000, max: 50_000 });
  const favoritesChanged = deps.bus
    ?.subscribe('topic_favorites_changed', '*', (userId) => favorites.delete(String(userId)))
    .catch(() => undefined);
  async function favoriteIds(userId: string): Promise<Set<string>> {
    let ids = favorites.get(userId);
    if (!ids) {
      ids = await topics.favoriteIdsOf(db, userId);
      favorites.set(userId, ids);
    }
    return ids;
  }

  function checkCategory(id: string | undefined): void {
    if (id !== undefined && !known.has(id)) throw badRequest(`没有“${id}”这个分类，请从分类列表中选择`);
  }

  return {
    /** The 12 niches, in display order; the inspiration library shares them. */
    categories(): TopicCategoryName[] {
      return categories;
    },
    checkCategory,

    async categoryCounts(): Promise<TopicCategory[]> {
      const counts = new Map((await topics.countByCategory(db)).map((r) => [r.category, r.count]));
      return categories.map((c) => ({ ...c, count: counts.get(c.id) ?? 0 }));
    },

    /**
     * The hot list as the whole answer's JSON. Every item is serialised once per ranking (with
     * and without the favourite flag) and the caller's answer is joined from those pieces: the
     * ranking is the same for everyone, only the flags differ.
     */
    async hotJson(
      userId: string | null,
      query: { category?: string | undefined; platform?: Platform | undefined; limit: number },
    ): Promise<string> {
      checkCategory(query.category);
      const key = `${query.platform ?? ''}|${query.category ?? ''}|${query.limit}`;
      let list = hotLists.get(key);
      if (!list) {
        const version = listsVersion;
        list = serialise(await topics.listHot(db, query));
        if (version === listsVersion && writesInFlight === 0) hotLists.set(key, list);
      }
      const collected = userId ? await favoriteIds(userId) : undefined;
      const items = list.ids.map((id, i) => (collected?.has(id) ? list.collected[i] : list.plain[i]));
      return `{"success":true,"data":{"items":[${items.join(',')}]},"message":"ok"}`;
    },

    /** Idempotent both ways: collecting twice keeps one favourite, removing twice removes nothing. */
    async collect(userId: string, input: CollectTopicInput): Promise<CollectTopicResult> {
      if (!(await topics.exists(db, input.topicId))) throw notFound('这个热点不存在或已下架');
      if (input.collect) await topics.addFavorite(db, userId, input.topicId);
      else await topics.removeFavorite(db, userId, input.topicId);
      favorites.delete(userId);
      await favoritesChanged;
      await deps.bus?.publish('topic_favorites_changed', '*', userId);
      return { collected: input.collect };
    },

    async collected(userId: string, page: PageQuery): Promise<Page<CollectedTopic>> {
      const { items, total } = await topics.listFavorites(db, userId, page.page, page.pageSize);
      return {
        items: items.map((r) => ({ ...toTopic(r, true), collectedAt: r.collectedAt.toISOString() })),
        total,
        page: page.page,
        pageSize: page.pageSize,
      };
    },

    /** For other modules (the script workspace opened with ?topicId=). */
    async getById(id: string): Promise<Omit<HotTopic, 'collected'> | undefined> {
      const row = await topics.findById(db, id);
      if (!row) return undefined;
      const { collected: _, ...topic } = toTopic(row, false);
      return topic;
    },

    /**
     * Writes sources' lists in one transaction: topics upserted, today's heat added to their
     * history, ranks of the platform recomputed; a live list also retires the platform's topics
     * it no longer has. A failure leaves the previous data whole. (The refresh pipeline writes
     * each live source in its own call, so one bad list costs only its platform.)
     */
    async ingest(batches: IngestBatch[]): Promise<{ count: number }[]> {
      for (const { source, entries } of batches) {
        if (entries.length === 0) throw new Error(`${source.name}/${source.platform}: empty list`);
      }
      const day = chinaDay(now());
      writesInFlight++;
      try {
        return await writeBatches(batches, day);
      } finally {
        writesInFlight--;
        listsVersion++;
        hotLists.clear();
      }
    },
  };

  function writeBatches(batches: IngestBatch[], day: string): Promise<{ count: number }[]> {
    return db.transaction(async (tx) => {
      await topics.lockWrites(tx);
      const counts: { count: number }[] = [];
      for (const { source, entries } of batches) {
        const unique = [...new Map(entries.map((e) => [e.id, e])).values()];
        const toRow = (e: HotlistEntry): TopicInsert => ({
          id: e.id,
          title: e.title,
          category: e.category && known.has(e.category) ? e.category : classifyTitle(e.title, known),
          platform: source.platform,
          heat: e.heat,
          trend: e.trend ?? [e.heat],
          source: source.name,
        });
        const shipped = unique.filter((e) => e.trend).map(toRow);
        const live = unique.filter((e) => !e.trend).map(toRow);
        // The shipped data is written at every start: when nothing changed, nothing else runs.
        let changed = await topics.upsertWithTrend(tx, shipped);
        if (live.length > 0) {
          await topics.upsertLive(tx, live);
          await topics.recordHeat(
            tx,
            day,
            live.map((r) => ({ topicId: r.id, heat: r.heat })),
          );
          await topics.refreshTrend(
            tx,
            live.map((r) => r.id),
          );
          changed += live.length;
        }
        if (source.replacesPlatform) {
          await topics.deactivateOthers(
            tx,
            source.platform,
            unique.map((e) => e.id),
          );
        }
        if (changed > 0) await topics.recomputeRanks(tx, source.platform);
        counts.push({ count: unique.length });
      }
      return counts;
    });
  }
}
export type TopicService = ReturnType<typeof createTopicService>;
