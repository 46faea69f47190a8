import type { Db, DbOrTx, Tx } from '../../db/database.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CommissionRepository } from './commission.repository.ts';
import type { CommissionRow } from './commission.tables.ts';
import type { ReferralWalletService } from './referral-wallet.service.ts';

const DAY_MS = 86_400_000;
/** Rates are applied in millionths so that 20% of 990 is exactly 198, never 197.99999. */
const RATE_SCALE = 1_000_000;
const SWEEP_BATCH = 200;

/** Commission on an order amount, rounded down to the cent, in integer arithmetic. */
export function commissionOf(amountCents: number, rate: number): number {
  const scaled = Math.round(rate * RATE_SCALE);
  return Math.floor((amountCents * scaled) / RATE_SCALE);
}

interface DueCommission {
  id: string;
  distributorId: string;
  amountCents: number;
}

export interface PaidOrder {
  orderId: string;
  buyerUserId: string;
  amountCents: number;
}

/**
 * Commissions: earned (pending) in the transaction that marks a customer's order paid, made
 * available by the settlement sweep after the settlement period, cancelled when the order is
 * refunded. A refund after settlement claws the commission back in the refund's transaction:
 * out of available, and as debt for what was already withdrawn; debt is repaid from the next
 * commissions that settle (and from rejected withdrawals), never by going negative.
 */
export function createCommissionService(deps: {
  db: Db;
  commissions: CommissionRepository;
  wallet: Pick<ReferralWalletService, 'applyIn' | 'clawbackIn' | 'repayDebtIn'>;
  /** The distributor a buyer is bound to, read inside the paying transaction. */
  referrerOf: (tx: DbOrTx, userId: string) => Promise<string | null>;
  rate: number;
  settlementDays: number;
  /** An admin's "settle now" is recorded in each batch's transaction; the timer's sweep is not. */
  audit: Pick<AuditService, 'record'>;
  now?: () => Date;
}) {
  const { db, commissions, wallet } = deps;
  const now = deps.now ?? (() => new Date());

  async function settleBatches(
    asOf: Date,
    onBatch?: (tx: Tx, settled: DueCommission[]) => Promise<void>,
  ): Promise<number> {
    let settled = 0;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const due = await commissions.lockDue(tx, asOf, SWEEP_BATCH);
        const ids = new Set(
          await commissions.markAvailable(
            tx,
            due.map((c) => c.id),
          ),
        );
        for (const c of due) {
          if (!ids.has(c.id) || c.amountCents === 0) continue;
          await wallet.applyIn(tx, {
            userId: c.distributorId,
            deltas: { pending: -c.amountCents, available: c.amountCents },
            reason: 'commission_settled',
            refId: c.id,
          });
          // Debt from an earlier clawback is repaid first out of what just became available.
          await wallet.repayDebtIn(tx, { userId: c.distributorId, refId: c.id });
        }
        if (onBatch && ids.size > 0) {
          await onBatch(
            tx,
            due.filter((c) => ids.has(c.id)),
          );
        }
        return { claimed: due.length, settled: ids.size };
      });
      settled += batch.settled;
      if (batch.claimed < SWEEP_BATCH) return settled;
    }
  }

  return {
    /**
     * Called inside the order-paid transaction. Returns the commission, or null when the buyer
     * has no referrer. Paying the same order twice records nothing more (order id is UNIQUE).
     */
    async recordCommission(tx: DbOrTx, order: PaidOrder): Promise<CommissionRow | null> {
      if (!Number.isInteger(order.amountCents) || order.amountCents < 0) {
        throw new Error(`order amount must be a non-negative integer of cents, got ${order.amountCents}`);
      }
      const distributorId = await deps.referrerOf(tx, order.buyerUserId);
      if (!distributorId || distributorId === order.buyerUserId) return null;
      const amountCents = commissionOf(order.amountCents, deps.rate);
      const inserted = await commissions.insertOnce(tx, {
        orderId: order.orderId,
        distributorId,
        buyerUserId: order.buyerUserId,
        orderAmountCents: order.amountCents,
        amountCents,
        settleAt: new Date(now().getTime() + deps.settlementDays * DAY_MS),
      });
      if (!inserted) return (await commissions.findByOrder(tx, order.orderId)) ?? null;
      if (amountCents > 0) {
        await wallet.applyIn(tx, {
          userId: distributorId,
          deltas: { pending: amountCents, totalEarned: amountCents },
          reason: 'commission_pending',
          refId: inserted.id,
        });
      }
      return inserted;
    },

    /**
     * Called inside the order-refunded transaction: a pending commission is cancelled; a settled
     * one is cancelled and clawed back (its own ledger row; debt for what is already gone).
     * A second call for the same order changes nothing.
     */
    async cancelCommission(tx: DbOrTx, orderId: string): Promise<CommissionRow | null> {
      // Locked first: a sweep settling it concurrently finishes, then we see "available".
      const current = await commissions.lockByOrder(tx, orderId);
      if (!current || current.status === 'cancelled') return null;
      if (current.status === 'pending') {
        const cancelled = await commissions.cancelPending(tx, orderId);
        if (!cancelled) return null;
        if (cancelled.amountCents > 0) {
          await wallet.applyIn(tx, {
            userId: cancelled.distributorId,
            deltas: { pending: -cancelled.amountCents, totalEarned: -cancelled.amountCents },
            reason: 'commission_cancelled',
            refId: cancelled.id,
          });
        }
        return cancelled;
      }
      const clawed = await commissions.cancelSettled(tx, current.id);
      if (!clawed) return null;
      if (clawed.amountCents > 0) {
        await wallet.clawbackIn(tx, {
          userId: clawed.distributorId,
          amountCents: clawed.amountCents,
          refId: clawed.id,
        });
      }
      return clawed;
    },

    /**
     * Called inside the transaction of a partial refund: the commission shrinks with the money
     * the order still keeps. What stays is floor(commission × kept after ÷ kept before), so each
     * part is exact to the cent and the last refund (cancelCommission) takes exactly what is
     * left: the parts always add up to the whole commission. Pending: taken out of pending;
     * settled: clawed back (debt for what is already withdrawn). `refId` is the refund's, unique
     * per ledger reason, so one refund can reduce a commission only once.
     */
    async reduceCommission(
      tx: DbOrTx,
      orderId: string,
      share: { keptBeforeCents: number; keptAfterCents: number; refId: string },
    ): Promise<CommissionRow | null> {
      const current = await commissions.lockByOrder(tx, orderId);
      if (!current || current.status === 'cancelled' || share.keptBeforeCents <= 0) return null;
      const kept = Math.max(0, share.keptAfterCents);
      const remaining = Math.min(kept, Math.floor((current.amountCents * kept) / share.keptBeforeCents));
      const taken = current.amountCents - remaining;
      const reduced = await commissions.reduce(tx, current.id, current.status, {
        amountCents: remaining,
        orderAmountCents: kept,
      });
      if (!reduced || taken <= 0) return reduced ?? null;
      if (current.status === 'pending') {
        await wallet.applyIn(tx, {
          userId: current.distributorId,
          deltas: { pending: -taken, totalEarned: -taken },
          reason: 'commission_cancelled',
          refId: share.refId,
        });
      } else {
        await wallet.clawbackIn(tx, {
          userId: current.distributorId,
          amountCents: taken,
          refId: share.refId,
        });
      }
      return reduced;
    },

    /**
     * Moves every due pending commission to available, in batches of one transaction each.
     * Safe on several instances at once (rows are claimed with FOR UPDATE SKIP LOCKED).
     * Returns how many this call settled.
     */
    settleDue(asOf: Date = now()): Promise<number> {
      return settleBatches(asOf);
    },

    /**
     * POST /distribution/settle: the same sweep, started by an admin, each batch that settles
     * something recorded (how many, how much, for how many distributors) in its own transaction.
     */
    settleNow(adminId: string): Promise<number> {
      const { audit } = deps;
      const asOf = now();
      return settleBatches(asOf, async (tx, settled) => {
        const amountCents = settled.reduce((sum, c) => sum + c.amountCents, 0);
        const distributors = new Set(settled.map((c) => c.distributorId)).size;
        await audit.record(tx, {
          actorId: adminId,
          action: 'commission.settle',
          targetType: 'commission',
          // What was settled is "everything due by this instant".
          targetId: asOf.toISOString(),
          before: { status: 'pending', count: settled.length, amountCents },
          after: { status: 'available', count: settled.length, amountCents, distributors },
        });
      });
    },
  };
}
export type CommissionService = ReturnType<typeof createCommissionService>;

/**
 * The order module's extension points (onPaid / onRefunded), bound to this service: they run
 * inside the transaction that marks the order paid or records a succeeded refund. A refund of
 * the whole order (or of its last credits) cancels the commission; a partial one reduces it by
 * the refunded share of the money.
 */
export function commissionOrderListeners(
  commissions: Pick<CommissionService, 'recordCommission' | 'cancelCommission' | 'reduceCommission'>,
) {
  return {
    async onPaid(tx: DbOrTx, order: { id: string; userId: string; amountCents: number }): Promise<void> {
      await commissions.recordCommission(tx, {
        orderId: order.id,
        buyerUserId: order.userId,
        amountCents: order.amountCents,
      });
    },
    async onRefunded(
      tx: DbOrTx,
      order: { id: string; status: string; amountCents: number; refundedCents: number },
      refund: { outRefundNo: string; amountCents: number },
    ): Promise<void> {
      if (order.status === 'refunded') {
        await commissions.cancelCommission(tx, order.id);
        return;
      }
      const keptAfterCents = order.amountCents - order.refundedCents;
      await commissions.reduceCommission(tx, order.id, {
        keptBeforeCents: keptAfterCents + refund.amountCents,
        keptAfterCents,
        refId: refund.outRefundNo,
      });
    },
  };
}
