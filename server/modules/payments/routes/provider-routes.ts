import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isProviderName } from '../../../../contract/rules/payment-providers.ts';
import { baseUrl } from '../../../context.ts';
import { applyVerdict, findPayment, returnUrlFor } from '../domain/payments.ts';
import { confirmPending } from '../providers/confirm.ts';
import { checkLink } from '../providers/link-token.ts';

const SESSION = /^[A-Za-z0-9_-]{16,100}$/;
/** A provider's return or webhook carries at most this many fields, each at most this long. */
const MAX_FIELDS = 60;
const MAX_FIELD_LENGTH = 4_000;
/** A webhook's body is at most this big. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const ReturnParams = Type.Object({ provider: Type.String({ maxLength: 40 }), session: Type.String({ maxLength: 200 }) });
const WebhookParams = Type.Object({
  provider: Type.String({ maxLength: 40 }),
  vendor: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});

/** The plain string fields of a query or a form (others, and past the bounds, left out). */
function fieldsOf(...sources: unknown[]): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  for (const source of sources) {
    if (!source || typeof source !== 'object' || Buffer.isBuffer(source)) continue;
    for (const [name, value] of Object.entries(source)) {
      if (typeof value !== 'string' || value.length > MAX_FIELD_LENGTH || name.length > 100 || ++count > MAX_FIELDS) continue;
      fields[name] = value;
    }
  }
  return fields;
}

/**
 * Every kit provider's side of a payment (server/modules/payments/kit):
 * - GET or POST /pay/:provider/return/:session?result=success|cancel&sf_link=… — where the provider's page
 *   sends the customer back (some providers post a form). Only with the way back's token, signed for the
 *   session's customer (kit/bind.ts): without it, or with another's, the payment is "not found" and
 *   nothing changes. A token past its time still brings the customer back. The adapter reads the
 *   return (its signature where the provider signs it, else by asking the provider, never the address
 *   alone); a cancelled return of a payment still open closes it at the provider and settles it as
 *   cancelled; the customer goes on to the storefront's return URL with the outcome.
 * - POST /webhooks/:provider/:vendor — the vendor's webhook endpoint at that provider: taken only with a
 *   valid signature of the vendor's account (checked over the exact bytes), then settles the payment
 *   the provider names, if it is that vendor's at that provider. Replays change nothing; a refund that
 *   could not be made answers 500, so the provider sends the event again.
 */
export const providerRoutes: FastifyPluginAsync = async (app) => {
  const { payments } = app.runtime;

  await app.register(async (plain) => {
    const routes = plain.withTypeProvider<TypeBoxTypeProvider>();
    // The signatures cover the body's exact bytes; a return's form is read from them too.
    routes.removeAllContentTypeParsers();
    routes.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    const back = async (request: FastifyRequest<{ Params: { provider: string; session: string } }>, reply: FastifyReply) => {
      const { provider: name, session } = request.params;
      const query = request.query as Record<string, unknown>;
      const found = SESSION.test(session) && isProviderName(name) ? await findPayment(app.db, session) : undefined;
      const token = typeof query.sf_link === 'string' ? query.sf_link : undefined;
      const bound = found && checkLink(payments.linkSecret, token, session, found.customer_id, new Date()) !== 'invalid';
      if (!found || !bound || found.provider !== name) return reply.code(404).type('text/plain').send('Payment not found');
      const form = Buffer.isBuffer(request.body) && String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(request.body.toString('utf8')))
        : undefined;
      const params = fieldsOf(query, form);
      delete params.sf_link;
      const result = query.result === 'cancel' ? 'cancel' : query.result === 'success' ? 'success' : undefined;
      // The provider is asked or its signature checked; if it cannot be reached the payment goes back as it stands and the webhook settles it.
      await confirmPending(app.db, payments, session, request.log, { cancelled: result === 'cancel', input: { result, params } });
      const payment = (await findPayment(app.db, session)) ?? found;
      return reply.code(303).header('Cache-Control', 'no-store').redirect(returnUrlFor(payment), 303);
    };
    routes.get('/pay/:provider/return/:session', { schema: { params: ReturnParams } }, back);
    routes.post('/pay/:provider/return/:session', { schema: { params: ReturnParams } }, back);

    // MTN MoMo sends its callbacks with PUT; every other provider with POST.
    routes.route({ method: ['POST', 'PUT'], url: '/webhooks/:provider/:vendor', schema: { params: WebhookParams }, handler: async (request, reply) => {
      const { provider: name, vendor } = request.params;
      const provider = isProviderName(name) && Buffer.isBuffer(request.body) ? await payments.provider(vendor, name) : undefined;
      if (!provider?.webhook || !Buffer.isBuffer(request.body)) return reply.code(400).send({ error: 'Not an event for this endpoint' });
      const reading = await provider.webhook({ body: request.body, headers: request.headers, query: fieldsOf(request.query), url: `${baseUrl(request)}${request.url}` });
      if (reading.kind === 'forged') return reply.code(400).send({ error: 'The signature does not match' });
      if (reading.kind === 'ignored') return { received: true };
      const { rows } = await app.db.query<{ session_id: string }>(
        'SELECT session_id FROM payments WHERE vendor_id = $1 AND provider = $2 AND provider_ref = $3', [vendor, name, reading.ref],
      );
      const sessionId = rows[0]?.session_id;
      // Only this vendor's payment at that provider is settled by it.
      if (!sessionId) return { received: true, ignored: true };
      try {
        await applyVerdict(app.db, provider, sessionId, reading.verdict);
      } catch (error) {
        request.log.error({ err: error, session: sessionId, provider: name }, 'payment webhook: could not settle the payment');
        return reply.code(500).send({ error: 'Not settled yet; send it again' });
      }
      return { received: true };
    } });
  });
};
