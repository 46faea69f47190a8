import { DEV_NICKNAME_MAX, devScanInputSchema, devScanResultSchema, qrStateSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { withPageNonce } from '../../plugins/security-headers.plugin.ts';
import { devProfile } from '../../providers/login/dev-login.provider.ts';
import { devConfirmPage, devErrorPage } from '../../providers/login/dev-scan-page.ts';
import type { LoginService } from './login.service.ts';

/**
 * The dev provider's fixed endpoints (DESIGN §2): the confirm page the QR points to, and the scan
 * that completes the login. Registered only when LOGIN_MODE=dev.
 */
export function devScanRoutes(app: FastifyInstance, deps: { login: LoginService }) {
  app.get(
    '/dev/wechat/scan',
    { schema: { summary: '开发登录：扫码后的确认页（HTML）', tags: ['auth'] } },
    async (req, reply) => {
      const nonce = withPageNonce(reply);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const parsed = qrStateSchema.safeParse((req.query as { state?: unknown }).state);
      if (!parsed.success) {
        return reply
          .status(400)
          .send(devErrorPage({ nonce, message: '二维码链接不完整，请在电脑上刷新二维码后重新扫码' }));
      }
      try {
        const status = await deps.login.markScanned(parsed.data);
        if (status === 'complete') {
          return reply
            .status(409)
            .send(devErrorPage({ nonce, message: '该二维码已完成登录，如需再次登录请在电脑上刷新二维码' }));
        }
        return reply.send(devConfirmPage({ state: parsed.data, nonce, nicknameMax: DEV_NICKNAME_MAX }));
      } catch (error) {
        if (error instanceof AppError)
          return reply.status(error.statusCode).send(devErrorPage({ nonce, message: error.message }));
        throw error;
      }
    },
  );

  route(app, {
    method: 'POST',
    url: '/dev/wechat/scan',
    summary: '开发登录：确认扫码，完成该二维码的登录',
    tags: ['auth'],
    body: devScanInputSchema,
    response: devScanResultSchema,
    handler: async (req) => ({
      status: await deps.login.complete(req.body.state, devProfile(req.body.nickname)),
    }),
  });
}
