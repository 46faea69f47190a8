import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { users } from '../user/user.tables.ts';
import { type OrderRow, type orderStatuses, orders } from './order.tables.ts';
import { type OrderRefundRow, orderRefunds } from './order-refund.tables.ts';

export interface AdminOrderFilter {
  orderNo?: string;
  userId?: string;
  /** Part of the buyer's nickname. */
  nickname?: string;
  status?: (typeof orderStatuses)[number];
  productId?: string;
  /** Part of the product name the order was bought under. */
  productName?: string;
  /** Half-open: [since, until). */
  since?: Date;
  until?: Date;
}

export type AdminOrderRow = OrderRow & { nickname: string; avatar: string };

/** `%` and `_` typed by the admin are matched as themselves, not as wildcards. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const buyer = { nickname: users.nickname, avatar: users.avatar };

/**
 * The admin's reads of orders. The list joins the buyer's nickname (the admin searches by it and
 * pages through the matches), the one place the order module reads the users table.
 */
export function createAdminOrderRepository() {
  return {
    async page(db: DbOrTx, filter: AdminOrderFilter, pageNo: number, pageSize: number) {
      const conditions: SQL[] = [];
      if (filter.orderNo) conditions.push(eq(orders.orderNo, filter.orderNo));
      if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
      if (filter.nickname) conditions.push(ilike(users.nickname, contains(filter.nickname)));
      if (filter.status) conditions.push(eq(orders.status, filter.status));
      if (filter.productId) conditions.push(eq(orders.productId, filter.productId));
      if (filter.productName) conditions.push(ilike(orders.productName, contains(filter.productName)));
      if (filter.since) conditions.push(gte(orders.createdAt, filter.since));
      if (filter.until) conditions.push(lt(orders.createdAt, filter.until));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({ order: orders, ...buyer })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
      ]);
      return {
        items: rows.map((r): AdminOrderRow => ({ ...r.order, nickname: r.nickname, avatar: r.avatar })),
        total: totalRow?.total ?? 0,
      };
    },

    /** The order's refunds, newest first. */
    refundsOf(db: DbOrTx, orderId: string): Promise<OrderRefundRow[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id));
    },
  };
}
export type AdminOrderRepository = ReturnType<typeof createAdminOrderRepository>;
