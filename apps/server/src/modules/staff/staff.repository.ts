import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { internalMembers } from './staff.tables.ts';

export type InternalMemberRow = typeof internalMembers.$inferSelect;
export type InternalMemberStatus = InternalMemberRow['status'];

export function createStaffRepository() {
  return {
    async isApproved(db: DbOrTx, userId: string): Promise<boolean> {
      const rows = await db
        .select({ userId: internalMembers.userId })
        .from(internalMembers)
        .where(and(eq(internalMembers.userId, userId), eq(internalMembers.status, 'approved')))
        .limit(1);
      return rows.length > 0;
    },
    async find(db: DbOrTx, userId: string): Promise<InternalMemberRow | undefined> {
      const [row] = await db
        .select()
        .from(internalMembers)
        .where(eq(internalMembers.userId, userId))
        .limit(1);
      return row;
    },
    /**
     * One application per user (user_id is the key). A rejected one may apply again, which puts
     * it back to pending; a pending or approved one is left as it is (returns undefined).
     */
    async applyOnce(db: DbOrTx, userId: string): Promise<InternalMemberRow | undefined> {
      const [row] = await db
        .insert(internalMembers)
        .values({ userId, status: 'pending' })
        .onConflictDoUpdate({
          target: internalMembers.userId,
          set: { status: 'pending', appliedAt: sql`now()`, decidedAt: null, decidedBy: null },
          setWhere: eq(internalMembers.status, 'rejected'),
        })
        .returning();
      return row;
    },
    async list(db: DbOrTx, status: InternalMemberStatus | undefined, page: number, pageSize: number) {
      const where = status ? eq(internalMembers.status, status) : undefined;
      const [items, [totalRow]] = await Promise.all([
        db
          .select()
          .from(internalMembers)
          .where(where)
          .orderBy(desc(internalMembers.appliedAt), desc(internalMembers.userId))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(internalMembers).where(where),
      ]);
      return { items, total: totalRow?.total ?? 0 };
    },
    /**
     * The listed applications, locked until the transaction ends, so the decision that follows
     * (and its audit entry's "before") sees what no concurrent decision can change meanwhile.
     * Ordered by user id so that two batches always lock in the same order.
     */
    async lockMany(db: DbOrTx, userIds: string[]): Promise<InternalMemberRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(internalMembers)
        .where(inArray(internalMembers.userId, userIds))
        .orderBy(asc(internalMembers.userId))
        .for('update');
    },
    /** Sets the decision of every listed application; returns the rows it changed. */
    async decide(
      db: DbOrTx,
      userIds: string[],
      decision: { status: 'approved' | 'rejected'; decidedBy: string },
    ): Promise<InternalMemberRow[]> {
      if (userIds.length === 0) return [];
      return db
        .update(internalMembers)
        .set({ ...decision, decidedAt: sql`now()` })
        .where(inArray(internalMembers.userId, userIds))
        .returning();
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
