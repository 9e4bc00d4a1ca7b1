import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { applyVerdict, findPayment, returnUrlFor } from '../domain/payments.ts';
import { confirmPending } from '../providers/confirm.ts';
import { checkLink } from '../providers/link-token.ts';
import type { ProviderVerdict } from '../providers/provider.ts';
import { STRIPE_PROVIDER, verdictOf } from '../providers/stripe-provider.ts';

const SESSION = /^[A-Za-z0-9_-]{16,100}$/;

const ReturnParams = Type.Object({ session: Type.String({ maxLength: 200 }) });
const ReturnQuery = Type.Object({
  result: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('cancel')])),
  /** The link's token (link-token.ts), made with the session. */
  token: Type.Optional(Type.String({ maxLength: 100 })),
});
const WebhookParams = Type.Object({ vendor: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

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
 * Stripe's side of a payment:
 * - GET /pay/stripe/return/:session?result=success|cancel — where Stripe's page sends the customer
 *   back. The server asks Stripe how the session stands (never trusting the address), settles it,
 *   closes a session the customer cancelled (so it can no longer be paid), and sends the customer on
 *   to the storefront's return URL with the outcome. Only with the way back's token, signed for the
 *   session's customer (stripe-provider.ts): without it, or with another's, the payment is "not
 *   found" and nothing changes. A token past its time still brings the customer back (the session
 *   has lapsed at Stripe by then, and only its outcome is read).
 * - POST /webhooks/stripe/:vendor — the vendor's webhook endpoint: the event is taken only with a
 *   valid signature of the vendor's signing secret (`constructEvent` over the raw body), then settles
 *   the session's payment. Replays change nothing; a refund that could not be made answers 500, so
 *   Stripe sends the event again.
 */
export const stripeRoutes: FastifyPluginAsync = async (app) => {
  const { payments } = app.runtime;

  await app.register(async (plain) => {
    const routes = plain.withTypeProvider<TypeBoxTypeProvider>();
    // The signature covers the body's exact bytes.
    routes.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    routes.get('/pay/stripe/return/:session', { schema: { params: ReturnParams, querystring: ReturnQuery } }, async (request, reply) => {
      const { session } = request.params;
      const found = SESSION.test(session) ? await findPayment(app.db, session) : undefined;
      const bound = found && checkLink(payments.linkSecret, request.query.token, session, found.customer_id, new Date()) !== 'invalid';
      if (!found || !bound || found.provider !== STRIPE_PROVIDER) return reply.code(404).type('text/plain').send('Payment not found');
      // Stripe is asked, never the address; if it cannot be reached the payment goes back as it stands and the webhook settles it.
      await confirmPending(app.db, payments, session, request.log, { cancelled: request.query.result === 'cancel' });
      const payment = (await findPayment(app.db, session)) ?? found;
      return reply.code(303).header('Cache-Control', 'no-store').redirect(returnUrlFor(payment), 303);
    });

    routes.post('/webhooks/stripe/:vendor', { schema: { params: WebhookParams } }, async (request, reply) => {
      // A request with no signature is refused before the vendor's account is looked up.
      const signature = request.headers['stripe-signature'];
      const stripe = typeof signature === 'string' ? await payments.stripe(request.params.vendor) : undefined;
      if (!stripe || typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        return reply.code(400).send({ error: 'Not a Stripe event for this endpoint' });
      }
      let event: Stripe.Event;
      try {
        event = stripe.stripe.webhooks.constructEvent(request.body, signature, stripe.webhookSecret);
      } catch {
        return reply.code(400).send({ error: 'The signature does not match' });
      }
      const settling = verdictOfEvent(event);
      if (!settling) return { received: true };
      const sessionId = settling.session.metadata?.session_id ?? settling.session.client_reference_id ?? '';
      const payment = SESSION.test(sessionId) ? await findPayment(app.db, sessionId) : undefined;
      // Only this vendor's Stripe session of that payment settles it.
      if (!payment || payment.vendor_id !== request.params.vendor || payment.provider !== STRIPE_PROVIDER || payment.provider_ref !== settling.session.id) {
        return { received: true, ignored: true };
      }
      try {
        await applyVerdict(app.db, stripe.provider, sessionId, settling.verdict);
      } catch (error) {
        request.log.error({ err: error, session: sessionId }, 'Stripe webhook: could not settle the payment');
        return reply.code(500).send({ error: 'Not settled yet; send it again' });
      }
      return { received: true };
    });
  });
};
