import { and, count, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { type OrderRow, type orderStatuses, orders } from './order.tables.ts';

type OrderStatus = (typeof orderStatuses)[number];
type NewOrder = Pick<
  typeof orders.$inferInsert,
  'orderNo' | 'userId' | 'productId' | 'productName' | 'amountCents' | 'credits' | 'expiresAt'
>;

export function createOrderRepository() {
  return {
    async insert(db: DbOrTx, values: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      return row!;
    },
    async findById(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row;
    },
    async findByOrderNo(db: DbOrTx, orderNo: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
      return row;
    },
    /**
     * SELECT … FOR UPDATE: concurrent notifications for one order queue here, so exactly one of
     * them sees it unpaid. Must run inside a transaction.
     */
    async lockByOrderNo(tx: DbOrTx, orderNo: string): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1).for('update');
      return row;
    },
    async lockById(tx: DbOrTx, id: string): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
      return row;
    },
    async list(db: DbOrTx, userId: string, opts: { status?: OrderStatus; page: number; pageSize: number }) {
      const where = and(eq(orders.userId, userId), opts.status ? eq(orders.status, opts.status) : undefined);
      const [items, [totalRow]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(opts.pageSize)
          .offset((opts.page - 1) * opts.pageSize),
        db.select({ total: count() }).from(orders).where(where),
      ]);
      return { items, total: totalRow?.total ?? 0 };
    },
    async countPending(db: DbOrTx, userId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(orders)
        .where(
          and(eq(orders.userId, userId), eq(orders.status, 'pending'), sql`${orders.expiresAt} > now()`),
        );
      return row?.total ?? 0;
    },
    /** Remembers which provider issued the QR and what it encodes, so a second /order/pay reuses it. */
    async setPaymentCode(db: DbOrTx, id: string, provider: 'dev' | 'wechat', codeUrl: string) {
      await db
        .update(orders)
        .set({ provider, codeUrl })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending')));
    },
    /**
     * pending (or closed, when a real payment arrived late) → paid. Conditional, so even without
     * the row lock a second caller would change nothing.
     */
    async markPaid(
      db: DbOrTx,
      id: string,
      transactionId: string,
      paidAt: Date,
    ): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ status: 'paid', transactionId, paidAt })
        .where(and(eq(orders.id, id), inArray(orders.status, ['pending', 'closed'])))
        .returning();
      return row;
    },
    /** Closes one order if it is still pending; idempotent. */
    async close(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ status: 'closed', closedAt: sql`now()` })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
        .returning();
      return row;
    },
    /**
     * Closes, in one statement, every expired pending order that no provider has to be asked
     * about: never sent to a provider, or sent to the dev one. Safe to run on many instances at
     * once: the WHERE makes a second run a no-op.
     */
    async closeExpiredLocal(db: DbOrTx, userId?: string): Promise<number> {
      const rows = await db
        .update(orders)
        .set({ status: 'closed', closedAt: sql`now()` })
        .where(
          and(
            eq(orders.status, 'pending'),
            lte(orders.expiresAt, sql`now()`),
            sql`(${orders.codeUrl} is null or ${orders.provider} <> 'wechat')`,
            userId ? eq(orders.userId, userId) : undefined,
          ),
        )
        .returning({ id: orders.id });
      return rows.length;
    },
    /** Expired pending orders whose QR a real provider issued: each must be queried before closing. */
    listExpiredAtProvider(db: DbOrTx, limit: number, userId?: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.status, 'pending'),
            lte(orders.expiresAt, sql`now()`),
            isNotNull(orders.codeUrl),
            eq(orders.provider, 'wechat'),
            userId ? eq(orders.userId, userId) : undefined,
          ),
        )
        .orderBy(orders.expiresAt)
        .limit(limit);
    },
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;
