import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './common.ts';

/** GET /distribution/info?page: my customers (users bound to me through my share link). */
export const distributionInfoQuerySchema = pageQuerySchema.strict();
export type DistributionInfoQuery = z.infer<typeof distributionInfoQuerySchema>;

export const customerSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  /** When they were bound to me (their first login through my link). */
  boundAt: z.string(),
  /** What they paid in orders that earned me a commission (refunded orders excluded). */
  paidCents: z.number().int(),
  orderCount: z.number().int(),
  /** My commission from them, pending and settled (cancelled excluded). */
  commissionCents: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerSummarySchema = z.object({
  customerCount: z.number().int(),
  paidCustomerCount: z.number().int(),
  totalPaidCents: z.number().int(),
  totalCommissionCents: z.number().int(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const distributionInfoSchema = pageSchema(customerSchema).extend({ summary: customerSummarySchema });
export type DistributionInfo = z.infer<typeof distributionInfoSchema>;

/** The rules the wallet screen shows next to the withdrawal form; they come from the server's settings. */
export const referralRulesSchema = z.object({
  commissionRate: z.number(),
  settlementDays: z.number(),
  withdrawMinCents: z.number().int(),
});
export type ReferralRules = z.infer<typeof referralRulesSchema>;

/** GET /distribution/wallet: each balance is the sum of its column of the append-only ledger. */
export const distributionWalletSchema = z.object({
  availableCents: z.number().int(),
  pendingCents: z.number().int(),
  frozenCents: z.number().int(),
  withdrawnCents: z.number().int(),
  totalEarnedCents: z.number().int(),
  /** Commission clawed back by a refund after it was withdrawn: repaid first from later commissions. */
  debtCents: z.number().int(),
  rules: referralRulesSchema,
});
export type DistributionWallet = z.infer<typeof distributionWalletSchema>;

/** GET /distribution/earnings?days (new): commission earned per day (China time), for the chart. */
export const EARNINGS_DAYS_MAX = 365;
export const earningsQuerySchema = z
  .object({
    days: z.coerce
      .number({ error: '天数必须是数字' })
      .int('天数必须是整数')
      .min(7, '至少查看 7 天')
      .max(EARNINGS_DAYS_MAX, `最多查看 ${EARNINGS_DAYS_MAX} 天`)
      .default(30),
  })
  .strict();
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

export const earningsPointSchema = z.object({
  /** YYYY-MM-DD in China time. */
  date: z.string(),
  earnedCents: z.number().int(),
});
export const earningsSchema = z.object({ points: z.array(earningsPointSchema) });
export type Earnings = z.infer<typeof earningsSchema>;

/** POST /distribution/settle (new, admin): runs the settlement sweep now instead of waiting for the timer. */
export const settleResultSchema = z.object({ settled: z.number().int() });
export type SettleResult = z.infer<typeof settleResultSchema>;
