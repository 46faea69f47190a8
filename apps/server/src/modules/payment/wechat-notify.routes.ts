import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { NotificationRejectedError } from '../../providers/payment/wechat-pay.provider.ts';
import type { NotifyResult, PaymentService, RefundNotifyResult } from './payment.service.ts';

/** WeChat Pay waits 5 s for an answer, then counts the delivery failed and retries. */
export const NOTIFY_DEADLINE_MS = 4_500;

class DeadlineError extends Error {}

type Headers = Record<string, string | string[] | undefined>;

function logPayment(log: FastifyBaseLogger, result: NotifyResult) {
  if (result.result === 'ignored') log.info({ reason: result.reason }, 'wechat pay notification ignored');
  else if (result.duplicateTransactionId)
    log.error(result, 'order already paid by another transaction: the buyer paid twice, refund by hand');
  else if (result.revivedFromClosed) log.warn(result, 'payment arrived for a closed order; credited');
  else log.info(result, 'wechat pay notification handled');
}

function logRefund(log: FastifyBaseLogger, result: RefundNotifyResult) {
  if (result.result === 'ignored') log.info({ reason: result.reason }, 'wechat refund notification ignored');
  else if (result.result === 'already_final' && result.status !== result.notified)
    log.warn(result, 'refund notification disagrees with the outcome already recorded; kept');
  else log.info(result, 'wechat refund notification handled');
}

/**
 * WeChat Pay's callbacks: POST /pay/wechat/notify (payments) and /pay/wechat/refund-notify
 * (refunds). Both answer in WeChat's format, not the envelope: 204 when handled (including a
 * repeat), 4xx/5xx with { code: 'FAIL', message } otherwise, which makes WeChat retry later. The
 * body is kept as the exact received text: the signature covers those bytes, not a
 * re-serialised object.
 */
export function wechatNotifyRoutes(app: FastifyInstance, deps: { payments: PaymentService }) {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );

    const refuse = (reply: FastifyReply, status: number, message: string) =>
      reply.status(status).send({ code: 'FAIL', message });

    /** One callback: the work raced against WeChat's deadline, every failure answered as WeChat expects. */
    function callback<T>(
      url: string,
      what: string,
      handle: (headers: Headers, raw: string) => Promise<T>,
      log: (log: FastifyBaseLogger, result: T) => void,
    ) {
      scope.post(url, { schema: { hide: true } }, async (req: FastifyRequest, reply) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        let deadline: NodeJS.Timeout | undefined;
        try {
          const result = await Promise.race([
            handle(req.headers, raw),
            new Promise<never>((_, reject) => {
              deadline = setTimeout(() => reject(new DeadlineError()), NOTIFY_DEADLINE_MS);
            }),
          ]);
          log(req.log, result);
          return reply.status(204).send();
        } catch (error) {
          if (error instanceof NotificationRejectedError) {
            req.log.warn({ reason: error.reason, ip: req.ip }, `${what} notification refused`);
            return refuse(reply, error.status, error.message);
          }
          if (error instanceof AppError && error.statusCode < 500) {
            req.log.warn(
              { reason: error.code, ip: req.ip },
              `${what} notification refused: ${error.message}`,
            );
            return refuse(reply, error.statusCode, error.message);
          }
          if (error instanceof DeadlineError) {
            // The work may still commit; WeChat's retry then finds it done and gets 204.
            req.log.error(`${what} notification not handled within the deadline`);
            return refuse(reply, 503, '处理超时，请稍后重试');
          }
          req.log.error({ err: error }, `${what} notification failed`);
          return refuse(reply, 500, '系统繁忙，请稍后重试');
        } finally {
          clearTimeout(deadline);
        }
      });
    }

    callback('/pay/wechat/notify', 'wechat pay', deps.payments.handleWechatNotify, logPayment);
    callback('/pay/wechat/refund-notify', 'wechat refund', deps.payments.handleWechatRefundNotify, logRefund);
  });
}
