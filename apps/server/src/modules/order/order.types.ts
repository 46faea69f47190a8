import type { Tx } from '../../db/database.ts';
import type { EventBus } from '../../db/event-bus.ts';
import type { OrderRow } from './order.tables.ts';

/**
 * Extension points of the order lifecycle. Listeners run inside the transaction that changes the
 * order, so what they write (a commission, a cancellation) commits or rolls back with it; a
 * listener that throws undoes the whole change. Wired in container.ts.
 */
export type OrderPaidListener = (tx: Tx, order: OrderRow) => Promise<void>;

/** One succeeded refund: what it returned. The order passed with it already counts it. */
export interface RefundedShare {
  outRefundNo: string;
  amountCents: number;
  credits: number;
}
/**
 * Run when a refund succeeds, with the order after it: `status` is `refunded` once every credit
 * has been refunded, otherwise the refund was partial (`refundedCents` says how much so far).
 */
export type OrderRefundedListener = (tx: Tx, order: OrderRow, refund: RefundedShare) => Promise<void>;

/** Published on the bus (channel order_status, key = order id) after a change commits. */
export const ORDER_STATUS_CHANNEL = 'order_status';

/**
 * Tells every instance's open order streams the order's new status. Never throws: the buyer's
 * screen also re-reads the order, so a lost event only delays it.
 */
export function publishOrderStatus(bus: Pick<EventBus, 'publish'>, row: OrderRow): Promise<void> {
  return bus
    .publish(ORDER_STATUS_CHANNEL, row.id, { status: row.status, paidAt: row.paidAt?.toISOString() })
    .catch(() => {});
}
