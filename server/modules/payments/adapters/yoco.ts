import type { ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { providerFetch, type ProviderRequest } from '../kit/http.ts';
import { header, hmac, sameSignature } from '../kit/signatures.ts';

/** A webhook signed longer ago than this (or this far ahead) is refused: Yoco recommends at most 3 minutes. */
const WEBHOOK_TOLERANCE_SECONDS = 3 * 60;
/** The query field our failure URL carries, so that a failed attempt is told apart from a cancel. */
const FAILURE_FIELD = 'yoco_result';

interface Checkout {
  id: string;
  redirectUrl: string;
  /** created, started, processing, completed (and expired once it lapsed). */
  status: string;
  paymentId: string | null;
  amount: number;
  currency: string;
}

function yoco<T>(ctx: AdapterContext, path: string, request: ProviderRequest = {}): Promise<T> {
  return providerFetch<T>('yoco', `${ctx.apiBase}${path}`, {
    ...request, headers: { authorization: `Bearer ${ctx.account.secretKey}`, ...request.headers },
  });
}

/** A checkout's status as ours. */
export function yocoVerdict(checkout: Pick<Checkout, 'status' | 'paymentId'>): ProviderVerdict {
  switch (checkout.status) {
    case 'completed':
      return { outcome: 'paid', providerPayment: checkout.paymentId ?? undefined };
    case 'expired':
    case 'cancelled':
      return { outcome: 'cancelled' };
    // created, started (a failed attempt leaves it started, and payable), processing.
    default:
      return { outcome: 'pending' };
  }
}

/**
 * The Standard Webhooks signature Yoco sends (webhook-signature `v1,<this>`): HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64 part of the `whsec_` secret, in base64.
 */
export function standardWebhookSignature(secret: string, id: string, timestamp: string, body: Buffer | string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  return hmac('sha256', key, Buffer.concat([Buffer.from(`${id}.${timestamp}.`), Buffer.isBuffer(body) ? body : Buffer.from(body)]), 'base64');
}

/** Whether a webhook's headers sign its body with `secret`, within the tolerance of `now`. */
export function verifyStandardWebhook(
  secret: string, headers: { id?: string | undefined; timestamp?: string | undefined; signature?: string | undefined }, body: Buffer | string, now: Date,
): boolean {
  const { id, timestamp, signature } = headers;
  if (!secret || !id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = standardWebhookSignature(secret, id, timestamp, body);
  // Several signatures may come, space-separated (while a secret is rotated); one of ours is enough.
  return signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    return version === 'v1' && sameSignature(value, expected);
  });
}

/**
 * Yoco's Checkout API through its REST API (Yoco has no Node SDK): POST /api/checkouts per attempt
 * with the amount in cents (ZAR), our session id in the metadata and the way back as successUrl,
 * cancelUrl and failureUrl (the latter marked, so that a failed attempt is told from a cancel), with an
 * Idempotency-Key per session; the customer goes to its redirectUrl. Yoco's return carries nothing, so
 * the checkout is asked (GET /api/checkouts/:id): completed → paid; back through the failure or cancel
 * URL while it is still open → failed or cancelled (a checkout cannot be closed: it lapses, and a later
 * payment is refunded). Webhooks (payment.succeeded, naming the checkout in metadata.checkoutId) are
 * signed by the Standard Webhooks scheme: webhook-signature `v1,` HMAC-SHA256 over id, timestamp and
 * body with the whsec_ secret, within 3 minutes. A refund (POST /api/checkouts/:id/refund, Yoco refunds
 * the whole amount) carries an Idempotency-Key per payment, so it is made once.
 */
export const yocoAdapter: ProviderAdapter = {
  name: 'yoco',
  facts: {
    integration: { kind: 'rest', api: 'Checkout API' },
    page: 'hosted page',
    webhook: 'Standard Webhooks: webhook-signature v1, HMAC-SHA256 of id.timestamp.body with the whsec_ secret',
    currencies: ['ZAR'],
    liveApi: 'https://payments.yoco.com',
  },
  async create(ctx, session, { back }) {
    const failure = new URL(back('cancel'));
    failure.searchParams.set(FAILURE_FIELD, 'failure');
    const checkout = await yoco<Checkout>(ctx, '/api/checkouts', {
      headers: { 'idempotency-key': `checkout-${session.sessionId}` },
      json: {
        amount: session.amountMinor,
        currency: session.currencyCode,
        successUrl: back('success'),
        cancelUrl: back('cancel'),
        failureUrl: failure.toString(),
        metadata: {
          sessionId: session.sessionId,
          description: session.orderId === null ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order #${session.orderId}`,
        },
      },
    });
    return { url: checkout.redirectUrl, ref: checkout.id };
  },
  async onReturn(ctx, payment, { result, params }) {
    const verdict = await yocoAdapter.check(ctx, payment);
    if (verdict.outcome !== 'pending') return verdict;
    // Back through the failure or cancel URL with the checkout still open: it is left to lapse.
    if (params[FAILURE_FIELD] === 'failure') return { outcome: 'failed' };
    return result === 'cancel' ? { outcome: 'cancelled' } : verdict;
  },
  async check(ctx, payment) {
    return yocoVerdict(await yoco<Checkout>(ctx, `/api/checkouts/${encodeURIComponent(payment.ref)}`));
  },
  async webhook(ctx, input) {
    const signed = verifyStandardWebhook(ctx.account.webhookSecret, {
      id: header(input.headers, 'webhook-id'),
      timestamp: header(input.headers, 'webhook-timestamp'),
      signature: header(input.headers, 'webhook-signature'),
    }, input.body, ctx.now());
    if (!signed) return { kind: 'forged' };
    let event: { type?: string; payload?: { id?: string; status?: string; metadata?: { checkoutId?: unknown } } };
    try {
      event = JSON.parse(input.body.toString('utf8')) as typeof event;
    } catch {
      return { kind: 'ignored' };
    }
    const checkoutId = event.payload?.metadata?.checkoutId;
    if (event.type !== 'payment.succeeded' || typeof checkoutId !== 'string') return { kind: 'ignored' };
    return { kind: 'event', ref: checkoutId, verdict: { outcome: 'paid', providerPayment: event.payload?.id } };
  },
  async refund(ctx, payment) {
    await yoco<unknown>(ctx, `/api/checkouts/${encodeURIComponent(payment.ref)}/refund`, {
      headers: { 'idempotency-key': `refund-${payment.ref}` },
      json: { metadata: { reason: 'Not taken by the store' } },
    });
  },
};
