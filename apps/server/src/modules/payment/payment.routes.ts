import type { FastifyInstance } from 'fastify';
import { type Config, devRoutesLoopbackOnly } from '../../config.ts';
import { devOnlyScope } from '../../lib/dev-access.ts';
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
  // Production: only this machine may open the cashier, unless ALLOW_DEV_PROVIDERS=public.
  devOnlyScope(
    app,
    { loopbackOnly: devRoutesLoopbackOnly(config), trustProxy: config.TRUST_PROXY },
    (scope) => devCashierRoutes(scope, deps),
  );
}
