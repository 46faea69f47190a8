import { adminOrderParamsSchema, orderRefundSchema, refundCreateInputSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { OrderRefundService } from './order-refund.service.ts';

/** Admin only: refunds of an order through the payment provider. */
export function orderRefundRoutes(app: FastifyInstance, deps: { refunds: OrderRefundService }) {
  const { refunds } = deps;

  route(app, {
    method: 'POST',
    url: '/admin/orders/:orderNo/refund',
    summary: '管理员：为已支付订单退款（按点数，金额随之算出；同一请求编号只退一次）',
    tags: ['admin', 'order'],
    params: adminOrderParamsSchema,
    body: refundCreateInputSchema,
    response: orderRefundSchema,
    preHandler: app.requireAdmin,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: (req) => refunds.request(currentUser(req).id, req.params.orderNo, req.body, req.log),
  });

  route(app, {
    method: 'GET',
    url: '/admin/orders/:orderNo/refunds',
    summary: '管理员：订单的退款记录（最新在前；退款中的会先向支付通道查询）',
    tags: ['admin', 'order'],
    params: adminOrderParamsSchema,
    response: z.array(orderRefundSchema),
    preHandler: app.requireAdmin,
    handler: (req) => refunds.list(req.params.orderNo, req.log),
  });
}
