import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for api.mch.weixin.qq.com on 127.0.0.1, speaking WeChat Pay API v3 with real
 * cryptography, written independently of src/ (its own signing and AES-GCM), so a mistake in the
 * provider cannot be mirrored here and cancel out. Keys are generated per test run.
 *
 * It checks each merchant request's Authorization signature with the merchant's public key, keeps
 * trades and refunds in memory (one refund per out_refund_no, as WeChat does), signs its answers
 * with the WeChat Pay private key, and builds payment and refund notifications (optionally
 * broken in one precise way) for the tests to deliver.
 */

export interface FakeTrade {
  outTradeNo: string;
  total: number;
  appid: string;
  mchid: string;
  description: string;
  timeExpire: string;
  notifyUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'USERPAYING';
  transactionId?: string;
  successTime?: string;
}

export type FakeRefundStatus = 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';

export interface FakeRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  refund: number;
  total: number;
  reason: string;
  notifyUrl: string;
  status: FakeRefundStatus;
  createTime: string;
  successTime?: string;
}

export interface RefundNotificationOptions {
  /** refund_status in the resource; defaults to the refund's current status. */
  status?: Exclude<FakeRefundStatus, 'PROCESSING'>;
  /** Defaults to REFUND.<status>. */
  eventType?: string;
  /** amount.refund in the resource; defaults to the refund's. */
  refund?: number;
  mchid?: string;
  outTradeNo?: string;
  forgeSignature?: boolean;
  serial?: string;
  timestampOffsetSec?: number;
  tamperCiphertext?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: string;
  signatureValid: boolean;
}

export interface NotificationOptions {
  /** Amount in the encrypted transaction; defaults to the trade's. */
  total?: number;
  mchid?: string;
  appid?: string;
  tradeState?: string;
  eventType?: string;
  transactionId?: string;
  /** Sign with a key WeChat Pay does not own. */
  forgeSignature?: boolean;
  serial?: string;
  /** Seconds added to now for Wechatpay-Timestamp (negative = in the past). */
  timestampOffsetSec?: number;
  /** Flip one byte of the ciphertext, then sign the altered body properly. */
  tamperCiphertext?: boolean;
}

const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000001092025010100000000000001';

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

function signB64(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}

function aesGcmEncrypt(plaintext: string, key: string, nonce: string, aad: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(aad));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([encrypted, cipher.getAuthTag()]).toString('base64');
}

function parseAuthorization(header: string | undefined) {
  if (!header?.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return undefined;
  const fields: Record<string, string> = {};
  for (const match of header.slice(26).matchAll(/(\w+)="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return fields;
}

export async function startFakeWechatPay() {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const impostor = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiV3Key = randomBytes(16).toString('hex');
  const trades = new Map<string, FakeTrade>();
  const requests: RecordedRequest[] = [];
  const refunds = new Map<string, FakeRefund>();
  /** Test switches for the next answers. */
  const behaviour: {
    badAnswerSignature: boolean;
    queryFails: boolean;
    closeFails: boolean;
    /** The status a new refund is accepted with (WeChat usually says PROCESSING). */
    refundAcceptedAs: FakeRefundStatus;
    /** New refunds are refused with this answer (nothing is created). */
    refundRefusal: { status: number; code: string; message: string } | null;
    /** Refund requests fail with 500 (nothing is created). */
    refundFails: boolean;
    refundQueryFails: boolean;
  } = {
    badAnswerSignature: false,
    queryFails: false,
    closeFails: false,
    refundAcceptedAs: 'PROCESSING',
    refundRefusal: null,
    refundFails: false,
    refundQueryFails: false,
  };

  const signedHeaders = (
    body: string,
    opts: { key?: KeyObject; serial?: string; offsetSec?: number } = {},
  ) => {
    const timestamp = String(Math.floor(Date.now() / 1000) + (opts.offsetSec ?? 0));
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': opts.serial ?? PUBLIC_KEY_ID,
      'wechatpay-signature': signB64(opts.key ?? platform.privateKey, `${timestamp}\n${nonce}\n${body}\n`),
    };
  };

  const answer = (res: ServerResponse, status: number, payload?: unknown) => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': randomUUID(),
      ...signedHeaders(body, behaviour.badAnswerSignature ? { key: impostor.privateKey } : {}),
    };
    res.writeHead(status, headers);
    res.end(body);
  };

  const verifyMerchant = (req: IncomingMessage, path: string, body: string): boolean => {
    const auth = parseAuthorization(req.headers.authorization);
    if (!auth || auth.mchid !== MCHID || auth.serial_no !== MERCHANT_SERIAL) return false;
    if (!auth.timestamp || Math.abs(Date.now() / 1000 - Number(auth.timestamp)) > 300) return false;
    const message = `${req.method}\n${path}\n${auth.timestamp}\n${auth.nonce_str}\n${body}\n`;
    return createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKey, auth.signature ?? '', 'base64');
  };

  const tradeJson = (t: FakeTrade) => ({
    appid: t.appid,
    mchid: t.mchid,
    out_trade_no: t.outTradeNo,
    trade_state: t.state,
    trade_state_desc: t.state,
    ...(t.transactionId ? { transaction_id: t.transactionId } : {}),
    ...(t.successTime ? { success_time: t.successTime, trade_type: 'NATIVE', bank_type: 'OTHERS' } : {}),
    amount: { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' },
    ...(t.state === 'SUCCESS' ? { payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } } : {}),
  });

  const refundJson = (r: FakeRefund) => ({
    refund_id: r.refundId,
    out_refund_no: r.outRefundNo,
    transaction_id: trades.get(r.outTradeNo)?.transactionId ?? '',
    out_trade_no: r.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    ...(r.successTime ? { success_time: r.successTime } : {}),
    create_time: r.createTime,
    status: r.status,
    funds_account: 'AVAILABLE',
    amount: {
      total: r.total,
      refund: r.refund,
      from: [],
      payer_total: r.total,
      payer_refund: r.refund,
      settlement_refund: r.refund,
      settlement_total: r.total,
      discount_refund: 0,
      currency: 'CNY',
    },
    promotion_detail: [],
  });

  /** What a trade has given back or is giving back (closed and abnormal refunds returned nothing). */
  const refundedOf = (outTradeNo: string) =>
    [...refunds.values()]
      .filter((r) => r.outTradeNo === outTradeNo && (r.status === 'SUCCESS' || r.status === 'PROCESSING'))
      .reduce((sum, r) => sum + r.refund, 0);

  /** POST /v3/refund/domestic/refunds: one refund per out_refund_no, however often it is asked. */
  const createRefund = (res: ServerResponse, body: string) => {
    if (behaviour.refundFails) return answer(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' });
    if (behaviour.refundRefusal) {
      const { status, code, message } = behaviour.refundRefusal;
      return answer(res, status, { code, message });
    }
    const input = JSON.parse(body);
    const amount = input.amount ?? {};
    if (
      typeof input.out_refund_no !== 'string' ||
      !/^[0-9A-Za-z_\-|*@]{1,64}$/.test(input.out_refund_no) ||
      typeof input.notify_url !== 'string' ||
      !input.notify_url.startsWith('https://') ||
      amount.currency !== 'CNY' ||
      !(amount.refund > 0)
    ) {
      return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
    }
    const trade = trades.get(input.out_trade_no);
    if (trade?.state !== 'SUCCESS') {
      return answer(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
    }
    const existing = refunds.get(input.out_refund_no);
    if (existing) {
      if (existing.outTradeNo !== input.out_trade_no || existing.refund !== amount.refund) {
        return answer(res, 400, { code: 'INVALID_REQUEST', message: '退款单号重复但参数不一致' });
      }
      return answer(res, 200, refundJson(existing));
    }
    if (amount.total !== trade.total) {
      return answer(res, 400, { code: 'INVALID_REQUEST', message: '订单金额与原订单不一致' });
    }
    if (refundedOf(trade.outTradeNo) + amount.refund > trade.total) {
      return answer(res, 400, { code: 'INVALID_REQUEST', message: '申请退款金额超过订单可退金额' });
    }
    const created: FakeRefund = {
      outRefundNo: input.out_refund_no,
      outTradeNo: trade.outTradeNo,
      refundId: `50300${Date.now()}${randomInt8()}`,
      refund: amount.refund,
      total: amount.total,
      reason: input.reason ?? '',
      notifyUrl: input.notify_url,
      status: behaviour.refundAcceptedAs,
      createTime: '2025-06-02T09:00:00+08:00',
      ...(behaviour.refundAcceptedAs === 'SUCCESS' ? { successTime: '2025-06-02T09:00:05+08:00' } : {}),
    };
    refunds.set(created.outRefundNo, created);
    return answer(res, 200, refundJson(created));
  };

  /** A callback body with its resource encrypted under the APIv3 key, signed (or broken) as asked. */
  const signedCallback = (
    envelope: { eventType: string; summary: string; originalType: string },
    resource: unknown,
    opts: Pick<NotificationOptions, 'forgeSignature' | 'serial' | 'timestampOffsetSec' | 'tamperCiphertext'>,
  ) => {
    const nonce = randomBytes(6).toString('hex');
    let ciphertext = aesGcmEncrypt(JSON.stringify(resource), apiV3Key, nonce, envelope.originalType);
    if (opts.tamperCiphertext) {
      const bytes = Buffer.from(ciphertext, 'base64');
      bytes[5] = (bytes[5] ?? 0) ^ 0x01;
      ciphertext = bytes.toString('base64');
    }
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: '2025-06-01T10:34:57+08:00',
      resource_type: 'encrypt-resource',
      event_type: envelope.eventType,
      summary: envelope.summary,
      resource: {
        original_type: envelope.originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        associated_data: envelope.originalType,
        nonce,
      },
    });
    const headers = {
      'content-type': 'application/json',
      ...signedHeaders(body, {
        key: opts.forgeSignature ? impostor.privateKey : platform.privateKey,
        serial: opts.serial,
        offsetSec: opts.timestampOffsetSec,
      }),
    };
    return { headers, body };
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '/';
      const signatureValid = verifyMerchant(req, path, body);
      requests.push({ method: req.method ?? '', path, body, signatureValid });
      if (!signatureValid) return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      const url = new URL(path, 'http://fake');

      if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
        const input = JSON.parse(body);
        if (input.mchid !== MCHID || input.appid !== APPID || !(input.amount?.total > 0)) {
          return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
        }
        const existing = trades.get(input.out_trade_no);
        if (existing && existing.total !== input.amount.total) {
          return answer(res, 400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
        }
        trades.set(
          input.out_trade_no,
          existing ?? {
            outTradeNo: input.out_trade_no,
            total: input.amount.total,
            appid: input.appid,
            mchid: input.mchid,
            description: input.description,
            timeExpire: input.time_expire,
            notifyUrl: input.notify_url,
            state: 'NOTPAY',
          },
        );
        return answer(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${input.out_trade_no.slice(-8)}` });
      }
      const query = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/);
      if (req.method === 'GET' && query) {
        if (behaviour.queryFails) return answer(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' });
        const trade = trades.get(decodeURIComponent(query[1]!));
        if (!trade) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        return answer(res, 200, tradeJson(trade));
      }
      const close = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/);
      if (req.method === 'POST' && close) {
        if (behaviour.closeFails) return answer(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' });
        const trade = trades.get(decodeURIComponent(close[1]!));
        if (trade?.state === 'SUCCESS') return answer(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
        if (trade) trade.state = 'CLOSED';
        return answer(res, 204);
      }
      if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds')
        return createRefund(res, body);
      const refundQuery = url.pathname.match(/^\/v3\/refund\/domestic\/refunds\/([^/]+)$/);
      if (req.method === 'GET' && refundQuery) {
        if (behaviour.refundQueryFails)
          return answer(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' });
        const refund = refunds.get(decodeURIComponent(refundQuery[1]!));
        if (!refund) return answer(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
        return answer(res, 200, refundJson(refund));
      }
      return answer(res, 404, { code: 'NOT_FOUND', message: 'no such API' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    trades,
    refunds,
    requests,
    behaviour,
    mchid: MCHID,
    appid: APPID,
    /** The variables that point the server at this fake. */
    env(): Record<string, string> {
      return {
        PAY_MODE: 'wechat',
        WECHATPAY_MCHID: MCHID,
        WECHATPAY_APPID: APPID,
        WECHATPAY_SERIAL_NO: MERCHANT_SERIAL,
        WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
        WECHATPAY_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
        WECHATPAY_PUBLIC_KEY_ID: PUBLIC_KEY_ID,
        WECHATPAY_APIV3_KEY: apiV3Key,
        WECHATPAY_API_BASE: `http://127.0.0.1:${port}`,
        WECHATPAY_NOTIFY_URL: 'https://shop.example.com/api/v1/pay/wechat/notify',
      };
    },
    /** The buyer pays in WeChat: the trade becomes SUCCESS (what a later query reports). */
    pay(outTradeNo: string): FakeTrade {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`fake WeChat Pay has no trade ${outTradeNo}`);
      trade.state = 'SUCCESS';
      trade.transactionId ??= `42000${Date.now()}${randomInt8()}`;
      trade.successTime ??= '2025-06-01T10:34:56+08:00';
      return trade;
    },
    /** The callback WeChat Pay would POST for a paid trade, optionally broken in one way. */
    notification(outTradeNo: string, opts: NotificationOptions = {}) {
      const trade = this.pay(outTradeNo);
      const transaction = {
        ...tradeJson(trade),
        mchid: opts.mchid ?? trade.mchid,
        appid: opts.appid ?? trade.appid,
        trade_state: opts.tradeState ?? 'SUCCESS',
        transaction_id: opts.transactionId ?? trade.transactionId,
        amount: {
          total: opts.total ?? trade.total,
          payer_total: opts.total ?? trade.total,
          currency: 'CNY',
          payer_currency: 'CNY',
        },
      };
      return signedCallback(
        {
          eventType: opts.eventType ?? 'TRANSACTION.SUCCESS',
          summary: '支付成功',
          originalType: 'transaction',
        },
        transaction,
        opts,
      );
    },
    /** The refund ends at WeChat (the bank answered): what a later query reports. */
    finishRefund(outRefundNo: string, status: Exclude<FakeRefundStatus, 'PROCESSING'>): FakeRefund {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`fake WeChat Pay has no refund ${outRefundNo}`);
      refund.status = status;
      if (status === 'SUCCESS') refund.successTime ??= '2025-06-02T09:01:00+08:00';
      return refund;
    },
    /** The callback WeChat Pay would POST to the refund's notify_url, optionally broken in one way. */
    refundNotification(outRefundNo: string, opts: RefundNotificationOptions = {}) {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`fake WeChat Pay has no refund ${outRefundNo}`);
      const status = opts.status ?? refund.status;
      if (status === 'PROCESSING') throw new Error('WeChat sends no notification for a processing refund');
      const resource = {
        mchid: opts.mchid ?? MCHID,
        out_trade_no: opts.outTradeNo ?? refund.outTradeNo,
        transaction_id: trades.get(refund.outTradeNo)?.transactionId ?? '',
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: status,
        ...(status === 'SUCCESS' ? { success_time: refund.successTime ?? '2025-06-02T09:01:00+08:00' } : {}),
        user_received_account: '支付用户零钱',
        amount: {
          total: refund.total,
          refund: opts.refund ?? refund.refund,
          payer_total: refund.total,
          payer_refund: opts.refund ?? refund.refund,
        },
      };
      const summary = { SUCCESS: '退款成功', ABNORMAL: '退款异常', CLOSED: '退款关闭' }[status];
      return signedCallback(
        { eventType: opts.eventType ?? `REFUND.${status}`, summary, originalType: 'refund' },
        resource,
        opts,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function randomInt8(): string {
  return String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0');
}

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;
