import type { FastifyInstance } from 'fastify';
import { devOnlyScope } from '../../lib/dev-access.ts';
import type { StreamCaps } from '../../lib/stream-caps.ts';
import type { DevLoginProvider } from '../../providers/login/dev-login.provider.ts';
import type { MpLoginProvider } from '../../providers/login/mp-login.provider.ts';
import { authRoutes } from './auth.routes.ts';
import { devScanRoutes } from './dev-scan.routes.ts';
import type { LoginService } from './login.service.ts';
import { createStreamHub } from './qr-status-stream.ts';
import type { SessionService } from './session.service.ts';
import { wechatCallbackRoutes } from './wechat-callback.routes.ts';

/** Heartbeat comments keep proxies from closing an idle status stream. */
const HEARTBEAT_MS = 15_000;

/** Everything of QR login: the QR and its stream, logout, and the active provider's endpoints. */
export function loginRoutes(
  app: FastifyInstance,
  deps: {
    login: LoginService;
    sessions: Pick<SessionService, 'revoke'>;
    provider: DevLoginProvider | MpLoginProvider;
    qrRatePerMin: number;
    streamCaps: StreamCaps;
    heartbeatMs?: number;
  },
) {
  const hub = createStreamHub(deps.heartbeatMs ?? HEARTBEAT_MS);
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => hub.closeAll());
  authRoutes(app, {
    login: deps.login,
    sessions: deps.sessions,
    hub,
    streamCaps: deps.streamCaps,
    qrRatePerMin: deps.qrRatePerMin,
  });
  const provider = deps.provider;
  if (provider.mode === 'dev') {
    const { loopbackOnly, trustProxy } = provider;
    devOnlyScope(app, { loopbackOnly, trustProxy }, (scope) => devScanRoutes(scope, { login: deps.login }));
  } else app.register(async (scope) => wechatCallbackRoutes(scope, { login: deps.login, provider }));
}
