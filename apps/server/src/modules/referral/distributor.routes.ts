import { distributionAddSchema, distributionCheckSchema, distributionUriSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { DistributorService } from './distributor.service.ts';

/** The three calls of the user menu: am I a distributor, become one, my share link. */
export function distributorRoutes(app: FastifyInstance, deps: { distributors: DistributorService }) {
  route(app, {
    method: 'GET',
    url: '/distribution/check',
    summary: '当前用户是否为分销商',
    tags: ['distribution'],
    preHandler: app.requireUser,
    response: distributionCheckSchema,
    handler: async (req) => ({ is_distribution: await deps.distributors.isDistributor(currentUser(req).id) }),
  });

  route(app, {
    method: 'GET',
    url: '/distribution/add',
    summary: '成为分销商（重复调用无副作用）',
    tags: ['distribution'],
    preHandler: app.requireUser,
    response: distributionAddSchema,
    handler: async (req) => {
      await deps.distributors.become(currentUser(req).id);
      return { is_distribution: true as const };
    },
  });

  route(app, {
    method: 'GET',
    url: '/distribution/uri',
    summary: '我的分享链接（带推荐码）',
    tags: ['distribution'],
    preHandler: app.requireUser,
    response: distributionUriSchema,
    handler: async (req) => deps.distributors.shareLink(currentUser(req).id),
  });
}
