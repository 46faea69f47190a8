import { count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { users } from './user.tables.ts';

export interface UserProfile {
  userId: string;
  nickname: string;
  avatar: string;
}

/**
 * Read-only lookups other modules need about users (who referred whom, names to show next to a
 * withdrawal or an application). They stay here so that the users table is only ever queried by
 * the user module; other modules receive these functions through the container.
 */
export function createUserLookupRepository() {
  return {
    /** The distributor a user was bound to at first login; takes `tx` so a paid-order transaction can ask. */
    async referrerOf(db: DbOrTx, userId: string): Promise<string | null> {
      const [row] = await db
        .select({ referrerId: users.referrerId })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.referrerId ?? null;
    },
    /** Users bound to a referrer, newest binding first. */
    async listReferredBy(db: DbOrTx, referrerId: string, page: number, pageSize: number) {
      const where = eq(users.referrerId, referrerId);
      const [items, [totalRow]] = await Promise.all([
        db
          .select({
            userId: users.id,
            nickname: users.nickname,
            avatar: users.avatar,
            boundAt: users.referredAt,
          })
          .from(users)
          .where(where)
          .orderBy(desc(users.referredAt), desc(users.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return {
        items: items.map((u) => ({ ...u, boundAt: u.boundAt ?? new Date(0) })),
        total: totalRow?.total ?? 0,
      };
    },
    async profilesByIds(db: DbOrTx, ids: string[]): Promise<Map<string, UserProfile>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({ userId: users.id, nickname: users.nickname, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, unique));
      return new Map(rows.map((r) => [r.userId, r]));
    },
  };
}
export type UserLookupRepository = ReturnType<typeof createUserLookupRepository>;
