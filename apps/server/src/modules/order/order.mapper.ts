import type { Order } from '@app/contract';
import type { OrderRow } from './order.tables.ts';

/** The fields that go out; internal ones (user, provider, transaction id) never leave. */
export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    orderNo: row.orderNo,
    productName: row.productName,
    amountCents: row.amountCents,
    credits: row.credits,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ...(row.paidAt ? { paidAt: row.paidAt.toISOString() } : {}),
    expiresAt: row.expiresAt.toISOString(),
  };
}
