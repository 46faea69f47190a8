import {
  isOrderNo,
  type OrderRefund,
  paymentProviderNames,
  type RefundCreateInput,
  refundAmountCents,
} from '@app/contract';
import type { Db, Tx } from '../../db/database.ts';
import type { EventBus } from '../../db/event-bus.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import type { PaymentProvider } from '../../providers/payment/payment-provider.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { OrderRepository } from './order.repository.ts';
import type { OrderRow } from './order.tables.ts';
import type { OrderRefundedListener } from './order.types.ts';
import { isUniqueViolation } from './order-lifecycle.ts';
import { createRefundFinalizer, type RefundLog } from './order-refund.finalizer.ts';
import { outRefundNoOf, toOrderRefund } from './order-refund.mapper.ts';
import type { OrderRefundRepository } from './order-refund.repository.ts';
import type { OrderRefundRow } from './order-refund.tables.ts';

/** A refund still processing after this long is asked about (WeChat suggests a minute). */
export const REFUND_STALE_MS = 90_000;
const SYNC_BATCH = 50;

export const REFUND_ORDER_NOT_FOUND_MESSAGE = '订单不存在，请核对订单号';
export const REFUND_IN_FLIGHT_MESSAGE = '这笔订单有一笔退款正在处理，请等它有结果后再操作';

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/**
 * Credits taken back must still be in the buyer's wallet. When they are not, the admin is told
 * how many are left and what refunding those would return, so a partial refund can follow.
 */
function spentMessage(order: OrderRow, balance: number): string {
  const left = order.credits - order.refundedCredits;
  const max = Math.max(0, Math.min(balance, left));
  const cents = refundAmountCents(order, max);
  const head = `买家已用掉 ${left - max} 点，剩余 ${max} 点，`;
  return max > 0 && cents > 0 ? `${head}最多可退 ${max} 点（${yuan(cents)}）` : `${head}无法退款`;
}

function ensureRefundable(order: OrderRow, credits: number, providerKind: PaymentProvider['kind']) {
  if (order.status === 'refunded') throw unprocessable('该订单已全部退款', 'order_refunded');
  if (order.status !== 'paid') throw unprocessable('只有已支付的订单可以退款', 'order_not_paid');
  if (order.provider !== providerKind) {
    const via = order.provider ? paymentProviderNames[order.provider] : '其他方式';
    throw unprocessable(`该订单用${via}付款，当前的支付通道无法为它退款`, 'refund_other_provider');
  }
  const left = order.credits - order.refundedCredits;
  if (credits > left) throw unprocessable(`这笔订单最多还能退 ${left} 点`, 'refund_exceeds_credits');
}

/**
 * Refunds of paid orders, asked for by an admin and carried out by the payment provider.
 *
 * Spent credits: the credits a refund takes back leave the buyer's wallet when the refund is
 * asked for (a `refund` ledger row on the order, in the transaction that records the refund and
 * its audit entry), and the request is refused, saying how many could still be refunded, when
 * the wallet no longer holds them. Holding them from the start keeps the books exact however the
 * buyer spends meanwhile: success has nothing left to take, and a refund that ends abnormal or
 * closed gives them back (order-refund.finalizer.ts).
 */
export function createOrderRefundService(deps: {
  db: Db;
  orders: Pick<OrderRepository, 'lockByOrderNo' | 'lockById' | 'findById' | 'findByOrderNo'>;
  refunds: OrderRefundRepository;
  wallet: Pick<WalletService, 'changeIn' | 'balanceIn'>;
  provider: PaymentProvider;
  audit: Pick<AuditService, 'record'>;
  bus: Pick<EventBus, 'publish'>;
  profilesByIds: (db: Db, ids: string[]) => Promise<Map<string, { nickname: string }>>;
  /** Run inside the transaction of a succeeded refund (the referral programme adjusts its commission). */
  onRefunded?: OrderRefundedListener[];
  now?: () => Date;
}) {
  const { db, orders, refunds, wallet, provider } = deps;
  const now = deps.now ?? (() => new Date());
  const finalizer = createRefundFinalizer({ ...deps, onRefunded: deps.onRefunded ?? [] });

  /** The order number as stored (upper case), or a 404 for one that cannot exist. */
  function orderNoOf(given: string): string {
    const no = given.trim().toUpperCase();
    if (!isOrderNo(no)) throw notFound(REFUND_ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
    return no;
  }

  async function findOrder(orderNo: string): Promise<OrderRow> {
    const row = await orders.findByOrderNo(db, orderNoOf(orderNo));
    if (!row) throw notFound(REFUND_ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
    return row;
  }

  async function views(rows: OrderRefundRow[], orderNo: string): Promise<OrderRefund[]> {
    const people = await deps.profilesByIds(
      db,
      rows.map((r) => r.requestedBy),
    );
    return rows.map((r) => toOrderRefund(r, orderNo, people.get(r.requestedBy)?.nickname ?? ''));
  }

  /** Takes the credits out of the buyer's wallet, or refuses with how many could be refunded. */
  async function holdCredits(tx: Tx, order: OrderRow, credits: number): Promise<number> {
    try {
      const entry = await wallet.changeIn(tx, {
        userId: order.userId,
        delta: -credits,
        reason: 'refund',
        refId: order.id,
      });
      return entry.balanceAfter;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'insufficient_credits')) throw error;
      throw unprocessable(spentMessage(order, await wallet.balanceIn(tx, order.userId)), 'credits_spent');
    }
  }

  /** The order row locked, the refund recorded with its held credits and audit entry; or the same refund again. */
  async function start(adminId: string, orderNo: string, input: RefundCreateInput) {
    const outRefundNo = outRefundNoOf(input.idempotencyKey);
    try {
      return await db.transaction(async (tx) => {
        const order = await orders.lockByOrderNo(tx, orderNo);
        if (!order) throw notFound(REFUND_ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
        const same = await refunds.findByOutRefundNo(tx, outRefundNo);
        if (same) {
          if (same.orderId !== order.id || same.credits !== input.credits) {
            throw conflict('这个退款请求已经提交过，内容却不同，请关闭窗口后重新发起', 'refund_key_reused');
          }
          return { refund: same, order };
        }
        ensureRefundable(order, input.credits, provider.kind);
        if (await refunds.findProcessing(tx, order.id))
          throw conflict(REFUND_IN_FLIGHT_MESSAGE, 'refund_in_flight');
        const amountCents = refundAmountCents(order, input.credits);
        if (amountCents <= 0) throw unprocessable('退回的点数太少，对应金额不足 1 分', 'refund_too_small');
        const balanceAfter = await holdCredits(tx, order, input.credits);
        const refund = await refunds.insert(tx, {
          orderId: order.id,
          outRefundNo,
          amountCents,
          credits: input.credits,
          reason: input.reason,
          requestedBy: adminId,
        });
        await deps.audit.record(tx, {
          actorId: adminId,
          action: 'order.refund',
          targetType: 'order',
          targetId: order.orderNo,
          before: {
            status: order.status,
            refundedCredits: order.refundedCredits,
            refundedCents: order.refundedCents,
            buyerBalance: balanceAfter + input.credits,
          },
          after: {
            outRefundNo,
            refundStatus: 'processing',
            credits: input.credits,
            amountCents,
            buyerBalance: balanceAfter,
          },
          note: input.reason,
        });
        return { refund, order };
      });
    } catch (error) {
      // Two admins at once: the order lock makes the second see the first's refund, and the
      // one-processing-per-order index backs that up.
      if (isUniqueViolation(error)) throw conflict(REFUND_IN_FLIGHT_MESSAGE, 'refund_in_flight');
      throw error;
    }
  }

  return {
    /**
     * POST /admin/orders/:orderNo/refund. Recorded first (committed), then asked of the provider;
     * a repeat with the same idempotency key returns that refund and asks again with the same
     * out_refund_no, which the provider treats as the same refund.
     */
    async request(adminId: string, orderNo: string, input: RefundCreateInput, log?: RefundLog) {
      const started = await start(adminId, orderNoOf(orderNo), input);
      if (started.refund.status === 'processing') await finalizer.submit(started.refund, started.order, log);
      const latest = (await refunds.findByOutRefundNo(db, started.refund.outRefundNo)) ?? started.refund;
      const [view] = await views([latest], started.order.orderNo);
      return view!;
    },

    /** GET /admin/orders/:orderNo/refunds: newest first, processing ones asked about first. */
    async list(orderNo: string, log?: RefundLog): Promise<OrderRefund[]> {
      const order = await findOrder(orderNo);
      let rows = await refunds.listForOrder(db, order.id);
      const processing = rows.filter((r) => r.status === 'processing');
      for (const refund of processing) await refreshQuietly(refund, log);
      if (processing.length > 0) rows = await refunds.listForOrder(db, order.id);
      return views(rows, order.orderNo);
    },

    /** The periodic query fallback: refunds processing for longer than REFUND_STALE_MS. */
    async syncStale(log?: RefundLog): Promise<{ checked: number; finished: number }> {
      const stale = await refunds.listProcessingBefore(
        db,
        new Date(now().getTime() - REFUND_STALE_MS),
        SYNC_BATCH,
      );
      let finished = 0;
      for (const refund of stale) {
        await refreshQuietly(refund, log);
        const after = await refunds.findByOutRefundNo(db, refund.outRefundNo);
        if (after?.status !== 'processing') finished += 1;
      }
      return { checked: stale.length, finished };
    },

    /** A verified provider notification about a refund. */
    settle: finalizer.settle,
  };

  /** A query that fails (provider down, an amount that does not match) leaves the refund as it is, logged. */
  async function refreshQuietly(refund: OrderRefundRow, log?: RefundLog) {
    try {
      await finalizer.refresh(refund, log);
    } catch (error) {
      log?.error(
        { err: error, outRefundNo: refund.outRefundNo },
        'refund could not be settled from its query',
      );
    }
  }
}
export type OrderRefundService = ReturnType<typeof createOrderRefundService>;
