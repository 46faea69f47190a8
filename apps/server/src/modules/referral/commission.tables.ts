import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';

export const commissionStatuses = ['pending', 'available', 'cancelled'] as const;
export type CommissionStatus = (typeof commissionStatuses)[number];

/**
 * One row per paid order of a bound customer. `order_id` is UNIQUE so that a payment notified
 * twice (or replayed) never pays a commission twice. No foreign key to orders: that table belongs
 * to the order module, which tells us about payments through its onPaid/onRefunded listeners.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id').notNull().unique(),
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => users.id),
    buyerUserId: uuid('buyer_user_id')
      .notNull()
      .references(() => users.id),
    orderAmountCents: integer('order_amount_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: commissionStatuses }).notNull().default('pending'),
    /** When the sweep may move it from pending to available. */
    settleAt: timestamp('settle_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    check('commissions_order_amount_nonnegative', sql`${t.orderAmountCents} >= 0`),
    check(
      'commissions_amount_in_range',
      sql`${t.amountCents} >= 0 AND ${t.amountCents} <= ${t.orderAmountCents}`,
    ),
    // The sweep's lookup: pending rows that are due.
    index('commissions_due_idx').on(t.status, t.settleAt),
    index('commissions_distributor_idx').on(t.distributorId, t.buyerUserId),
    index('commissions_distributor_created_idx').on(t.distributorId, t.createdAt),
  ],
);
export type CommissionRow = typeof commissions.$inferSelect;
