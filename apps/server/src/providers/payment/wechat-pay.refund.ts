import { z } from 'zod';
import {
  type PaymentProvider,
  PaymentProviderError,
  PaymentRefusedError,
  type ProviderRefundStatus,
  type RefundState,
} from './payment-provider.ts';
import {
  type Headers,
  NotificationRejectedError,
  type WechatAnswer,
  type WechatPayClient,
  type WechatPayOptions,
} from './wechat-pay.client.ts';

/*
 * WeChat Pay API v3 domestic refunds (https://pay.weixin.qq.com/doc/v3/merchant/4012556457 and
 * the query and notification pages beside it): POST /v3/refund/domestic/refunds, GET
 * /v3/refund/domestic/refunds/{out_refund_no}, and the REFUND.* notifications. WeChat refunds
 * a given out_refund_no once however often it is asked, and asks merchants to retry a failed
 * request with the same number, which is what the refund service does.
 */

export type RefundNotificationOutcome =
  | { kind: 'refund'; orderNo: string; refund: RefundState }
  | { kind: 'ignored'; reason: string };

export const REFUND_EVENTS = ['REFUND.SUCCESS', 'REFUND.ABNORMAL', 'REFUND.CLOSED'] as const;

/** A refund as the create and query answers carry it. */
const refundAnswerSchema = z.object({
  refund_id: z.string().optional(),
  out_refund_no: z.string(),
  out_trade_no: z.string().optional(),
  status: z.string(),
  success_time: z.string().optional(),
  user_received_account: z.string().optional(),
  amount: z.object({ refund: z.number().int(), total: z.number().int(), currency: z.string().optional() }),
});

/** The decrypted resource of a refund notification: `refund_status`, and the merchant to check. */
const refundNotificationSchema = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  out_refund_no: z.string(),
  refund_id: z.string(),
  refund_status: z.string(),
  success_time: z.string().optional(),
  user_received_account: z.string().optional(),
  amount: z.object({ refund: z.number().int(), total: z.number().int() }),
});

const STATUSES: Record<string, ProviderRefundStatus> = {
  SUCCESS: 'succeeded',
  PROCESSING: 'processing',
  ABNORMAL: 'abnormal',
  CLOSED: 'closed',
};

/** What the admin reads when a refund did not go through. */
const DETAILS: Partial<Record<ProviderRefundStatus, string>> = {
  abnormal: '退回买家账户失败（如银行卡已注销或冻结），需在微信支付商户平台处理',
  closed: '微信支付已关闭这笔退款，款项没有退出',
};

/** WeChat's refusals an admin can act on, in their words; anything else quotes WeChat's message. */
const REFUSALS: Record<string, string> = {
  NOT_ENOUGH: '商户账户可用余额不足，请充值后重新发起退款',
  USER_ACCOUNT_ABNORMAL: '买家的微信账户异常，无法原路退回，请在微信支付商户平台处理',
  RESOURCE_NOT_EXISTS: '微信支付查不到这笔订单的支付记录',
};

function toState(fields: {
  outRefundNo: string;
  status: string;
  refundId?: string;
  refundCents: number;
  successTime?: string;
}): RefundState {
  const status = STATUSES[fields.status];
  if (!status) throw new PaymentProviderError(`unknown refund status ${fields.status}`);
  return {
    outRefundNo: fields.outRefundNo,
    status,
    ...(fields.refundId ? { providerRefundId: fields.refundId } : {}),
    refundCents: fields.refundCents,
    ...(fields.successTime ? { finishedAt: new Date(fields.successTime) } : {}),
    ...(DETAILS[status] ? { detail: DETAILS[status] } : {}),
  };
}

function fromAnswer(res: WechatAnswer, outRefundNo: string, what: string): RefundState {
  const parsed = refundAnswerSchema.safeParse(res.data);
  if (!parsed.success) throw new PaymentProviderError(`${what}: unexpected answer`);
  const r = parsed.data;
  if (r.out_refund_no !== outRefundNo) throw new PaymentProviderError(`${what}: wrong out_refund_no`);
  if (r.amount.currency && r.amount.currency !== 'CNY') throw new PaymentProviderError(`${what}: currency`);
  return toState({
    outRefundNo: r.out_refund_no,
    status: r.status,
    refundId: r.refund_id,
    refundCents: r.amount.refund,
    successTime: r.success_time,
  });
}

/** 429 and 5xx say nothing about whether WeChat acted; any other error answer is a refusal. */
const isRefusal = (res: WechatAnswer) =>
  res.status >= 400 && res.status < 500 && res.status !== 429 && res.data.code !== 'FREQUENCY_LIMITED';

export function createWechatRefunds(
  client: WechatPayClient,
  opts: Pick<WechatPayOptions, 'mchid' | 'refundNotifyUrl'>,
): Pick<PaymentProvider, 'refund' | 'queryRefund'> & {
  verifyRefundNotification(headers: Headers, rawBody: string): RefundNotificationOutcome;
} {
  const { call, failure } = client;
  return {
    async refund(request) {
      const res = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: request.orderNo,
        out_refund_no: request.outRefundNo,
        // WeChat takes at most 80 characters and shows them to the buyer.
        reason: request.reason.slice(0, 80),
        notify_url: opts.refundNotifyUrl,
        amount: { refund: request.refundCents, total: request.totalCents, currency: 'CNY' },
      });
      if (res.ok) return fromAnswer(res, request.outRefundNo, 'refund');
      if (isRefusal(res)) {
        const code = typeof res.data.code === 'string' ? res.data.code : undefined;
        const message = typeof res.data.message === 'string' ? res.data.message.trim() : '';
        throw new PaymentRefusedError(
          (code && REFUSALS[code]) ?? (message ? `微信支付拒绝了退款：${message}` : '微信支付拒绝了退款'),
          res.status,
          code,
        );
      }
      throw failure('refund', res);
    },

    async queryRefund(outRefundNo) {
      const res = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
      if (res.status === 404 && res.data.code === 'RESOURCE_NOT_EXISTS') return undefined;
      if (!res.ok) throw failure('query refund', res);
      return fromAnswer(res, outRefundNo, 'query refund');
    },

    /** Same checks as a payment notification (client.openNotification), then the refund's fields. */
    verifyRefundNotification(headers, rawBody) {
      const opened = client.openNotification(headers, rawBody, REFUND_EVENTS);
      if (opened.kind === 'ignored') return opened;
      const parsed = refundNotificationSchema.safeParse(opened.resource);
      if (!parsed.success) throw new NotificationRejectedError('bad_resource', '通知内容格式错误');
      const r = parsed.data;
      if (r.mchid !== opts.mchid) throw new NotificationRejectedError('wrong_merchant', '商户信息不匹配');
      let refund: RefundState;
      try {
        refund = toState({
          outRefundNo: r.out_refund_no,
          status: r.refund_status,
          refundId: r.refund_id,
          refundCents: r.amount.refund,
          successTime: r.success_time,
        });
      } catch {
        throw new NotificationRejectedError('bad_refund_status', '退款状态无法识别');
      }
      return { kind: 'refund', orderNo: r.out_trade_no, refund };
    },
  };
}
