import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { MpLoginProvider } from '../../providers/login/mp-login.provider.ts';
import { parseMpScan } from '../../providers/login/mp-message.ts';
import { verifyMpSignature } from '../../providers/login/mp-signature.ts';
import type { LoginService } from './login.service.ts';

export const MP_CALLBACK_PATH = '/wechat/mp/callback';

interface SignedQuery {
  signature?: string;
  timestamp?: string;
  nonce?: string;
  echostr?: string;
}

/**
 * The official account's message callback (LOGIN_MODE=mp), in plain-text mode. GET is WeChat's
 * URL check (answer echostr); POST carries the scan events. Both must carry a valid signature.
 * WeChat expects a plain `success`, not our JSON envelope, and retries when it does not get it.
 */
export function wechatCallbackRoutes(
  app: FastifyInstance,
  deps: { login: LoginService; provider: MpLoginProvider },
) {
  // The events are XML; read them as text in this scope only.
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.get(
    MP_CALLBACK_PATH,
    { schema: { summary: '公众号服务器地址校验', tags: ['auth'] } },
    async (req, reply) => {
      const query = req.query as SignedQuery;
      if (!verifyMpSignature(deps.provider.callbackToken, query)) {
        return reply.status(403).type('text/plain; charset=utf-8').send('签名校验失败');
      }
      return reply.type('text/plain; charset=utf-8').send(query.echostr ?? '');
    },
  );

  app.post(
    MP_CALLBACK_PATH,
    { schema: { summary: '公众号消息与事件推送', tags: ['auth'] } },
    async (req, reply) => {
      reply.type('text/plain; charset=utf-8');
      if (!verifyMpSignature(deps.provider.callbackToken, req.query as SignedQuery)) {
        return reply.status(403).send('签名校验失败');
      }
      const scan = typeof req.body === 'string' ? parseMpScan(req.body) : null;
      if (scan) {
        try {
          await deps.login.complete(scan.state, await deps.provider.profile(scan.openid));
        } catch (error) {
          // An unknown or expired state is the user's old QR code: nothing to retry, so still
          // answer success (WeChat would otherwise repeat the push three times).
          if (!(error instanceof AppError)) throw error;
          req.log.info({ state: scan.state, reason: error.message }, 'mp scan for an unusable state');
        }
      }
      return reply.send('success');
    },
  );
}
