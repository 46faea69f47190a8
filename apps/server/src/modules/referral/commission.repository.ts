import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { type CommissionRow, commissions } from './commission.tables.ts';

export interface CustomerTotals {
  paidCents: number;
  orderCount: number;
  commissionCents: number;
}

export function createCommissionRepository() {
  return {
    /** Inserts once per order: returns undefined when this order already has its commission. */
    async insertOnce(
      db: DbOrTx,
      row: Pick<
        CommissionRow,
        'orderId' | 'distributorId' | 'buyerUserId' | 'orderAmountCents' | 'amountCents' | 'settleAt'
      >,
    ): Promise<CommissionRow | undefined> {
      const [inserted] = await db.insert(commissions).values(row).onConflictDoNothing().returning();
      return inserted;
    },
    async findByOrder(db: DbOrTx, orderId: string): Promise<CommissionRow | undefined> {
      const [row] = await db.select().from(commissions).where(eq(commissions.orderId, orderId)).limit(1);
      return row;
    },
    /**
     * The order's commission, locked until the transaction ends. If the sweep holds it, this
     * waits and then reads what the sweep committed (pending or already available).
     */
    async lockByOrder(db: DbOrTx, orderId: string): Promise<CommissionRow | undefined> {
      const [row] = await db
        .select()
        .from(commissions)
        .where(eq(commissions.orderId, orderId))
        .limit(1)
        .for('update');
      return row;
    },
    /** A settled (available) commission whose order was refunded: cancelled, settled_at kept. */
    async cancelSettled(db: DbOrTx, id: string): Promise<CommissionRow | undefined> {
      const [row] = await db
        .update(commissions)
        .set({ status: 'cancelled', cancelledAt: sql`now()` })
        .where(and(eq(commissions.id, id), eq(commissions.status, 'available')))
        .returning();
      return row;
    },
    /**
     * A partial refund: what stays of the commission and of the order's money. Conditional on the
     * status read under the lock, so a commission is never reduced and settled at cross purposes.
     */
    async reduce(
      db: DbOrTx,
      id: string,
      status: CommissionRow['status'],
      values: Pick<CommissionRow, 'amountCents' | 'orderAmountCents'>,
    ): Promise<CommissionRow | undefined> {
      const [row] = await db
        .update(commissions)
        .set(values)
        .where(and(eq(commissions.id, id), eq(commissions.status, status)))
        .returning();
      return row;
    },
    /**
     * Pending → cancelled in one statement. If the sweep holds the row, this waits and then
     * re-checks `status = 'pending'` against what the sweep committed, so a commission is either
     * settled or cancelled, never both.
     */
    async cancelPending(db: DbOrTx, orderId: string): Promise<CommissionRow | undefined> {
      const [row] = await db
        .update(commissions)
        .set({ status: 'cancelled', cancelledAt: sql`now()` })
        .where(and(eq(commissions.orderId, orderId), eq(commissions.status, 'pending')))
        .returning();
      return row;
    },
    /**
     * Locks up to `limit` due pending commissions, skipping rows another sweeper holds, so any
     * number of instances can sweep at once without waiting on or double-settling each other.
     * Ordered by distributor so that wallets are always locked in the same order (no deadlocks).
     */
    async lockDue(db: DbOrTx, asOf: Date, limit: number) {
      return db
        .select({
          id: commissions.id,
          distributorId: commissions.distributorId,
          amountCents: commissions.amountCents,
        })
        .from(commissions)
        .where(and(eq(commissions.status, 'pending'), lte(commissions.settleAt, asOf)))
        .orderBy(asc(commissions.distributorId), asc(commissions.settleAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },
    async markAvailable(db: DbOrTx, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(commissions)
        .set({ status: 'available', settledAt: sql`now()` })
        .where(and(inArray(commissions.id, ids), eq(commissions.status, 'pending')))
        .returning({ id: commissions.id });
      return rows.map((r) => r.id);
    },
    /** Paid amount, order count and commission per customer of one distributor (cancelled excluded). */
    async totalsByCustomer(
      db: DbOrTx,
      distributorId: string,
      buyerIds: string[],
    ): Promise<Map<string, CustomerTotals>> {
      if (buyerIds.length === 0) return new Map();
      const rows = await db
        .select({
          buyerUserId: commissions.buyerUserId,
          paidCents: sql<string>`coalesce(sum(${commissions.orderAmountCents}), 0)`,
          orderCount: sql<string>`count(*)`,
          commissionCents: sql<string>`coalesce(sum(${commissions.amountCents}), 0)`,
        })
        .from(commissions)
        .where(
          and(
            eq(commissions.distributorId, distributorId),
            inArray(commissions.buyerUserId, buyerIds),
            ne(commissions.status, 'cancelled'),
          ),
        )
        .groupBy(commissions.buyerUserId);
      return new Map(
        rows.map((r) => [
          r.buyerUserId,
          {
            paidCents: Number(r.paidCents),
            orderCount: Number(r.orderCount),
            commissionCents: Number(r.commissionCents),
          },
        ]),
      );
    },
    async summary(db: DbOrTx, distributorId: string) {
      const [row] = await db
        .select({
          paidCustomerCount: sql<string>`count(distinct ${commissions.buyerUserId})`,
          totalPaidCents: sql<string>`coalesce(sum(${commissions.orderAmountCents}), 0)`,
          totalCommissionCents: sql<string>`coalesce(sum(${commissions.amountCents}), 0)`,
        })
        .from(commissions)
        .where(and(eq(commissions.distributorId, distributorId), ne(commissions.status, 'cancelled')));
      return {
        paidCustomerCount: Number(row?.paidCustomerCount ?? 0),
        totalPaidCents: Number(row?.totalPaidCents ?? 0),
        totalCommissionCents: Number(row?.totalCommissionCents ?? 0),
      };
    },
    /**
     * Commission earned per day in China time (UTC+8 all year, no DST), computed by shifting
     * instead of AT TIME ZONE so it needs no time-zone database (PGlite ships none).
     */
    async earnedPerDay(db: DbOrTx, distributorId: string, since: Date) {
      const day = sql<string>`to_char((${commissions.createdAt} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ date: day, earnedCents: sql<string>`coalesce(sum(${commissions.amountCents}), 0)` })
        .from(commissions)
        .where(
          and(
            eq(commissions.distributorId, distributorId),
            ne(commissions.status, 'cancelled'),
            gte(commissions.createdAt, since),
          ),
        )
        .groupBy(day);
      return rows.map((r) => ({ date: r.date, earnedCents: Number(r.earnedCents) }));
    },
  };
}
export type CommissionRepository = ReturnType<typeof createCommissionRepository>;
