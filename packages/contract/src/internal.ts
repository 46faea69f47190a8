import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './common.ts';

/** Internal members generate without spending credits; a user applies, an admin decides. */
export const internalStatusSchema = z.enum(['pending', 'approved', 'rejected'], {
  error: '申请状态只能是待审批、已通过或已拒绝',
});
export type InternalStatus = z.infer<typeof internalStatusSchema>;

export const internalStatusNames: Record<InternalStatus, string> = {
  pending: '待审批',
  approved: '已通过',
  rejected: '已拒绝',
};

/** GET /internal/add_int_list (apply) and GET /internal/status (new): my application. */
export const internalApplicationSchema = z.object({
  status: z.enum(['none', 'pending', 'approved', 'rejected']),
  appliedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type InternalApplication = z.infer<typeof internalApplicationSchema>;

export const internalListQuerySchema = pageQuerySchema
  .extend({ status: internalStatusSchema.optional() })
  .strict();
export type InternalListQuery = z.infer<typeof internalListQuerySchema>;

export const internalMemberSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  status: internalStatusSchema,
  appliedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type InternalMember = z.infer<typeof internalMemberSchema>;
export const internalMemberPageSchema = pageSchema(internalMemberSchema);

const userIdSchema = z.uuid({ error: '用户编号有误' });

/** POST /internal/add: approve or reject (or revoke) one application. */
export const internalDecideInputSchema = z
  .object({ userId: userIdSchema, approve: z.boolean({ error: '请选择通过或拒绝' }) })
  .strict();
export type InternalDecideInput = z.infer<typeof internalDecideInputSchema>;

export const INTERNAL_BATCH_MAX = 100;
/** POST /internal/multi_add_int_list: the same decision for a selection, all or nothing. */
export const internalMultiDecideInputSchema = z
  .object({
    userIds: z
      .array(userIdSchema, { error: '请选择要审批的申请' })
      .min(1, '请至少选择一条申请')
      .max(INTERNAL_BATCH_MAX, `一次最多审批 ${INTERNAL_BATCH_MAX} 条`),
    approve: z.boolean({ error: '请选择通过或拒绝' }),
  })
  .strict();
export type InternalMultiDecideInput = z.infer<typeof internalMultiDecideInputSchema>;

export const internalDecideResultSchema = z.object({ updated: z.number().int() });
export type InternalDecideResult = z.infer<typeof internalDecideResultSchema>;
