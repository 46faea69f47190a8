import { z } from 'zod';
import { calendarDaySchema, pageQuerySchema, pageSchema, text } from './common.ts';
import { orderStatusSchema } from './order.ts';
import { orderRefundSchema } from './refund.ts';

/** Our order numbers: JB + Beijing time to the second + 8 digits (24 characters). */
export const ORDER_NO_PATTERN = /^JB\d{22}$/;

/** Whether a keyword is a whole order number (then it finds that order and nothing else). */
export const isOrderNo = (keyword: string) => ORDER_NO_PATTERN.test(keyword.toUpperCase());

export const ADMIN_ORDER_KEYWORD_MAX = 64;

/**
 * GET /admin/orders: newest first. `keyword` is a whole order number, a user id, or part of a
 * nickname; `productName` is part of the name the order was bought under (products renamed or
 * taken off sale still match); dates are China days, `to` inclusive.
 */
export const adminOrderListQuerySchema = pageQuerySchema
  .extend({
    keyword: text({ error: '搜索内容必须是文字' })
      .trim()
      .max(ADMIN_ORDER_KEYWORD_MAX, `搜索内容最多 ${ADMIN_ORDER_KEYWORD_MAX} 个字`)
      .optional(),
    status: orderStatusSchema.optional(),
    productId: z.uuid({ error: '商品编号有误' }).optional(),
    productName: text({ error: '商品名称必须是文字' }).trim().max(40, '商品名称最多 40 个字').optional(),
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: '开始日期不能晚于结束日期',
    path: ['from'],
  });
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** One order as the admin sees it in the list: who bought what, and what has been refunded. */
export const adminOrderSchema = z.object({
  orderNo: z.string(),
  userId: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  productId: z.string(),
  productName: z.string(),
  amountCents: z.number().int(),
  credits: z.number().int(),
  status: orderStatusSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedCents: z.number().int(),
  refundedCredits: z.number().int(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderPageSchema = pageSchema(adminOrderSchema);

/**
 * What became of the commission the order earned its buyer's distributor. `clawed_back`: it had
 * already settled when the order was refunded, so it was taken back out of the distributor's wallet.
 */
export const adminOrderCommissionStatusSchema = z.enum(['pending', 'available', 'cancelled', 'clawed_back']);
export type AdminOrderCommissionStatus = z.infer<typeof adminOrderCommissionStatusSchema>;

export const adminOrderCommissionStatusNames: Record<AdminOrderCommissionStatus, string> = {
  pending: '待结算',
  available: '已结算',
  cancelled: '已取消',
  clawed_back: '已追回',
};

export const adminOrderCommissionSchema = z.object({
  distributorId: z.string(),
  distributorNickname: z.string(),
  amountCents: z.number().int(),
  status: adminOrderCommissionStatusSchema,
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type AdminOrderCommission = z.infer<typeof adminOrderCommissionSchema>;

export const paymentProviderNames: Record<'dev' | 'wechat', string> = {
  dev: '模拟收银台（开发）',
  wechat: '微信支付',
};

/**
 * GET /admin/orders/:orderNo. `refundableCredits` is what no refund has taken back yet (credits −
 * refundedCredits of a paid order; 0 for any other status); `buyerBalance` is the buyer's credits
 * now, so the admin sees whether they were spent.
 */
export const adminOrderDetailSchema = adminOrderSchema.extend({
  provider: z.enum(['dev', 'wechat']).nullable(),
  transactionId: z.string().nullable(),
  expiresAt: z.string(),
  closedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  refundableCredits: z.number().int(),
  buyerBalance: z.number().int(),
  commission: adminOrderCommissionSchema.nullable(),
  /** Newest first. */
  refunds: z.array(orderRefundSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderParamsSchema = z
  .object({
    orderNo: text({ error: '缺少订单号' }).trim().min(1, '缺少订单号').max(64, '订单号过长'),
  })
  .strict();
