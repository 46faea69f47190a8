import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { type WithdrawalRow, type WithdrawalStatus, withdrawals } from './withdraw.tables.ts';

export function createWithdrawRepository() {
  async function page(db: DbOrTx, where: SQL | undefined, pageNo: number, pageSize: number) {
    const [items, [totalRow]] = await Promise.all([
      db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      db.select({ total: count() }).from(withdrawals).where(where),
    ]);
    return { items, total: totalRow?.total ?? 0 };
  }

  return {
    async insert(
      db: DbOrTx,
      row: { userId: string; amountCents: number; realName: string },
    ): Promise<WithdrawalRow> {
      const [inserted] = await db.insert(withdrawals).values(row).returning();
      return inserted!;
    },
    async findById(db: DbOrTx, id: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
      return row;
    },
    listByUser(db: DbOrTx, userId: string, pageNo: number, pageSize: number) {
      return page(db, eq(withdrawals.userId, userId), pageNo, pageSize);
    },
    listAll(db: DbOrTx, status: WithdrawalStatus | undefined, pageNo: number, pageSize: number) {
      return page(db, status ? eq(withdrawals.status, status) : undefined, pageNo, pageSize);
    },
    /**
     * Decides a pending withdrawal in one statement. A concurrent second decision waits for the
     * first one's row lock, then finds the status no longer pending and changes nothing, so a
     * withdrawal is decided exactly once.
     */
    async decidePending(
      db: DbOrTx,
      id: string,
      decision: {
        status: 'approved' | 'rejected';
        reason: string | null;
        payoutRef: string | null;
        decidedBy: string;
      },
    ): Promise<WithdrawalRow | undefined> {
      const [row] = await db
        .update(withdrawals)
        .set({ ...decision, decidedAt: new Date() })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
        .returning();
      return row;
    },
  };
}
export type WithdrawRepository = ReturnType<typeof createWithdrawRepository>;
