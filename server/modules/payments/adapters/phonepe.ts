import type { ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAccount, ProviderAdapter } from '../kit/adapter.ts';
import { ProviderHttpError, providerFetch } from '../kit/http.ts';
import { digest, header, sameSignature } from '../kit/signatures.ts';

/** PhonePe keeps the order payable this long (its expireAfter, 300 to 3600 seconds): our own 15 minutes. */
const ORDER_SECONDS = 15 * 60;
/** A token is renewed this long before PhonePe's expires_at. */
const TOKEN_MARGIN_MS = 60_000;

interface Token {
  value: string;
  expiresAt: number;
}
interface OAuthAnswer {
  access_token?: string;
  token_type?: string;
  expires_at?: number;
}
interface Attempt {
  transactionId?: string;
  state?: string;
  errorCode?: string;
  detailedErrorCode?: string;
}
/** The order status API's answer (and a webhook's payload). */
export interface PhonePeOrder {
  orderId?: string;
  merchantOrderId?: string;
  state?: string;
  amount?: number;
  errorCode?: string;
  detailedErrorCode?: string;
  paymentDetails?: Attempt[];
}

/** The O-Bearer token of an account, kept until shortly before it expires (one per account: tokens are the merchant's own). */
const tokens = new WeakMap<ProviderAccount, Token>();

/** The API's paths under the base: payments under /pg, the token under /identity-manager (as PhonePe's production hosts them). */
const pg = (ctx: AdapterContext, path: string) => `${ctx.apiBase}/pg${path}`;

async function token(ctx: AdapterContext): Promise<string> {
  const kept = tokens.get(ctx.account);
  if (kept && kept.expiresAt - TOKEN_MARGIN_MS > ctx.now().getTime()) return kept.value;
  const answer = await providerFetch<OAuthAnswer>('phonepe', `${ctx.apiBase}/identity-manager/v1/oauth/token`, {
    form: {
      client_id: ctx.account.publicKey,
      client_version: ctx.account.merchantId || '1',
      client_secret: ctx.account.secretKey,
      grant_type: 'client_credentials',
    },
  });
  if (!answer?.access_token) throw new ProviderHttpError('phonepe', 200, answer);
  const value = `${answer.token_type ?? 'O-Bearer'} ${answer.access_token}`;
  tokens.set(ctx.account, { value, expiresAt: (answer.expires_at ?? 0) * 1000 });
  return value;
}

/** One authorised call; a token PhonePe no longer takes (401) is fetched anew once. */
async function api<T>(ctx: AdapterContext, path: string, json?: unknown): Promise<T> {
  const send = async () => providerFetch<T>('phonepe', pg(ctx, path), { headers: { authorization: await token(ctx) }, ...(json === undefined ? {} : { json }) });
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ProviderHttpError) || error.status !== 401) throw error;
    tokens.delete(ctx.account);
    return send();
  }
}

/** The latest payment attempt of an order (PhonePe lists the latest last). */
const latest = (order: PhonePeOrder): Attempt | undefined => order.paymentDetails?.at(-1);

/** Whether a failed order or attempt was the customer's own cancelling. */
const cancelledBy = (...codes: Array<string | undefined>) => codes.some((code) => /CANCEL/i.test(code ?? ''));

/**
 * An order's state as ours: COMPLETED is paid (the money taken: the latest attempt's transaction id);
 * FAILED failed, or cancelled when its error says the customer cancelled; PENDING pending.
 */
export function verdictOf(order: PhonePeOrder): ProviderVerdict {
  const attempt = latest(order);
  if (order.state === 'COMPLETED') return { outcome: 'paid', providerPayment: attempt?.transactionId };
  if (order.state === 'FAILED') {
    return { outcome: cancelledBy(order.errorCode, order.detailedErrorCode, attempt?.errorCode, attempt?.detailedErrorCode) ? 'cancelled' : 'failed' };
  }
  return { outcome: 'pending' };
}

/**
 * What the customer's return says of an order: its verdict, except for an order still PENDING, where the
 * attempts tell: none (the customer left PhonePe's page without paying) is cancelled, a failed latest one
 * failed, one still in progress pending (its webhook settles it).
 */
export function returnVerdictOf(order: PhonePeOrder): ProviderVerdict {
  const verdict = verdictOf(order);
  if (verdict.outcome !== 'pending') return verdict;
  const attempt = latest(order);
  if (!attempt) return { outcome: 'cancelled' };
  if (attempt.state === 'FAILED') return { outcome: cancelledBy(attempt.errorCode, attempt.detailedErrorCode) ? 'cancelled' : 'failed' };
  return verdict;
}

/** The Authorization header PhonePe sends with each webhook: SHA-256 (hex) of "username:password" as configured on its dashboard. */
export function webhookAuthorization(usernameAndPassword: string): string {
  return digest('sha256', usernameAndPassword);
}

/**
 * PhonePe Standard Checkout through its documented REST API v2 (OAuth client credentials, checkout/v2/pay,
 * checkout/v2/order/{merchantOrderId}/status, payments/v2/refund). Not the official SDK
 * (@phonepe-pg/pg-sdk-node): its client is one per process (getInstance refuses a second merchant's
 * credentials) and it keeps its OAuth token in a static field shared by every client, so it cannot serve
 * each vendor's own account; nor can its base URLs be set. Not the older X-VERIFY API (v1), which PhonePe
 * has replaced by v2 for new merchants. An order is opened with our session id as merchantOrderId and the
 * amount in paise; the customer goes to PhonePe's page (the pay API's redirectUrl) and comes back to the
 * way back with nothing signed, so PhonePe is asked (the order status API). The webhook carries
 * Authorization: SHA-256 of the username:password configured for it on PhonePe's dashboard (the account's
 * webhook secret, as "username:password"); that credential does not cover the body, so a webhook that
 * carries it is read for the order it names and that order's state asked of PhonePe. PhonePe has no API to
 * close an order: it expires after expireAfter. A refund is made once: its merchantRefundId is the order's
 * own (PhonePe refuses a repeated one) and its status is looked up first. The account: publicKey the
 * client id, secretKey the client secret, merchantId the client version ('' for 1).
 */
export const phonepeAdapter: ProviderAdapter = {
  name: 'phonepe',
  facts: {
    integration: { kind: 'rest', api: 'PhonePe PG v2 (OAuth, Standard Checkout)' },
    page: 'hosted page',
    webhook: 'Authorization: SHA-256 of the dashboard username:password; the order then asked of PhonePe',
    currencies: ['INR'],
    liveApi: 'https://api.phonepe.com/apis',
  },
  async create(ctx, session, { back }) {
    const order = await api<{ orderId?: string; state?: string; redirectUrl?: string }>(ctx, '/checkout/v2/pay', {
      merchantOrderId: session.sessionId,
      amount: session.amountMinor,
      expireAfter: ORDER_SECONDS,
      metaInfo: { udf1: session.orderId === null ? 'wallet recharge' : `order ${session.orderId}`, udf2: String(session.vendorId) },
      paymentFlow: {
        type: 'PG_CHECKOUT',
        message: `${session.vendorName}: ${session.orderId === null ? 'wallet recharge' : `order #${session.orderId}`}`.slice(0, 100),
        merchantUrls: { redirectUrl: back('success') },
      },
    });
    if (!order?.redirectUrl) throw new ProviderHttpError('phonepe', 200, order);
    return { url: order.redirectUrl, ref: session.sessionId };
  },
  async onReturn(ctx, payment) {
    return returnVerdictOf(await api<PhonePeOrder>(ctx, `/checkout/v2/order/${encodeURIComponent(payment.ref)}/status?details=false`));
  },
  async check(ctx, payment) {
    return verdictOf(await api<PhonePeOrder>(ctx, `/checkout/v2/order/${encodeURIComponent(payment.ref)}/status?details=false`));
  },
  async webhook(ctx, input) {
    const secret = ctx.account.webhookSecret;
    if (!secret || !sameSignature(header(input.headers, 'authorization')?.toLowerCase(), webhookAuthorization(secret))) return { kind: 'forged' };
    let event: { event?: string; type?: string; payload?: PhonePeOrder };
    try {
      event = JSON.parse(input.body.toString('utf8')) as typeof event;
    } catch {
      return { kind: 'ignored' };
    }
    const name = (event.event ?? event.type ?? '').toLowerCase().replace(/_/g, '.');
    const ref = event.payload?.merchantOrderId;
    if (!ref || !/order\.(completed|failed)$/.test(name)) return { kind: 'ignored' };
    // The credential does not sign the body: the order it names is asked of PhonePe.
    return { kind: 'event', ref, verdict: await phonepeAdapter.check(ctx, { ref, providerPayment: null, amountMinor: 0 }) };
  },
  async refund(ctx, payment) {
    const merchantRefundId = `${payment.ref}-refund`;
    try {
      const known = await api<{ state?: string }>(ctx, `/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`);
      if (known.state === 'FAILED') throw new Error(`PhonePe failed refund ${merchantRefundId}: it needs the vendor's attention`);
      if (known.state) return;
    } catch (error) {
      // No refund by that id yet (PhonePe answers 4xx for an unknown one).
      if (!(error instanceof ProviderHttpError) || error.status >= 500) throw error;
    }
    await api(ctx, '/payments/v2/refund', { merchantRefundId, originalMerchantOrderId: payment.ref, amount: payment.amountMinor });
  },
};
