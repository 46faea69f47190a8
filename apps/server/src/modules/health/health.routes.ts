import { healthSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';

export function healthRoutes(
  app: FastifyInstance,
  deps: { database: 'pglite' | 'postgres'; version: string },
) {
  route(app, {
    method: 'GET',
    url: '/health',
    summary: '健康检查：服务与所用数据库',
    tags: ['system'],
    response: healthSchema,
    handler: async () => ({
      status: 'ok' as const,
      version: deps.version,
      database: deps.database,
      uptimeSec: Math.round(process.uptime()),
    }),
  });
}
