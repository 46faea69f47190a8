import {
  adminUserDetailSchema,
  adminUserDisableInputSchema,
  adminUserEnableInputSchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserRoleInputSchema,
  adminUserSchema,
  idParamsSchema,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { AdminUserService } from './admin-user.service.ts';

/** 用户管理 (admin only): search, detail, disable / enable, the admin role. */
export function adminUserRoutes(app: FastifyInstance, deps: { adminUsers: AdminUserService }) {
  const { adminUsers } = deps;

  route(app, {
    method: 'GET',
    url: '/admin/users',
    summary: '管理员：用户列表（按编号、昵称或 openid 搜索，按身份筛选）',
    tags: ['admin'],
    query: adminUserListQuerySchema,
    preHandler: app.requireAdmin,
    response: adminUserPageSchema,
    handler: async (req) => adminUsers.list(req.query),
  });

  route(app, {
    method: 'GET',
    url: '/admin/users/:id',
    summary: '管理员：用户详情（身份、推荐人、客户数、人设与脚本数、最近订单与点数明细）',
    tags: ['admin'],
    params: idParamsSchema,
    preHandler: app.requireAdmin,
    response: adminUserDetailSchema,
    handler: async (req) => adminUsers.detail(req.params.id),
  });

  route(app, {
    method: 'POST',
    url: '/admin/users/:id/disable',
    summary: '管理员：停用账号（不能登录，所有登录会话立即失效）',
    tags: ['admin'],
    params: idParamsSchema,
    body: adminUserDisableInputSchema,
    preHandler: app.requireAdmin,
    response: adminUserSchema,
    handler: async (req) => adminUsers.disable(currentUser(req).id, req.params.id, req.body.reason),
  });

  route(app, {
    method: 'POST',
    url: '/admin/users/:id/enable',
    summary: '管理员：恢复已停用的账号',
    tags: ['admin'],
    params: idParamsSchema,
    body: adminUserEnableInputSchema,
    preHandler: app.requireAdmin,
    response: adminUserSchema,
    handler: async (req) => adminUsers.enable(currentUser(req).id, req.params.id, req.body.reason),
  });

  route(app, {
    method: 'POST',
    url: '/admin/users/:id/role',
    summary: '管理员：设为管理员或取消管理员',
    tags: ['admin'],
    params: idParamsSchema,
    body: adminUserRoleInputSchema,
    preHandler: app.requireAdmin,
    response: adminUserSchema,
    handler: async (req) => adminUsers.setAdmin(currentUser(req).id, req.params.id, req.body.admin),
  });
}
