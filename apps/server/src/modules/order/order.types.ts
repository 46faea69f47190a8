import type { Tx } from '../../db/database.ts';
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
