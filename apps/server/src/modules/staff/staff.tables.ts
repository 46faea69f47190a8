import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';

/** Internal members generate without spending credits; they apply, an admin decides. */
export const internalMembers = pgTable(
  'internal_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().default(sql`now()`),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
  },
  (t) => [index('internal_members_status_idx').on(t.status, t.appliedAt)],
);
