import { z } from 'zod';
import { text } from './common.ts';

/** A refund's state at the payment provider; only `succeeded` takes credits and commission back. */
export const refundStatusSchema = z.enum(['processing', 'succeeded', 'abnormal', 'closed']);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

export const refundStatusNames: Record<RefundStatus, string> = {
  processing: '退款中',
  succeeded: '已退款',
  abnormal: '退款异常',
  closed: '退款关闭',
};

export const REFUND_REASON_MAX = 80;

/**
 * POST /admin/orders/:orderNo/refund. The admin chooses how many of the order's credits to take
 * back; the money follows from them (refundAmountCents). `idempotencyKey` is made once per refund
 * dialog, so a retried or double click is the same refund, never a second one.
 */
export const refundCreateInputSchema = z
  .object({
    credits: z.number({ error: '请填写要退回的点数' }).int('点数必须是整数').positive('退回的点数必须大于 0'),
    reason: text({ error: '退款原因必须是文字' })
      .trim()
      .min(1, '请填写退款原因')
      .max(REFUND_REASON_MAX, `退款原因最多 ${REFUND_REASON_MAX} 个字`),
    idempotencyKey: z.uuid({ error: '请求编号有误，请刷新页面后重试' }),
  })
  .strict();
export type RefundCreateInput = z.infer<typeof refundCreateInputSchema>;

export const orderRefundSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  outRefundNo: z.string(),
  amountCents: z.number().int(),
  credits: z.number().int(),
  status: refundStatusSchema,
  reason: z.string(),
  /** Why the provider refused or why it is abnormal, for the admin. */
  lastError: z.string().nullable(),
  requestedBy: z.string(),
  requestedByNickname: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export interface RefundableOrder {
  amountCents: number;
  credits: number;
  /** What succeeded refunds have returned so far. */
  refundedCents: number;
  refundedCredits: number;
}

/**
 * The money returned for taking `credits` back: the order's price per credit, in whole cents
 * rounded down, and the remainder with the refund that takes the last credit, so the refunds of
 * an order always add up to exactly what was paid. Client and server compute it here, once.
 */
export function refundAmountCents(order: RefundableOrder, credits: number): number {
  const left = order.credits - order.refundedCredits;
  if (!Number.isInteger(credits) || credits <= 0 || credits > left) return 0;
  if (credits === left) return order.amountCents - order.refundedCents;
  return Math.floor((credits * order.amountCents) / order.credits);
}
