import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';

/**
 * Hot topics from every source (the shipped seed, a live hot list). The database is the source
 * of truth at run time: sources upsert into it, reads never touch the sources.
 */
export const hotTopics = pgTable(
  'hot_topics',
  {
    /** Seed ids as shipped (t-meishi-01); fetched ones `<source>:<platform>:<id>`. */
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    platform: text('platform', { enum: ['douyin', 'kuaishou', 'xiaohongshu', 'shipinhao'] }).notNull(),
    heat: bigint('heat', { mode: 'number' }).notNull(),
    /** Last 7 days of heat, oldest first: a copy of hot_topic_heat kept on the row for one-query reads. */
    trend: bigint('trend', { mode: 'number' }).array().notNull().default(sql`'{}'`),
    /** Position on its platform's list by heat; recomputed whenever heat changes (cheap reads). */
    rank: integer('rank').notNull().default(0),
    source: text('source').notNull(),
    /** False once a newer list of the same platform no longer carries it; favourites still show it. */
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    // One partial index per filter combination of GET /topic/hot, each already in heat order,
    // so the list is an index scan that stops at the limit.
    index('hot_topics_heat_idx').on(t.heat.desc()).where(sql`${t.active}`),
    index('hot_topics_platform_heat_idx').on(t.platform, t.heat.desc()).where(sql`${t.active}`),
    index('hot_topics_category_heat_idx').on(t.category, t.heat.desc()).where(sql`${t.active}`),
    index('hot_topics_platform_category_heat_idx')
      .on(t.platform, t.category, t.heat.desc())
      .where(sql`${t.active}`),
  ],
);
export type HotTopicRow = typeof hotTopics.$inferSelect;

/** One heat reading per topic and day: the trend history the sparkline is cut from. */
export const hotTopicHeat = pgTable(
  'hot_topic_heat',
  {
    topicId: text('topic_id')
      .notNull()
      .references(() => hotTopics.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    heat: bigint('heat', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.day] })],
);

/** A user's favourite topics: one row per (user, topic), so collecting twice changes nothing. */
export const topicFavorites = pgTable(
  'topic_favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: text('topic_id')
      .notNull()
      .references(() => hotTopics.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topicId] }),
    index('topic_favorites_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);
