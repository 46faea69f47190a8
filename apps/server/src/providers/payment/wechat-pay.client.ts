import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { VERSION } from '../../lib/version.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { authorizationHeader, decryptResource, nonceString, verifyParts } from './wechat-pay.crypto.ts';

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
  /** Where WeChat Pay posts payment notifications. */
  notifyUrl: string;
  /** Where WeChat Pay posts refund notifications (sent as notify_url with each refund). */
  refundNotifyUrl: string;
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

export type Headers = Record<string, string | string[] | undefined>;

export interface WechatAnswer {
  status: number;
  ok: boolean;
  data: Record<string, unknown>;
}

/** A verified notification: its event and the decrypted resource, or why it is not acted on. */
export type OpenedNotification =
  | { kind: 'event'; eventType: string; resource: unknown }
  | { kind: 'ignored'; reason: string };

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

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The transport of WeChat Pay API v3, shared by payments and refunds: signed requests, answers
 * whose signatures are verified, and notifications verified and decrypted in one place.
 */
export function createWechatPayClient(opts: WechatPayOptions) {
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

  async function call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<WechatAnswer> {
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

  const failure = (what: string, res: WechatAnswer) =>
    new PaymentProviderError(
      `${what} failed: ${res.status} ${String(res.data.code ?? '')} ${String(res.data.message ?? '')}`.trim(),
      res.status,
      typeof res.data.code === 'string' ? res.data.code : undefined,
    );

  /**
   * Every notification, payment or refund, passes here: serial, freshness and signature over the
   * exact received bytes, then (for the events the caller acts on) AEAD_AES_256_GCM with the APIv3
   * key. Throws NotificationRejectedError for anything that does not verify.
   */
  function openNotification(
    headers: Headers,
    rawBody: string,
    events: readonly string[],
  ): OpenedNotification {
    const problem = verifySigned(headers, rawBody, true);
    if (problem) throw new NotificationRejectedError(problem, '签名验证失败', 401);
    let notification: z.infer<typeof notificationSchema>;
    try {
      notification = notificationSchema.parse(JSON.parse(rawBody));
    } catch {
      throw new NotificationRejectedError('bad_body', '通知内容格式错误');
    }
    if (!events.includes(notification.event_type)) {
      return { kind: 'ignored', reason: `event ${notification.event_type}` };
    }
    if (notification.resource.algorithm !== 'AEAD_AES_256_GCM') {
      throw new NotificationRejectedError('bad_algorithm', '不支持的加密算法');
    }
    try {
      const resource: unknown = JSON.parse(decryptResource(notification.resource, opts.apiV3Key));
      return { kind: 'event', eventType: notification.event_type, resource };
    } catch {
      throw new NotificationRejectedError('decrypt_failed', '通知内容解密失败');
    }
  }

  return { call, failure, openNotification, now };
}
export type WechatPayClient = ReturnType<typeof createWechatPayClient>;
