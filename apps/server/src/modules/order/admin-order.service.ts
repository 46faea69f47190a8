import {
  type AdminOrder,
  type AdminOrderCommission,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  isOrderNo,
  type Page,
} from '@app/contract';
import type { Db, DbOrTx } from '../../db/database.ts';
import { chinaDayStart } from '../../lib/china-day.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { AdminOrderFilter, AdminOrderRepository } from './admin-order.repository.ts';
import type { OrderRow } from './order.tables.ts';
import { toOrderRefund } from './order-refund.mapper.ts';

const DAY_MS = 86_400_000;

export const ADMIN_ORDER_NOT_FOUND_MESSAGE = '订单不存在，请核对订单号';

/** The commission an order earned, as the referral module keeps it. */
export interface OrderCommissionRecord {
  distributorId: string;
  amountCents: number;
  status: 'pending' | 'available' | 'cancelled';
  createdAt: Date;
  settledAt: Date | null;
  cancelledAt: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A keyword is an order number, a user id, or part of a nickname, whichever it looks like. */
function keywordFilter(keyword: string | undefined): AdminOrderFilter {
  if (!keyword) return {};
  if (isOrderNo(keyword)) return { orderNo: keyword.toUpperCase() };
  if (isUuid(keyword)) return { userId: keyword.toLowerCase() };
  return { nickname: keyword };
}

function toAdminOrder(row: OrderRow, buyer: { nickname: string; avatar: string }): AdminOrder {
  return {
    orderNo: row.orderNo,
    userId: row.userId,
    nickname: buyer.nickname,
    avatar: buyer.avatar,
    productId: row.productId,
    productName: row.productName,
    amountCents: row.amountCents,
    credits: row.credits,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    refundedCents: row.refundedCents,
    refundedCredits: row.refundedCredits,
  };
}

function toCommission(c: OrderCommissionRecord, distributorNickname: string): AdminOrderCommission {
  return {
    distributorId: c.distributorId,
    distributorNickname,
    amountCents: c.amountCents,
    // A commission cancelled after it had settled was taken back out of the distributor's wallet.
    status: c.status === 'cancelled' && c.settledAt ? 'clawed_back' : c.status,
    createdAt: c.createdAt.toISOString(),
    settledAt: iso(c.settledAt),
    cancelledAt: iso(c.cancelledAt),
  };
}

/**
 * The admin's view of every order: search and page through them, and open one with what it
 * paid, what it earned a distributor, what has been refunded and what the buyer has left.
 * Read only: refunds are made by the refund service.
 */
export function createAdminOrderService(deps: {
  db: Db;
  adminOrders: AdminOrderRepository;
  /** By our order number, an expired unpaid order settled first (as the buyer's own reads do). */
  findOrder: (orderNo: string) => Promise<OrderRow | undefined>;
  creditBalance: (userId: string) => Promise<number>;
  commissionOf: (db: DbOrTx, orderId: string) => Promise<OrderCommissionRecord | undefined>;
  profilesByIds: (db: Db, ids: string[]) => Promise<Map<string, { nickname: string; avatar: string }>>;
}) {
  const { db, adminOrders } = deps;

  return {
    async list(query: AdminOrderListQuery): Promise<Page<AdminOrder>> {
      const filter: AdminOrderFilter = {
        ...keywordFilter(query.keyword),
        status: query.status,
        productId: query.productId,
        productName: query.productName || undefined,
        since: query.from ? chinaDayStart(query.from) : undefined,
        until: query.to ? new Date(chinaDayStart(query.to).getTime() + DAY_MS) : undefined,
      };
      const { items, total } = await adminOrders.page(db, filter, query.page, query.pageSize);
      return {
        items: items.map((row) => toAdminOrder(row, row)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async detail(orderNo: string): Promise<AdminOrderDetail> {
      const row = isOrderNo(orderNo) ? await deps.findOrder(orderNo.toUpperCase()) : undefined;
      if (!row) throw notFound(ADMIN_ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
      const [buyerBalance, commission, refunds] = await Promise.all([
        deps.creditBalance(row.userId),
        deps.commissionOf(db, row.id),
        adminOrders.refundsOf(db, row.id),
      ]);
      const people = await deps.profilesByIds(db, [
        row.userId,
        ...(commission ? [commission.distributorId] : []),
        ...refunds.map((r) => r.requestedBy),
      ]);
      const nameOf = (id: string) => people.get(id)?.nickname ?? '';
      return {
        ...toAdminOrder(row, people.get(row.userId) ?? { nickname: '', avatar: '' }),
        provider: row.provider,
        transactionId: row.transactionId,
        expiresAt: row.expiresAt.toISOString(),
        closedAt: iso(row.closedAt),
        refundedAt: iso(row.refundedAt),
        // Only a paid order has anything to give back; a refunded one has given it all.
        refundableCredits: row.status === 'paid' ? row.credits - row.refundedCredits : 0,
        buyerBalance,
        commission: commission ? toCommission(commission, nameOf(commission.distributorId)) : null,
        refunds: refunds.map((r) => toOrderRefund(r, row.orderNo, nameOf(r.requestedBy))),
      };
    },
  };
}
export type AdminOrderService = ReturnType<typeof createAdminOrderService>;
