import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';

export const withdrawalStatuses = ['pending', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/**
 * A distributor's request to be paid out. Its money moves in the distribution wallet (frozen at
 * request, back to available on rejection, withdrawn on approval); this row records the decision.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    realName: text('real_name').notNull(),
    status: text('status', { enum: withdrawalStatuses }).notNull().default('pending'),
    /** Shown to the user when rejected. */
    reason: text('reason'),
    /** The bank/WeChat transfer reference the admin paid it with. */
    payoutRef: text('payout_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
  },
  (t) => [
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
  ],
);
export type WithdrawalRow = typeof withdrawals.$inferSelect;
