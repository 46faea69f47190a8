import type { PaymentProvider } from './payment-provider.ts';

/**
 * Offline stand-in for WeChat Pay: the QR opens a simulated cashier page served by this server
 * (/api/v1/dev/pay/:orderNo), whose button pays the order through the same "order paid" path a
 * real notification takes. Anyone who can open the link can "pay", which is why config.ts
 * refuses PAY_MODE=dev in production unless ALLOW_DEV_PROVIDERS=1.
 */
export function createDevPaymentProvider(opts: { publicUrl: string }): PaymentProvider {
  return {
    kind: 'dev',
    async createNative({ orderNo }) {
      return { codeUrl: `${opts.publicUrl}/api/v1/dev/pay/${encodeURIComponent(orderNo)}` };
    },
    // Dev payments are confirmed only by the cashier button, which updates the order directly;
    // there is no remote state to ask about.
    async queryOrder() {
      return { state: 'unpaid', detail: 'dev provider keeps no remote state' };
    },
    async closeOrder() {},
  };
}
