/**
 * Business errors carry a real HTTP status and a Chinese message a user can act on
 * (DESIGN §3). The error handler turns them into the envelope; anything else is a 500
 * whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string = 'error',
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, message, code);
export const unauthorized = (message = '请先登录', code = 'unauthorized') => new AppError(401, message, code);
export const forbidden = (message = '无权限进行此操作', code = 'forbidden') =>
  new AppError(403, message, code);
export const notFound = (message = '内容不存在或已被删除', code = 'not_found') =>
  new AppError(404, message, code);
export const conflict = (message: string, code = 'conflict') => new AppError(409, message, code);
export const unprocessable = (message: string, code = 'rule') => new AppError(422, message, code);
export const tooManyRequests = (message = '操作太频繁，请稍后再试', code = 'rate_limited') =>
  new AppError(429, message, code);

/** Keeps what really failed on the error, for the log (the user sees only the message). */
export function withCause(error: AppError, cause: unknown): AppError {
  return Object.assign(error, { cause });
}
