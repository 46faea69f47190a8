import { userInfoSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { UserInfoService } from './user-info.service.ts';

export function userRoutes(app: FastifyInstance, deps: { userInfo: UserInfoService }) {
  route(app, {
    method: 'GET',
    url: '/user/info',
    summary: '当前登录用户信息',
    tags: ['user'],
    preHandler: app.requireUser,
    response: userInfoSchema,
    handler: async (req) => deps.userInfo.get(currentUser(req)),
  });
}
