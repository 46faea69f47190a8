import { eq, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import {
  type DistributionLedgerReason,
  distributionLedger,
  distributionWallets,
} from './referral-wallet.tables.ts';

/** The buckets of a distribution wallet, in cents. `debt` is owed (clawed back, already gone). */
export interface Buckets {
  available: number;
  pending: number;
  frozen: number;
  withdrawn: number;
  totalEarned: number;
  debt: number;
}
export type BucketDeltas = Partial<Buckets>;

export const emptyBuckets = (): Buckets => ({
  available: 0,
  pending: 0,
  frozen: 0,
  withdrawn: 0,
  totalEarned: 0,
  debt: 0,
});

const column = {
  available: distributionWallets.availableCents,
  pending: distributionWallets.pendingCents,
  frozen: distributionWallets.frozenCents,
  withdrawn: distributionWallets.withdrawnCents,
  totalEarned: distributionWallets.totalEarnedCents,
  debt: distributionWallets.debtCents,
} as const;

export function createReferralWalletRepository() {
  return {
    async ensureWallet(db: DbOrTx, userId: string) {
      await db.insert(distributionWallets).values({ userId }).onConflictDoNothing();
    },
    /**
     * Adds every delta in one UPDATE that refuses (returns undefined) if any bucket would go
     * negative. The row lock it takes serialises concurrent changes of one wallet, and under READ
     * COMMITTED a waiting UPDATE re-checks its WHERE against the committed row: that is what makes
     * 100 concurrent withdrawals of ¥10 against ¥500 end with exactly 50 successes.
     */
    async applyDeltas(db: DbOrTx, userId: string, deltas: BucketDeltas): Promise<Buckets | undefined> {
      const set: Record<string, unknown> = { updatedAt: sql`now()` };
      const guards = [sql`${distributionWallets.userId} = ${userId}`];
      for (const key of Object.keys(column) as (keyof Buckets)[]) {
        const delta = deltas[key] ?? 0;
        if (delta === 0) continue;
        set[key === 'totalEarned' ? 'totalEarnedCents' : `${key}Cents`] = sql`${column[key]} + ${delta}`;
        if (delta < 0) guards.push(sql`${column[key]} + ${delta} >= 0`);
      }
      const [row] = await db
        .update(distributionWallets)
        .set(set)
        .where(sql.join(guards, sql` AND `))
        .returning();
      return row ? toBuckets(row) : undefined;
    },
    async appendLedger(
      db: DbOrTx,
      row: { userId: string; deltas: BucketDeltas; reason: DistributionLedgerReason; refId: string },
    ) {
      const { deltas } = row;
      const [inserted] = await db
        .insert(distributionLedger)
        .values({
          userId: row.userId,
          availableDelta: deltas.available ?? 0,
          pendingDelta: deltas.pending ?? 0,
          frozenDelta: deltas.frozen ?? 0,
          withdrawnDelta: deltas.withdrawn ?? 0,
          totalEarnedDelta: deltas.totalEarned ?? 0,
          debtDelta: deltas.debt ?? 0,
          reason: row.reason,
          refId: row.refId,
        })
        .returning();
      return inserted!;
    },
    /** The wallet row locked until the transaction ends (its changes queue behind this one). */
    async lock(db: DbOrTx, userId: string): Promise<Buckets> {
      const [row] = await db
        .select()
        .from(distributionWallets)
        .where(eq(distributionWallets.userId, userId))
        .for('update');
      return row ? toBuckets(row) : emptyBuckets();
    },
    async get(db: DbOrTx, userId: string): Promise<Buckets> {
      const [row] = await db.select().from(distributionWallets).where(eq(distributionWallets.userId, userId));
      return row ? toBuckets(row) : emptyBuckets();
    },
    /** What the balances must equal: the sums of the ledger's columns. */
    async ledgerSums(db: DbOrTx, userId: string): Promise<Buckets> {
      const [row] = await db
        .select({
          available: sum(distributionLedger.availableDelta),
          pending: sum(distributionLedger.pendingDelta),
          frozen: sum(distributionLedger.frozenDelta),
          withdrawn: sum(distributionLedger.withdrawnDelta),
          totalEarned: sum(distributionLedger.totalEarnedDelta),
          debt: sum(distributionLedger.debtDelta),
        })
        .from(distributionLedger)
        .where(eq(distributionLedger.userId, userId));
      return {
        available: Number(row?.available ?? 0),
        pending: Number(row?.pending ?? 0),
        frozen: Number(row?.frozen ?? 0),
        withdrawn: Number(row?.withdrawn ?? 0),
        totalEarned: Number(row?.totalEarned ?? 0),
        debt: Number(row?.debt ?? 0),
      };
    },
  };
}
export type ReferralWalletRepository = ReturnType<typeof createReferralWalletRepository>;

function toBuckets(row: typeof distributionWallets.$inferSelect): Buckets {
  return {
    available: row.availableCents,
    pending: row.pendingCents,
    frozen: row.frozenCents,
    withdrawn: row.withdrawnCents,
    totalEarned: row.totalEarnedCents,
    debt: row.debtCents,
  };
}
