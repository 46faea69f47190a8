import {
  distributionInfoQuerySchema,
  distributionInfoSchema,
  distributionWalletSchema,
  earningsQuerySchema,
  earningsSchema,
  type ReferralRules,
  settleResultSchema,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { CommissionService } from './commission.service.ts';
import type { CustomersService } from './customers.service.ts';
import type { ReferralWalletService } from './referral-wallet.service.ts';

/** My customers, my distribution wallet and my earnings; plus the admin's "settle now". */
export function referralRoutes(
  app: FastifyInstance,
  deps: {
    customers: CustomersService;
    referralWallet: Pick<ReferralWalletService, 'get'>;
    commissions: Pick<CommissionService, 'settleNow'>;
    rules: ReferralRules;
  },
) {
  route(app, {
    method: 'GET',
    url: '/distribution/info',
    summary: '我的客户（分页）与汇总',
    tags: ['distribution'],
    query: distributionInfoQuerySchema,
    preHandler: app.requireUser,
    response: distributionInfoSchema,
    handler: async (req) => deps.customers.info(currentUser(req).id, req.query.page, req.query.pageSize),
  });

  route(app, {
    method: 'GET',
    url: '/distribution/wallet',
    summary: '我的分销钱包余额',
    tags: ['distribution'],
    preHandler: app.requireUser,
    response: distributionWalletSchema,
    handler: async (req) => {
      const b = await deps.referralWallet.get(currentUser(req).id);
      return {
        availableCents: b.available,
        pendingCents: b.pending,
        frozenCents: b.frozen,
        withdrawnCents: b.withdrawn,
        totalEarnedCents: b.totalEarned,
        debtCents: b.debt,
        rules: deps.rules,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/distribution/earnings',
    summary: '我的每日佣金（收益走势）',
    tags: ['distribution'],
    query: earningsQuerySchema,
    preHandler: app.requireUser,
    response: earningsSchema,
    handler: async (req) => deps.customers.earnings(currentUser(req).id, req.query.days),
  });

  route(app, {
    method: 'POST',
    url: '/distribution/settle',
    summary: '管理员：立即结算已到期的佣金',
    tags: ['distribution', 'admin'],
    preHandler: app.requireAdmin,
    response: settleResultSchema,
    handler: async (req) => ({ settled: await deps.commissions.settleNow(currentUser(req).id) }),
  });
}
