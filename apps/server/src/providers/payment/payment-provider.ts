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

/** Money back to the buyer of a paid order, all or part of it. */
export interface RefundRequest {
  orderNo: string;
  /** Ours and unique: asking again with the same number is the same refund, never a second one. */
  outRefundNo: string;
  refundCents: number;
  /** What the order was paid, as the provider must be told with every refund. */
  totalCents: number;
  /** Shown to the buyer in WeChat's refund message. */
  reason: string;
}

export type ProviderRefundStatus = 'processing' | 'succeeded' | 'abnormal' | 'closed';

/** What the provider says became of a refund: its answer, a verified notification, or a query. */
export interface RefundState {
  outRefundNo: string;
  status: ProviderRefundStatus;
  providerRefundId?: string;
  /** The amount the provider refunds; checked against ours before a success is believed. */
  refundCents?: number;
  finishedAt?: Date;
  /** For the admin: why it is abnormal or closed, or where the money went. */
  detail?: string;
}

export interface PaymentProvider {
  readonly kind: 'dev' | 'wechat';
  createNative(request: NativePaymentRequest): Promise<{ codeUrl: string }>;
  queryOrder(orderNo: string): Promise<TradeState>;
  closeOrder(orderNo: string): Promise<void>;
  /**
   * Asks for a refund. Throws PaymentRefusedError when the provider answered that it will not
   * (nothing was started), PaymentProviderError when the outcome is unknown (unreachable, 5xx).
   */
  refund(request: RefundRequest): Promise<RefundState>;
  /** undefined: the provider has no refund with this number (the request never reached it). */
  queryRefund(outRefundNo: string): Promise<RefundState | undefined>;
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

/**
 * The provider answered and refused (a business error, not an outage), so nothing was started;
 * `message` is its reason in Chinese, for the admin.
 */
export class PaymentRefusedError extends PaymentProviderError {}
