import { goodsWalletSchema, ledgerPageSchema, ledgerQuerySchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { WalletService } from './wallet.service.ts';

/** The goods wallet (generation credits): balance and the append-only ledger, newest first. */
export function walletRoutes(
  app: FastifyInstance,
  deps: {
    wallet: Pick<WalletService, 'balance' | 'listLedger'>;
    isInternal: (userId: string) => Promise<boolean>;
  },
) {
  route(app, {
    method: 'GET',
    url: '/goods/wallet',
    summary: '我的点数余额（内部成员不限量）',
    tags: ['wallet'],
    response: goodsWalletSchema,
    preHandler: app.requireUser,
    handler: async (req) => {
      const userId = currentUser(req).id;
      const [balance, unlimited] = await Promise.all([deps.wallet.balance(userId), deps.isInternal(userId)]);
      return { balance, unlimited };
    },
  });

  route(app, {
    method: 'GET',
    url: '/goods/wallet_transaction',
    summary: '点数明细（购买、创作消耗、退还、赠送）',
    tags: ['wallet'],
    query: ledgerQuerySchema,
    response: ledgerPageSchema,
    preHandler: app.requireUser,
    handler: async (req) => {
      const { page, pageSize } = req.query;
      return deps.wallet.listLedger(currentUser(req).id, page, pageSize);
    },
  });
}
