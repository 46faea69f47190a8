import {
  idParamsSchema,
  orderCreateInputSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderPayInputSchema,
  orderPaySchema,
  orderSchema,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { EventStreams } from '../../lib/event-stream.ts';
import { route } from '../../lib/route.ts';
import type { StreamCaps } from '../../lib/stream-caps.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { OrderService } from './order.service.ts';
import { orderEventsRoute } from './order-events.route.ts';

export function orderRoutes(
  app: FastifyInstance,
  deps: { orders: OrderService; streamCaps: StreamCaps; eventStreams: EventStreams },
) {
  const { orders } = deps;

  route(app, {
    method: 'POST',
    url: '/order/create',
    summary: '下单：价格与点数取自此刻的商品',
    tags: ['order'],
    body: orderCreateInputSchema,
    response: orderSchema,
    preHandler: app.requireUser,
    // preHandler: after requireUser, so the limit is per user, not per shared office IP.
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: (req) => orders.create(currentUser(req).id, req.body.productId),
  });

  route(app, {
    method: 'POST',
    url: '/order/pay',
    summary: '获取订单的支付二维码',
    tags: ['order'],
    body: orderPayInputSchema,
    response: orderPaySchema,
    preHandler: app.requireUser,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: (req) => orders.pay(currentUser(req).id, req.body.orderId),
  });

  route(app, {
    method: 'GET',
    url: '/order/list',
    summary: '我的订单',
    tags: ['order'],
    query: orderListQuerySchema,
    response: orderPageSchema,
    preHandler: app.requireUser,
    handler: (req) => orders.list(currentUser(req).id, req.query),
  });

  route(app, {
    method: 'GET',
    url: '/order/:id',
    summary: '订单详情（浏览器可短轮询）',
    tags: ['order'],
    params: idParamsSchema,
    response: orderSchema,
    preHandler: app.requireUser,
    handler: (req) => orders.get(currentUser(req).id, req.params.id),
  });

  orderEventsRoute(app, { orders, streamCaps: deps.streamCaps, eventStreams: deps.eventStreams });
}
