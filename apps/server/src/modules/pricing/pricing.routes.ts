import { limitCheckInputSchema, limitCheckResultSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { PricingService } from './pricing.service.ts';

export function pricingRoutes(app: FastifyInstance, deps: { pricing: Pick<PricingService, 'check'> }) {
  route(app, {
    method: 'POST',
    url: '/limit/check',
    summary: '查询一次生成要消耗多少点数、当前余额够不够（内部成员不消耗点数）',
    tags: ['limit'],
    body: limitCheckInputSchema,
    response: limitCheckResultSchema,
    preHandler: app.requireUser,
    handler: async (req) => deps.pricing.check(currentUser(req).id, req.body.action, req.body.units),
  });
}
