import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../lib/route.ts';
import { withPageNonce } from '../../plugins/security-headers.plugin.ts';
import { devCashierPage } from './dev-cashier.page.ts';
import type { PaymentService } from './payment.service.ts';

const orderNoParams = z.object({
  orderNo: z.string({ error: '缺少订单号' }).regex(/^[0-9A-Za-z_\-|*]{6,32}$/, '订单号格式不正确'),
});

/**
 * The dev provider's fixed endpoints (DESIGN §2): the cashier page the payment QR opens, and its
 * button, which pays the order through the same handling as a WeChat Pay notification. Only
 * registered when PAY_MODE=dev, which config.ts refuses in production without ALLOW_DEV_PROVIDERS=1.
 */
export function devCashierRoutes(app: FastifyInstance, deps: { payments: PaymentService }) {
  app.get(
    '/dev/pay/:orderNo',
    { schema: { summary: '（开发）模拟收银台页面', tags: ['dev'] } },
    async (req, reply) => {
      const { orderNo } = req.params as { orderNo: string };
      const view = orderNoParams.safeParse({ orderNo }).success
        ? await deps.payments.cashier(orderNo)
        : undefined;
      return reply
        .status(view ? 200 : 404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(devCashierPage(view, orderNo, withPageNonce(reply)));
    },
  );

  route(app, {
    method: 'POST',
    url: '/dev/pay/:orderNo/confirm',
    summary: '（开发）模拟收银台确认支付：与微信支付回调走同一处理',
    tags: ['dev'],
    params: orderNoParams,
    response: z.object({ status: z.enum(['pending', 'paid', 'closed', 'refunded']) }),
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: (req) => deps.payments.devConfirm(req.params.orderNo),
  });
}
