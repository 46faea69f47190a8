import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';

/** A user who became a distributor, with the referral code their share link carries. */
export const distributors = pgTable('distributors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});
export type DistributorRow = typeof distributors.$inferSelect;
