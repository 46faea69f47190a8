import {
  collectedTopicPageSchema,
  collectedTopicQuerySchema,
  collectTopicInputSchema,
  collectTopicResultSchema,
  envelopeSchema,
  hotTopicListSchema,
  hotTopicQuerySchema,
  topicCategoryListSchema,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { TopicService } from './topic.service.ts';

export function topicRoutes(app: FastifyInstance, deps: { topics: TopicService }) {
  const { topics } = deps;

  // Open to visitors (collected is then false) so the list can also be shown outside the
  // dashboard; a signed-in user gets their favourite flags. The answer is joined from items
  // serialised once per ranking (topic.service), so it is sent as it is: the schema documents it.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/topic/hot',
    {
      schema: {
        summary: '热点榜：按分类、平台筛选，按热度排序',
        tags: ['topic'],
        querystring: hotTopicQuerySchema,
        response: { 200: envelopeSchema(hotTopicListSchema) },
      },
      preHandler: app.optionalUser,
    },
    async (req, reply) => {
      const json = await topics.hotJson(req.user?.id ?? null, req.query);
      // A string is sent as it is: the response schema is not run again over it.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  route(app, {
    method: 'GET',
    url: '/topic/category',
    summary: '热点分类及各分类的热点数',
    tags: ['topic'],
    response: topicCategoryListSchema,
    handler: async () => topics.categoryCounts(),
  });

  route(app, {
    method: 'POST',
    url: '/topic/collect',
    summary: '收藏或取消收藏热点（重复调用结果不变）',
    tags: ['topic'],
    body: collectTopicInputSchema,
    preHandler: app.requireUser,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    response: collectTopicResultSchema,
    handler: async (req) => topics.collect(currentUser(req).id, req.body),
  });

  route(app, {
    method: 'GET',
    url: '/topic/collect/list',
    summary: '我收藏的热点（分页，最近收藏的在前）',
    tags: ['topic'],
    query: collectedTopicQuerySchema,
    preHandler: app.requireUser,
    response: collectedTopicPageSchema,
    handler: async (req) => topics.collected(currentUser(req).id, req.query),
  });
}
