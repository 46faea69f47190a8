import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';

/**
 * A distributor's money in five buckets (integer cents) and a debt. Each bucket is a cache of the
 * sum of its column in distribution_ledger, written in the same transaction; the CHECKs make a
 * negative balance impossible whatever the code does. It mirrors the credit wallet's shape
 * (wallet.tables.ts) on purpose, as a separate table: money and credits never share a ledger.
 */
export const distributionWallets = pgTable(
  'distribution_wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    availableCents: integer('available_cents').notNull().default(0),
    pendingCents: integer('pending_cents').notNull().default(0),
    frozenCents: integer('frozen_cents').notNull().default(0),
    withdrawnCents: integer('withdrawn_cents').notNull().default(0),
    totalEarnedCents: integer('total_earned_cents').notNull().default(0),
    /**
     * Commission clawed back by a refund after it had left `available` (withdrawn or frozen):
     * owed by the distributor and repaid first from what later becomes available.
     */
    debtCents: integer('debt_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check('distribution_wallets_available_nonnegative', sql`${t.availableCents} >= 0`),
    check('distribution_wallets_pending_nonnegative', sql`${t.pendingCents} >= 0`),
    check('distribution_wallets_frozen_nonnegative', sql`${t.frozenCents} >= 0`),
    check('distribution_wallets_withdrawn_nonnegative', sql`${t.withdrawnCents} >= 0`),
    check('distribution_wallets_total_earned_nonnegative', sql`${t.totalEarnedCents} >= 0`),
    check('distribution_wallets_debt_nonnegative', sql`${t.debtCents} >= 0`),
  ],
);

export const distributionLedgerReasons = [
  'commission_pending',
  'commission_settled',
  'commission_cancelled',
  'withdraw_freeze',
  'withdraw_reject',
  'withdraw_paid',
  /** A refund after settlement: the commission leaves available, or becomes debt for what is gone. */
  'commission_clawback',
  /** Debt repaid from money that became available (a later settlement, a rejected withdrawal). */
  'debt_repaid',
] as const;
export type DistributionLedgerReason = (typeof distributionLedgerReasons)[number];

/**
 * Append-only: one row per change, never updated or deleted. (reason, ref_id) is UNIQUE: a
 * commission is settled once, a withdrawal frozen once and decided once, even if a bug or a race
 * tried twice.
 */
export const distributionLedger = pgTable(
  'distribution_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    availableDelta: integer('available_delta').notNull().default(0),
    pendingDelta: integer('pending_delta').notNull().default(0),
    frozenDelta: integer('frozen_delta').notNull().default(0),
    withdrawnDelta: integer('withdrawn_delta').notNull().default(0),
    totalEarnedDelta: integer('total_earned_delta').notNull().default(0),
    debtDelta: integer('debt_delta').notNull().default(0),
    reason: text('reason', { enum: distributionLedgerReasons }).notNull(),
    /** The commission or withdrawal id the change belongs to. */
    refId: text('ref_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('distribution_ledger_user_idx').on(t.userId, t.id),
    unique('distribution_ledger_reason_ref_unique').on(t.reason, t.refId),
  ],
);
