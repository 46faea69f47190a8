import { z } from 'zod';

/** What POST /limit/check can be asked about: the chargeable generations (DESIGN §4). */
export const limitActionSchema = z.enum(['persona', 'script', 'suggest'], {
  error: '操作类型只能是人设分析、脚本生成或创作建议',
});
export type LimitAction = z.infer<typeof limitActionSchema>;

/** Script variants are charged one by one (1–3 per generation), so the quote can name how many. */
export const LIMIT_UNITS_MAX = 3;

export const limitCheckInputSchema = z
  .object({
    action: limitActionSchema,
    units: z
      .number({ error: '数量必须是数字' })
      .int('数量必须是整数')
      .min(1, '数量至少为 1')
      .max(LIMIT_UNITS_MAX, `数量最多为 ${LIMIT_UNITS_MAX}`)
      .optional(),
  })
  .strict();
export type LimitCheckInput = z.infer<typeof limitCheckInputSchema>;

export const limitCheckResultSchema = z.object({
  allowed: z.boolean(),
  /** Credits this action would take now: 0 for free actions and for internal members. */
  cost: z.number().int(),
  balance: z.number().int(),
  /** Why it is not allowed, in words a user can act on; absent when allowed. */
  reason: z.string().optional(),
});
export type LimitCheckResult = z.infer<typeof limitCheckResultSchema>;
