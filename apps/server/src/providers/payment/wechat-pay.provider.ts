import { z } from 'zod';
import {
  type ConfirmedPayment,
  type PaymentProvider,
  PaymentProviderError,
  type TradeState,
} from './payment-provider.ts';
import {
  createWechatPayClient,
  type Headers,
  NotificationRejectedError,
  type WechatPayOptions,
} from './wechat-pay.client.ts';
import { toWechatTime } from './wechat-pay.crypto.ts';
import { createWechatRefunds, type RefundNotificationOutcome } from './wechat-pay.refund.ts';

export {
  NOTIFY_MAX_SKEW_SEC,
  NotificationRejectedError,
  type WechatPayOptions,
} from './wechat-pay.client.ts';
export type { RefundNotificationOutcome } from './wechat-pay.refund.ts';

export type NotificationOutcome =
  | { kind: 'payment'; payment: ConfirmedPayment; raw: { mchid: string; appid: string } }
  | { kind: 'ignored'; reason: string };

const transactionSchema = z.object({
  mchid: z.string(),
  appid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int(), currency: z.string().optional() }).optional(),
});
type Transaction = z.infer<typeof transactionSchema>;

export type WechatPayProvider = PaymentProvider & {
  kind: 'wechat';
  verifyNotification(headers: Headers, rawBody: string): NotificationOutcome;
  verifyRefundNotification(headers: Headers, rawBody: string): RefundNotificationOutcome;
};

/** WeChat Pay API v3: Native payment (a QR with code_url for the buyer to scan) and its refunds. */
export function createWechatPayProvider(opts: WechatPayOptions): WechatPayProvider {
  const client = createWechatPayClient(opts);
  const { call, failure, now } = client;

  function ensureOurs(tx: Transaction) {
    if (tx.mchid !== opts.mchid) return 'wrong_merchant';
    if (tx.appid !== opts.appid) return 'wrong_appid';
    return undefined;
  }

  function toPayment(tx: Transaction): ConfirmedPayment | string {
    if (!tx.transaction_id || !tx.amount) return 'missing_transaction_fields';
    if (tx.amount.currency && tx.amount.currency !== 'CNY') return 'wrong_currency';
    return {
      orderNo: tx.out_trade_no,
      transactionId: tx.transaction_id,
      amountCents: tx.amount.total,
      paidAt: tx.success_time ? new Date(tx.success_time) : new Date(now()),
    };
  }

  return {
    kind: 'wechat',

    async createNative(request) {
      const res = await call('POST', '/v3/pay/transactions/native', {
        appid: opts.appid,
        mchid: opts.mchid,
        description: request.description.slice(0, 127),
        out_trade_no: request.orderNo,
        time_expire: toWechatTime(request.expiresAt),
        notify_url: opts.notifyUrl,
        amount: { total: request.amountCents, currency: 'CNY' },
      });
      if (!res.ok || typeof res.data.code_url !== 'string') throw failure('native order', res);
      return { codeUrl: res.data.code_url };
    },

    async queryOrder(orderNo): Promise<TradeState> {
      const res = await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(opts.mchid)}`,
      );
      if (res.status === 404 && res.data.code === 'ORDER_NOT_EXIST')
        return { state: 'unpaid', detail: 'ORDER_NOT_EXIST' };
      if (!res.ok) throw failure('query order', res);
      const parsed = transactionSchema.safeParse(res.data);
      if (!parsed.success) throw new PaymentProviderError('query order: unexpected answer');
      const tx = parsed.data;
      const foreign = ensureOurs(tx) ?? (tx.out_trade_no === orderNo ? undefined : 'wrong_order');
      if (foreign) throw new PaymentProviderError(`query order: ${foreign}`);
      switch (tx.trade_state) {
        case 'SUCCESS': {
          const payment = toPayment(tx);
          if (typeof payment === 'string') throw new PaymentProviderError(`query order: ${payment}`);
          return { state: 'paid', ...payment };
        }
        case 'USERPAYING':
        case 'ACCEPT':
          return { state: 'in_progress', detail: tx.trade_state };
        default:
          // NOTPAY, CLOSED, REVOKED, PAYERROR, REFUND: no money stays with us for this order.
          return { state: 'unpaid', detail: tx.trade_state };
      }
    },

    async closeOrder(orderNo) {
      const res = await call(
        'POST',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`,
        {
          mchid: opts.mchid,
        },
      );
      if (res.ok || res.data.code === 'ORDER_CLOSED') return;
      throw failure('close order', res);
    },

    verifyNotification(headers, rawBody) {
      const opened = client.openNotification(headers, rawBody, ['TRANSACTION.SUCCESS']);
      if (opened.kind === 'ignored') return opened;
      const parsed = transactionSchema.safeParse(opened.resource);
      if (!parsed.success) throw new NotificationRejectedError('bad_resource', '通知内容格式错误');
      const tx = parsed.data;
      const foreign = ensureOurs(tx);
      if (foreign) throw new NotificationRejectedError(foreign, '商户信息不匹配');
      if (tx.trade_state !== 'SUCCESS') return { kind: 'ignored', reason: `trade_state ${tx.trade_state}` };
      const payment = toPayment(tx);
      if (typeof payment === 'string') throw new NotificationRejectedError(payment, '通知内容不完整');
      return { kind: 'payment', payment, raw: { mchid: tx.mchid, appid: tx.appid } };
    },

    ...createWechatRefunds(client, opts),
  };
}
