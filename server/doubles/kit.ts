/**
 * Local doubles of the payment providers, for tests and the demo: each answers the part of its
 * provider's API our adapter uses, in the provider's own shapes (amounts in its units, its ids, its
 * error answers), keeps the payments it opened, and shows a hosted page where a customer pays, fails
 * or cancels; it then sends the customer back as the provider does (a redirect with its query, or a
 * form post) and builds the webhooks the provider would send, signed by its scheme. Nothing here
 * reaches the internet. The server of all doubles is server.ts.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProviderName } from '../../contract/rules/payment-providers.ts';

export type DoubleStatus = 'open' | 'paid' | 'failed' | 'cancelled' | 'expired';

/** One payment as a double keeps it. */
export interface DoublePayment {
  /** The provider's id of the payment it hosts (what our adapter keeps as provider_ref). */
  ref: string;
  provider: ProviderName;
  /** The key the payment was opened with (the merchant). */
  key: string;
  /** In the provider's units, as it was asked (minor units, or major units for providers that take those). */
  amount: number;
  currency: string;
  status: DoubleStatus;
  /** The id of the money taken, once paid. */
  paymentId: string | null;
  /** Where the hosted page sends the customer after paying (and after failing, unless failUrl). */
  returnUrl: string;
  /** Where it sends the customer after cancelling (and failing, where the provider has one), if not returnUrl. */
  cancelUrl?: string;
  failUrl?: string;
  /** The merchant's own reference of the payment (ours: the session id), as the provider was given it. */
  reference: string;
  refunds: Array<{ id: string; amount: number }>;
  /** Anything else the provider keeps and answers about it. */
  extra: Record<string, unknown>;
  createdAt: number;
}

/**
 * Where a customer goes after pressing a button on the hosted page: a redirect, a form posted back, or
 * nowhere (`phone`: the page stands in for the customer's phone, and the customer's browser waits on
 * the merchant's own page, which asks the provider).
 */
export type PageExit = { redirect: string } | { post: string; fields: Record<string, string> } | { phone: true };

/** A webhook as the provider sends it. */
export interface DoubleWebhook {
  body: string;
  headers: Record<string, string>;
  /** Query parameters the provider adds to the endpoint's URL, if any. */
  query?: Record<string, string>;
}

/** A request to a double, its body read and parsed (JSON or form). */
export interface DoubleRequest {
  method: string;
  /** The path under the provider's prefix, e.g. /v1/payment_links. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  raw: string;
  /** The body as JSON or a form, or {} when it is neither. */
  body: Record<string, unknown>;
}

export interface DoubleAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** What every provider's double is. */
export interface ProviderDouble {
  readonly name: ProviderName;
  /** A merchant account the double takes (the keys' shapes as the provider's test keys), for tests and the demo. */
  readonly testAccount: { publicKey: string; secretKey: string; webhookSecret: string; merchantId: string };
  /** A currency the provider takes, for tests. */
  readonly testCurrency: string;
  /** Whether the provider's amounts are in minor units (cents, paise) or major ones (12.50); the hosted page shows major ones. */
  readonly amountUnits: 'minor' | 'major';
  /** Answers an API request under /<name>; undefined when no route matches (404). */
  handle(request: DoubleRequest, store: DoubleStore): Promise<DoubleAnswer | undefined> | DoubleAnswer | undefined;
  /** The customer pressed a button on the hosted page: the payment changes (done by the store) and the customer goes on. */
  exit(payment: DoublePayment, action: 'pay' | 'fail' | 'cancel', store: DoubleStore): PageExit;
  /**
   * The webhook the provider sends now about this payment, signed with `secret` (the account's webhook
   * secret, or its secret key where the provider signs with that). A provider that does not sign its
   * notifications sends them to the notify URL it was given (with our signature in its query, see
   * signedNotifyUrl); with any `secret` other than its test account's, the double alters that
   * signature, as a forger without the secret would send it.
   */
  webhook(payment: DoublePayment, secret: string, store: DoubleStore): DoubleWebhook;
}

/** The payments of all doubles, and the hosted page's address. */
export class DoubleStore {
  readonly payments = new Map<string, DoublePayment>();
  /** Requests answered by each double, e.g. 'razorpay POST /v1/payment_links', for tests to read. */
  readonly log: string[] = [];
  private failures = 0;
  base = '';

  /** A new id in the provider's style, e.g. id('plink_') → plink_3f0c…. */
  id(prefix: string, bytes = 8): string {
    return `${prefix}${randomBytes(bytes).toString('hex')}`;
  }

  /** Opens a payment (status open) and answers it. */
  open(payment: Omit<DoublePayment, 'status' | 'paymentId' | 'refunds' | 'createdAt' | 'extra'> & { extra?: Record<string, unknown> }): DoublePayment {
    const opened: DoublePayment = { ...payment, status: 'open', paymentId: null, refunds: [], extra: payment.extra ?? {}, createdAt: Date.now() };
    this.payments.set(opened.ref, opened);
    return opened;
  }

  /** The page where a customer pays the payment `ref` of `provider`. */
  pageUrl(provider: ProviderName, ref: string): string {
    return `${this.base}/${provider}/checkout/${encodeURIComponent(ref)}`;
  }

  find(provider: ProviderName, ref: string): DoublePayment | undefined {
    const payment = this.payments.get(ref);
    return payment?.provider === provider ? payment : undefined;
  }

  /** The first payment of `provider` whose merchant reference (our session id) is `reference`. */
  byReference(provider: ProviderName, reference: string): DoublePayment | undefined {
    for (const payment of this.payments.values()) if (payment.provider === provider && payment.reference === reference) return payment;
    return undefined;
  }

  /** Acts as the customer on the hosted page: an open payment is paid, failed or cancelled. */
  settle(payment: DoublePayment, action: 'pay' | 'fail' | 'cancel'): void {
    if (payment.status !== 'open') return;
    payment.status = action === 'pay' ? 'paid' : action === 'fail' ? 'failed' : 'cancelled';
    if (action === 'pay') payment.paymentId = this.id('pay_', 10);
  }

  /** The next `count` API requests answer 500, as a provider having a bad moment. */
  failNext(count: number): void {
    this.failures = count;
  }

  /** Whether this request is to fail (counting down). */
  takeFailure(): boolean {
    if (this.failures <= 0) return false;
    this.failures -= 1;
    return true;
  }
}

/** Reads a request's body as text. */
export function readBody(request: IncomingMessage, limit = 1 << 20): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > limit) request.destroy(new Error('body too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** Sends an answer: as JSON, unless its headers name another type and its body is text (a page, a script). */
export function sendJson(response: ServerResponse, answer: DoubleAnswer): void {
  const headers = { 'content-type': 'application/json', ...answer.headers };
  response.writeHead(answer.status, headers);
  const raw = typeof answer.body === 'string' && !headers['content-type'].includes('json');
  response.end(raw ? answer.body as string : JSON.stringify(answer.body));
}

/** The bearer token or basic-auth user of a request, the provider's key (undefined when none). */
export function credentials(headers: IncomingMessage['headers']): { user: string; password: string } | undefined {
  const value = headers.authorization;
  if (!value) return undefined;
  const [scheme, token = ''] = value.split(' ', 2);
  if (scheme?.toLowerCase() === 'bearer') return { user: token, password: '' };
  if (scheme?.toLowerCase() !== 'basic') return undefined;
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Adds query parameters to a URL. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}

/** The address a page exit sends the browser to (a redirect's, or the form's); a phone exit sends it nowhere. */
export function exitUrl(exit: PageExit): string {
  if ('redirect' in exit) return exit.redirect;
  if ('post' in exit) return exit.post;
  throw new Error('The page stands in for a phone: the browser goes nowhere');
}
