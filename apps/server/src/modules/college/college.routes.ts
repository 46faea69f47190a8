import { articleListSchema, articleParamsSchema, articleSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { CollegeService } from './college.service.ts';

/** Tutorials are public: nothing personal in them, and they are worth finding. */
export function collegeRoutes(app: FastifyInstance, deps: { college: CollegeService }) {
  route(app, {
    method: 'GET',
    url: '/college/list',
    summary: '创作学院文章列表',
    tags: ['college'],
    response: articleListSchema,
    handler: async () => deps.college.list(),
  });

  route(app, {
    method: 'GET',
    url: '/college/:slug',
    summary: '创作学院文章（Markdown 正文）',
    tags: ['college'],
    params: articleParamsSchema,
    response: articleSchema,
    handler: async (req) => deps.college.get(req.params.slug),
  });
}
