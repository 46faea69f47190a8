import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { type UserRow, users } from './user.tables.ts';

export function createUserRepository() {
  return {
    async findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findByOpenid(db: DbOrTx, openid: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.openid, openid)).limit(1);
      return row;
    },
    /** Inserts once per openid; a concurrent second login gets the row the first one made. */
    async upsertByOpenid(
      db: DbOrTx,
      values: { openid: string; unionid?: string | null; nickname: string; avatar: string },
    ): Promise<{ user: UserRow; created: boolean }> {
      const [inserted] = await db.insert(users).values(values).onConflictDoNothing().returning();
      if (inserted) return { user: inserted, created: true };
      const [existing] = await db.select().from(users).where(eq(users.openid, values.openid)).limit(1);
      if (!existing) throw new Error('user vanished during upsert');
      return { user: existing, created: false };
    },
    async setRole(db: DbOrTx, id: string, role: 'user' | 'admin'): Promise<boolean> {
      const rows = await db.update(users).set({ role }).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },
    /** Sets the referrer only if none is set yet, in one statement, so concurrent logins bind once. */
    async setReferrerOnce(db: DbOrTx, id: string, referrerId: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ referrerId, referredAt: new Date() })
        .where(and(eq(users.id, id), isNull(users.referrerId), ne(users.id, referrerId)))
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
