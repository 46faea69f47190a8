import type { OrderRefund } from '@app/contract';
import type { OrderRefundRow } from './order-refund.tables.ts';

/** The fields of a refund that go out to the admin (the provider's refund id stays inside). */
export function toOrderRefund(
  row: OrderRefundRow,
  orderNo: string,
  requestedByNickname: string,
): OrderRefund {
  return {
    id: row.id,
    orderNo,
    outRefundNo: row.outRefundNo,
    amountCents: row.amountCents,
    credits: row.credits,
    status: row.status,
    reason: row.reason,
    lastError: row.lastError,
    requestedBy: row.requestedBy,
    requestedByNickname,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** `RF` + the idempotency key's 32 hex digits: the same dialog always asks for the same refund. */
export const outRefundNoOf = (idempotencyKey: string) =>
  `RF${idempotencyKey.replaceAll('-', '').toUpperCase()}`;
