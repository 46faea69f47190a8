import type { PersonaAnalyzeInput, PersonaDraft } from '@app/contract/generation';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';

/** The draft minus its name: the name is a column because the owner renames it. */
export type PersonaBody = Omit<PersonaDraft, 'name'>;

/**
 * A persona is written only once its generation succeeded. At most one default per user, held by
 * a partial unique index so that no race can produce two.
 */
export const personas = pgTable(
  'personas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    platform: text('platform', { enum: ['douyin', 'kuaishou', 'xiaohongshu', 'shipinhao'] }).notNull(),
    accountName: text('account_name').notNull(),
    name: text('name').notNull(),
    body: jsonb('body').$type<PersonaBody>().notNull(),
    /** What the user typed, kept so a persona can be explained or re-analysed later. */
    input: jsonb('input').$type<PersonaAnalyzeInput>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('personas_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('personas_one_default_per_user').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export type PersonaRow = typeof personas.$inferSelect;

const analysisStatuses = ['analysing', 'done', 'failed'] as const;

/**
 * One paid persona analysis, written with its charge. It is a lease while `analysing`, exactly
 * like a script generation (creator_generations): the instance running it (`runner_id`) refreshes
 * `heartbeat_at`; one whose heartbeat went stale belongs to a dead instance and is failed and
 * refunded by the creation module's sweep. Whoever locks the row while it is `analysing` closes
 * it, so the credit is used (persona written) or refunded, exactly once.
 */
export const personaAnalyses = pgTable(
  'persona_analyses',
  {
    /** Also the id of the persona it produces and the ref_id of its charge and refund. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: analysisStatuses }).notNull().default('analysing'),
    charged: integer('charged').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    error: text('error'),
    runnerId: text('runner_id').notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().default(sql`now()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('persona_analyses_running_idx').on(t.heartbeatAt).where(sql`${t.status} = 'analysing'`)],
);
export type PersonaAnalysisRow = typeof personaAnalyses.$inferSelect;
