import { inspirationListQuerySchema, inspirationPageSchema, topicCategoryListSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { InspirationService } from './inspiration.service.ts';

/** "redu" (热度) is SPEC's name for the inspiration library's calls. Members only: it is a dashboard feature. */
export function inspirationRoutes(app: FastifyInstance, deps: { inspiration: InspirationService }) {
  const { inspiration } = deps;

  route(app, {
    method: 'GET',
    url: '/redu/category',
    summary: '灵感库分类及各分类的条数',
    tags: ['inspiration'],
    preHandler: app.requireUser,
    response: topicCategoryListSchema,
    handler: async () => inspiration.categories(),
  });

  route(app, {
    method: 'GET',
    url: '/redu/list',
    summary: '灵感库列表：按分类筛选，按热度、点赞或发布时间排序，分页',
    tags: ['inspiration'],
    query: inspirationListQuerySchema,
    preHandler: app.requireUser,
    response: inspirationPageSchema,
    handler: async (req) => inspiration.list(req.query),
  });
}
