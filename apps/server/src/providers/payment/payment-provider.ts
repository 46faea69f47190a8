/**
 * A payment provider issues the QR a buyer scans and can be asked what became of a payment.
 * `dev` simulates a cashier on this server; `wechat` is WeChat Pay v3 Native. How a provider
 * tells us a payment succeeded (a signed callback, a button on the dev cashier) is handled by
 * the payment module, which then goes through the one "order paid" path of the order service.
 */
export interface NativePaymentRequest {
  orderNo: string;
  amountCents: number;
  description: string;
  /** The QR stops working at this moment (the order closes then). */
  expiresAt: Date;
}

/** A payment the provider vouches for: from a verified notification or a query. */
export interface ConfirmedPayment {
  orderNo: string;
  transactionId: string;
  amountCents: number;
  paidAt: Date;
}

export type TradeState =
  | ({ state: 'paid' } & ConfirmedPayment)
  /** Never paid and can no longer be (not found, not paid, closed, revoked, failed): safe to close. */
  | { state: 'unpaid'; detail: string }
  /** The buyer is paying right now (e.g. entering a password): ask again later, do not close. */
  | { state: 'in_progress'; detail: string };

export interface PaymentProvider {
  readonly kind: 'dev' | 'wechat';
  createNative(request: NativePaymentRequest): Promise<{ codeUrl: string }>;
  queryOrder(orderNo: string): Promise<TradeState>;
  closeOrder(orderNo: string): Promise<void>;
}

/** The provider could not be reached or refused the request; the message is for the log. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly providerCode?: string,
  ) {
    super(message);
  }
}
