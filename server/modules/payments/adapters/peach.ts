import { createHash, randomUUID } from 'node:crypto';
import type { ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter, WebhookReading } from '../kit/adapter.ts';
import { ProviderHttpError, providerFetch, type ProviderRequest } from '../kit/http.ts';
import { header, hmac, sameSignature } from '../kit/signatures.ts';
import { centsOf, majorAmount, outcomeOfCode, processed, REFUND_VOLUME_EXCEEDED } from './oppwa.ts';

/**
 * The Checkout signature: HMAC-SHA256, keyed with the secret token, over every other field (empty ones
 * too) sorted by name and joined as name + value with no separators; lowercase hex.
 */
export function peachSignature(fields: Readonly<Record<string, string>>, secret: string): string {
  return hmac('sha256', secret, peachSignedText(fields));
}

/** The text the Checkout signature is made over: the fields but the signature, sorted by name, as name + value. */
export function peachSignedText(fields: Readonly<Record<string, string>>): string {
  return Object.keys(fields).filter((name) => name !== 'signature').sort().map((name) => `${name}${fields[name]}`).join('');
}

/** Whether fields carry a signature of theirs made with the secret token. */
export function signedByPeach(fields: Readonly<Record<string, string>>, secret: string): boolean {
  return Boolean(secret) && sameSignature(fields.signature, peachSignature(fields, secret));
}

/** Our merchantTransactionId for a session: Checkout takes 8 to 16 characters (letters and digits for some acquirers). */
export function merchantTransactionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 16);
}

/** A Checkout answer, webhook or return: flat fields with dotted names ("result.code"). */
type Fields = Record<string, string>;

/** The result code of an answer, whether flat ("result.code") or nested ({ result: { code } }). */
function codeOf(answer: Record<string, unknown>): string {
  const flat = answer['result.code'];
  if (typeof flat === 'string') return flat;
  const nested = (answer.result as { code?: unknown } | undefined)?.code;
  return typeof nested === 'string' ? nested : '';
}

/** What a Checkout result says of the payment, with the payment's id when it was taken. */
export function verdictOfCheckout(code: string, paymentId: string | undefined): ProviderVerdict {
  const outcome = outcomeOfCode(code);
  return outcome === 'paid' ? { outcome, providerPayment: paymentId } : { outcome };
}

/**
 * Where each call goes, from the API base: the Checkout endpoint itself (live https://secure.peachpayments.com/checkout,
 * as Peach gives it), where POST /initiate opens a Checkout; the host's root beside it (GET /status); and the
 * API host (api. / testapi. beside secure. / testsecure.) for refunds. A double answers all three under its base.
 */
function endpoints(apiBase: string): { checkout: string; root: string; api: string } {
  const root = apiBase.replace(/\/checkout$/, '');
  const host = new URL(root).hostname;
  const api = host === 'secure.peachpayments.com' ? 'https://api.peachpayments.com'
    : host === 'testsecure.peachpayments.com' ? 'https://testapi.peachpayments.com' : root;
  return { checkout: apiBase, root, api };
}

/** The answer of a signed request, whatever its HTTP status, where it carries a result (a refused refund answers 400). */
async function readAnswer(url: string, request: ProviderRequest): Promise<Record<string, unknown>> {
  try {
    return await providerFetch<Record<string, unknown>>('peach', url, request);
  } catch (error) {
    if (error instanceof ProviderHttpError && error.status === 400 && typeof error.body === 'object' && error.body && codeOf(error.body as Record<string, unknown>)) {
      return error.body as Record<string, unknown>;
    }
    throw error;
  }
}

/**
 * The latest Checkout of our merchantTransactionId, its answer's signature checked where it carries one;
 * the fields themselves, where the answer wraps them (redirect_post_data).
 */
async function statusOf(ctx: AdapterContext, ref: string): Promise<Record<string, unknown>> {
  const query: Fields = { 'authentication.entityId': ctx.account.merchantId, merchantTransactionId: ref };
  query.signature = peachSignature(query, ctx.account.secretKey);
  const answer = await providerFetch<Record<string, unknown>>('peach', `${endpoints(ctx.apiBase).root}/status?${new URLSearchParams(query)}`);
  const flat = Object.values(answer).every((value) => typeof value === 'string');
  if (flat && typeof answer.signature === 'string' && !signedByPeach(answer as Fields, ctx.account.secretKey)) {
    throw new ProviderHttpError('peach', 200, { error: 'The status answer is not signed with the secret token' });
  }
  const nested = answer.redirect_post_data;
  return typeof nested === 'object' && nested !== null ? nested as Record<string, unknown> : answer;
}

/**
 * Peach Payments Hosted Checkout (V1, redirect-based) through its REST API (no official Node SDK):
 * POST /checkout/initiate with the signed fields (authentication.entityId, amount as a two-decimal
 * major-unit string, currency, paymentType DB, merchantTransactionId derived from our session id and
 * kept as the payment's provider_ref, a nonce, shopperResultUrl = the way back, notificationUrl = the
 * vendor's webhook endpoint) answers the hosted page's redirectUrl. Every request and answer is signed
 * by the Checkout scheme (peachSignature, with the secret token). The customer comes back by a form POST
 * of the signed result fields (the same as the webhook's): a valid signature for this payment, with its
 * amount, gives the verdict; otherwise Peach is asked (GET /status by merchantTransactionId). Webhooks
 * are form posts signed the same way. A Checkout cannot be closed by the API (it lapses after 30
 * minutes): a customer back without paying is answered cancelled. A refund (POST /v1/checkout/refund,
 * RF for the whole amount, on the API host) is made once: Peach takes no idempotency key and refuses a
 * refund beyond what was paid (700.400.200), which is taken as the refund already made.
 *
 * The account: merchantId is the Checkout entity id, secretKey the secret token (which signs the
 * webhooks too: webhookSecret stays empty); publicKey is unused. Checkout V2 and the newer
 * Orchestration take OAuth client credentials as well, which an account here does not hold.
 */
export const peachAdapter: ProviderAdapter = {
  name: 'peach',
  facts: {
    integration: { kind: 'rest', api: 'Hosted Checkout V1 (redirect-based)' },
    page: 'hosted page',
    webhook: 'signature field: HMAC-SHA256 with the secret token over the sorted form fields; the return signed the same way',
    currencies: ['ZAR', 'USD', 'EUR', 'GBP', 'KES', 'MUR'],
    liveApi: 'https://secure.peachpayments.com/checkout',
  },
  async create(ctx, session, { back, notify }) {
    if (session.currencyExponent !== 2) throw new Error(`Peach Checkout takes two-decimal currencies, not ${session.currencyCode}`);
    const ref = merchantTransactionId(session.sessionId);
    const fields: Fields = {
      'authentication.entityId': ctx.account.merchantId,
      amount: majorAmount(session.amountMinor, session.currencyExponent),
      currency: session.currencyCode,
      paymentType: 'DB',
      merchantTransactionId: ref,
      nonce: randomUUID(),
      shopperResultUrl: back('success'),
      notificationUrl: notify,
    };
    fields.signature = peachSignature(fields, ctx.account.secretKey);
    // Checkout is initiated only from a domain allowlisted in the dashboard, named by Referer and Origin.
    const origin = new URL(session.baseUrl).origin;
    const started = await providerFetch<{ redirectUrl?: string }>('peach', `${endpoints(ctx.apiBase).checkout}/initiate`, {
      json: fields, headers: { referer: `${origin}/`, origin },
    });
    if (typeof started.redirectUrl !== 'string' || !/^https?:\/\//.test(started.redirectUrl)) throw new ProviderHttpError('peach', 200, started);
    return { url: started.redirectUrl, ref };
  },
  async onReturn(ctx, payment, { params }) {
    const fields: Fields = { ...params };
    delete fields.result; // our way back's own query field, not one of Peach's
    const code = fields['result.code'] ?? '';
    const signed = signedByPeach(fields, ctx.account.secretKey) && fields.merchantTransactionId === payment.ref
      && centsOf(fields.amount) === payment.amountMinor;
    if (signed && code) {
      const verdict = verdictOfCheckout(code, fields.id);
      if (verdict.outcome !== 'pending' || code.startsWith('000.200')) return verdict;
    }
    const verdict = await peachAdapter.check(ctx, payment);
    // Back without a payment made (or its outcome uncertain): the Checkout lapses unpaid.
    return verdict.outcome === 'pending' ? { outcome: 'cancelled' } : verdict;
  },
  async check(ctx, payment) {
    const fields = await statusOf(ctx, payment.ref);
    const code = codeOf(fields);
    if (!code) throw new ProviderHttpError('peach', 200, fields);
    return verdictOfCheckout(code, typeof fields.id === 'string' ? fields.id : undefined);
  },
  async webhook(ctx, input): Promise<WebhookReading> {
    const text = input.body.toString('utf8');
    if (!String(header(input.headers, 'content-type')).includes('application/x-www-form-urlencoded')) {
      // The first notification after a webhook is set up is JSON, to check the endpoint: acknowledged, it settles nothing.
      return { kind: 'ignored' };
    }
    const fields: Fields = Object.fromEntries(new URLSearchParams(text));
    if (!signedByPeach(fields, ctx.account.webhookSecret || ctx.account.secretKey)) return { kind: 'forged' };
    const ref = fields.merchantTransactionId;
    const code = fields['result.code'];
    // Debits settle a payment; refunds (RF) and the like do not.
    if (!ref || !code || (fields.paymentType && fields.paymentType !== 'DB')) return { kind: 'ignored' };
    return { kind: 'event', ref, verdict: verdictOfCheckout(code, fields.id) };
  },
  async refund(ctx, payment) {
    const answer = await statusOf(ctx, payment.ref);
    const currency = typeof answer.currency === 'string' ? answer.currency : '';
    const paymentId = payment.providerPayment ?? (typeof answer.id === 'string' ? answer.id : undefined);
    if (!paymentId || !/^[A-Z]{3}$/.test(currency)) throw new Error(`No payment to refund for Peach checkout ${payment.ref}`);
    const fields: Fields = {
      'authentication.entityId': ctx.account.merchantId,
      amount: majorAmount(payment.amountMinor, 2),
      currency,
      id: paymentId,
      paymentType: 'RF',
    };
    fields.signature = peachSignature(fields, ctx.account.secretKey);
    const made = await readAnswer(`${endpoints(ctx.apiBase).api}/v1/checkout/refund`, { form: fields });
    const code = codeOf(made);
    if (processed(code) || code.startsWith('000.200') || code === REFUND_VOLUME_EXCEEDED) return;
    throw new ProviderHttpError('peach', 400, made);
  },
};
