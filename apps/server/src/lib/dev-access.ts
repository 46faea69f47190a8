import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/;

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv6-mapped address (::ffff:127.0.0.1). */
export function isLoopbackIp(ip: string): boolean {
  const v4 = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip;
  return ip === '::1' || LOOPBACK_V4.test(v4);
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * A caller on the server's own machine. req.ip honours TRUST_PROXY; without it, a request that a
 * proxy forwarded (it names the real client in a header) comes from 127.0.0.1 but is not local,
 * so such a header counts as "not loopback" rather than letting the whole internet in.
 */
export function isLocalCaller(req: FastifyRequest, trustProxy: boolean): boolean {
  if (!isLoopbackIp(req.ip)) return false;
  if (trustProxy) return true;
  return FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
}

export const devAccessDenied = () =>
  forbidden(
    '模拟登录和模拟支付仅限在服务器本机使用，其他设备无法打开，请联系网站管理员',
    'dev_loopback_only',
  );

/**
 * Registers the dev providers' routes in a scope of their own that, when `loopbackOnly`, refuses
 * every caller that is not on this machine with a 403 envelope before anything else runs.
 */
export function devOnlyScope(
  app: FastifyInstance,
  opts: { loopbackOnly: boolean; trustProxy: boolean },
  register: (scope: FastifyInstance) => void,
): void {
  app.register(async (scope) => {
    if (opts.loopbackOnly) {
      scope.addHook('onRequest', async (req) => {
        if (!isLocalCaller(req, opts.trustProxy)) throw devAccessDenied();
      });
    }
    register(scope);
  });
}
