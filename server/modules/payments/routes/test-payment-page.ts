/**
 * The built-in test provider's hosted page (the provider is providers/test-provider.ts): the
 * customer pays, fails or cancels there, as on a real provider's site.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { baseUrl } from '../../../context.ts';
import { findPayment, publicOutcome, returnUrlFor, settlePayment, type PaymentView } from '../domain/payments.ts';
import { fromOwnOrigin } from '../../../http/same-origin.ts';
import { checkLink } from '../providers/link-token.ts';
import type { PaymentOutcome } from '../providers/provider.ts';
import { createTestProvider, TEST_PROVIDER } from '../providers/test-provider.ts';
import { escapeMarkup } from '../../../markup.ts';

const SESSION = /^[A-Za-z0-9_-]{16,100}$/;
/** The buttons of the page; a Map, so a posted name like 'constructor' is no button. */
const ACTIONS = new Map<string, PaymentOutcome>([['pay', 'paid'], ['fail', 'failed'], ['cancel', 'cancelled']]);


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
<meta name="robots" content="noindex"><title>${escapeMarkup(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function details(p: PaymentView): string {
  return `<dl><dt>Merchant</dt><dd>${escapeMarkup(p.vendor_name)}</dd><dt>Amount</dt><dd>${escapeMarkup(amount(p))}</dd>
${p.order_id !== null ? `<dt>Order</dt><dd>#${p.order_id}</dd>` : `<dt>For</dt><dd>${p.purpose === 'group_share' ? 'A share of a group order' : 'Wallet recharge'}</dd>`}</dl>`;
}

function paymentPage(p: PaymentView): string {
  return page('Test payment', `<h1>Test payment</h1>${details(p)}
<form method="post" class="actions" aria-label="Payment">
<button type="submit" name="action" value="pay">Pay ${escapeMarkup(amount(p))}</button>
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
<p role="status">${escapeMarkup(CLOSED_TEXT[publicOutcome(p.status)] ?? '')}</p>${backLink(p)}`);
}

/** The links back from a closed or expired page carry the payment's current outcome. */
function backLink(p: PaymentView): string {
  return `<p><a class="button" href="${escapeMarkup(returnUrlFor(p))}">Back to ${escapeMarkup(p.vendor_name)}</a></p>`;
}

function expiredPage(p: PaymentView): string {
  return page('Payment link expired', `<h1>Payment link expired</h1>
<p role="alert">This payment link has expired. Go back to the store to see how your order stands.</p>${backLink(p)}`);
}

const REFUSED_PAGE = page('Payment refused', `<h1>Payment refused</h1>
<p role="alert">A payment can only be made from its own payment page. Go back to the store and open the payment again.</p>`);

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    // same-origin, not no-referrer: a form post from a no-referrer page has the Origin `null`, and the post must show its own.
    .header('Referrer-Policy', 'same-origin')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
    .send(html);
}

const NOT_FOUND_PAGE = page('Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>');

/** The session in the page's address; checked against SESSION by the handlers, which answer the not-found page. */
const SessionParams = Type.Object({ session: Type.String({ maxLength: 200 }) });
/** The link's token (link-token.ts); checked by the handlers. */
const LinkQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 100 })) });
/** The button the customer pressed (a form post); anything else answers the page's own 422. */
const ActionBody = Type.Object({ action: Type.Optional(Type.String({ maxLength: 20 })) });

/** The payment a page link opens, or the page that answers instead. */
type Opened = { payment: PaymentView } | { status: number; html: string };

export const testPaymentRoutes: FastifyPluginAsync = async (app) => {
  const secret = app.runtime.secrets.paymentLink;
  app.runtime.payments.builtIn.set(TEST_PROVIDER, createTestProvider(secret));

  /**
   * The payment of a link: an unknown session and a wrong or missing token both answer "not found"
   * (nothing tells them apart); a token that was good but is past its time answers the expired page.
   * A pending payment past its 15 minutes is settled as expired first.
   */
  async function open(session: string, token: string | undefined): Promise<Opened> {
    if (!SESSION.test(session)) return { status: 404, html: NOT_FOUND_PAGE };
    let payment = await findPayment(app.db, session);
    if (!payment || payment.provider !== TEST_PROVIDER) return { status: 404, html: NOT_FOUND_PAGE };
    const link = checkLink(secret, token, session, payment.customer_id, new Date());
    if (link === 'invalid') return { status: 404, html: NOT_FOUND_PAGE };
    if (payment.status === 'pending' && payment.expired) payment = (await settlePayment(app.db, session, 'expired')) ?? payment;
    if (link === 'expired') return { status: 403, html: expiredPage(payment) };
    return { payment };
  }

  await app.register(async (plain) => {
    const pay = plain.withTypeProvider<TypeBoxTypeProvider>();
    pay.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    pay.get('/pay/test/:session', { schema: { params: SessionParams, querystring: LinkQuery } }, async (request, reply) => {
      const opened = await open(request.params.session, request.query.token);
      if (!('payment' in opened)) return send(reply, opened.status, opened.html);
      const { payment } = opened;
      return send(reply, 200, payment.status === 'pending' ? paymentPage(payment) : closedPage(payment));
    });

    pay.post('/pay/test/:session', { schema: { params: SessionParams, querystring: LinkQuery, body: ActionBody } }, async (request, reply) => {
      if (!fromOwnOrigin(request, new URL(baseUrl(request)).origin)) return send(reply, 403, REFUSED_PAGE);
      const { session } = request.params;
      const opened = await open(session, request.query.token);
      if (!('payment' in opened)) return send(reply, opened.status, opened.html);
      const action = request.body.action;
      const outcome = action === undefined ? undefined : ACTIONS.get(action);
      if (!outcome) return send(reply, 422, page('Test payment', '<h1>Test payment</h1><p role="alert">Choose Pay, Fail payment or Cancel.</p>'));
      const settled = await settlePayment(app.db, session, outcome);
      return reply.code(303).header('Cache-Control', 'no-store').redirect(returnUrlFor(settled ?? opened.payment), 303);
    });
  });
};
