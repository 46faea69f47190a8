import { z } from 'zod';
import { calendarDaySchema, pageQuerySchema, pageSchema, text } from './common.ts';

/** Every kind of admin action the audit log records. */
export const auditActionSchema = z.enum(
  [
    'order.refund',
    'withdrawal.decide',
    'commission.settle',
    'internal.decide',
    'user.role',
    'user.disable',
    'user.enable',
  ],
  { error: '操作类型有误' },
);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditActionNames: Record<AuditAction, string> = {
  'order.refund': '订单退款',
  'withdrawal.decide': '提现审核',
  'commission.settle': '佣金结算',
  'internal.decide': '内部成员审批',
  'user.role': '管理员权限变更',
  'user.disable': '停用账号',
  'user.enable': '恢复账号',
};

export const auditTargetTypeSchema = z.enum(['order', 'user', 'withdrawal', 'commission'], {
  error: '对象类型有误',
});
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;

export const auditTargetTypeNames: Record<AuditTargetType, string> = {
  order: '订单',
  user: '用户',
  withdrawal: '提现申请',
  commission: '佣金',
};

/** One recorded admin action: who, when, what, and the values it changed. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string(),
  actorNickname: z.string(),
  action: auditActionSchema,
  targetType: auditTargetTypeSchema,
  targetId: z.string(),
  /** A readable name for the target where it has one (a user's nickname), else null. */
  targetLabel: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditEntryPageSchema = pageSchema(auditEntrySchema);

/** GET /admin/audit: newest first; dates are China days, `to` inclusive. */
export const auditListQuerySchema = pageQuerySchema
  .extend({
    action: auditActionSchema.optional(),
    targetType: auditTargetTypeSchema.optional(),
    targetId: text({ error: '对象编号必须是文字' }).trim().max(80, '对象编号最多 80 个字符').optional(),
    actorId: z.uuid({ error: '操作人编号有误' }).optional(),
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
  })
  .strict();
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
