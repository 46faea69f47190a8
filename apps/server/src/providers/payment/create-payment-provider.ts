import { type Config, publicUrl } from '../../config.ts';
import { createDevPaymentProvider } from './dev-payment.provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { loadPrivateKey, loadPublicKey } from './wechat-pay.crypto.ts';
import { createWechatPayProvider, type WechatPayProvider } from './wechat-pay.provider.ts';

export type AnyPaymentProvider = PaymentProvider | WechatPayProvider;

/** PAY_MODE picks the provider; config.ts has already checked that wechat has all it needs. */
export function createPaymentProvider(config: Config): AnyPaymentProvider {
  if (config.PAY_MODE === 'dev') return createDevPaymentProvider({ publicUrl: publicUrl(config) });
  const need = (name: keyof Config) => {
    const value = config[name];
    if (typeof value !== 'string' || !value) throw new Error(`PAY_MODE=wechat requires ${name}`);
    return value;
  };
  return createWechatPayProvider({
    mchid: need('WECHATPAY_MCHID'),
    appid: need('WECHATPAY_APPID'),
    serialNo: need('WECHATPAY_SERIAL_NO'),
    privateKey: loadPrivateKey(need('WECHATPAY_PRIVATE_KEY')),
    publicKey: loadPublicKey(need('WECHATPAY_PUBLIC_KEY')),
    publicKeyId: need('WECHATPAY_PUBLIC_KEY_ID'),
    apiV3Key: need('WECHATPAY_APIV3_KEY'),
    apiBase: config.WECHATPAY_API_BASE,
    notifyUrl: config.WECHATPAY_NOTIFY_URL ?? `${publicUrl(config)}/api/v1/pay/wechat/notify`,
    refundNotifyUrl: refundNotifyUrl(config),
  });
}

const NOTIFY_PATH = '/api/v1/pay/wechat/notify';

/**
 * Refund notifications arrive next to payment ones: beside WECHATPAY_NOTIFY_URL when that is our
 * usual path on another host (a proxy in front), under PUBLIC_URL otherwise.
 */
function refundNotifyUrl(config: Config): string {
  const custom = config.WECHATPAY_NOTIFY_URL;
  const base = custom?.endsWith(NOTIFY_PATH) ? custom.slice(0, -NOTIFY_PATH.length) : publicUrl(config);
  return `${base}/api/v1/pay/wechat/refund-notify`;
}

export function isWechatPay(provider: AnyPaymentProvider): provider is WechatPayProvider {
  return provider.kind === 'wechat';
}
