import Stripe from 'stripe';
import { signLink } from './link-token.ts';
import type { PaymentProvider, PaymentSession, ProviderPayment, ProviderVerdict } from './provider.ts';

export const STRIPE_PROVIDER = 'stripe';

/** Stripe keeps a Checkout Session open at least this long; a payment made after our own 15 minutes is refunded. */
export const STRIPE_SESSION_MINUTES = 30;

/** A vendor's Stripe account: its secret key and its webhook endpoint's signing secret. */
export interface StripeAccount {
  secretKey: string;
  webhookSecret: string;
}

/** Where the SDK sends its requests: Stripe's API by default, a local double in tests (STRIPE_API_URL). */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** STRIPE_API_URL (http(s)://host:port) as the SDK's options; undefined for Stripe's own API. */
export function stripeEndpoint(url: string | undefined): StripeEndpoint | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('STRIPE_API_URL must be an http(s) URL');
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: Number(parsed.port) || (protocol === 'http' ? 80 : 443), protocol };
}

/** The SDK for one account; no retries of our own making beyond the SDK's (requests carry idempotency keys). */
export function stripeClient(account: StripeAccount, endpoint: StripeEndpoint | undefined): Stripe {
  return new Stripe(account.secretKey, { ...endpoint, maxNetworkRetries: 1, timeout: 20_000, telemetry: false });
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

/**
 * Stripe Checkout through the official SDK: a Checkout Session per attempt (its id kept as the
 * payment's provider_ref; our session id as client_reference_id and in the metadata), the customer
 * sent to Stripe's page and back to this server (server/modules/payments/routes/stripe-webhook.ts), which confirms
 * with Stripe before settling. The signed webhook settles it as well; whichever comes first counts.
 *
 * The way back is bound to the customer as the test provider's page is: it carries a token signed with
 * the payment-link key (`linkSecret`) over the session, the customer and the Checkout Session's expiry,
 * and the return takes no session without it, so nobody else can cancel the customer's payment.
 */
export function createStripeProvider(stripe: Stripe, linkSecret: string, now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: STRIPE_PROVIDER,
    async createSession(session: PaymentSession) {
      const expiresAt = Math.floor(now().getTime() / 1000) + STRIPE_SESSION_MINUTES * 60 + 60;
      const token = signLink(linkSecret, session.sessionId, session.customerId, new Date(expiresAt * 1000));
      const back = (result: 'success' | 'cancel') =>
        `${session.baseUrl}/pay/stripe/return/${encodeURIComponent(session.sessionId)}?result=${result}&token=${token}`;
      const created = await stripe.checkout.sessions.create({
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
    sessionUrl(_session, stored) {
      return stored;
    },
    async check(payment: ProviderPayment) {
      return verdictOf(await stripe.checkout.sessions.retrieve(payment.ref));
    },
    async close(payment: ProviderPayment) {
      const session = await stripe.checkout.sessions.retrieve(payment.ref);
      if (session.status === 'open') await stripe.checkout.sessions.expire(payment.ref);
    },
    async refund(payment: ProviderPayment) {
      if (!payment.providerPayment) throw new Error(`No payment to refund for Stripe session ${payment.ref}`);
      await stripe.refunds.create({ payment_intent: payment.providerPayment, amount: payment.amountMinor }, { idempotencyKey: `refund-${payment.ref}` });
    },
  };
}
