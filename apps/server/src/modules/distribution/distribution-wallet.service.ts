import type { Db, DbOrTx } from '../../db/database.ts';
import { unprocessable } from '../../lib/errors.ts';
import type {
  BucketDeltas,
  Buckets,
  DistributionWalletRepository,
} from './distribution-wallet.repository.ts';
import type { DistributionLedgerReason } from './distribution-wallet.schema.ts';

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
 * commission service (earn, settle, cancel) and the withdraw service (freeze, reject, pay).
 */
export function createDistributionWalletService(deps: { db: Db; wallets: DistributionWalletRepository }) {
  const { db, wallets } = deps;
  return {
    /** Inside the caller's transaction; refuses (nothing written) when a bucket would go negative. */
    async applyIn(tx: DbOrTx, change: WalletChange): Promise<Buckets> {
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
        throw new Error(
          `distribution wallet of ${change.userId} cannot take ${change.reason} ${change.refId}`,
        );
      }
      await wallets.appendLedger(tx, change);
      return after;
    },
    get(userId: string): Promise<Buckets> {
      return wallets.get(db, userId);
    },
    ledgerSums(userId: string): Promise<Buckets> {
      return wallets.ledgerSums(db, userId);
    },
  };
}
export type DistributionWalletService = ReturnType<typeof createDistributionWalletService>;
