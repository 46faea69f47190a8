import type { DbOrTx } from '../../db/database.ts';
import { INSUFFICIENT_CREDITS_MESSAGE, type WalletService } from '../wallet/wallet.service.ts';

export type ChargeableAction = 'persona' | 'script' | 'suggest';

export interface Refund {
  userId: string;
  amount: number;
  /** The id the charge was written with: the refund's ledger row points at the same thing. */
  refId: string;
}

/** A refund that could not be written, with what was owed attached for the log (and support). */
export function refundFailure(error: unknown, refund: Refund): Error {
  return Object.assign(error instanceof Error ? error : new Error(String(error)), { refund });
}

/**
 * What an action costs and who pays: internal members spend nothing. Charging happens inside the
 * caller's transaction together with the row it pays for, and is refunded the same way.
 */
export function createPricingService(deps: {
  wallet: Pick<WalletService, 'changeIn' | 'change' | 'balance'>;
  /** `db`: the transaction a charge runs in; asking outside it would wait on it (PGlite). */
  isInternal: (userId: string, db?: DbOrTx) => Promise<boolean>;
  costs: Record<ChargeableAction, number>;
}) {
  const { wallet, costs } = deps;

  async function quote(userId: string, action: ChargeableAction, units = 1, db?: DbOrTx) {
    const internal = await deps.isInternal(userId, db);
    const cost = internal ? 0 : costs[action] * units;
    return { cost, internal };
  }

  return {
    quote,
    /**
     * POST /limit/check: whether the action could start now. Only advice for the screen: the
     * charge itself decides, atomically, when the action starts.
     */
    async check(userId: string, action: ChargeableAction, units = 1) {
      const [{ cost }, balance] = await Promise.all([quote(userId, action, units), wallet.balance(userId)]);
      const allowed = balance >= cost;
      return allowed
        ? { allowed, cost, balance }
        : { allowed, cost, balance, reason: INSUFFICIENT_CREDITS_MESSAGE };
    },
    /** Takes the credits (throws 422 when short); returns what was charged, 0 for free actions. */
    async charge(
      tx: DbOrTx,
      args: { userId: string; action: ChargeableAction; units?: number; refId: string },
    ) {
      const { cost } = await quote(args.userId, args.action, args.units, tx);
      if (cost > 0) {
        await wallet.changeIn(tx, {
          userId: args.userId,
          delta: -cost,
          reason: 'generation',
          refId: args.refId,
        });
      }
      return cost;
    },
    /** Gives credits back inside the caller's transaction (with the row that records the failure). */
    async refund(tx: DbOrTx, args: Refund) {
      if (args.amount > 0) await wallet.changeIn(tx, refundChange(args));
    },
    /**
     * Gives credits back in a transaction of its own and never throws: answers null, or the error
     * (see refundFailure), so the caller can still tell the user why their action failed.
     */
    async tryRefund(args: Refund): Promise<Error | null> {
      try {
        if (args.amount > 0) await wallet.change(refundChange(args));
        return null;
      } catch (error) {
        return refundFailure(error, args);
      }
    },
  };
}
export type PricingService = ReturnType<typeof createPricingService>;

function refundChange({ userId, amount, refId }: Refund) {
  return { userId, delta: amount, reason: 'refund' as const, refId };
}
