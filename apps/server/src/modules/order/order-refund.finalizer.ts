import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../db/event-bus.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  PaymentRefusedError,
  type ProviderRefundStatus,
  type RefundState,
} from '../../providers/payment/payment-provider.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { OrderRepository } from './order.repository.ts';
import type { OrderRow } from './order.tables.ts';
import { type OrderRefundedListener, publishOrderStatus } from './order.types.ts';
import type { OrderRefundRepository } from './order-refund.repository.ts';
import type { OrderRefundRow } from './order-refund.tables.ts';

export const PROVIDER_UNREACHABLE_NOTE = '暂时联系不上微信支付，系统会自动重试';

export interface RefundLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SettleOutcome {
  refund: OrderRefundRow;
  /** False for a repeat: the refund was already final (or is still processing). */
  changed: boolean;
}

/**
 * Where a refund reaches its final state, whichever word comes first: the provider's answer to
 * the request, its notification, or a query. One transaction locks the order, then the refund
 * row (the same order as the request, so no deadlock), and acts only on `processing`: repeated
 * and out-of-order news (CLOSED after SUCCESS) change nothing.
 *
 * The buyer's credits were already taken, and held, when the refund was asked for (see
 * order-refund.service.ts). So success moves no credits: it records the refund on the order and
 * runs the onRefunded listeners (the commission), while abnormal or closed gives the held
 * credits back.
 */
export function createRefundFinalizer(deps: {
  db: Db;
  orders: Pick<OrderRepository, 'lockById' | 'findById'>;
  refunds: OrderRefundRepository;
  wallet: Pick<WalletService, 'changeIn'>;
  provider: PaymentProvider;
  bus: Pick<EventBus, 'publish'>;
  onRefunded: OrderRefundedListener[];
  now?: () => Date;
}) {
  const { db, orders, refunds, wallet, provider } = deps;
  const now = deps.now ?? (() => new Date());

  const publish = (row: OrderRow) => publishOrderStatus(deps.bus, row);

  async function finish(
    found: OrderRefundRow,
    state: RefundState,
    status: Exclude<ProviderRefundStatus, 'processing'>,
    expectOrderNo?: string,
  ) {
    return db.transaction(async (tx) => {
      const order = await orders.lockById(tx, found.orderId);
      const refund = await refunds.lockById(tx, found.id);
      if (!order || !refund) throw new Error(`refund ${found.outRefundNo} lost its order`);
      if (expectOrderNo !== undefined && expectOrderNo !== order.orderNo) {
        throw new AppError(400, '退款单与订单不符', 'refund_order_mismatch');
      }
      if (refund.status !== 'processing') return { refund, changed: false };
      const finishedAt = state.finishedAt ?? now();
      if (status === 'succeeded') {
        const done = await refunds.finish(tx, refund.id, {
          status: 'succeeded',
          providerRefundId: state.providerRefundId,
          lastError: null,
          finishedAt,
        });
        const updated = await refunds.addToOrder(tx, order.id, {
          cents: refund.amountCents,
          credits: refund.credits,
        });
        if (!done || !updated) throw new Error(`refund ${refund.outRefundNo} changed while locked`);
        for (const listener of deps.onRefunded) {
          await listener(tx, updated, {
            outRefundNo: refund.outRefundNo,
            amountCents: refund.amountCents,
            credits: refund.credits,
          });
        }
        return { refund: done, changed: true, order: updated };
      }
      const done = await refunds.finish(tx, refund.id, {
        status,
        providerRefundId: state.providerRefundId,
        lastError: state.detail ?? '退款未能完成',
        finishedAt,
      });
      if (!done) throw new Error(`refund ${refund.outRefundNo} changed while locked`);
      // No money went back, so the credits held for this refund are the buyer's again: a
      // `purchase` row on the order, as the purchase stands (an order refund is the negative one).
      await wallet.changeIn(tx, {
        userId: order.userId,
        delta: refund.credits,
        reason: 'purchase',
        refId: order.id,
      });
      return { refund: done, changed: true };
    });
  }

  /** Applies what the provider says of a refund. `expectOrderNo`: the order a notification names. */
  async function settle(state: RefundState, expectOrderNo?: string): Promise<SettleOutcome> {
    const found = await refunds.findByOutRefundNo(db, state.outRefundNo);
    if (!found) throw notFound('退款单不存在', 'refund_not_found');
    if (found.status !== 'processing') return { refund: found, changed: false };
    if (state.status === 'processing') {
      const newId = state.providerRefundId && state.providerRefundId !== found.providerRefundId;
      if (newId || found.lastError) {
        await refunds.noteProgress(db, found.id, {
          providerRefundId: state.providerRefundId,
          lastError: null,
        });
      }
      return { refund: found, changed: false };
    }
    // A success for another amount is not this refund: refuse it (WeChat retries; the log says why).
    if (state.status === 'succeeded' && state.refundCents !== found.amountCents) {
      throw new AppError(400, '退款金额与申请金额不一致', 'amount_mismatch');
    }
    const outcome = await finish(found, state, state.status, expectOrderNo);
    if ('order' in outcome && outcome.order) await publish(outcome.order);
    return { refund: outcome.refund, changed: outcome.changed };
  }

  /**
   * A refusal may hide a refund the provider already has under this number (an earlier request
   * that did go through): only a number it does not know is closed here, with the reason.
   */
  async function closeIfUnknown(refund: OrderRefundRow, reason: string, log?: RefundLog) {
    let known: RefundState | undefined;
    try {
      known = await provider.queryRefund(refund.outRefundNo);
    } catch (error) {
      log?.warn({ err: error, outRefundNo: refund.outRefundNo }, 'refund refused, and its query failed');
      await refunds.noteProgress(db, refund.id, { lastError: reason });
      return;
    }
    await settle(known ?? { outRefundNo: refund.outRefundNo, status: 'closed', detail: reason });
  }

  /**
   * Asks the provider for the refund (again: the same out_refund_no is the same refund). An
   * unknown outcome leaves it processing, for the query to settle later.
   */
  async function submit(
    refund: OrderRefundRow,
    order: Pick<OrderRow, 'orderNo' | 'amountCents'>,
    log?: RefundLog,
  ) {
    let state: RefundState;
    try {
      state = await provider.refund({
        orderNo: order.orderNo,
        outRefundNo: refund.outRefundNo,
        refundCents: refund.amountCents,
        totalCents: order.amountCents,
        reason: refund.reason,
      });
    } catch (error) {
      if (error instanceof PaymentRefusedError) {
        log?.warn({ err: error, outRefundNo: refund.outRefundNo }, 'refund refused by the provider');
        return closeIfUnknown(refund, error.message, log);
      }
      if (!(error instanceof PaymentProviderError)) throw error;
      log?.warn({ err: error, outRefundNo: refund.outRefundNo }, 'refund request outcome unknown');
      await refunds.noteProgress(db, refund.id, { lastError: PROVIDER_UNREACHABLE_NOTE });
      return;
    }
    await settle(state);
  }

  /**
   * The query fallback for a processing refund: its state from the provider, or, if the provider
   * never heard of it (the request was lost), the request sent again.
   */
  async function refresh(refund: OrderRefundRow, log?: RefundLog) {
    let state: RefundState | undefined;
    try {
      state = await provider.queryRefund(refund.outRefundNo);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log?.warn({ err: error, outRefundNo: refund.outRefundNo }, 'refund query failed');
      return;
    }
    if (state) {
      await settle(state);
      return;
    }
    const order = await orders.findById(db, refund.orderId);
    if (order) await submit(refund, order, log);
  }

  return { settle, submit, refresh };
}
export type RefundFinalizer = ReturnType<typeof createRefundFinalizer>;
