import Stripe from 'stripe';
import type { ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { header } from '../kit/signatures.ts';

/** Stripe keeps a Checkout Session open at least this long; a payment made after our own 15 minutes is refunded. */
export const STRIPE_SESSION_MINUTES = 30;

/** The SDK's options for an API base other than Stripe's own (a local double): host, port and protocol. */
function endpointOf(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } | undefined {
  const parsed = new URL(apiBase);
  if (parsed.hostname === 'api.stripe.com') return undefined;
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: Number(parsed.port) || (protocol === 'http' ? 80 : 443), protocol };
}

/** One SDK per account (kept while the account is: accounts.ts keeps it a minute). */
const clients = new WeakMap<AdapterContext['account'], Stripe>();
function client(ctx: AdapterContext): Stripe {
  let stripe = clients.get(ctx.account);
  if (!stripe) {
    // No retries of our own making beyond the SDK's (requests carry idempotency keys).
    stripe = new Stripe(ctx.account.secretKey, { ...endpointOf(ctx.apiBase), maxNetworkRetries: 1, timeout: 20_000, telemetry: false });
    clients.set(ctx.account, stripe);
  }
  return stripe;
}

/** The id of the money taken in a session, whatever the SDK expanded. */
function paymentIntentOf(session: Stripe.Checkout.Session): string | undefined {
  const intent = session.payment_intent;
  if (!intent) return undefined;
  return typeof intent === 'string' ? intent : intent.id;
}

/** What a Checkout Session says of its payment. */
export function verdictOf(session: Stripe.Checkout.Session): ProviderVerdict {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
    return { outcome: 'paid', providerPayment: paymentIntentOf(session) };
  }
  if (session.status === 'expired') return { outcome: 'cancelled' };
  return { outcome: 'pending' };
}

/** The Checkout Session events that settle a payment, and what each says. */
function verdictOfEvent(event: Stripe.Event): { session: Stripe.Checkout.Session; verdict: ProviderVerdict } | undefined {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      return { session: event.data.object, verdict: verdictOf(event.data.object) };
    case 'checkout.session.async_payment_failed':
      return { session: event.data.object, verdict: { outcome: 'failed' } };
    default:
      return undefined;
  }
}

/**
 * Stripe Checkout through the official SDK: a Checkout Session per attempt (its id is the payment's
 * provider_ref; our session id as client_reference_id and in the metadata), the customer sent to
 * Stripe's page and back, where Stripe is asked how the session stands. The webhook (signed with the
 * endpoint's secret, `Stripe-Signature`, checked by the SDK's constructEvent over the raw body)
 * settles it as well; whichever comes first counts. Refunds of the payment intent carry an idempotency key.
 */
export const stripeAdapter: ProviderAdapter = {
  name: 'stripe',
  facts: {
    integration: { kind: 'sdk', package: 'stripe' },
    page: 'hosted page',
    webhook: 'Stripe-Signature (HMAC-SHA256 over timestamp and body), by the SDK\'s constructEvent',
    currencies: 'any',
    liveApi: 'https://api.stripe.com',
  },
  async create(ctx, session, { back }) {
    const expiresAt = Math.floor(ctx.now().getTime() / 1000) + STRIPE_SESSION_MINUTES * 60 + 60;
    const created = await client(ctx).checkout.sessions.create({
      mode: 'payment',
      line_items: [{
        quantity: 1,
        price_data: {
          currency: session.currencyCode.toLowerCase(),
          unit_amount: session.amountMinor,
          product_data: { name: session.orderId === null ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order #${session.orderId}` },
        },
      }],
      client_reference_id: session.sessionId,
      metadata: { session_id: session.sessionId },
      success_url: back('success'),
      cancel_url: back('cancel'),
      expires_at: expiresAt,
    }, { idempotencyKey: `session-${session.sessionId}` });
    if (!created.url) throw new Error(`Stripe gave no page for checkout session ${created.id}`);
    return { url: created.url, ref: created.id };
  },
  // Stripe's return carries nothing signed: Stripe is asked.
  onReturn: (ctx, payment) => stripeAdapter.check(ctx, payment),
  async check(ctx, payment) {
    return verdictOf(await client(ctx).checkout.sessions.retrieve(payment.ref));
  },
  async close(ctx, payment) {
    const stripe = client(ctx);
    const session = await stripe.checkout.sessions.retrieve(payment.ref);
    if (session.status === 'open') await stripe.checkout.sessions.expire(payment.ref);
  },
  async webhook(ctx, input) {
    const signature = header(input.headers, 'stripe-signature');
    if (!signature) return { kind: 'forged' };
    let event: Stripe.Event;
    try {
      event = client(ctx).webhooks.constructEvent(input.body, signature, ctx.account.webhookSecret);
    } catch {
      return { kind: 'forged' };
    }
    const settling = verdictOfEvent(event);
    return settling ? { kind: 'event', ref: settling.session.id, verdict: settling.verdict } : { kind: 'ignored' };
  },
  async refund(ctx, payment) {
    if (!payment.providerPayment) throw new Error(`No payment to refund for Stripe session ${payment.ref}`);
    await client(ctx).refunds.create({ payment_intent: payment.providerPayment, amount: payment.amountMinor }, { idempotencyKey: `refund-${payment.ref}` });
  },
};
