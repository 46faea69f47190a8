import {
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOrderParamsSchema,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { AdminOrderService } from './admin-order.service.ts';

export function adminOrderRoutes(app: FastifyInstance, deps: { adminOrders: AdminOrderService }) {
  route(app, {
    method: 'GET',
    url: '/admin/orders',
    summary: '管理员：订单列表（按订单号、用户编号或昵称、状态、商品、下单日期筛选，最新在前）',
    tags: ['admin', 'order'],
    query: adminOrderListQuerySchema,
    preHandler: app.requireAdmin,
    response: adminOrderPageSchema,
    handler: (req) => deps.adminOrders.list(req.query),
  });

  route(app, {
    method: 'GET',
    url: '/admin/orders/:orderNo',
    summary: '管理员：订单详情（支付流水、可退点数、买家余额、佣金、退款记录）',
    tags: ['admin', 'order'],
    params: adminOrderParamsSchema,
    preHandler: app.requireAdmin,
    response: adminOrderDetailSchema,
    handler: (req) => deps.adminOrders.detail(req.params.orderNo),
  });
}
