import type { PaymentProvider, RefundState } from './payment-provider.ts';

/**
 * Offline stand-in for WeChat Pay: the QR opens a simulated cashier page served by this server
 * (/api/v1/dev/pay/:orderNo), whose button pays the order through the same "order paid" path a
 * real notification takes. Anyone who can open the link can "pay", which is why config.ts
 * refuses PAY_MODE=dev in production unless ALLOW_DEV_PROVIDERS=1.
 *
 * Refunds follow WeChat's state machine so that the dev flow runs the same code: a refund is
 * accepted as `processing`, and the first query afterwards finds it `succeeded` (the bank took a
 * moment). Refunds live in this process's memory; after a restart a query answers "no such
 * refund" and the refund service asks again with the same number, as it would with WeChat.
 */
export function createDevPaymentProvider(opts: { publicUrl: string }): PaymentProvider {
  const refunds = new Map<string, RefundState>();
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

    async refund(request) {
      const known = refunds.get(request.outRefundNo);
      if (known) return { ...known };
      const accepted: RefundState = {
        outRefundNo: request.outRefundNo,
        status: 'processing',
        providerRefundId: `DEVRF${request.outRefundNo.slice(2, 18)}`,
        refundCents: request.refundCents,
      };
      refunds.set(request.outRefundNo, accepted);
      return { ...accepted };
    },

    async queryRefund(outRefundNo) {
      const known = refunds.get(outRefundNo);
      if (!known) return undefined;
      if (known.status === 'processing') {
        Object.assign(known, { status: 'succeeded', finishedAt: new Date(), detail: '模拟退款（开发）' });
      }
      return { ...known };
    },
  };
}
