import { and, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { executeRows } from '../../db/execute-rows.ts';
import { advisoryLocks } from '../../db/locks.ts';
import { hotTopicHeat, hotTopics, topicFavorites } from './topic.tables.ts';

/** Days of history a trend shows. */
export const TREND_DAYS = 7;

export type TopicInsert = typeof hotTopics.$inferInsert & { trend: number[] };
export type Platform = (typeof hotTopics.$inferSelect)['platform'];

const topicColumns = {
  id: hotTopics.id,
  title: hotTopics.title,
  category: hotTopics.category,
  platform: hotTopics.platform,
  heat: hotTopics.heat,
  // Read as "1,2,3" and split here: the driver's parser for bigint[] cost more than the rest of
  // the list query together (measured: about twice the queries a second this way).
  trend: sql<string>`array_to_string(${hotTopics.trend}, ',')`.mapWith((text: string | null) =>
    text ? text.split(',').map(Number) : [],
  ),
  rank: hotTopics.rank,
};

// Sorts must say NULLS LAST to match the indexes (the column is NOT NULL, but the planner
// compares the sort order as written).
const byHeat = sql`${hotTopics.heat} desc nulls last`;

export function createTopicRepository() {
  return {
    async lockWrites(db: DbOrTx) {
      await db.execute(sql`select pg_advisory_xact_lock(${advisoryLocks.topicWrites})`);
    },

    /**
     * Shipped topics come with their curve; a restart rewrites a row only if the data changed.
     * The rows travel as one JSON parameter: building and binding hundreds of parameters costs
     * far more than Postgres parsing the JSON (this runs at every start).
     */
    async upsertWithTrend(db: DbOrTx, rows: TopicInsert[]): Promise<number> {
      if (rows.length === 0) return 0;
      const changed = await executeRows<{ id: string }>(
        db,
        sql`
        insert into ${hotTopics} (id, title, category, platform, heat, trend, source)
        select x.id, x.title, x.category, x.platform, x.heat,
          array(select e::bigint from jsonb_array_elements_text(x.trend) with ordinality a(e, n) order by n),
          x.source
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(id text, title text, category text, platform text, heat bigint, trend jsonb, source text)
        on conflict (id) do update set
          title = excluded.title, category = excluded.category, platform = excluded.platform,
          heat = excluded.heat, trend = excluded.trend, updated_at = now()
        where ${hotTopics}.source = excluded.source
          and (${hotTopics}.title, ${hotTopics}.category, ${hotTopics}.platform, ${hotTopics}.heat, ${hotTopics}.trend)
            is distinct from (excluded.title, excluded.category, excluded.platform, excluded.heat, excluded.trend)
        returning id`,
      );
      // How many rows were inserted or changed: none means the ranking cannot have moved.
      return changed.length;
    },

    /** Live topics: new heat, back on the list; the category guessed at first sight stays. */
    async upsertLive(db: DbOrTx, rows: TopicInsert[]) {
      if (rows.length === 0) return;
      await db.execute(sql`
        insert into ${hotTopics} (id, title, category, platform, heat, trend, source)
        select x.id, x.title, x.category, x.platform, x.heat, array[x.heat], x.source
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(id text, title text, category text, platform text, heat bigint, source text)
        on conflict (id) do update set
          title = excluded.title, heat = excluded.heat, active = true, updated_at = now()`);
    },

    /** Today's reading per topic; a second refresh the same day overwrites it. */
    async recordHeat(db: DbOrTx, day: string, rows: { topicId: string; heat: number }[]) {
      if (rows.length === 0) return;
      await db.execute(sql`
        insert into ${hotTopicHeat} (topic_id, day, heat)
        select x."topicId", ${day}::date, x.heat
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x("topicId" text, heat bigint)
        on conflict (topic_id, day) do update set heat = excluded.heat`);
    },

    /** Copies the last TREND_DAYS readings of the history onto the rows. */
    async refreshTrend(db: DbOrTx, ids: string[]) {
      if (ids.length === 0) return;
      await db.execute(sql`
        update ${hotTopics} t set trend = s.trend
        from (
          select h.topic_id, array_agg(h.heat order by h.day) as trend
          from (
            select topic_id, day, heat,
              row_number() over (partition by topic_id order by day desc) as n
            from ${hotTopicHeat}
            where ${inArray(hotTopicHeat.topicId, ids)}
          ) h
          where h.n <= ${TREND_DAYS}
          group by h.topic_id
        ) s
        where t.id = s.topic_id`);
    },

    /** A live list is the platform's whole ranking: what it no longer carries leaves the list. */
    async deactivateOthers(db: DbOrTx, platform: Platform, keepIds: string[]) {
      await db
        .update(hotTopics)
        .set({ active: false, updatedAt: sql`now()` })
        .where(
          and(
            eq(hotTopics.platform, platform),
            eq(hotTopics.active, true),
            keepIds.length > 0 ? notInArray(hotTopics.id, keepIds) : undefined,
          ),
        );
    },

    /** Rank by heat within the platform, stored so reads stay a plain index scan. */
    async recomputeRanks(db: DbOrTx, platform: Platform) {
      await db.execute(sql`
        update ${hotTopics} t set rank = r.n
        from (
          select id, row_number() over (order by heat desc, id) as n
          from ${hotTopics}
          where active and platform = ${platform}
        ) r
        where t.id = r.id and t.rank <> r.n`);
    },

    /**
     * The ranked list: one indexed query, the user's favourites joined in (no second round trip,
     * no query per item). `active` is written bare to match the partial indexes' predicate.
     */
    async listHot(
      db: DbOrTx,
      filter: { platform?: Platform | undefined; category?: string | undefined; limit: number },
    ) {
      const conditions: SQL[] = [sql`${hotTopics.active}`];
      if (filter.platform) conditions.push(eq(hotTopics.platform, filter.platform));
      if (filter.category) conditions.push(eq(hotTopics.category, filter.category));
      return db
        .select(topicColumns)
        .from(hotTopics)
        .where(and(...conditions))
        .orderBy(byHeat)
        .limit(filter.limit);
    },

    /** All topic ids the user has favourited (the primary key's leading column). */
    async favoriteIdsOf(db: DbOrTx, userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ topicId: topicFavorites.topicId })
        .from(topicFavorites)
        .where(eq(topicFavorites.userId, userId));
      return new Set(rows.map((r) => r.topicId));
    },

    async exists(db: DbOrTx, id: string): Promise<boolean> {
      const rows = await db.select({ id: hotTopics.id }).from(hotTopics).where(eq(hotTopics.id, id)).limit(1);
      return rows.length > 0;
    },

    async findById(db: DbOrTx, id: string) {
      const [row] = await db.select(topicColumns).from(hotTopics).where(eq(hotTopics.id, id)).limit(1);
      return row;
    },

    async addFavorite(db: DbOrTx, userId: string, topicId: string) {
      await db.insert(topicFavorites).values({ userId, topicId }).onConflictDoNothing();
    },

    async removeFavorite(db: DbOrTx, userId: string, topicId: string) {
      await db
        .delete(topicFavorites)
        .where(and(eq(topicFavorites.userId, userId), eq(topicFavorites.topicId, topicId)));
    },

    async listFavorites(db: DbOrTx, userId: string, page: number, pageSize: number) {
      const [items, [totalRow]] = await Promise.all([
        db
          .select({ ...topicColumns, collectedAt: topicFavorites.createdAt })
          .from(topicFavorites)
          .innerJoin(hotTopics, eq(hotTopics.id, topicFavorites.topicId))
          .where(eq(topicFavorites.userId, userId))
          .orderBy(sql`${topicFavorites.createdAt} desc nulls last`, hotTopics.id)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(topicFavorites).where(eq(topicFavorites.userId, userId)),
      ]);
      return { items, total: totalRow?.total ?? 0 };
    },

    async countByCategory(db: DbOrTx) {
      return db
        .select({ category: hotTopics.category, count: count() })
        .from(hotTopics)
        .where(sql`${hotTopics.active}`)
        .groupBy(hotTopics.category);
    },
  };
}
export type TopicRepository = ReturnType<typeof createTopicRepository>;
