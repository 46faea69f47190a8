import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openid: text('openid').notNull().unique(),
    unionid: text('unionid'),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /** The distributor this user was bound to at first login; set once, never changed. */
    referrerId: uuid('referrer_id').references((): AnyPgColumn => users.id),
    referredAt: timestamp('referred_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** Set by an admin: the account cannot sign in and its sessions are gone on every instance. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [index('users_referrer_idx').on(t.referrerId, t.referredAt)],
);

export type UserRow = typeof users.$inferSelect;
