import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { findPayment, publicOutcome, returnUrlFor, settlePayment, type PaymentView } from '../domain/payments.ts';
import { registerProvider, type PaymentOutcome, type PaymentProvider } from './provider.ts';

/**
 * The built-in test provider: a hosted page at GET /pay/test/:session showing the vendor,
 * the amount and the order number, with three buttons (Pay, Fail payment, Cancel). Each posts
 * `action=pay|fail|cancel` to the same URL; the server settles the payment and answers 303 to
 * the session's return_url with `order_id` and `payment` (paid|failed|cancelled) added.
 */
export const testProvider: PaymentProvider = {
  name: 'test',
  async createSession(session) {
    return { url: testProvider.sessionUrl(session) };
  },
  sessionUrl(session) {
    return `${session.baseUrl}/pay/test/${encodeURIComponent(session.sessionId)}`;
  },
};

const SESSION = /^[A-Za-z0-9_-]{16,100}$/;
/** The buttons of the page; a Map, so a posted name like 'constructor' is no button. */
const ACTIONS = new Map<string, PaymentOutcome>([['pay', 'paid'], ['fail', 'failed'], ['cancel', 'cancelled']]);

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function amount(p: PaymentView): string {
  const value = p.amount_minor / 10 ** p.currency_exponent;
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency', currency: p.currency_code, minimumFractionDigits: p.currency_exponent, maximumFractionDigits: p.currency_exponent,
    }).format(value);
  } catch {
    return `${value.toFixed(p.currency_exponent)} ${p.currency_code}`;
  }
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}
main{max-width:26rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.5rem}
dt{color:#555}dd{margin:0;font-weight:600}.actions{display:flex;flex-wrap:wrap;gap:.5rem}
button,a.button{font:inherit;padding:.6rem 1rem;border-radius:.5rem;border:1px solid #1b1f24;background:#fff;color:#1b1f24;cursor:pointer;text-decoration:none}
button[value=pay]{background:#1b6b3a;border-color:#1b6b3a;color:#fff}button:focus-visible,a.button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.note{color:#555;font-size:.875rem;margin-top:1.5rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function details(p: PaymentView): string {
  return `<dl><dt>Merchant</dt><dd>${escape(p.vendor_name)}</dd><dt>Amount</dt><dd>${escape(amount(p))}</dd>
<dt>Order</dt><dd>#${p.order_id}</dd></dl>`;
}

function paymentPage(p: PaymentView): string {
  return page('Test payment', `<h1>Test payment</h1>${details(p)}
<form method="post" class="actions" aria-label="Payment">
<button type="submit" name="action" value="pay">Pay ${escape(amount(p))}</button>
<button type="submit" name="action" value="fail">Fail payment</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form><p class="note">This is the storefront's built-in test payment provider: no money moves.</p>`);
}

const CLOSED_TEXT: Record<string, string> = {
  paid: 'This payment has been made.',
  failed: 'This payment failed.',
  cancelled: 'This payment was cancelled or has expired.',
};

function closedPage(p: PaymentView): string {
  return page('Payment closed', `<h1>Payment closed</h1>${details(p)}
<p role="status">${escape(CLOSED_TEXT[publicOutcome(p.status)] ?? '')}</p>
<p><a class="button" href="${escape(returnUrlFor(p))}">Back to ${escape(p.vendor_name)}</a></p>`);
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
    .send(html);
}

const notFound = (reply: FastifyReply) =>
  send(reply, 404, page('Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>'));

/** The session in the page's address; checked against SESSION by the handlers, which answer the not-found page. */
const SessionParams = Type.Object({ session: Type.String({ maxLength: 200 }) });
/** The button the customer pressed (a form post); anything else answers the page's own 422. */
const ActionBody = Type.Object({ action: Type.Optional(Type.String({ maxLength: 20 })) });

export const testPaymentRoutes: FastifyPluginAsync = async (app) => {
  registerProvider(testProvider);
  await app.register(async (plain) => {
    const pay = plain.withTypeProvider<TypeBoxTypeProvider>();
    pay.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    pay.get('/pay/test/:session', { schema: { params: SessionParams } }, async (request, reply) => {
      const { session } = request.params;
      if (!SESSION.test(session)) return notFound(reply);
      let payment = await findPayment(app.db, session);
      if (!payment || payment.provider !== testProvider.name) return notFound(reply);
      if (payment.status === 'pending' && payment.expired) payment = (await settlePayment(app.db, session, 'expired')) ?? payment;
      return send(reply, 200, payment.status === 'pending' ? paymentPage(payment) : closedPage(payment));
    });

    pay.post('/pay/test/:session', { schema: { params: SessionParams, body: ActionBody } }, async (request, reply) => {
      const { session } = request.params;
      const action = request.body.action;
      const outcome = action === undefined ? undefined : ACTIONS.get(action);
      if (!SESSION.test(session)) return notFound(reply);
      const known = await findPayment(app.db, session);
      if (!known || known.provider !== testProvider.name) return notFound(reply);
      if (!outcome) return send(reply, 422, page('Test payment', '<h1>Test payment</h1><p role="alert">Choose Pay, Fail payment or Cancel.</p>'));
      const settled = await settlePayment(app.db, session, outcome);
      return reply.code(303).header('Cache-Control', 'no-store').redirect(returnUrlFor(settled ?? known), 303);
    });
  });
};
