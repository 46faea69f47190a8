import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from '../catalog/catalog.tables.ts';
import { users } from '../user/user.tables.ts';

export const orderStatuses = ['pending', 'paid', 'closed', 'refunded'] as const;
export const paymentProviders = ['dev', 'wechat'] as const;

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Our number, sent to the payment provider as out_trade_no. */
    orderNo: text('order_no').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    // Copied from the product at creation: a later price change never alters this order.
    productName: text('product_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    credits: integer('credits').notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    /** Which provider issued the payment QR (null until /order/pay). */
    provider: text('provider', { enum: paymentProviders }),
    codeUrl: text('code_url'),
    /**
     * The provider's transaction id. Unique: one payment can never pay two orders, and it is the
     * last line of defence against a notification being applied twice.
     */
    transactionId: text('transaction_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** What succeeded refunds have returned so far (the order is `refunded` once it is all). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedCredits: integer('refunded_credits').notNull().default(0),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    check('orders_amount_positive', sql`${t.amountCents} > 0`),
    check('orders_refund_within_amount', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
    check(
      'orders_paid_has_transaction',
      sql`${t.status} not in ('paid', 'refunded') or ${t.transactionId} is not null`,
    ),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
