import { z } from 'zod';
import { pageQuerySchema, pageSchema, text } from './common.ts';
import { orderSchema } from './order.ts';
import { roleSchema } from './user.ts';
import { ledgerEntrySchema } from './wallet.ts';

/** 用户管理 (admin): find users, look one up, disable or enable their account, grant or take admin. */

export const adminUserFlagSchema = z.enum(['admin', 'distributor', 'internal', 'disabled'], {
  error: '筛选条件只能是管理员、分销商、内部成员或已停用',
});
export type AdminUserFlag = z.infer<typeof adminUserFlagSchema>;

export const adminUserFlagNames: Record<AdminUserFlag, string> = {
  admin: '管理员',
  distributor: '分销商',
  internal: '内部成员',
  disabled: '已停用',
};

export const ADMIN_USER_KEYWORD_MAX = 64;

/**
 * GET /admin/users: newest first. `keyword` matches a user id or an openid exactly, or a part of
 * the nickname; `flag` keeps only the users that have it.
 */
export const adminUserListQuerySchema = pageQuerySchema
  .extend({
    keyword: text({ error: '搜索内容必须是文字' })
      .trim()
      .max(ADMIN_USER_KEYWORD_MAX, `搜索内容最多 ${ADMIN_USER_KEYWORD_MAX} 个字`)
      .optional(),
    flag: adminUserFlagSchema.optional(),
  })
  .strict();
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  role: roleSchema,
  isDistributor: z.boolean(),
  isInternal: z.boolean(),
  /** When an admin disabled the account (ISO-8601); null while it can sign in. */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  creditsBalance: z.number().int(),
  /** Orders ever paid, including those refunded since. */
  paidOrdersCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageSchema(adminUserSchema);

/** How many of the latest orders and credit movements the detail carries. */
export const ADMIN_USER_RECENT_MAX = 20;

/** GET /admin/users/:id: the row, and what an admin needs to answer a question about the account. */
export const adminUserDetailSchema = adminUserSchema.extend({
  openid: z.string(),
  /** While disabled: why, and by whom (from the audit log). */
  disabledReason: z.string().nullable(),
  disabledByNickname: z.string().nullable(),
  /** The distributor who brought the user in, if any. */
  referrer: z.object({ id: z.string(), nickname: z.string() }).nullable(),
  /** Users this one referred (as a distributor). */
  customersCount: z.number().int(),
  personasCount: z.number().int(),
  scriptsCount: z.number().int(),
  ordersCount: z.number().int(),
  /** The latest orders, newest first (at most ADMIN_USER_RECENT_MAX). */
  orders: z.array(orderSchema),
  ledgerCount: z.number().int(),
  /** The latest credit movements, newest first (at most ADMIN_USER_RECENT_MAX). */
  ledger: z.array(ledgerEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const ADMIN_USER_REASON_MAX = 200;

/** POST /admin/users/:id/disable: the reason goes to the audit log. */
export const adminUserDisableInputSchema = z
  .object({
    reason: text({ error: '请填写停用原因' })
      .trim()
      .min(1, '请填写停用原因')
      .max(ADMIN_USER_REASON_MAX, `停用原因最多 ${ADMIN_USER_REASON_MAX} 个字`),
  })
  .strict();
export type AdminUserDisableInput = z.infer<typeof adminUserDisableInputSchema>;

/** POST /admin/users/:id/enable. */
export const adminUserEnableInputSchema = z
  .object({
    reason: text({ error: '恢复说明必须是文字' })
      .trim()
      .max(ADMIN_USER_REASON_MAX, `恢复说明最多 ${ADMIN_USER_REASON_MAX} 个字`)
      .optional(),
  })
  .strict();
export type AdminUserEnableInput = z.infer<typeof adminUserEnableInputSchema>;

/** POST /admin/users/:id/role: true makes the user an admin, false takes it away. */
export const adminUserRoleInputSchema = z
  .object({ admin: z.boolean({ error: '请说明是设为管理员（true）还是取消管理员（false）' }) })
  .strict();
export type AdminUserRoleInput = z.infer<typeof adminUserRoleInputSchema>;
