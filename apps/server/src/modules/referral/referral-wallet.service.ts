import type { Db, DbOrTx } from '../../db/database.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { BucketDeltas, Buckets, ReferralWalletRepository } from './referral-wallet.repository.ts';
import type { DistributionLedgerReason } from './referral-wallet.tables.ts';

export const INSUFFICIENT_AVAILABLE_MESSAGE = '可提现余额不足，请调整提现金额';

export interface WalletChange {
  userId: string;
  deltas: BucketDeltas;
  reason: DistributionLedgerReason;
  /** The commission or withdrawal this change belongs to. */
  refId: string;
}

/**
 * The distributor's money. Every change is the wallet row and one ledger row written in the
 * caller's transaction, so a balance always equals the sum of its ledger column. Callers: the
 * commission service (earn, settle, cancel, claw back) and the withdraw service (freeze, reject,
 * pay). Debt (commission clawed back after it was withdrawn) is repaid first from any money that
 * becomes available, so while there is debt, available is 0.
 */
export function createReferralWalletService(deps: { db: Db; wallets: ReferralWalletRepository }) {
  const { db, wallets } = deps;
  async function applyIn(tx: DbOrTx, change: WalletChange): Promise<Buckets> {
    const deltas = Object.values(change.deltas);
    if (deltas.some((d) => !Number.isInteger(d)) || deltas.every((d) => d === 0)) {
      throw new Error('distribution wallet change needs non-zero integer deltas');
    }
    await wallets.ensureWallet(tx, change.userId);
    const after = await wallets.applyDeltas(tx, change.userId, change.deltas);
    if (!after) {
      // Only a withdrawal can ask for more than there is; for any other change a bucket going
      // negative means the books are inconsistent: a 500 with its details in the log.
      if (change.reason === 'withdraw_freeze') {
        throw unprocessable(INSUFFICIENT_AVAILABLE_MESSAGE, 'insufficient_balance');
      }
      throw new Error(`distribution wallet of ${change.userId} cannot take ${change.reason} ${change.refId}`);
    }
    await wallets.appendLedger(tx, change);
    return after;
  }

  return {
    /** Inside the caller's transaction; refuses (nothing written) when a bucket would go negative. */
    applyIn,

    /**
     * Takes back a settled commission (its order was refunded), in the caller's transaction, as
     * one `commission_clawback` ledger row: out of available as far as it goes, the rest (already
     * withdrawn or frozen for a withdrawal) recorded as debt. No bucket ever goes negative.
     */
    async clawbackIn(tx: DbOrTx, args: { userId: string; amountCents: number; refId: string }) {
      await wallets.ensureWallet(tx, args.userId);
      const current = await wallets.lock(tx, args.userId);
      const fromAvailable = Math.min(current.available, args.amountCents);
      const debt = args.amountCents - fromAvailable;
      return applyIn(tx, {
        userId: args.userId,
        deltas: { available: -fromAvailable, debt, totalEarned: -args.amountCents },
        reason: 'commission_clawback',
        refId: args.refId,
      });
    },

    /**
     * Repays debt from available, in the caller's transaction, after money became available
     * (`refId`: the settled commission or rejected withdrawal): one `debt_repaid` row, or nothing.
     */
    async repayDebtIn(tx: DbOrTx, args: { userId: string; refId: string }): Promise<number> {
      const current = await wallets.lock(tx, args.userId);
      const repaid = Math.min(current.debt, current.available);
      if (repaid <= 0) return 0;
      await applyIn(tx, {
        userId: args.userId,
        deltas: { available: -repaid, debt: -repaid },
        reason: 'debt_repaid',
        refId: args.refId,
      });
      return repaid;
    },
    get(userId: string): Promise<Buckets> {
      return wallets.get(db, userId);
    },
    ledgerSums(userId: string): Promise<Buckets> {
      return wallets.ledgerSums(db, userId);
    },
  };
}
export type ReferralWalletService = ReturnType<typeof createReferralWalletService>;
