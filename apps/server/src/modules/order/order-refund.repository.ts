import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { type OrderRow, orders } from './order.tables.ts';
import { type OrderRefundRow, orderRefunds, type RefundStatus } from './order-refund.tables.ts';

type NewRefund = Pick<
  typeof orderRefunds.$inferInsert,
  'orderId' | 'outRefundNo' | 'amountCents' | 'credits' | 'reason' | 'requestedBy'
>;

/** The SQL of refunds: the order_refunds rows and the refunded totals they add to an order. */
export function createOrderRefundRepository() {
  return {
    async insert(tx: DbOrTx, values: NewRefund): Promise<OrderRefundRow> {
      const [row] = await tx.insert(orderRefunds).values(values).returning();
      return row!;
    },
    async findByOutRefundNo(db: DbOrTx, outRefundNo: string): Promise<OrderRefundRow | undefined> {
      const [row] = await db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.outRefundNo, outRefundNo))
        .limit(1);
      return row;
    },
    /** Must run inside a transaction, after the order's own lock (always order first, then refund). */
    async lockById(tx: DbOrTx, id: string): Promise<OrderRefundRow | undefined> {
      const [row] = await tx
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.id, id))
        .limit(1)
        .for('update');
      return row;
    },
    async findProcessing(db: DbOrTx, orderId: string): Promise<OrderRefundRow | undefined> {
      const [row] = await db
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'processing')))
        .limit(1);
      return row;
    },
    /** Newest first. */
    listForOrder(db: DbOrTx, orderId: string): Promise<OrderRefundRow[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id));
    },
    /** Refunds still processing that were asked for before `before`, oldest first. */
    listProcessingBefore(db: DbOrTx, before: Date, limit: number): Promise<OrderRefundRow[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.status, 'processing'), lte(orderRefunds.createdAt, before)))
        .orderBy(asc(orderRefunds.createdAt))
        .limit(limit);
    },
    /** processing → a final state; conditional, so a second caller changes nothing. */
    async finish(
      tx: DbOrTx,
      id: string,
      end: {
        status: Exclude<RefundStatus, 'processing'>;
        providerRefundId?: string;
        lastError: string | null;
        finishedAt: Date;
      },
    ): Promise<OrderRefundRow | undefined> {
      const [row] = await tx
        .update(orderRefunds)
        .set({
          status: end.status,
          lastError: end.lastError,
          finishedAt: end.finishedAt,
          ...(end.providerRefundId ? { providerRefundId: end.providerRefundId } : {}),
        })
        .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'processing')))
        .returning();
      return row;
    },
    /** What the provider said of a refund still in flight: its id, or why it could not be asked. */
    async noteProgress(
      db: DbOrTx,
      id: string,
      note: { providerRefundId?: string; lastError: string | null },
    ): Promise<void> {
      await db
        .update(orderRefunds)
        .set({
          lastError: note.lastError,
          ...(note.providerRefundId ? { providerRefundId: note.providerRefundId } : {}),
        })
        .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'processing')));
    },
    /**
     * Adds a succeeded refund to its (locked, paid) order; the order becomes `refunded` with its
     * last credit. The CHECK keeps refunded_cents within what was paid whatever happens.
     */
    async addToOrder(tx: DbOrTx, orderId: string, refund: { cents: number; credits: number }) {
      const complete = sql`${orders.refundedCredits} + ${refund.credits} >= ${orders.credits}`;
      const [row] = await tx
        .update(orders)
        .set({
          refundedCents: sql`${orders.refundedCents} + ${refund.cents}`,
          refundedCredits: sql`${orders.refundedCredits} + ${refund.credits}`,
          status: sql`case when ${complete} then 'refunded' else ${orders.status} end`,
          refundedAt: sql`case when ${complete} then now() else ${orders.refundedAt} end`,
        })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
        .returning();
      return row as OrderRow | undefined;
    },
  };
}
export type OrderRefundRepository = ReturnType<typeof createOrderRefundRepository>;
