import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** Which part of the request a validation error is about, when it is about the whole part. */
const WHOLE_PART: Record<string, string> = {
  body: '请求内容缺失或格式不对，请以 JSON 对象提交',
  querystring: '查询参数格式不对',
  params: '请求地址有误',
  headers: '请求头有误',
};

/** Fastify's own 4xx errors (parsing, routing), each in words a user can act on. */
const FRAMEWORK_MESSAGES: Record<string, [status: number, message: string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, '不支持的请求格式，请以 JSON 提交'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, '请求内容不是有效的 JSON'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, '请求内容不是有效的 JSON，或含有不允许的字段（如 __proto__）'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, '提交的内容过大'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求内容的长度与声明的不一致'],
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: [415, '请求缺少内容类型，请以 JSON 提交'],
  FST_ERR_ROUTE_MISSING_CONTENT: [400, '请求内容缺失'],
  FST_ERR_BAD_URL: [400, '请求地址有误：含有无法识别的编码'],
  FST_ERR_INVALID_URL: [400, '请求地址有误'],
  FST_ERR_MAX_PARAM_LENGTH: [414, '请求地址过长'],
  FST_ERR_ASYNC_CONSTRAINT: [400, '请求有误，请检查后重试'],
  FST_ERR_NOT_FOUND: [404, '接口不存在'],
};

/**
 * Fastify's `frameworkErrors` option: a malformed URL (`/persona/%ZZ`) or a path parameter over
 * `maxParamLength` fails before any route or hook runs, so the answer is built here, in the
 * envelope and with the request id like every other answer.
 */
export function frameworkErrorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const [status, message] = FRAMEWORK_MESSAGES[error.code] ?? [400, '请求有误，请检查后重试'];
  req.log.info({ code: error.code }, 'request refused by the router');
  return reply.status(status).header('x-request-id', req.id).send(fail(message));
}

const CLIENT_ERRORS: Record<string, [status: number, reason: string, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', '请求超时，请重试'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', '请求头过大'],
};

/**
 * Fastify's `clientErrorHandler` option: HTTP so malformed that Node cannot parse a request from
 * it. There is no request (and so no request id) yet, only the socket: write the envelope as raw
 * HTTP, as Fastify's default does with its English one.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    '请求格式有误，无法识别',
  ];
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(fail(message));
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
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
        // The whole body (or query) is of the wrong kind, e.g. missing or an array: say so.
        const whole = !field && first?.keyword === 'invalid_type';
        const detail = whole
          ? (WHOLE_PART[error.validationContext ?? 'body'] ?? '请求有误')
          : (first?.message ?? '参数不正确');
        const extra = error.validation.length > 1 ? `（另有 ${error.validation.length - 1} 处问题）` : '';
        return reply
          .status(400)
          .send(fail(field ? `参数 ${field} 有误：${detail}${extra}` : `${detail}${extra}`));
      }
      const known = typeof error.code === 'string' ? FRAMEWORK_MESSAGES[error.code] : undefined;
      if (known) return reply.status(known[0]).send(fail(known[1]));
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
