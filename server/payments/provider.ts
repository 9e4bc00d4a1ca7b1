/**
 * Online payment providers. place_order opens a session for an online order (payments row,
 * order payment_pending) and sends the customer to the provider's hosted page; the provider
 * reports the outcome server-side with settlePayment() of server/domain/payments.ts (confirm:
 * 'paid'; deny: 'failed' or 'cancelled'), which moves payment and order together in one
 * transaction. The built-in test provider (test-provider.ts) needs no outside service.
 * Each app holds its own providers (app.runtime.paymentProviders), set up with its own keys.
 */

/** What a provider learns about the payment it hosts. */
export interface PaymentSession {
  /** Unguessable id carried by the hosted page and its return (payments.session_id). */
  sessionId: string;
  /** The order paid for; null for a recharge of the customer's wallet. */
  orderId: number | null;
  /** The customer who placed the order (users.id): only they are sent to the hosted page. */
  customerId: number;
  amountMinor: number;
  currencyCode: string;
  currencyExponent: number;
  vendorName: string;
  /** Public origin of this API, e.g. http://localhost:8080. */
  baseUrl: string;
}

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled';

export interface PaymentProvider {
  /** Stored in payments.provider. */
  readonly name: string;
  /** Opens the payment at the provider; answers the hosted page the customer goes to. */
  createSession(session: PaymentSession): Promise<{ url: string }>;
  /** The hosted page of a still-open session again (a replayed place_order). */
  sessionUrl(session: PaymentSession): string;
}
