import type pg from 'pg';
import type { Db } from '../../../db/pool.ts';
import type { ReturnInput, StartPage, WebhookInput, WebhookReading } from '../kit/adapter.ts';

/**
 * Online payment providers. place_order opens a session for an online order (payments row,
 * order payment_pending) and sends the customer to the provider's hosted page; the provider
 * reports the outcome server-side with settlePayment() of server/modules/payments/domain/payments.ts (confirm:
 * 'paid'; deny: 'failed' or 'cancelled'), which moves payment and order together in one
 * transaction. The built-in test provider (test-provider.ts) needs no outside service.
 * Each app holds its own providers (app.runtime.payments): the built-in ones and each vendor's accounts.
 */

/** What a provider learns about the payment it hosts. */
export interface PaymentSession {
  /** Unguessable id carried by the hosted page and its return (payments.session_id). */
  sessionId: string;
  /** The vendor paid (its account at the provider, its webhook endpoint). */
  vendorId: number;
  /** The order paid for; null for a recharge of the customer's wallet. */
  orderId: number | null;
  /** The customer who placed the order (users.id): only they are sent to the hosted page. */
  customerId: number;
  /**
   * Who pays, for the providers that ask (a receipt's email, a mobile-money or Swish payer's number):
   * the customer's name, email ('' when none) and number with its calling code (e.g. '14155550100').
   */
  customer?: PaymentCustomer;
  /** The storefront's language when the payment started (pages of ours the customer sees speak it). */
  lang?: string;
  amountMinor: number;
  currencyCode: string;
  currencyExponent: number;
  vendorName: string;
  /** Public origin of this API, e.g. http://localhost:8080. */
  baseUrl: string;
}

export interface PaymentCustomer {
  name: string;
  email: string;
  phone: string;
}

/** The paying customer as a provider is told (loaded with the payment). */
export async function paymentCustomer(q: Db | pg.PoolClient, vendorId: number, userId: number): Promise<PaymentCustomer | undefined> {
  const { rows } = await q.query<PaymentCustomer>(
    `SELECT user_name AS name, email, country_code || mobile_number AS phone FROM users WHERE vendor_id = $1 AND id = $2`, [vendorId, userId],
  );
  return rows[0];
}

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled';

/** What the provider says of a payment it hosts. */
export interface ProviderVerdict {
  outcome: PaymentOutcome | 'pending';
  /** The provider's id of the money taken (Stripe: the payment intent), for a refund. */
  providerPayment?: string | undefined;
}

/** A payment as the provider knows it (payments.provider_ref, provider_payment). */
export interface ProviderPayment {
  ref: string;
  providerPayment: string | null;
  amountMinor: number;
}

export interface PaymentProvider {
  /** Stored in payments.provider. */
  readonly name: string;
  /**
   * Opens the payment at the provider; answers the hosted page the customer goes to and, for a
   * provider with sessions of its own, their id (stored in payments.provider_ref).
   */
  createSession(session: PaymentSession): Promise<{ url: string; ref?: string; start?: StartPage }>;
  /** The hosted page of a still-open session again (a replayed place_order); `stored` is the page it gave first. */
  sessionUrl(session: PaymentSession, stored: string): string;
  /** Asks the provider how a payment stands (on the customer's return, when no webhook has told yet). */
  check?(payment: ProviderPayment): Promise<ProviderVerdict>;
  /** Closes a session still open at the provider, so it can no longer be paid (the customer cancelled). */
  close?(payment: ProviderPayment): Promise<void>;
  /** Gives the money back (a payment confirmed after it lapsed here, a cancelled order paid online). */
  refund?(payment: ProviderPayment): Promise<void>;
  /** The customer is back from the provider's page (providers on the kit: server/modules/payments/kit). */
  onReturn?(payment: ProviderPayment, input: ReturnInput): Promise<ProviderVerdict>;
  /** Reads one of the provider's webhooks, its signature checked first. */
  webhook?(input: WebhookInput): Promise<WebhookReading>;
}
