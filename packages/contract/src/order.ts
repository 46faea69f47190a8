import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema, text } from './common.ts';

export const orderStatusSchema = z.enum(['pending', 'paid', 'closed', 'refunded'], {
  error: '订单状态只能是待支付、已支付、已关闭或已退款',
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderStatusNames: Record<OrderStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退款',
};

/** Amount and credits are copied from the product when the order is created, never read back. */
export const orderSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  productName: z.string(),
  amountCents: z.number().int(),
  credits: z.number().int(),
  status: orderStatusSchema,
  createdAt: z.string(),
  paidAt: z.string().optional(),
  expiresAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderCreateInputSchema = z
  .object({
    productId: text({ error: '请选择要购买的商品' }).min(1, '请选择要购买的商品').max(64, '商品编号有误'),
  })
  .strict();
export type OrderCreateInput = z.infer<typeof orderCreateInputSchema>;

export const orderPayInputSchema = z.object({ orderId: idSchema }).strict();
export type OrderPayInput = z.infer<typeof orderPayInputSchema>;

/** codeUrl is what the QR encodes (weixin://… for WeChat Pay, the simulated cashier in dev). */
export const orderPaySchema = z.object({
  codeUrl: z.string(),
  pic: z.string(),
  expiresAt: z.string(),
});
export type OrderPay = z.infer<typeof orderPaySchema>;

export const orderListQuerySchema = pageQuerySchema.extend({ status: orderStatusSchema.optional() }).strict();
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderPageSchema = pageSchema(orderSchema);

/** One event of GET /order/:id/events: the order's status whenever it changes. */
export const orderStatusEventSchema = z.object({
  status: orderStatusSchema,
  paidAt: z.string().optional(),
});
export type OrderStatusEvent = z.infer<typeof orderStatusEventSchema>;
