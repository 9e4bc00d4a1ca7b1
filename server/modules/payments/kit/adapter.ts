/**
 * The provider kit: what every online payment provider is to this server, so that each provider is
 * one adapter. An adapter opens a hosted payment at the provider, reads the customer's return and the
 * provider's webhooks (each checked by the provider's own signature scheme), asks the provider how a
 * payment stands, and gives money back; it maps the provider's states to ours (ProviderVerdict).
 * Everything else (the payments table, settling once, refunds of late payments, the routes, the
 * accounts) is the kit's and the same for every provider.
 */
import type { ProviderName } from '../../../../contract/rules/payment-providers.ts';
import type { PaymentSession, ProviderPayment, ProviderVerdict } from '../providers/provider.ts';

/** A vendor's account at a provider (vendor_payment_accounts): which fields a provider uses is in its adapter. */
export interface ProviderAccount {
  /** The public key or key id (Razorpay key_id, PayPal client id, Square application id, …); '' where none. */
  publicKey: string;
  /** The secret key (API key, client secret, access token, …). */
  secretKey: string;
  /** What the provider signs its webhooks (and, for some, its returns) with; '' where it signs with the secret key. */
  webhookSecret: string;
  /** The merchant, store, entity or location id where the provider has one; '' where none. */
  merchantId: string;
}

/** What an adapter works with for one vendor's account. */
export interface AdapterContext {
  account: ProviderAccount;
  /** The provider's API base URL, without a trailing slash: its live API, or its local double (tests, the demo). */
  apiBase: string;
  now(): Date;
}

/** This server's addresses for one payment, given to the provider when it is opened. */
export interface PaymentUrls {
  /** Where the provider's page sends the customer back: this server's return route, signed for the customer. */
  back(result: 'success' | 'cancel'): string;
  /**
   * The vendor's webhook endpoint at this provider, for providers that take one per payment (a notify,
   * IPN or callback URL). A provider that does not sign its notifications is given it with a signature
   * of our own in its query (the adapter's, with the account's webhook secret), which it sends back.
   */
  notify: string;
}

/**
 * A page of this server the customer starts a payment on, for a provider whose payment does not start at
 * an address of its own (served by the kit at /pay/:provider/start/:session):
 * - form: a form posted to the provider (PayU, Paytm), sent on at once;
 * - widget: the provider's payment form, drawn by its script in a page of ours (COPYandPAY: HyperPay, mada);
 * - device: the customer approves on their phone (Swish, mobile money); the page waits, asking the
 *   provider, and goes on once it has an answer.
 */
export type StartPage =
  | { kind: 'form'; action: string; fields: Readonly<Record<string, string>> }
  | { kind: 'widget'; script: string; brands: string }
  /** `open`: a link that opens the provider's app on this device, where it has one (swish://…). */
  | { kind: 'device'; app: string; open?: string };

/**
 * A payment opened at the provider: its hosted page (or, with `start`, the page of ours it starts on, whose
 * address the kit makes) and the provider's id of it (payments.provider_ref).
 */
export interface HostedPayment {
  url: string;
  ref: string;
  start?: StartPage;
}

/** The customer's return from the provider's page: what our way back said, and what the provider added (query and form fields). */
export interface ReturnInput {
  result: 'success' | 'cancel' | undefined;
  params: Readonly<Record<string, string>>;
}

/** A webhook request as it arrived: the exact bytes and the headers. */
export interface WebhookInput {
  body: Buffer;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The request's query (a few providers sign or name the payment there). */
  query: Readonly<Record<string, string>>;
  /** The address it was sent to, on this server's public origin (Square signs it with the body); the kit's route always gives it. */
  url?: string;
}

/**
 * What a webhook says: forged (its signature does not check out: refused), ignored (an event that
 * settles nothing, acknowledged), or about the payment the provider knows as `ref`.
 */
export type WebhookReading =
  | { kind: 'forged' }
  | { kind: 'ignored' }
  | { kind: 'event'; ref: string; verdict: ProviderVerdict };

/** How an adapter talks to its provider, for docs/payments.md. */
export interface AdapterFacts {
  /** 'sdk' with the package's name, or 'rest' with the API's version. */
  integration: { kind: 'sdk'; package: string } | { kind: 'rest'; api: string };
  /**
   * Where the customer pays: the provider's hosted page (sent there), its page reached by a form posted
   * from ours, its payment form drawn in a page of ours, or their phone while our page waits.
   */
  page: 'hosted page' | 'form post to its page' | 'its form on our page' | 'approve on the phone';
  /** How its webhooks are verified (e.g. 'HMAC-SHA256 of the body, X-Razorpay-Signature'). */
  webhook: string;
  /** The currencies it takes ('any' where the provider takes most). */
  currencies: readonly string[] | 'any';
  /** Its live API base URL (the double stands in for it in tests and the demo). */
  liveApi: string;
}

export interface ProviderAdapter {
  readonly name: ProviderName;
  readonly facts: AdapterFacts;
  /** Opens the payment at the provider, with the amount in the provider's units. */
  create(ctx: AdapterContext, session: PaymentSession, urls: PaymentUrls): Promise<HostedPayment>;
  /**
   * The customer came back: the verdict from the return's own signature where the provider signs it,
   * else from asking the provider (never from the address alone). A cancelled return of a payment
   * still open gives 'pending'; the kit then closes it where the provider can.
   */
  onReturn(ctx: AdapterContext, payment: ProviderPayment, input: ReturnInput): Promise<ProviderVerdict>;
  /** Asks the provider how a payment stands. */
  check(ctx: AdapterContext, payment: ProviderPayment): Promise<ProviderVerdict>;
  /** Closes a payment still open at the provider, so it can no longer be paid (where the provider can). */
  close?(ctx: AdapterContext, payment: ProviderPayment): Promise<void>;
  /** Reads a webhook, checking its signature first. */
  webhook(ctx: AdapterContext, input: WebhookInput): Promise<WebhookReading>;
  /** Gives the whole payment back (idempotent at the provider where it takes a key: keyed by the payment). */
  refund(ctx: AdapterContext, payment: ProviderPayment): Promise<void>;
}
