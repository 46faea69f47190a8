import type { InspirationItem, inspirationListQuerySchema, Page, TopicCategory } from '@app/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { InspirationRepository } from './inspiration.repository.ts';
import type { SeedInspiration } from './inspiration-seed.ts';

type ListQuery = z.output<typeof inspirationListQuerySchema>;

/**
 * The inspiration library. Its niches are the topic module's: names and the category check come
 * from the topic service (`categories`, `checkCategory`), never from its tables.
 */
export function createInspirationService(deps: {
  db: Db;
  items: InspirationRepository;
  categories: () => { id: string; name: string }[];
  checkCategory: (id: string | undefined) => void;
  seedItems: () => SeedInspiration[];
}) {
  const { db, items } = deps;
  return {
    async seed(): Promise<void> {
      await items.upsert(db, deps.seedItems());
    },

    async categories(): Promise<TopicCategory[]> {
      const counts = new Map((await items.countByCategory(db)).map((r) => [r.categoryId, r.count]));
      return deps.categories().map((c) => ({ ...c, count: counts.get(c.id) ?? 0 }));
    },

    async list(query: ListQuery): Promise<Page<InspirationItem>> {
      deps.checkCategory(query.categoryId);
      const { items: rows, total } = await items.list(db, query);
      return {
        items: rows.map((r) => ({
          id: r.id,
          categoryId: r.categoryId,
          title: r.title,
          platform: r.platform,
          author: r.author,
          likes: r.likes,
          comments: r.comments,
          shares: r.shares,
          heat: Number(r.heat),
          hook: r.hook,
          tags: r.tags,
          publishedAt: r.publishedAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
export type InspirationService = ReturnType<typeof createInspirationService>;
