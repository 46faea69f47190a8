import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { devCashierRoutes } from './dev-cashier.routes.ts';
import type { PaymentService } from './payment.service.ts';
import { wechatNotifyRoutes } from './wechat-notify.routes.ts';

/** Only the active provider's endpoints exist: no dev cashier beside real WeChat Pay, and vice versa. */
export function paymentRoutes(app: FastifyInstance, deps: { payments: PaymentService; config: Config }) {
  const { config } = deps;
  if (config.PAY_MODE === 'wechat') {
    wechatNotifyRoutes(app, deps);
    return;
  }
  // config.ts already refuses this combination at start; checked again where the door is.
  if (config.NODE_ENV === 'production' && !config.ALLOW_DEV_PROVIDERS) return;
  devCashierRoutes(app, deps);
}
