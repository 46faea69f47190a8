import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { VERSION } from '../../lib/version.ts';
import {
  type ConfirmedPayment,
  type PaymentProvider,
  PaymentProviderError,
  type TradeState,
} from './payment-provider.ts';
import {
  authorizationHeader,
  decryptResource,
  nonceString,
  toWechatTime,
  verifyParts,
} from './wechat-pay.crypto.ts';

export interface WechatPayOptions {
  mchid: string;
  appid: string;
  /** Serial number of the merchant API certificate, sent as serial_no. */
  serialNo: string;
  privateKey: KeyObject;
  /** The WeChat Pay public key and its id (PUB_KEY_ID_…), which WeChat names in Wechatpay-Serial. */
  publicKey: KeyObject;
  publicKeyId: string;
  apiV3Key: string;
  apiBase: string;
  notifyUrl: string;
  timeoutMs?: number;
  now?: () => number;
}

/** WeChat demands notification timestamps be checked; 5 minutes is its recommended window. */
export const NOTIFY_MAX_SKEW_SEC = 300;

/** A notification we refuse; `reason` goes to the log, the status back to WeChat (which retries). */
export class NotificationRejectedError extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export type NotificationOutcome =
  | { kind: 'payment'; payment: ConfirmedPayment; raw: { mchid: string; appid: string } }
  | { kind: 'ignored'; reason: string };

type Headers = Record<string, string | string[] | undefined>;

const notificationSchema = z.object({
  id: z.string(),
  event_type: z.string(),
  resource_type: z.string().optional(),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
  }),
});

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

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export type WechatPayProvider = PaymentProvider & {
  kind: 'wechat';
  verifyNotification(headers: Headers, rawBody: string): NotificationOutcome;
};

/** WeChat Pay API v3, Native payment (a QR with code_url for the buyer to scan). */
export function createWechatPayProvider(opts: WechatPayOptions): WechatPayProvider {
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 10_000;

  /** Checks serial, signature over timestamp\nnonce\nbody\n, and (for callbacks) freshness. */
  function verifySigned(headers: Headers, body: string, checkFreshness: boolean): string | undefined {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) return 'missing_signature_headers';
    // Another serial means another key: a platform certificate we do not use, or a forgery.
    if (serial !== opts.publicKeyId) return 'wrong_serial';
    if (checkFreshness) {
      if (!/^\d{1,12}$/.test(timestamp)) return 'bad_timestamp';
      if (Math.abs(now() / 1000 - Number(timestamp)) > NOTIFY_MAX_SKEW_SEC) return 'stale_timestamp';
    }
    if (!verifyParts(opts.publicKey, [timestamp, nonce, body], signature)) return 'bad_signature';
    return undefined;
  }

  async function call(method: 'GET' | 'POST', path: string, payload?: unknown) {
    const url = new URL(path, opts.apiBase);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = authorizationHeader({
      mchid: opts.mchid,
      serialNo: opts.serialNo,
      privateKey: opts.privateKey,
      method,
      pathWithQuery: `${url.pathname}${url.search}`,
      body,
      nonce: nonceString(),
      timestamp: Math.floor(now() / 1000),
    });
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          'User-Agent': `jbgf-server/${VERSION}`,
          'Wechatpay-Serial': opts.publicKeyId,
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(`WeChat Pay unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    const headers = Object.fromEntries(response.headers.entries());
    // Answers are signed too: a proxy or impostor must not be able to say "SUCCESS". Error answers
    // are checked when they carry a signature (WeChat's gateway may omit it on some errors).
    if (response.ok || headers['wechatpay-signature']) {
      const problem = verifySigned(headers, text, false);
      if (problem)
        throw new PaymentProviderError(`WeChat Pay answer failed verification: ${problem}`, response.status);
    }
    let data: Record<string, unknown> = {};
    if (text) {
      try {
        data = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw new PaymentProviderError('WeChat Pay answered with invalid JSON', response.status);
      }
    }
    return { status: response.status, ok: response.ok, data };
  }

  const failure = (what: string, res: { status: number; data: Record<string, unknown> }) =>
    new PaymentProviderError(
      `${what} failed: ${res.status} ${String(res.data.code ?? '')} ${String(res.data.message ?? '')}`.trim(),
      res.status,
      typeof res.data.code === 'string' ? res.data.code : undefined,
    );

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
      const problem = verifySigned(headers, rawBody, true);
      if (problem) throw new NotificationRejectedError(problem, '签名验证失败', 401);
      let notification: z.infer<typeof notificationSchema>;
      try {
        notification = notificationSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new NotificationRejectedError('bad_body', '通知内容格式错误');
      }
      if (notification.event_type !== 'TRANSACTION.SUCCESS') {
        return { kind: 'ignored', reason: `event ${notification.event_type}` };
      }
      if (notification.resource.algorithm !== 'AEAD_AES_256_GCM') {
        throw new NotificationRejectedError('bad_algorithm', '不支持的加密算法');
      }
      let tx: Transaction;
      try {
        tx = transactionSchema.parse(JSON.parse(decryptResource(notification.resource, opts.apiV3Key)));
      } catch {
        throw new NotificationRejectedError('decrypt_failed', '通知内容解密失败');
      }
      const foreign = ensureOurs(tx);
      if (foreign) throw new NotificationRejectedError(foreign, '商户信息不匹配');
      if (tx.trade_state !== 'SUCCESS') return { kind: 'ignored', reason: `trade_state ${tx.trade_state}` };
      const payment = toPayment(tx);
      if (typeof payment === 'string') throw new NotificationRejectedError(payment, '通知内容不完整');
      return { kind: 'payment', payment, raw: { mchid: tx.mchid, appid: tx.appid } };
    },
  };
}
