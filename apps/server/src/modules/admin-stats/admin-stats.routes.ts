import { statsQuerySchema, statsSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/route.ts';
import { attachmentDisposition, statsCsv, statsCsvFileName } from './admin-stats.csv.ts';
import type { AdminStatsService } from './admin-stats.service.ts';

export function adminStatsRoutes(app: FastifyInstance, deps: { stats: AdminStatsService }) {
  route(app, {
    method: 'GET',
    url: '/admin/stats',
    summary: '管理员：经营数据（按日 / 周 / 月，中国时间）',
    tags: ['admin'],
    query: statsQuerySchema,
    preHandler: app.requireAdmin,
    response: statsSchema,
    handler: async (req) => deps.stats.get(req.query),
  });

  // The same figures as a file: not in the envelope (errors still are, with their status).
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/stats.csv',
    {
      schema: {
        summary: '管理员：导出经营数据 CSV（UTF-8 带 BOM，Excel 可直接打开）',
        tags: ['admin'],
        querystring: statsQuerySchema,
        produces: ['text/csv'],
      },
      preHandler: app.requireAdmin,
    },
    async (req, reply) => {
      const stats = await deps.stats.get(req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          attachmentDisposition(statsCsvFileName(stats), `stats-${stats.from}-${stats.to}.csv`),
        )
        .header('cache-control', 'no-store')
        .header('access-control-expose-headers', 'content-disposition')
        .send(statsCsv(stats));
    },
  );
}
