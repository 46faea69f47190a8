import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './common.ts';

/** The goods wallet: generation credits. Internal members generate without spending them. */
export const goodsWalletSchema = z.object({
  balance: z.number().int(),
  unlimited: z.boolean(),
});
export type GoodsWallet = z.infer<typeof goodsWalletSchema>;

export const ledgerReasonSchema = z.enum(['signup_bonus', 'purchase', 'generation', 'refund', 'grant']);
export type LedgerReason = z.infer<typeof ledgerReasonSchema>;

/** refund with a positive delta: a failed generation's credits returned; negative: an order refunded. */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: ledgerReasonSchema,
  refId: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerQuerySchema = pageQuerySchema.strict();
export const ledgerPageSchema = pageSchema(ledgerEntrySchema);

/**
 * What a credit movement was, in the user's words: a refund with a positive delta returns a failed
 * generation's credits, a negative one takes a refunded order's credits back.
 */
export function ledgerLabel(entry: Pick<LedgerEntry, 'reason' | 'delta'>): string {
  switch (entry.reason) {
    case 'signup_bonus':
      return '新用户赠送';
    case 'purchase':
      return entry.delta >= 0 ? '购买点数' : '购买撤销';
    case 'generation':
      return '创作消耗';
    case 'refund':
      return entry.delta >= 0 ? '生成失败退还' : '订单退款扣回';
    case 'grant':
      return '系统赠送';
  }
}
