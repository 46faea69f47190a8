import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { creditLedger, creditWallets } from './wallet.tables.ts';

export type CreditReason = (typeof creditLedger.$inferInsert)['reason'];

export function createWalletRepository() {
  return {
    async ensureWallet(db: DbOrTx, userId: string) {
      await db.insert(creditWallets).values({ userId }).onConflictDoNothing();
    },
    /**
     * Adds delta atomically; refuses (returns undefined) when the balance would go negative.
     * The row lock this UPDATE takes serialises concurrent changes of one wallet.
     */
    async applyDelta(db: DbOrTx, userId: string, delta: number): Promise<number | undefined> {
      const [row] = await db
        .update(creditWallets)
        .set({ balance: sql`${creditWallets.balance} + ${delta}`, updatedAt: sql`now()` })
        .where(and(eq(creditWallets.userId, userId), sql`${creditWallets.balance} + ${delta} >= 0`))
        .returning({ balance: creditWallets.balance });
      return row?.balance;
    },
    async appendLedger(
      db: DbOrTx,
      row: {
        userId: string;
        delta: number;
        balanceAfter: number;
        reason: CreditReason;
        refId: string | null;
      },
    ) {
      const [inserted] = await db.insert(creditLedger).values(row).returning();
      return inserted!;
    },
    async balance(db: DbOrTx, userId: string): Promise<number> {
      const [row] = await db
        .select({ balance: creditWallets.balance })
        .from(creditWallets)
        .where(eq(creditWallets.userId, userId));
      return row?.balance ?? 0;
    },
    async ledgerSum(db: DbOrTx, userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sum(creditLedger.delta) })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId));
      return Number(row?.total ?? 0);
    },
    async listLedger(db: DbOrTx, userId: string, page: number, pageSize: number) {
      const [items, [totalRow]] = await Promise.all([
        db
          .select()
          .from(creditLedger)
          .where(eq(creditLedger.userId, userId))
          .orderBy(desc(creditLedger.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(creditLedger).where(eq(creditLedger.userId, userId)),
      ]);
      return { items, total: totalRow?.total ?? 0 };
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
