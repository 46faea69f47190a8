import type { LedgerEntry, Page } from '@app/contract';
import type { Db, DbOrTx } from '../../db/database.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { CreditReason, WalletRepository } from './wallet.repository.ts';

export const INSUFFICIENT_CREDITS_MESSAGE = '创作点数不足，请前往「商品」页购买点数后再试';

/**
 * Every change of credits: the balance and its ledger row in one transaction. Pass `tx` to make
 * the change part of a larger transaction (an order being paid, a generation starting).
 */
export function createWalletService(deps: { db: Db; wallets: WalletRepository }) {
  const { db, wallets } = deps;

  async function changeIn(
    tx: DbOrTx,
    change: { userId: string; delta: number; reason: CreditReason; refId?: string | null },
  ) {
    if (!Number.isInteger(change.delta) || change.delta === 0)
      throw new Error('credit delta must be a non-zero integer');
    await wallets.ensureWallet(tx, change.userId);
    const balanceAfter = await wallets.applyDelta(tx, change.userId, change.delta);
    if (balanceAfter === undefined) throw unprocessable(INSUFFICIENT_CREDITS_MESSAGE, 'insufficient_credits');
    return wallets.appendLedger(tx, {
      userId: change.userId,
      delta: change.delta,
      balanceAfter,
      reason: change.reason,
      refId: change.refId ?? null,
    });
  }

  return {
    /** Inside the caller's transaction. */
    changeIn,
    /** In a transaction of its own. */
    change(changeArgs: Parameters<typeof changeIn>[1]) {
      return db.transaction((tx) => changeIn(tx, changeArgs));
    },
    balance(userId: string) {
      return wallets.balance(db, userId);
    },
    /** Inside the caller's transaction (what a refused change leaves to explain). */
    balanceIn(tx: DbOrTx, userId: string) {
      return wallets.balance(tx, userId);
    },
    ledgerSum(userId: string) {
      return wallets.ledgerSum(db, userId);
    },
    /** A user's credit ledger, newest first, as the contract shows it. */
    async listLedger(userId: string, page: number, pageSize: number): Promise<Page<LedgerEntry>> {
      const { items, total } = await wallets.listLedger(db, userId, page, pageSize);
      return {
        items: items.map((row) => ({
          id: String(row.id),
          delta: row.delta,
          balanceAfter: row.balanceAfter,
          reason: row.reason,
          refId: row.refId,
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        page,
        pageSize,
      };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
