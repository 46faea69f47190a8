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
