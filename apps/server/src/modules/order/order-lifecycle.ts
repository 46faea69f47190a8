import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../db/event-bus.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ConfirmedPayment, PaymentProvider } from '../../providers/payment/payment-provider.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { OrderRepository } from './order.repository.ts';
import type { OrderRow } from './order.tables.ts';
import { type OrderPaidListener, publishOrderStatus } from './order.types.ts';

export interface LifecycleDeps {
  db: Db;
  orders: OrderRepository;
  wallet: Pick<WalletService, 'changeIn'>;
  provider: PaymentProvider;
  bus: Pick<EventBus, 'publish'>;
  onPaid: OrderPaidListener[];
  /** After the paid transaction has committed (the metrics count paid orders here). */
  afterPaid?: (order: OrderRow) => void;
}

export interface PaidOutcome {
  order: OrderRow;
  /** False when the order was already paid: a repeated notification, answered with success. */
  changed: boolean;
  /** A verified payment arrived for an order we had closed: credited anyway, worth a look. */
  revivedFromClosed?: boolean;
  /** Already paid by another transaction id: the buyer paid twice and needs a manual refund. */
  duplicateTransactionId?: string;
}

export interface SweepLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** PostgreSQL unique_violation, whether raw (pg, PGlite) or wrapped by Drizzle in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * The transitions of an order that must never happen twice: paid and closed (refunds have their
 * own service, order-refund.service.ts). Each is one transaction around a locked order row, so
 * concurrent notifications, sweeps on several instances and reads that close lazily all agree.
 */
export function createOrderLifecycle(deps: LifecycleDeps) {
  const { db, orders, wallet, bus } = deps;

  const publish = (row: OrderRow) => publishOrderStatus(bus, row);

  /**
   * "Order paid", for every provider: pending (or closed) → paid, credits and their ledger row,
   * the transaction id stored under its unique constraint, and the onPaid listeners — all in
   * one transaction. A second call for a paid order changes nothing.
   */
  async function confirmPaid(payment: ConfirmedPayment): Promise<PaidOutcome> {
    let outcome: PaidOutcome;
    try {
      outcome = await db.transaction(async (tx) => {
        // The row lock queues concurrent notifications: exactly one of them sees "pending".
        const row = await orders.lockByOrderNo(tx, payment.orderNo);
        if (!row) throw notFound('订单不存在', 'order_not_found');
        if (row.status === 'paid' || row.status === 'refunded') {
          return {
            order: row,
            changed: false,
            ...(row.transactionId !== payment.transactionId
              ? { duplicateTransactionId: payment.transactionId }
              : {}),
          };
        }
        if (payment.amountCents !== row.amountCents) {
          throw new AppError(400, '支付金额与订单金额不一致', 'amount_mismatch');
        }
        const paid = await orders.markPaid(tx, row.id, payment.transactionId, payment.paidAt);
        if (!paid) throw new Error(`order ${row.id} changed while locked`);
        await wallet.changeIn(tx, {
          userId: paid.userId,
          delta: paid.credits,
          reason: 'purchase',
          refId: paid.id,
        });
        for (const listener of deps.onPaid) await listener(tx, paid);
        return {
          order: paid,
          changed: true,
          ...(row.status === 'closed' ? { revivedFromClosed: true } : {}),
        };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(409, '该支付流水已用于其他订单', 'transaction_reused');
      }
      throw error;
    }
    if (outcome.changed) deps.afterPaid?.(outcome.order);
    if (outcome.changed) await publish(outcome.order);
    return outcome;
  }

  async function closeLocally(row: OrderRow): Promise<OrderRow> {
    const closed = await orders.close(db, row.id);
    if (closed) {
      await publish(closed);
      return closed;
    }
    // Paid (or closed) by someone else meanwhile: report what is true now.
    return (await orders.findById(db, row.id)) ?? row;
  }

  /**
   * An expired pending order whose QR WeChat Pay issued is asked about before it is closed: the
   * buyer may have paid in the last second, or the notification may be lost. Only when WeChat
   * says unpaid do we close it there too (so it cannot be paid later) and then here.
   */
  async function reconcileWithProvider(row: OrderRow, log?: SweepLog): Promise<OrderRow> {
    try {
      const state = await deps.provider.queryOrder(row.orderNo);
      if (state.state === 'paid') {
        const outcome = await confirmPaid(state);
        log?.warn({ orderNo: row.orderNo }, 'order paid found by query (notification missing or late)');
        return outcome.order;
      }
      if (state.state === 'in_progress') return row;
      await deps.provider.closeOrder(row.orderNo);
      return await closeLocally(row);
    } catch (error) {
      // Leave it pending: the next read or sweep asks again. Nothing is lost by waiting.
      log?.error(
        { err: error, orderNo: row.orderNo },
        'could not reconcile an expired order with WeChat Pay',
      );
      return row;
    }
  }

  const needsProvider = (row: OrderRow) =>
    row.provider === 'wechat' && row.codeUrl !== null && deps.provider.kind === 'wechat';

  return {
    confirmPaid,
    /** Called on every read: an expired pending order is settled before anyone sees it. */
    async settle(row: OrderRow, log?: SweepLog): Promise<OrderRow> {
      if (row.status !== 'pending' || row.expiresAt.getTime() > Date.now()) return row;
      return needsProvider(row) ? reconcileWithProvider(row, log) : closeLocally(row);
    },
    /** Settles every expired pending order (of one user, or all); idempotent across instances. */
    async settleExpired(opts: { userId?: string; log?: SweepLog } = {}) {
      const closed = await orders.closeExpiredLocal(db, opts.userId);
      let reconciled = 0;
      if (deps.provider.kind === 'wechat') {
        for (const row of await orders.listExpiredAtProvider(db, 50, opts.userId)) {
          const after = await reconcileWithProvider(row, opts.log);
          if (after.status !== 'pending') reconciled += 1;
        }
      } else {
        // Orders issued by WeChat Pay before a switch to dev can no longer be asked about.
        for (const row of await orders.listExpiredAtProvider(db, 50, opts.userId)) await closeLocally(row);
      }
      return { closed, reconciled };
    },
  };
}
export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
