import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';

/** A session is known only by the SHA-256 of its token: a leaked table logs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One QR login attempt. The state is the secret the QR carries (≥128 random bits). The token is
 * never stored: the stream that claims a completed state (tokenClaimedAt, set once, atomically)
 * creates the session and hands its token out, so it exists only in that one answer.
 */
export const loginStates = pgTable(
  'login_states',
  {
    state: text('state').primaryKey(),
    /** The referral code of the page the QR was requested from; resolved at first login. */
    referralCode: text('referral_code'),
    status: text('status', { enum: ['waiting', 'scanned', 'complete', 'expired'] })
      .notNull()
      .default('waiting'),
    userId: uuid('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    tokenClaimedAt: timestamp('token_claimed_at', { withTimezone: true }),
  },
  (t) => [index('login_states_expires_idx').on(t.expiresAt)],
);
export type LoginStateRow = typeof loginStates.$inferSelect;
