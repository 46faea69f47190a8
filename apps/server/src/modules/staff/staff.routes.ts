import {
  internalApplicationSchema,
  internalDecideInputSchema,
  internalDecideResultSchema,
  internalListQuerySchema,
  internalMemberPageSchema,
  internalMultiDecideInputSchema,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { StaffService } from './staff.service.ts';

export function staffRoutes(app: FastifyInstance, deps: { internal: StaffService }) {
  const { internal } = deps;

  // SPEC §7 names this a GET; it changes state, which is safe here because auth is a bearer
  // header only (no cookie a third-party page could make the browser send).
  route(app, {
    method: 'GET',
    url: '/internal/add_int_list',
    summary: '申请成为内部成员（重复申请不会重复创建）',
    tags: ['internal'],
    preHandler: app.requireUser,
    response: internalApplicationSchema,
    handler: async (req) => internal.apply(currentUser(req).id),
  });

  route(app, {
    method: 'GET',
    url: '/internal/status',
    summary: '我的内部成员申请状态',
    tags: ['internal'],
    preHandler: app.requireUser,
    response: internalApplicationSchema,
    handler: async (req) => internal.application(currentUser(req).id),
  });

  route(app, {
    method: 'GET',
    url: '/internal/list',
    summary: '管理员：内部成员申请列表',
    tags: ['internal', 'admin'],
    query: internalListQuerySchema,
    preHandler: app.requireAdmin,
    response: internalMemberPageSchema,
    handler: async (req) => internal.list(req.query.status, req.query.page, req.query.pageSize),
  });

  route(app, {
    method: 'POST',
    url: '/internal/add',
    summary: '管理员：通过或拒绝一条内部成员申请',
    tags: ['internal', 'admin'],
    body: internalDecideInputSchema,
    preHandler: app.requireAdmin,
    response: internalDecideResultSchema,
    handler: async (req) => ({
      updated: await internal.decide(currentUser(req).id, req.body.userId, req.body.approve),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/internal/multi_add_int_list',
    summary: '管理员：批量通过或拒绝（全部成功或全部不变）',
    tags: ['internal', 'admin'],
    body: internalMultiDecideInputSchema,
    preHandler: app.requireAdmin,
    response: internalDecideResultSchema,
    handler: async (req) => ({
      updated: await internal.decideMany(currentUser(req).id, req.body.userIds, req.body.approve),
    }),
  });
}
