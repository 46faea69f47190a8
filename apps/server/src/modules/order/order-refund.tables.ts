import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';
import { orders } from './order.tables.ts';

export const refundStatuses = ['processing', 'succeeded', 'abnormal', 'closed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * A refund of (part of) a paid order, asked of the payment provider. `outRefundNo` is ours and
 * the idempotency key WeChat Pay sees: a retried request never refunds twice. Credits and the
 * commission are reversed only when the refund reaches `succeeded`, in that same transaction.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    outRefundNo: text('out_refund_no').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    /** Credits taken back from the buyer when the refund succeeds. */
    credits: integer('credits').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('processing'),
    /** The provider's refund_id, once it has one. */
    providerRefundId: text('provider_refund_id'),
    reason: text('reason').notNull().default(''),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    index('order_refunds_processing_idx').on(t.createdAt).where(sql`${t.status} = 'processing'`),
    // One refund in flight per order: two admins clicking at once cannot both start one.
    uniqueIndex('order_refunds_one_processing').on(t.orderId).where(sql`${t.status} = 'processing'`),
    check('order_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('order_refunds_credits_nonnegative', sql`${t.credits} >= 0`),
  ],
);
export type OrderRefundRow = typeof orderRefunds.$inferSelect;
