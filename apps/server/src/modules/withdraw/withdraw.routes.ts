import {
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  withdrawAllQuerySchema,
  withdrawalPageSchema,
  withdrawalSchema,
  withdrawCheckInputSchema,
  withdrawCreateInputSchema,
  withdrawListQuerySchema,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { WithdrawService } from './withdraw.service.ts';

export function withdrawRoutes(app: FastifyInstance, deps: { withdraw: WithdrawService }) {
  const { withdraw } = deps;

  route(app, {
    method: 'POST',
    url: '/withdraw/add',
    summary: '申请提现（金额立即冻结）',
    tags: ['withdraw'],
    body: withdrawCreateInputSchema,
    preHandler: app.requireUser,
    response: withdrawalSchema,
    handler: async (req) => withdraw.request(currentUser(req).id, req.body),
  });

  route(app, {
    method: 'GET',
    url: '/withdraw/list',
    summary: '我的提现记录',
    tags: ['withdraw'],
    query: withdrawListQuerySchema,
    preHandler: app.requireUser,
    response: withdrawalPageSchema,
    handler: async (req) => withdraw.listMine(currentUser(req).id, req.query.page, req.query.pageSize),
  });

  route(app, {
    method: 'GET',
    url: '/withdraw/all',
    summary: '管理员：提现审核队列',
    tags: ['withdraw', 'admin'],
    query: withdrawAllQuerySchema,
    preHandler: app.requireAdmin,
    response: adminWithdrawalPageSchema,
    handler: async (req) => withdraw.listAll(req.query.status, req.query.page, req.query.pageSize),
  });

  route(app, {
    method: 'POST',
    url: '/withdraw/check',
    summary: '管理员：审核提现（通过需填打款流水号，驳回需填原因）',
    tags: ['withdraw', 'admin'],
    body: withdrawCheckInputSchema,
    preHandler: app.requireAdmin,
    response: adminWithdrawalSchema,
    handler: async (req) => withdraw.decide(currentUser(req).id, req.body),
  });
}
