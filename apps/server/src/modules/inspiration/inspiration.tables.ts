import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The inspiration library (爆款灵感): viral posts by niche, seeded from data/inspiration.json. */
export const inspirations = pgTable(
  'inspirations',
  {
    id: text('id').primaryKey(),
    categoryId: text('category_id').notNull(),
    title: text('title').notNull(),
    platform: text('platform', { enum: ['douyin', 'kuaishou', 'xiaohongshu', 'shipinhao'] }).notNull(),
    author: text('author').notNull(),
    likes: integer('likes').notNull(),
    comments: integer('comments').notNull(),
    shares: integer('shares').notNull(),
    heat: bigint('heat', { mode: 'number' }).notNull(),
    hook: text('hook').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'`),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // GET /redu/list sorts by one of three columns, with or without a category: one index per
    // pair, ending in id so that equal values page stably.
    index('inspirations_category_heat_idx').on(t.categoryId, t.heat.desc(), t.id),
    index('inspirations_category_likes_idx').on(t.categoryId, t.likes.desc(), t.id),
    index('inspirations_category_published_idx').on(t.categoryId, t.publishedAt.desc(), t.id),
    index('inspirations_heat_idx').on(t.heat.desc(), t.id),
    index('inspirations_likes_idx').on(t.likes.desc(), t.id),
    index('inspirations_published_idx').on(t.publishedAt.desc(), t.id),
  ],
);
export type InspirationRow = typeof inspirations.$inferSelect;
