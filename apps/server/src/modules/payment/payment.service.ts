import type { OrderStatus } from '@app/contract';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { AnyPaymentProvider } from '../../providers/payment/create-payment-provider.ts';
import { isWechatPay } from '../../providers/payment/create-payment-provider.ts';
import type { OrderService } from '../order/order.service.ts';
import type { PaidOutcome } from '../order/order-lifecycle.ts';
import type { OrderRefundService } from '../order/order-refund.service.ts';

export interface CashierView {
  orderNo: string;
  productName: string;
  amountCents: number;
  credits: number;
  status: OrderStatus;
  expiresAt: string;
}

export type NotifyResult =
  | { result: 'ignored'; reason: string }
  | ({ result: 'paid' | 'already_paid'; orderNo: string } & Pick<
      PaidOutcome,
      'revivedFromClosed' | 'duplicateTransactionId'
    >);

export type RefundNotifyResult =
  | { result: 'ignored'; reason: string }
  | { result: 'settled' | 'already_final'; outRefundNo: string; status: string; notified: string };

/**
 * Where providers tell us about payments and refunds. Every "paid" goes through
 * orders.confirmPaid, the one transaction that moves an order to paid, and every refund outcome
 * through refunds.settle; this service only decides whether to believe the message.
 */
export function createPaymentService(deps: {
  provider: AnyPaymentProvider;
  orders: Pick<OrderService, 'confirmPaid' | 'findByOrderNo'>;
  refunds: Pick<OrderRefundService, 'settle'>;
}) {
  const { provider, orders } = deps;

  return {
    /** A WeChat Pay v3 callback: verified (serial, freshness, signature, AES-GCM, merchant) or refused. */
    async handleWechatNotify(headers: Record<string, string | string[] | undefined>, rawBody: string) {
      if (!isWechatPay(provider)) throw notFound('未启用微信支付', 'wechat_pay_disabled');
      const outcome = provider.verifyNotification(headers, rawBody);
      if (outcome.kind === 'ignored')
        return { result: 'ignored', reason: outcome.reason } satisfies NotifyResult;
      const paid = await orders.confirmPaid(outcome.payment);
      return {
        result: paid.changed ? 'paid' : 'already_paid',
        orderNo: outcome.payment.orderNo,
        ...(paid.revivedFromClosed ? { revivedFromClosed: true } : {}),
        ...(paid.duplicateTransactionId ? { duplicateTransactionId: paid.duplicateTransactionId } : {}),
      } satisfies NotifyResult;
    },

    /**
     * A WeChat Pay v3 refund callback (REFUND.SUCCESS / ABNORMAL / CLOSED): the same verification
     * as a payment's, then the refund settled once; repeats and late news change nothing.
     */
    async handleWechatRefundNotify(
      headers: Record<string, string | string[] | undefined>,
      rawBody: string,
    ): Promise<RefundNotifyResult> {
      if (!isWechatPay(provider)) throw notFound('未启用微信支付', 'wechat_pay_disabled');
      const outcome = provider.verifyRefundNotification(headers, rawBody);
      if (outcome.kind === 'ignored') return { result: 'ignored', reason: outcome.reason };
      const settled = await deps.refunds.settle(outcome.refund, outcome.orderNo);
      return {
        result: settled.changed ? 'settled' : 'already_final',
        outRefundNo: settled.refund.outRefundNo,
        status: settled.refund.status,
        notified: outcome.refund.status,
      };
    },

    /** What the dev cashier page shows. */
    async cashier(orderNo: string): Promise<CashierView | undefined> {
      const row = await orders.findByOrderNo(orderNo);
      if (!row) return undefined;
      return {
        orderNo: row.orderNo,
        productName: row.productName,
        amountCents: row.amountCents,
        credits: row.credits,
        status: row.status,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /**
     * The dev cashier's "pay" button: behaves like WeChat Pay would (only an issued, unexpired QR
     * can be paid), then takes the same path as a verified notification.
     */
    async devConfirm(orderNo: string): Promise<{ status: OrderStatus }> {
      if (provider.kind !== 'dev') throw notFound('模拟收银台未启用', 'dev_pay_disabled');
      const row = await orders.findByOrderNo(orderNo);
      if (!row) throw notFound('订单不存在', 'order_not_found');
      if (row.status === 'paid') return { status: 'paid' };
      if (row.status !== 'pending')
        throw unprocessable('订单已关闭，无法支付，请回到页面重新下单', 'order_closed');
      if (row.provider !== 'dev' || !row.codeUrl) {
        throw unprocessable('该订单还没有发起支付，请先在页面上点击支付', 'not_issued');
      }
      const outcome = await orders.confirmPaid({
        orderNo: row.orderNo,
        // Deterministic, so pressing the button twice is the same payment twice: applied once.
        transactionId: `DEV${row.orderNo}`,
        amountCents: row.amountCents,
        paidAt: new Date(),
      });
      if (outcome.order.status !== 'paid') throw new AppError(500, '支付未能完成，请重试');
      return { status: 'paid' };
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
