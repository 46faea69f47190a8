import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail } from '../lib/envelope.ts';
import { AppError } from '../lib/errors.ts';

/** The SQLSTATE of a database error, also when Drizzle wraps it. */
function pgErrorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** "body.accountName" → "accountName": the field a user can recognise. */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/**
 * One place turns every error into the envelope with a real status and a Chinese message
 * (DESIGN §3); 5xx details stay in the log, never in the answer.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, req, reply) => {
      if (error instanceof AppError) {
        if (error.statusCode >= 500) req.log.error({ err: error }, error.message);
        return reply.status(error.statusCode).send(fail(error.message));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const field = first ? fieldOf(first.instancePath) : '';
        const detail = first?.message ?? '参数不正确';
        const extra = error.validation.length > 1 ? `（另有 ${error.validation.length - 1} 处问题）` : '';
        return reply
          .status(400)
          .send(fail(field ? `参数 ${field} 有误：${detail}${extra}` : `${detail}${extra}`));
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply.status(415).send(fail('不支持的请求格式，请以 JSON 提交'));
      }
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return reply.status(400).send(fail('请求内容不是有效的 JSON'));
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(413).send(fail('提交的内容过大'));
      }
      if (error.statusCode === 429) {
        return reply.status(429).send(fail(error.message || '操作太频繁，请稍后再试'));
      }
      // A malformed id (not a uuid) reaching a query names nothing that exists: 404, as for
      // an id that is well-formed but unknown, in every module at once.
      if (pgErrorCode(error) === '22P02') {
        return reply.status(404).send(fail('内容不存在或已被删除'));
      }
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status >= 500) {
        req.log.error({ err: error }, 'unhandled error');
        return reply.status(500).send(fail('服务器开小差了，请稍后再试'));
      }
      return reply.status(status).send(fail('请求有误，请检查后重试'));
    });
  },
  { name: 'error-handler' },
);
