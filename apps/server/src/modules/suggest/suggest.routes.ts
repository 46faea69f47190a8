import { suggestInputSchema, suggestResultSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { SuggestService } from './suggest.service.ts';

export function suggestRoutes(app: FastifyInstance, deps: { suggest: SuggestService; ratePerMin: number }) {
  route(app, {
    method: 'POST',
    url: '/suggest/gen',
    summary:
      '创作建议：topics 选题（可围绕一个热点）、titles 标题、hooks 开头、improve 优化脚本。' +
      'topics/titles/hooks 需要 personaId 或 topic；improve 需要 scriptId',
    tags: ['suggest'],
    body: suggestInputSchema,
    response: suggestResultSchema,
    preHandler: app.requireUser,
    config: { rateLimit: { max: deps.ratePerMin, timeWindow: '1 minute' } },
    handler: async (req) => deps.suggest.generate(currentUser(req).id, req.body),
  });
}
