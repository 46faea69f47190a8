import type {
  AdminWithdrawal,
  Page,
  Withdrawal,
  WithdrawCheckInput,
  WithdrawCreateInput,
} from '@app/contract';
import type { Db, DbOrTx } from '../../db/database.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ReferralWalletService } from '../referral/referral-wallet.service.ts';
import type { WithdrawRepository } from './withdraw.repository.ts';
import type { WithdrawalRow, WithdrawalStatus } from './withdraw.tables.ts';

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

interface Profile {
  nickname: string;
  avatar: string;
}

/**
 * Withdrawals of commission. The money moves in the distribution wallet in the same transaction
 * as the withdrawal row: available → frozen at request, frozen → available on rejection,
 * frozen → withdrawn on approval (a rejection's money first repays any clawback debt).
 */
export function createWithdrawService(deps: {
  db: Db;
  withdrawals: WithdrawRepository;
  wallet: Pick<ReferralWalletService, 'applyIn' | 'repayDebtIn'>;
  profilesByIds: (db: DbOrTx, ids: string[]) => Promise<Map<string, Profile>>;
  /** The admin's decision is recorded in the transaction that makes it. */
  audit: Pick<AuditService, 'record'>;
  minCents: number;
}) {
  const { db, withdrawals, wallet } = deps;

  return {
    async request(userId: string, input: WithdrawCreateInput): Promise<Withdrawal> {
      if (input.amountCents < deps.minCents) {
        throw unprocessable(`单笔提现金额不能低于 ${yuan(deps.minCents)}`, 'withdraw_below_minimum');
      }
      const row = await db.transaction(async (tx) => {
        const created = await withdrawals.insert(tx, { userId, ...input });
        // Throws 422 (and rolls the row back) when available is short.
        await wallet.applyIn(tx, {
          userId,
          deltas: { available: -input.amountCents, frozen: input.amountCents },
          reason: 'withdraw_freeze',
          refId: created.id,
        });
        return created;
      });
      return toWithdrawal(row);
    },

    async listMine(userId: string, page: number, pageSize: number): Promise<Page<Withdrawal>> {
      const result = await withdrawals.listByUser(db, userId, page, pageSize);
      return { items: result.items.map(toWithdrawal), total: result.total, page, pageSize };
    },

    async listAll(
      status: WithdrawalStatus | undefined,
      page: number,
      pageSize: number,
    ): Promise<Page<AdminWithdrawal>> {
      const result = await withdrawals.listAll(db, status, page, pageSize);
      const profiles = await deps.profilesByIds(
        db,
        result.items.map((w) => w.userId),
      );
      return {
        items: result.items.map((w) => toAdminWithdrawal(w, profiles.get(w.userId))),
        total: result.total,
        page,
        pageSize,
      };
    },

    async decide(adminId: string, input: WithdrawCheckInput): Promise<AdminWithdrawal> {
      const row = await db.transaction(async (tx) => {
        const decided = await withdrawals.decidePending(tx, input.id, {
          status: input.approve ? 'approved' : 'rejected',
          reason: input.approve ? null : (input.reason ?? null),
          payoutRef: input.approve ? (input.payoutRef ?? null) : null,
          decidedBy: adminId,
        });
        if (!decided) {
          const existing = await withdrawals.findById(tx, input.id);
          if (!existing) throw notFound('提现申请不存在');
          throw conflict(
            `该提现申请已${existing.status === 'approved' ? '打款' : '驳回'}，不能重复审核`,
            'withdraw_already_decided',
          );
        }
        await wallet.applyIn(tx, {
          userId: decided.userId,
          deltas: input.approve
            ? { frozen: -decided.amountCents, withdrawn: decided.amountCents }
            : { frozen: -decided.amountCents, available: decided.amountCents },
          reason: input.approve ? 'withdraw_paid' : 'withdraw_reject',
          refId: decided.id,
        });
        // Money back in available repays a debt (a commission clawed back meanwhile) first.
        if (!input.approve) await wallet.repayDebtIn(tx, { userId: decided.userId, refId: decided.id });
        await deps.audit.record(tx, {
          actorId: adminId,
          action: 'withdrawal.decide',
          targetType: 'withdrawal',
          targetId: decided.id,
          before: { status: 'pending', amountCents: decided.amountCents },
          after: {
            status: decided.status,
            amountCents: decided.amountCents,
            ...(input.approve ? { payoutRef: decided.payoutRef } : { reason: decided.reason }),
          },
        });
        return decided;
      });
      const profiles = await deps.profilesByIds(db, [row.userId]);
      return toAdminWithdrawal(row, profiles.get(row.userId));
    },
  };
}
export type WithdrawService = ReturnType<typeof createWithdrawService>;

function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountCents: row.amountCents,
    realName: row.realName,
    status: row.status,
    reason: row.reason,
    payoutRef: row.payoutRef,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

function toAdminWithdrawal(row: WithdrawalRow, profile: Profile | undefined): AdminWithdrawal {
  return {
    ...toWithdrawal(row),
    userId: row.userId,
    nickname: profile?.nickname ?? '',
    avatar: profile?.avatar ?? '',
  };
}
