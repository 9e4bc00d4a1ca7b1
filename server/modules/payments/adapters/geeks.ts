import type { ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { providerFetch, ProviderHttpError, type ProviderRequest } from '../kit/http.ts';
import { hmac, sameSignature } from '../kit/signatures.ts';

/** A checkout session as 4Geeks answers it (GET /v1/payments/session/:id). */
export interface GeeksSession {
  session_id: string;
  status?: string;
  /** The payment made in it, once there is one. */
  payment_id?: string | null;
  payment_status?: string | null;
}
/** A payment as 4Geeks answers it (GET /v1/payments/:id). */
interface GeeksPayment {
  id: string;
  status: string;
  session_id?: string | null;
}
interface GeeksRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
}

/**
 * The states of a session and of its payment. 4Geeks' reference does not list them: these are the
 * words its API and the payment processor under it use (succeeded/completed, failed, expired…).
 */
const PAID = new Set(['succeeded', 'paid', 'completed', 'complete']);
const FAILED = new Set(['failed', 'declined']);
const ENDED = new Set(['expired', 'cancelled', 'canceled']);

/** A checkout session's state as ours. */
export function verdictOf(session: GeeksSession): ProviderVerdict {
  const status = session.status?.toLowerCase() ?? '';
  const paymentStatus = session.payment_status?.toLowerCase() ?? '';
  if (PAID.has(paymentStatus) || (PAID.has(status) && !paymentStatus)) return { outcome: 'paid', providerPayment: session.payment_id ?? undefined };
  if (ENDED.has(status)) return { outcome: 'cancelled' };
  if (FAILED.has(status)) return { outcome: 'failed' };
  return { outcome: 'pending' };
}

/**
 * 4Geeks documents no signature for its notifications and takes no notify URL per payment: the
 * vendor's endpoint is entered once in the 4Geeks console with this query, our own signature (with
 * the account's webhook secret) of the provider.
 */
export function consoleWebhookQuery(secret: string): { sig: string } {
  return { sig: hmac('sha256', secret, 'notify:geeks') };
}

/** A request to the 4Geeks API with the account's secret key. */
function geeks<T>(ctx: AdapterContext, path: string, request: ProviderRequest = {}): Promise<T> {
  return providerFetch<T>('geeks', `${ctx.apiBase}${path}`, { ...request, headers: { 'x-api-key': ctx.account.secretKey, ...request.headers } });
}

const session = (ctx: AdapterContext, id: string) => geeks<GeeksSession>(ctx, `/v1/payments/session/${encodeURIComponent(id)}`);

/** The session a notification names, wherever its body carries it (4Geeks does not publish the body). */
function sessionNamed(event: unknown): string | undefined {
  const layers = [event, (event as { data?: unknown } | null)?.data, (event as { data?: { object?: unknown } } | null)?.data?.object];
  for (const layer of layers) {
    const id = (layer as { session_id?: unknown } | null | undefined)?.session_id;
    if (typeof id === 'string' && id) return id;
  }
  return undefined;
}

/**
 * 4Geeks Payments (api.4geeks.io, the spec's "geeks": 4Geeks, with the digit left off) through its
 * REST API (v1; it has no Node SDK): a checkout session per attempt (POST /v1/payments/session, the
 * amount a major-unit decimal string) whose checkout_url is the hosted page; the page sends the
 * customer back to return_url with id_payment added, unsigned, so the session is asked about (GET);
 * a failed attempt is read from the payment it names, when it is this session's. 4Geeks cannot close a
 * session: one still open when the customer comes back is left to lapse and answered cancelled (paid
 * later, it is refunded). Its notifications are taken at the endpoint entered in its console with our
 * own signature in the query (consoleWebhookQuery); the session they name is then asked about. A refund
 * (POST /v1/refunds, the whole payment) is made once: the account's refunds are looked through first,
 * as 4Geeks takes no idempotency key.
 */
export const geeksAdapter: ProviderAdapter = {
  name: 'geeks',
  facts: {
    integration: { kind: 'rest', api: '4Geeks Payments API v1' },
    page: 'hosted page',
    webhook: 'unsigned: our HMAC-SHA256 in the endpoint URL entered in the 4Geeks console, then the session is fetched from 4Geeks',
    currencies: ['USD', 'CRC', 'EUR', 'CAD'],
    liveApi: 'https://api.4geeks.io',
  },
  async create(ctx, payment, { back }) {
    const created = await geeks<{ session_id: string; checkout_url: string }>(ctx, '/v1/payments/session', {
      json: {
        amount: (payment.amountMinor / 10 ** payment.currencyExponent).toFixed(payment.currencyExponent),
        currency: payment.currencyCode,
        return_url: back('success'),
        description: payment.orderId === null ? `${payment.vendorName}: wallet recharge` : `${payment.vendorName}: order #${payment.orderId}`,
        items: [payment.orderId === null ? 'Wallet recharge' : `Order #${payment.orderId}`],
      },
    });
    return { url: created.checkout_url, ref: created.session_id };
  },
  async onReturn(ctx, payment, { params }) {
    const verdict = await geeksAdapter.check(ctx, payment);
    if (verdict.outcome !== 'pending') return verdict;
    // Back without paying: an attempt that failed is this session's payment, asked about; else the customer left.
    if (params.id_payment) {
      try {
        const attempt = await geeks<GeeksPayment>(ctx, `/v1/payments/${encodeURIComponent(params.id_payment)}`);
        if (attempt.session_id === payment.ref && FAILED.has(attempt.status.toLowerCase())) return { outcome: 'failed' };
      } catch (error) {
        if (!(error instanceof ProviderHttpError) || error.status >= 500) throw error;
      }
    }
    return { outcome: 'cancelled' };
  },
  async check(ctx, payment) {
    return verdictOf(await session(ctx, payment.ref));
  },
  async webhook(ctx, input) {
    const secret = ctx.account.webhookSecret;
    if (!secret || !sameSignature(input.query.sig, consoleWebhookQuery(secret).sig)) return { kind: 'forged' };
    let event: unknown;
    try {
      event = JSON.parse(input.body.toString('utf8'));
    } catch {
      return { kind: 'ignored' };
    }
    const ref = sessionNamed(event);
    if (!ref) return { kind: 'ignored' };
    // The body is not trusted: the session it names is asked about.
    try {
      return { kind: 'event', ref, verdict: verdictOf(await session(ctx, ref)) };
    } catch (error) {
      if (error instanceof ProviderHttpError && error.status === 404) return { kind: 'ignored' };
      throw error;
    }
  },
  async refund(ctx, payment) {
    if (!payment.providerPayment) throw new Error(`No payment to refund for 4Geeks session ${payment.ref}`);
    for (let offset = 0; ; offset += 100) {
      const page = await geeks<{ items: GeeksRefund[]; total_items: number }>(ctx, `/v1/refunds?limit=100&offset=${offset}`);
      if (page.items.some((refund) => refund.payment_id === payment.providerPayment && !FAILED.has(refund.status.toLowerCase()))) return;
      if (page.items.length === 0 || offset + page.items.length >= page.total_items) break;
    }
    await geeks(ctx, '/v1/refunds', { json: { payment_id: payment.providerPayment, reason: 'requested_by_customer' } });
  },
};
