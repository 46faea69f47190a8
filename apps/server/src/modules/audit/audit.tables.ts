import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';

/**
 * Every admin action, append-only: a trigger in the migration refuses UPDATE and DELETE, so not
 * even a bug in our code can rewrite who did what. `before`/`after` are the values the action
 * changed, as the admin would read them.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    /** What the action was on: 'order', 'user', 'withdrawal', 'commission'… */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt),
    index('admin_audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
