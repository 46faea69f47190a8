import type { PersonaAnalyzeInput, PersonaDraft } from '@app/contract/generation';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema.ts';

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
