/**
 * The ACI Open Payment Platform ("OPP", api hosts *.oppwa.com), which HyperPay and its mada entity run
 * on, through its REST API (v1, no official Node SDK): COPYandPAY. A checkout is prepared server to server
 * (POST /v1/checkouts: entityId, the amount as a major-unit decimal string with two decimals, currency,
 * paymentType DB, merchantTransactionId = our session id, shopperResultUrl = the way back; Bearer access
 * token); its id is the payment's provider_ref. The customer pays on the payment form page (the
 * merchant's page that loads paymentWidgets.js for the checkout) and comes back to the shopperResultUrl
 * with ?id=<checkout>&resourcePath=…, which is not signed: the adapter asks the platform
 * (GET /v1/checkouts/<its own ref>/payment?entityId=…, never the path the address names). Result codes
 * are read by the platform's documented patterns (success, success to review, pending, rejected).
 * Webhooks are encrypted, not signed: AES-256-GCM of the JSON body with the account's webhook secret
 * (64 hex), the IV and tag in X-Initialization-Vector / X-Authentication-Tag; a body that does not
 * decrypt is forged. A checkout cannot be closed (it lapses after 30 minutes), so a customer back
 * without paying is answered cancelled and a later payment is refunded by the kit. A refund
 * (POST /v1/payments/<id>, paymentType RF, the whole amount in the payment's currency) is made once:
 * the payment's linked refunds are read first (GET /v3/query/<id>?includeLinkedTransactions=true),
 * as the platform takes no idempotency key.
 *
 * The account: merchantId is the entity id, secretKey the access token, webhookSecret the webhook's
 * decryption key; publicKey is unused.
 */
import { createDecipheriv } from 'node:crypto';
import type { ProviderName } from '../../../../contract/rules/payment-providers.ts';
import type { PaymentOutcome, ProviderPayment, ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter, WebhookInput, WebhookReading } from '../kit/adapter.ts';
import { ProviderHttpError, providerFetch, type ProviderRequest } from '../kit/http.ts';
import { header } from '../kit/signatures.ts';

/**
 * The result code groups of the platform's "Result codes" reference, as its regular expressions: a
 * payment processed (and one processed but to be reviewed by hand, the money taken all the same), a
 * pending one (an open session that times out within half an hour; or one that can change for days).
 */
const SUCCESS = /^(000\.000\.|000\.100\.1|000\.[36])/;
const SUCCESS_REVIEW = /^(000\.400\.0[^3]|000\.400\.100)/;
const PENDING = /^(000\.200)/;
const PENDING_LONG = /^(800\.400\.5|100\.400\.500)/;
/** 100.396.104 "uncertain status - probably cancelled by user": it can still turn into a payment. */
const UNCERTAIN = /^100\.396\.104/;
/** Cancelled by the user, not confirmed by the user, a pending transaction timed out (async workflow). */
const CANCELLED = /^(100\.396\.10[123]|100\.397\.101)/;
/** "invalid or missing parameter": for a checkout's status, no payment session for it (lapsed, or unknown). */
export const NO_SESSION = '200.300.404';
/** "cannot refund (refund volume exceeded or tx reversed or invalid workflow?)". */
export const REFUND_VOLUME_EXCEEDED = '700.400.200';

/** What a result code says of a payment. */
export function outcomeOfCode(code: string): PaymentOutcome | 'pending' {
  if (SUCCESS.test(code) || SUCCESS_REVIEW.test(code)) return 'paid';
  if (PENDING.test(code) || PENDING_LONG.test(code) || UNCERTAIN.test(code)) return 'pending';
  if (CANCELLED.test(code)) return 'cancelled';
  return 'failed';
}

/** Whether a result code is a request processed (a refund made, a checkout created counts as pending). */
export function processed(code: string): boolean {
  return SUCCESS.test(code) || SUCCESS_REVIEW.test(code);
}

/**
 * An amount in minor units as the platform's decimal string, with two decimals ("12.50"); the API takes
 * no more decimals, so a three-decimal currency's amount must be a whole number of hundredths.
 */
export function majorAmount(minor: number, exponent: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`Not an amount in minor units: ${minor}`);
  let cents = minor;
  if (exponent > 2) {
    const step = 10 ** (exponent - 2);
    if (minor % step !== 0) throw new Error(`${minor} has more than two decimals in a currency of ${exponent}`);
    cents = minor / step;
  } else {
    cents = minor * 10 ** (2 - exponent);
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A decimal string amount ("12.50", "12") in hundredths; NaN when it is none. */
export function centsOf(amount: unknown): number {
  if (typeof amount !== 'string' || !/^[0-9]{1,12}(\.[0-9]{1,2})?$/.test(amount)) return Number.NaN;
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A payment (or a checkout's answer) as the platform gives it. */
export interface OppPayment {
  id?: string;
  paymentType?: string;
  amount?: string;
  currency?: string;
  referencedId?: string;
  merchantTransactionId?: string;
  ndc?: string;
  result?: { code?: string; description?: string };
}

/** An answer that carries a result (the platform answers rejected payments and parameter errors with 400). */
function hasResult(body: unknown): body is OppPayment {
  return typeof body === 'object' && body !== null && typeof (body as OppPayment).result?.code === 'string';
}

/**
 * A request whose answer is read whatever its result: a 400 that carries a result code is the platform's
 * answer (a rejected payment, no session), not a failure to reach it; 401, 403 and 5xx still throw.
 */
async function readResult(provider: string, url: string, request: ProviderRequest): Promise<OppPayment> {
  try {
    const body = await providerFetch<unknown>(provider, url, request);
    if (!hasResult(body)) throw new ProviderHttpError(provider, 200, body);
    return body;
  } catch (error) {
    if (error instanceof ProviderHttpError && error.status === 400 && hasResult(error.body)) return error.body;
    throw error;
  }
}

/** A payment's verdict from the platform's answer about it. */
export function verdictOfPayment(payment: OppPayment): ProviderVerdict {
  const code = payment.result?.code ?? '';
  if (code === NO_SESSION) return { outcome: 'cancelled' };
  const outcome = outcomeOfCode(code);
  return outcome === 'paid' ? { outcome, providerPayment: payment.id } : { outcome };
}

/** The hex string's bytes, or undefined when it is not an even run of hex digits. */
function hexBytes(value: string | undefined): Buffer | undefined {
  if (!value || value.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(value)) return undefined;
  return Buffer.from(value, 'hex');
}

/**
 * A webhook's body decrypted: AES-256-GCM with the webhook secret (64 hex digits) as the key, the IV and
 * the authentication tag from their headers (hex); the body is the hex ciphertext, or JSON
 * {"encryptedBody": "<hex>"} where the webhook is set to wrap it. Undefined when it does not decrypt.
 */
export function decryptWebhook(body: Buffer, headers: WebhookInput['headers'], secret: string): string | undefined {
  const key = /^[0-9a-fA-F]{64}$/.test(secret) ? Buffer.from(secret, 'hex') : undefined;
  const iv = hexBytes(header(headers, 'x-initialization-vector'));
  const tag = hexBytes(header(headers, 'x-authentication-tag'));
  let text = body.toString('utf8').trim();
  if (text.startsWith('{')) {
    try {
      const wrapped = JSON.parse(text) as { encryptedBody?: unknown };
      text = typeof wrapped.encryptedBody === 'string' ? wrapped.encryptedBody : '';
    } catch {
      return undefined;
    }
  }
  const cipherText = hexBytes(text);
  if (!key || !iv || !tag || tag.length !== 16 || !cipherText) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(cipherText), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

export interface OppwaOptions {
  name: ProviderName;
  /** The currencies the entity takes. */
  currencies: readonly string[];
  /** Its live API (the double stands in for it in tests and the demo). */
  liveApi: string;
  /** The card brands its payment form offers (data-brands). */
  brands: string;
}

/** The COPYandPAY adapter of a provider on the platform (HyperPay, HyperPay's mada entity). */
export function oppwaAdapter({ name, currencies, liveApi, brands }: OppwaOptions): ProviderAdapter {
  const auth = (ctx: AdapterContext) => ({ authorization: `Bearer ${ctx.account.secretKey}` });
  const entity = (ctx: AdapterContext) => encodeURIComponent(ctx.account.merchantId);

  const status = (ctx: AdapterContext, ref: string) => readResult(
    name, `${ctx.apiBase}/v1/checkouts/${encodeURIComponent(ref)}/payment?entityId=${entity(ctx)}`, { headers: auth(ctx) },
  );

  const adapter: ProviderAdapter = {
    name,
    facts: {
      integration: { kind: 'rest', api: 'OPP v1 (COPYandPAY)' },
      page: 'its form on our page',
      webhook: 'AES-256-GCM encrypted body with the webhook secret, X-Initialization-Vector and X-Authentication-Tag',
      currencies,
      liveApi,
    },
    async create(ctx, session, { back }) {
      if (!currencies.includes(session.currencyCode)) throw new Error(`${name} does not take ${session.currencyCode}`);
      const checkout = await providerFetch<OppPayment>(name, `${ctx.apiBase}/v1/checkouts`, {
        headers: auth(ctx),
        form: {
          entityId: ctx.account.merchantId,
          amount: majorAmount(session.amountMinor, session.currencyExponent),
          currency: session.currencyCode,
          paymentType: 'DB',
          merchantTransactionId: session.sessionId,
          shopperResultUrl: back('success'),
        },
      });
      const code = checkout.result?.code ?? '';
      if (!checkout.id || !PENDING.test(code)) throw new ProviderHttpError(name, 200, checkout);
      // COPYandPAY's payment form is the merchant's page: the kit's start page loads the platform's script for the checkout.
      return {
        url: '', ref: checkout.id,
        start: { kind: 'widget', script: `${ctx.apiBase}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(checkout.id)}`, brands },
      };
    },
    async onReturn(ctx, payment, { result, params }) {
      // The address only says which checkout came back; how it stands is asked of the platform, by our own ref.
      const verdict = await adapter.check(ctx, payment);
      if (verdict.outcome !== 'pending') return verdict;
      // Back without a payment (no checkout named, or by the way out): the checkout lapses unpaid.
      if (params.id !== payment.ref || result === 'cancel') return { outcome: 'cancelled' };
      return verdict;
    },
    async check(ctx, payment: ProviderPayment) {
      return verdictOfPayment(await status(ctx, payment.ref));
    },
    async webhook(ctx, input): Promise<WebhookReading> {
      const plain = decryptWebhook(input.body, input.headers, ctx.account.webhookSecret);
      if (plain === undefined) return { kind: 'forged' };
      let event: { type?: string; payload?: OppPayment };
      try {
        event = JSON.parse(plain) as typeof event;
      } catch {
        return { kind: 'ignored' };
      }
      const paid = event.payload;
      // Only debits settle a payment (refunds, registrations, schedules and risk events do not); ndc is the checkout.
      if (event.type !== 'PAYMENT' || !paid?.ndc || paid.paymentType !== 'DB' || typeof paid.result?.code !== 'string') return { kind: 'ignored' };
      return { kind: 'event', ref: paid.ndc, verdict: verdictOfPayment(paid) };
    },
    async refund(ctx, payment) {
      const paymentId = payment.providerPayment ?? (await adapter.check(ctx, payment)).providerPayment;
      if (!paymentId) throw new Error(`No payment to refund for ${name} checkout ${payment.ref}`);
      const id = encodeURIComponent(paymentId);
      const linked = await readResult(name, `${ctx.apiBase}/v3/query/${id}?entityId=${entity(ctx)}&includeLinkedTransactions=true`, { headers: auth(ctx) });
      const records = (linked as { payments?: OppPayment[] }).payments ?? [linked];
      const original = records.find((record) => record.id === paymentId);
      const amount = centsOf(original?.amount);
      if (!original?.currency || !Number.isFinite(amount)) throw new ProviderHttpError(name, 200, linked);
      const refunded = records
        .filter((record) => record.paymentType === 'RF' && (record.referencedId ?? paymentId) === paymentId && processed(record.result?.code ?? ''))
        .reduce((sum, record) => sum + (centsOf(record.amount) || 0), 0);
      if (refunded >= amount) return;
      const made = await readResult(name, `${ctx.apiBase}/v1/payments/${id}`, {
        headers: auth(ctx),
        form: { entityId: ctx.account.merchantId, amount: majorAmount(amount - refunded, 2), currency: original.currency, paymentType: 'RF' },
      });
      const code = made.result?.code ?? '';
      if (!processed(code) && !PENDING.test(code)) throw new ProviderHttpError(name, 400, made);
    },
  };
  return adapter;
}
