import { auditEntryPageSchema, auditListQuerySchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { AuditService } from './audit.service.ts';

export function auditRoutes(app: FastifyInstance, deps: { audit: AuditService }) {
  route(app, {
    method: 'GET',
    url: '/admin/audit',
    summary: '管理员：操作日志（只增不改，最新在前）',
    tags: ['admin'],
    query: auditListQuerySchema,
    preHandler: app.requireAdmin,
    response: auditEntryPageSchema,
    handler: async (req) => deps.audit.list(req.query),
  });
}
