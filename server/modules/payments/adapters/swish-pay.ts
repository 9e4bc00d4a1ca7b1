import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { ProviderHttpError } from '../kit/http.ts';
import { notifiedSession, signedNotifyUrl } from '../kit/signatures.ts';

/** Swish's production API (its Merchant Swish Simulator, for tests with Swish's test certificate, has an address of its own). */
const LIVE_API = 'https://cpc.getswish.net';
const API = '/swish-cpcapi/api';

/** A payment request as Swish answers it (GET, and the body of its callback). */
export interface SwishPaymentRequest {
  id: string;
  payeePaymentReference?: string | null;
  /** Swish's (the bank's) reference of the money taken, once paid: what a refund names. */
  paymentReference?: string | null;
  callbackUrl?: string;
  payeeAlias?: string;
  amount?: number | string;
  currency?: string;
  status: 'CREATED' | 'PAID' | 'DECLINED' | 'ERROR' | 'CANCELLED';
  errorCode?: string | null;
  errorMessage?: string | null;
}

/**
 * Errors that mean the customer never went through with it (they are ours "cancelled"): TM01 Swish timed
 * out before the payment was started, BANKIDCL the payer cancelled the BankID signing.
 */
const LEFT_UNPAID = new Set(['TM01', 'BANKIDCL']);

/** A payment request's state as ours. */
export function verdictOf(request: SwishPaymentRequest): ProviderVerdict {
  switch (request.status) {
    case 'PAID':
      return { outcome: 'paid', providerPayment: request.paymentReference ?? undefined };
    case 'DECLINED':
    case 'CANCELLED':
      return { outcome: 'cancelled' };
    case 'ERROR':
      return { outcome: request.errorCode && LEFT_UNPAID.has(request.errorCode) ? 'cancelled' : 'failed' };
    default:
      return { outcome: 'pending' };
  }
}

/** Swish's ids: 32 hex digits in upper case. Ours follow from the session, so a notification names its request. */
const instructionId = (seed: string) => createHash('sha256').update(seed).digest('hex').slice(0, 32).toUpperCase();
export const paymentRequestIdOf = (sessionId: string) => instructionId(`swish-pay:${sessionId}`);
const refundIdOf = (paymentRequestId: string) => instructionId(`swish-pay refund:${paymentRequestId}`);

/** The characters Swish takes in a message (at most 50); others become spaces. */
export function swishMessage(text: string): string {
  return text.replace(/[^a-zA-Z0-9åäöÅÄÖ :;.,?!()"'-]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 50);
}

/**
 * One request to the Swish API. Swish knows the merchant by mutual TLS: the account's public key holds
 * the merchant's client certificate (PEM, with its chain) and its secret key the certificate's private
 * key (PEM), presented on every HTTPS request. The local double is reached over plain HTTP, where no
 * certificate is presented. (The kit's providerFetch cannot present a client certificate or answer
 * the headers Swish puts its results in, hence node's own request here.)
 */
function swish<T>(ctx: AdapterContext, method: 'GET' | 'PUT' | 'PATCH', path: string, json?: unknown, headers: Record<string, string> = {}): Promise<{ headers: IncomingHttpHeaders; body: T }> {
  const url = new URL(`${ctx.apiBase}${path}`);
  const payload = json === undefined ? undefined : JSON.stringify(json);
  const secure = url.protocol === 'https:';
  const tls = secure && ctx.account.publicKey && ctx.account.secretKey ? { cert: ctx.account.publicKey, key: ctx.account.secretKey } : {};
  return new Promise((resolve, reject) => {
    const sent = (secure ? httpsRequest : httpRequest)(url, {
      method, timeout: 20_000, ...tls,
      headers: {
        accept: 'application/json', ...headers,
        ...(payload === undefined ? {} : { 'content-type': headers['content-type'] ?? 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
      },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('error', reject);
      response.on('end', () => {
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // Not JSON: kept as text for the error.
        }
        const status = response.statusCode ?? 0;
        if (status < 200 || status > 299) reject(new ProviderHttpError('swish-pay', status, body));
        else resolve({ headers: response.headers, body: body as T });
      });
    });
    sent.on('timeout', () => sent.destroy(new Error('Swish did not answer in time')));
    sent.on('error', reject);
    sent.end(payload);
  });
}

const paymentRequest = async (ctx: AdapterContext, id: string) =>
  (await swish<SwishPaymentRequest>(ctx, 'GET', `${API}/v1/paymentrequests/${encodeURIComponent(id)}`)).body;

const notFound = (error: unknown) => error instanceof ProviderHttpError && error.status === 404;

/**
 * Swish m-commerce through its REST API (Payment Request API v2, over mutual TLS with the merchant's
 * certificate): a payment request per attempt (PUT with our own instruction id, derived from the
 * session) of the amount in SEK as a major-unit string, to the merchant's Swish number (the account's
 * merchant id); Swish answers its PaymentRequestToken, with which the customer's device opens the
 * Swish app and pays there. The customer waits on the kit's page for a phone (start page `device`),
 * whose Open Swish link switches to the app on a phone, and which asks Swish until it answers; its
 * Cancel cancels the request (PATCH). A return is read by asking Swish (GET). Swish signs nothing of its callback (it is sent over TLS): it goes to our
 * notify URL with our own signature of the session in it, and the request is then asked about.
 * Refunds (PUT v2 refunds) carry an instruction id derived from the payment request, asked about first,
 * so a refund is made once.
 */
export const swishPayAdapter: ProviderAdapter = {
  name: 'swish-pay',
  facts: {
    integration: { kind: 'rest', api: 'Swish Commerce API v2 (payment requests, refunds)' },
    page: 'approve on the phone',
    webhook: 'unsigned callback: our HMAC-SHA256 of the session in its URL, then the payment request is fetched from Swish',
    currencies: ['SEK'],
    liveApi: LIVE_API,
  },
  async create(ctx, session, urls) {
    if (session.currencyCode !== 'SEK') throw new Error(`Swish takes SEK only, not ${session.currencyCode}`);
    const id = paymentRequestIdOf(session.sessionId);
    const { headers } = await swish(ctx, 'PUT', `${API}/v2/paymentrequests/${id}`, {
      payeePaymentReference: session.sessionId.slice(0, 35),
      callbackUrl: signedNotifyUrl(urls.notify, ctx.account.webhookSecret, session.sessionId),
      payeeAlias: ctx.account.merchantId,
      currency: 'SEK',
      amount: (session.amountMinor / 10 ** session.currencyExponent).toFixed(2),
      message: swishMessage(session.orderId === null ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order ${session.orderId}`),
    });
    // The customer approves in the Swish app (opened from our page on a phone), while our page waits and asks Swish.
    const token = headers.paymentrequesttoken;
    const open = typeof token === 'string'
      ? `swish://paymentrequest?token=${encodeURIComponent(token)}&callbackurl=${encodeURIComponent(urls.back('success'))}`
      : undefined;
    return { url: '', ref: id, start: { kind: 'device', app: 'Swish', ...(open ? { open } : {}) } };
  },
  async onReturn(ctx, payment) {
    // The app comes back with nothing in its address: Swish is asked.
    const verdict = await swishPayAdapter.check(ctx, payment);
    if (verdict.outcome !== 'pending') return verdict;
    // Back without paying: the request is cancelled so it can no longer be paid.
    await swishPayAdapter.close!(ctx, payment);
    const closed = await swishPayAdapter.check(ctx, payment);
    return closed.outcome === 'pending' ? { outcome: 'cancelled' } : closed;
  },
  async check(ctx, payment) {
    return verdictOf(await paymentRequest(ctx, payment.ref));
  },
  async close(ctx, payment) {
    const request = await paymentRequest(ctx, payment.ref);
    if (request.status !== 'CREATED') return;
    try {
      await swish(ctx, 'PATCH', `${API}/v1/paymentrequests/${payment.ref}`, [{ op: 'replace', path: '/status', value: 'cancelled' }], {
        'content-type': 'application/json-patch+json',
      });
    } catch (error) {
      // Paid or ended meanwhile: the caller asks again.
      if (!(error instanceof ProviderHttpError) || error.status >= 500) throw error;
    }
  },
  async webhook(ctx, input) {
    const session = notifiedSession(input.query, ctx.account.webhookSecret);
    if (!session) return { kind: 'forged' };
    // The body (the payment request, or a refund of it) is not trusted: the request is asked about.
    const ref = paymentRequestIdOf(session);
    try {
      return { kind: 'event', ref, verdict: await swishPayAdapter.check(ctx, { ref, providerPayment: null, amountMinor: 0 }) };
    } catch (error) {
      if (notFound(error)) return { kind: 'ignored' };
      throw error;
    }
  },
  async refund(ctx, payment) {
    if (!payment.providerPayment) throw new Error(`No payment to refund for Swish payment request ${payment.ref}`);
    const id = refundIdOf(payment.ref);
    try {
      await swish(ctx, 'GET', `${API}/v1/refunds/${id}`);
      return; // Made before.
    } catch (error) {
      if (!notFound(error)) throw error;
    }
    const original = await paymentRequest(ctx, payment.ref);
    await swish(ctx, 'PUT', `${API}/v2/refunds/${id}`, {
      originalPaymentReference: payment.providerPayment,
      payerPaymentReference: payment.ref,
      callbackUrl: original.callbackUrl,
      payerAlias: ctx.account.merchantId,
      amount: Number(original.amount ?? payment.amountMinor / 100).toFixed(2),
      currency: 'SEK',
      message: 'Refund: not taken by the store',
    });
  },
};
