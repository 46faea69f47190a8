import type { GenerationInput } from '@app/contract';
import type { QualityFinding, Scene } from '@app/contract/generation';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';

const generationStatuses = ['generating', 'done', 'failed'] as const;

/**
 * One POST /creator/generate. It is a lease while `generating`: the instance running it
 * (`runner_id`) refreshes `heartbeat_at`; a row whose heartbeat went stale belongs to a dead
 * instance and is failed and refunded by whichever instance sweeps first.
 */
export const creatorGenerations = pgTable(
  'creator_generations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: generationStatuses }).notNull().default('generating'),
    input: jsonb('input').$type<GenerationInput>().notNull(),
    /** Credits taken at the start (0 for internal members) and given back for failed variants. */
    charged: integer('charged').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    error: text('error'),
    runnerId: text('runner_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().default(sql`now()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('creator_generations_user_idx').on(t.userId, t.createdAt),
    index('creator_generations_running_idx').on(t.heartbeatAt).where(sql`${t.status} = 'generating'`),
  ],
);
export type GenerationRow = typeof creatorGenerations.$inferSelect;

/** The live preview text of each variant, appended in batches while it is written. */
export const creatorVariants = pgTable(
  'creator_variants',
  {
    generationId: uuid('generation_id')
      .notNull()
      .references(() => creatorGenerations.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    status: text('status', { enum: generationStatuses }).notNull().default('generating'),
    text: text('text').notNull().default(''),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.generationId, t.idx] })],
);
export type VariantRow = typeof creatorVariants.$inferSelect;

export const scripts = pgTable(
  'scripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    generationId: uuid('generation_id')
      .notNull()
      .references(() => creatorGenerations.id),
    variantIndex: integer('variant_index').notNull(),
    title: text('title').notNull(),
    hook: text('hook').notNull(),
    scenes: jsonb('scenes').$type<Scene[]>().notNull(),
    twist: text('twist'),
    cta: text('cta').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    coverText: text('cover_text').notNull(),
    /** What the quality gate found when it was generated, rechecked when the owner confirms edits. */
    findings: jsonb('findings').$type<QualityFinding[]>().notNull().default(sql`'[]'::jsonb`),
    confirmed: boolean('confirmed').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('scripts_generation_variant_idx').on(t.generationId, t.variantIndex),
    index('scripts_user_idx').on(t.userId, t.confirmed, t.updatedAt),
  ],
);
export type ScriptRow = typeof scripts.$inferSelect;
