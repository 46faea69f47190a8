import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { advisoryLocks } from '../../db/locks.ts';
import { inspirations } from './inspiration.tables.ts';
import type { SeedInspiration } from './inspiration-seed.ts';

export type InspirationSortKey = 'heat' | 'likes' | 'recent';

// Each sort written exactly as its index is built (DESC NULLS LAST, then id), so a page is an
// index scan that stops after offset + limit rows.
const orderings: Record<InspirationSortKey, SQL> = {
  heat: sql`${inspirations.heat} desc nulls last, ${inspirations.id}`,
  likes: sql`${inspirations.likes} desc nulls last, ${inspirations.id}`,
  recent: sql`${inspirations.publishedAt} desc nulls last, ${inspirations.id}`,
};

export function createInspirationRepository() {
  return {
    /**
     * Inserts new items and rewrites changed ones; unchanged rows are not touched. The rows
     * travel as one JSON parameter (this runs at every start; hundreds of bound parameters
     * cost far more).
     */
    async upsert(db: DbOrTx, rows: SeedInspiration[]) {
      if (rows.length === 0) return;
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLocks.inspirationSeed})`);
        await tx.execute(sql`
          insert into ${inspirations} (id, category_id, title, platform, author, likes, comments, shares,
            heat, hook, tags, published_at)
          select x.id, x."categoryId", x.title, x.platform, x.author, x.likes, x.comments, x.shares,
            x.heat, x.hook,
            array(select e from jsonb_array_elements_text(x.tags) with ordinality a(e, n) order by n),
            x."publishedAt"
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id text, "categoryId" text,
            title text, platform text, author text, likes int, comments int, shares int, heat bigint,
            hook text, tags jsonb, "publishedAt" timestamptz)
          on conflict (id) do update set
            category_id = excluded.category_id, title = excluded.title, platform = excluded.platform,
            author = excluded.author, likes = excluded.likes, comments = excluded.comments,
            shares = excluded.shares, heat = excluded.heat, hook = excluded.hook, tags = excluded.tags,
            published_at = excluded.published_at
          where (${inspirations}.category_id, ${inspirations}.title, ${inspirations}.platform,
              ${inspirations}.author, ${inspirations}.likes, ${inspirations}.comments,
              ${inspirations}.shares, ${inspirations}.heat, ${inspirations}.hook, ${inspirations}.tags,
              ${inspirations}.published_at)
            is distinct from (excluded.category_id, excluded.title, excluded.platform, excluded.author,
              excluded.likes, excluded.comments, excluded.shares, excluded.heat, excluded.hook,
              excluded.tags, excluded.published_at)`);
      });
    },

    async list(
      db: DbOrTx,
      filter: { categoryId?: string | undefined; sort: InspirationSortKey; page: number; pageSize: number },
    ) {
      const where = filter.categoryId ? eq(inspirations.categoryId, filter.categoryId) : undefined;
      const [items, [totalRow]] = await Promise.all([
        db
          .select()
          .from(inspirations)
          .where(where)
          .orderBy(orderings[filter.sort])
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ total: count() }).from(inspirations).where(and(where)),
      ]);
      return { items, total: totalRow?.total ?? 0 };
    },

    async countByCategory(db: DbOrTx) {
      return db
        .select({ categoryId: inspirations.categoryId, count: count() })
        .from(inspirations)
        .groupBy(inspirations.categoryId);
    },
  };
}
export type InspirationRepository = ReturnType<typeof createInspirationRepository>;
