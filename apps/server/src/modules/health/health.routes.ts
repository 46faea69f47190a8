import { envelopeSchema, healthSchema, readinessSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DevChannel } from '../../config.ts';
import { route } from '../../lib/route.ts';
import type { ReadinessProbe } from './readiness.ts';

/**
 * Liveness for the web app and process supervisors: up, and whether the site is a demo (dev login
 * or payment: the web shows a 演示模式 banner). Which build and database it runs on is told only
 * to a signed-in admin. Readiness (should this instance get traffic?) is /health/ready.
 */
export function healthRoutes(
  app: FastifyInstance,
  deps: {
    database: 'pglite' | 'postgres';
    version: string;
    devChannels: DevChannel[];
    readiness: ReadinessProbe;
  },
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

  // 503 is what a load balancer acts on; the body says which check failed, for the operator.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health/ready',
    {
      schema: {
        summary: '就绪检查：本实例能否接收流量（数据库、迁移、是否正在停机），不能时返回 503',
        tags: ['system'],
        response: { 200: envelopeSchema(readinessSchema), 503: envelopeSchema(readinessSchema) },
      },
    },
    async (_req, reply) => {
      const readiness = await deps.readiness.check();
      reply.header('cache-control', 'no-store');
      if (readiness.ready) return { success: true, data: readiness, message: 'ok' };
      return reply.status(503).send({ success: false, data: readiness, message: '服务暂不可用' });
    },
  );
}
