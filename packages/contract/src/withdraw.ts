import { z } from 'zod';
import { pageQuerySchema, pageSchema, text } from './common.ts';

export const withdrawStatusSchema = z.enum(['pending', 'approved', 'rejected'], {
  error: '提现状态只能是审核中、已打款或已驳回',
});
export type WithdrawStatus = z.infer<typeof withdrawStatusSchema>;

export const withdrawStatusNames: Record<WithdrawStatus, string> = {
  pending: '审核中',
  approved: '已打款',
  rejected: '已驳回',
};

/** One withdrawal can never be more than ¥1,000,000.00: a typo guard, the balance is the real limit. */
export const WITHDRAW_MAX_CENTS = 100_000_000;
export const REAL_NAME_MAX = 32;
export const REASON_MAX = 200;
export const PAYOUT_REF_MAX = 64;

/** POST /withdraw/add. The minimum (¥10.00 by default) is a server setting, checked there. */
export const withdrawCreateInputSchema = z
  .object({
    amountCents: z
      .number({ error: '请填写提现金额' })
      .int('提现金额最多精确到分')
      .positive('提现金额必须大于 0')
      .max(WITHDRAW_MAX_CENTS, '单笔提现金额过大'),
    realName: text({ error: '请填写收款人真实姓名' })
      .trim()
      .min(2, '请填写收款人真实姓名（至少 2 个字）')
      .max(REAL_NAME_MAX, `姓名最多 ${REAL_NAME_MAX} 个字`),
  })
  .strict();
export type WithdrawCreateInput = z.infer<typeof withdrawCreateInputSchema>;

export const withdrawalSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  realName: z.string(),
  status: withdrawStatusSchema,
  /** Why it was rejected; shown to the user. */
  reason: z.string().nullable(),
  payoutRef: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawListQuerySchema = pageQuerySchema.strict();
export type WithdrawListQuery = z.infer<typeof withdrawListQuerySchema>;
export const withdrawalPageSchema = pageSchema(withdrawalSchema);

/** GET /withdraw/all (admin): the review queue, with who asked. */
export const withdrawAllQuerySchema = pageQuerySchema
  .extend({ status: withdrawStatusSchema.optional() })
  .strict();
export type WithdrawAllQuery = z.infer<typeof withdrawAllQuerySchema>;

export const adminWithdrawalSchema = withdrawalSchema.extend({
  userId: z.string(),
  nickname: z.string(),
  avatar: z.string(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalPageSchema = pageSchema(adminWithdrawalSchema);

/** POST /withdraw/check (admin): approve with the payout reference, or reject with a reason. */
export const withdrawCheckInputSchema = z
  .object({
    id: z.uuid({ error: '提现申请编号有误' }),
    approve: z.boolean({ error: '请选择通过或驳回' }),
    reason: text({ error: '驳回原因必须是文字' })
      .trim()
      .max(REASON_MAX, `驳回原因最多 ${REASON_MAX} 个字`)
      .optional(),
    payoutRef: text({ error: '打款流水号必须是文字' })
      .trim()
      .max(PAYOUT_REF_MAX, `打款流水号最多 ${PAYOUT_REF_MAX} 个字符`)
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.approve && !v.payoutRef) {
      ctx.addIssue({ code: 'custom', path: ['payoutRef'], message: '请填写打款流水号' });
    }
    if (!v.approve && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: '请填写驳回原因，用户会看到它' });
    }
  });
export type WithdrawCheckInput = z.infer<typeof withdrawCheckInputSchema>;
