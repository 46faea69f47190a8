import { healthSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { DevChannel } from '../../config.ts';
import { route } from '../../lib/route.ts';

/**
 * Health for load balancers and the web app: up, and whether the site is a demo (dev login or
 * payment: the web shows a 演示模式 banner). Which build and database it runs on is told only to a
 * signed-in admin.
 */
export function healthRoutes(
  app: FastifyInstance,
  deps: { database: 'pglite' | 'postgres'; version: string; devChannels: DevChannel[] },
) {
  const channels = deps.devChannels;
  route(app, {
    method: 'GET',
    url: '/health',
    summary: '健康检查：服务是否可用、是否为演示模式（管理员另见版本与数据库）',
    tags: ['system'],
    response: healthSchema,
    preHandler: app.optionalUser,
    handler: async (req) => ({
      status: 'ok' as const,
      demo: channels.length > 0,
      devChannels: channels,
      uptimeSec: Math.round(process.uptime()),
      ...(req.user?.role === 'admin' ? { version: deps.version, database: deps.database } : {}),
    }),
  });
}
