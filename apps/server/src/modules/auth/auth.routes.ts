import { logoutResultSchema, qrCodeQuerySchema, qrCodeSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { EventStreams } from '../../lib/event-stream.ts';
import { route } from '../../lib/route.ts';
import type { StreamCaps } from '../../lib/stream-caps.ts';
import { bearerToken } from '../../plugins/auth.plugin.ts';
import type { LoginService } from './login.service.ts';
import { streamQrStatus } from './qr-status-stream.ts';
import type { SessionService } from './session.service.ts';

const hasState = (req: { query: unknown }) => Boolean((req.query as { state?: string } | undefined)?.state);

export function authRoutes(
  app: FastifyInstance,
  deps: {
    login: LoginService;
    sessions: Pick<SessionService, 'revoke'>;
    eventStreams: EventStreams;
    /** Heartbeat of the status streams; the event streams' default when omitted. */
    heartbeatMs?: number;
    streamCaps: StreamCaps;
    qrRatePerMin: number;
  },
) {
  route(app, {
    method: 'GET',
    url: '/user/qrcode',
    summary: '登录二维码：type=qr 获取新二维码；state=… 返回该二维码的扫码状态流（text/event-stream）',
    tags: ['auth'],
    query: qrCodeQuerySchema,
    response: qrCodeSchema,
    config: {
      // Making QR codes and opening status streams count apart: a page reopens its stream after
      // every network blip, far more often than anyone needs a new QR.
      rateLimit: {
        max: (req: { query: unknown }) => (hasState(req) ? deps.qrRatePerMin * 6 : deps.qrRatePerMin),
        keyGenerator: (req: { query: unknown; ip: string }) =>
          `${hasState(req) ? 'qr-status' : 'qr'}:${req.ip}`,
        timeWindow: '1 minute',
      },
    },
    handler: async (req, reply) => {
      if (req.query.state) {
        await streamQrStatus(req, reply, req.query.state, {
          login: deps.login,
          streams: deps.eventStreams,
          caps: deps.streamCaps,
          heartbeatMs: deps.heartbeatMs,
        });
        return undefined as never;
      }
      return deps.login.createQr(req.query.code);
    },
  });

  route(app, {
    method: 'POST',
    url: '/user/logout',
    summary: '退出登录：吊销当前会话',
    tags: ['auth'],
    response: logoutResultSchema,
    // No requireUser: logging out with an already expired session still succeeds.
    handler: async (req) => {
      const token = bearerToken(req);
      if (token) await deps.sessions.revoke(token);
      return { loggedOut: true as const };
    },
  });
}
