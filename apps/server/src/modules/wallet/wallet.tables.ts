import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';

/** Generation credits. The balance is a cache of the ledger's sum, written in the same transaction. */
export const creditWallets = pgTable(
  'credit_wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [check('credit_wallets_balance_nonnegative', sql`${t.balance} >= 0`)],
);

export const creditReasons = ['signup_bonus', 'purchase', 'generation', 'refund', 'grant'] as const;

/** Append-only: rows are never updated or deleted. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', { enum: creditReasons }).notNull(),
    refId: text('ref_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.id),
    // The welcome credits are given once per user, whatever races or retries try.
    uniqueIndex('credit_ledger_signup_once').on(t.userId).where(sql`${t.reason} = 'signup_bonus'`),
  ],
);
