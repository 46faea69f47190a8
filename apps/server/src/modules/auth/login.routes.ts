import type { FastifyInstance } from 'fastify';
import { devOnlyScope } from '../../lib/dev-access.ts';
import type { EventStreams } from '../../lib/event-stream.ts';
import type { StreamCaps } from '../../lib/stream-caps.ts';
import type { DevLoginProvider } from '../../providers/login/dev-login.provider.ts';
import type { MpLoginProvider } from '../../providers/login/mp-login.provider.ts';
import { authRoutes } from './auth.routes.ts';
import { devScanRoutes } from './dev-scan.routes.ts';
import type { LoginService } from './login.service.ts';
import type { SessionService } from './session.service.ts';
import { wechatCallbackRoutes } from './wechat-callback.routes.ts';

/** Everything of QR login: the QR and its stream, logout, and the active provider's endpoints. */
export function loginRoutes(
  app: FastifyInstance,
  deps: {
    login: LoginService;
    sessions: Pick<SessionService, 'revoke'>;
    provider: DevLoginProvider | MpLoginProvider;
    qrRatePerMin: number;
    streamCaps: StreamCaps;
    /** Open status streams end with the app's other event streams when the server closes. */
    eventStreams: EventStreams;
    /** Heartbeat comments keep proxies from closing an idle status stream (default 15 s). */
    heartbeatMs?: number;
  },
) {
  authRoutes(app, {
    login: deps.login,
    sessions: deps.sessions,
    eventStreams: deps.eventStreams,
    heartbeatMs: deps.heartbeatMs,
    streamCaps: deps.streamCaps,
    qrRatePerMin: deps.qrRatePerMin,
  });
  const provider = deps.provider;
  if (provider.mode === 'dev') {
    const { loopbackOnly, trustProxy } = provider;
    devOnlyScope(app, { loopbackOnly, trustProxy }, (scope) => devScanRoutes(scope, { login: deps.login }));
  } else app.register(async (scope) => wechatCallbackRoutes(scope, { login: deps.login, provider }));
}
