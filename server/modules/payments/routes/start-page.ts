/**
 * The page of ours a payment starts on, for a provider whose payment does not start at an address of its
 * own (kit/adapter.ts StartPage): GET /pay/:provider/start/:session?sf_link=… Only with the link's token,
 * signed for the payment's customer (as the way back); a payment no longer pending goes on to the
 * storefront with its outcome. Its texts are in the storefront's language the payment started in (`lang`,
 * else the browser's Accept-Language, among ours).
 */
import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { directionOf } from '../../../../contract/rules/direction.ts';
import { isProviderName, PAYMENT_PROVIDERS } from '../../../../contract/rules/payment-providers.ts';
import { baseUrl } from '../../../context.ts';
import { acceptedLanguages } from '../../../http/accept-language.ts';
import { escapeMarkup } from '../../../markup.ts';
import { findPayment, returnUrlFor, settlePayment, type PaymentView } from '../domain/payments.ts';
import type { StartPage } from '../kit/adapter.ts';
import { returnPath } from '../kit/bind.ts';
import { confirmPending } from '../providers/confirm.ts';
import { checkLink } from '../providers/link-token.ts';

const SESSION = /^[A-Za-z0-9_-]{16,100}$/;
/** The page waiting for the customer's phone asks again this often. */
export const DEVICE_POLL_SECONDS = 3;

const Params = Type.Object({ provider: Type.String({ maxLength: 40 }), session: Type.String({ maxLength: 200 }) });
const Query = Type.Object({
  sf_link: Type.Optional(Type.String({ maxLength: 100 })),
  lang: Type.Optional(Type.String({ maxLength: 10 })),
  /** '1': the waiting page's own question, answered in JSON: where to go next, or null while the phone has not answered. */
  poll: Type.Optional(Type.Literal('1')),
});

type Lang = 'en' | 'ar' | 'de' | 'es' | 'fr';
const TEXTS: Record<Lang, {
  continueTo: (provider: string) => string;
  payWith: (provider: string) => string;
  approveIn: (app: string) => string;
  open: (app: string) => string;
  approveBody: (app: string, amount: string) => string;
  checkNow: string;
  cancel: string;
  amount: string;
}> = {
  en: {
    continueTo: (p) => `Continue to ${p}`,
    payWith: (p) => `Pay with ${p}`,
    open: (a) => `Open ${a}`,
    approveIn: (a) => `Approve in ${a}`,
    approveBody: (a, m) => `Open ${a} on your phone and approve the payment of ${m}. This page goes on by itself once you have.`,
    checkNow: 'Check now',
    cancel: 'Cancel payment',
    amount: 'Amount',
  },
  ar: {
    continueTo: (p) => `المتابعة إلى ${p}`,
    payWith: (p) => `الدفع عبر ${p}`,
    open: (a) => `افتح ${a}`,
    approveIn: (a) => `وافق في ${a}`,
    approveBody: (a, m) => `افتح ${a} على هاتفك ووافق على دفع ${m}. ستتابع هذه الصفحة تلقائيًا بعد موافقتك.`,
    checkNow: 'تحقّق الآن',
    cancel: 'إلغاء الدفع',
    amount: 'المبلغ',
  },
  de: {
    continueTo: (p) => `Weiter zu ${p}`,
    payWith: (p) => `Bezahlen mit ${p}`,
    open: (a) => `${a} öffnen`,
    approveIn: (a) => `In ${a} bestätigen`,
    approveBody: (a, m) => `Öffnen Sie ${a} auf Ihrem Telefon und bestätigen Sie die Zahlung von ${m}. Diese Seite geht danach von selbst weiter.`,
    checkNow: 'Jetzt prüfen',
    cancel: 'Zahlung abbrechen',
    amount: 'Betrag',
  },
  es: {
    continueTo: (p) => `Continuar a ${p}`,
    payWith: (p) => `Pagar con ${p}`,
    open: (a) => `Abrir ${a}`,
    approveIn: (a) => `Aprueba en ${a}`,
    approveBody: (a, m) => `Abre ${a} en tu teléfono y aprueba el pago de ${m}. Esta página continúa sola cuando lo hayas hecho.`,
    checkNow: 'Comprobar ahora',
    cancel: 'Cancelar el pago',
    amount: 'Importe',
  },
  fr: {
    continueTo: (p) => `Continuer vers ${p}`,
    payWith: (p) => `Payer avec ${p}`,
    open: (a) => `Ouvrir ${a}`,
    approveIn: (a) => `Validez dans ${a}`,
    approveBody: (a, m) => `Ouvrez ${a} sur votre téléphone et validez le paiement de ${m}. Cette page continue d’elle-même ensuite.`,
    checkNow: 'Vérifier maintenant',
    cancel: 'Annuler le paiement',
    amount: 'Montant',
  },
};

/** The storefront's language the payment started in, else the first of the browser's languages the page has, else English. */
function languageOf(storefront: string | undefined, header: string | undefined): Lang {
  for (const tag of [storefront ?? '', ...acceptedLanguages(header)]) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'en' || base === 'ar' || base === 'de' || base === 'es' || base === 'fr') return base;
  }
  return 'en';
}

/** The amount as the page shows it, e.g. $12.50 (in the page's language). */
function amountOf(p: PaymentView, lang: Lang): string {
  const value = p.amount_minor / 10 ** p.currency_exponent;
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: p.currency_code, minimumFractionDigits: p.currency_exponent, maximumFractionDigits: p.currency_exponent }).format(value);
  } catch {
    return `${value.toFixed(p.currency_exponent)} ${p.currency_code}`;
  }
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}
main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 1rem}button,a.button{font:inherit;display:inline-block;padding:.6rem 1rem;border-radius:.5rem;
border:1px solid #1b1f24;background:#fff;color:#1b1f24;cursor:pointer;text-decoration:none}
button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}.note{color:#555;font-size:.875rem;margin-top:1.5rem}`;

function page(lang: Lang, title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">${head}
<title>${escapeMarkup(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The links that open a provider's app on the customer's phone (none other is drawn). */
const APP_LINK = /^swish:\/\/paymentrequest\?/;

/** The script that sends a form on at once (allowed by its hash alone). */
const SUBMIT_SCRIPT = 'document.forms[0].submit()';
const SUBMIT_HASH = `'sha256-${createHash('sha256').update(SUBMIT_SCRIPT).digest('base64')}'`;
/**
 * The waiting page's script (allowed by its hash alone): asks this page, as JSON, every few seconds, and
 * goes on once there is an answer. Without scripts the page's Check now does the same by hand.
 */
const POLL_SCRIPT = `(function(){var u=new URL(location.href);u.hash='';u.searchParams.set('poll','1');function ask(){fetch(u,{headers:{accept:'application/json'}})`
  + `.then(function(r){return r.json()}).then(function(a){if(a.next)location.replace(a.next);else setTimeout(ask,${DEVICE_POLL_SECONDS * 1000})},`
  + `function(){setTimeout(ask,${DEVICE_POLL_SECONDS * 1000})})}setTimeout(ask,${DEVICE_POLL_SECONDS * 1000})})()`;
const POLL_HASH = `'sha256-${createHash('sha256').update(POLL_SCRIPT).digest('base64')}'`;

function send(reply: FastifyReply, html: string, policy: string) {
  return reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer')
    .header('Content-Security-Policy', `${policy}; base-uri 'none'; frame-ancestors 'none'`).send(html);
}

export const startPageRoutes: FastifyPluginAsync = async (app) => {
  const { payments } = app.runtime;
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get('/pay/:provider/start/:session', { schema: { params: Params, querystring: Query } }, async (request, reply) => {
    const { provider: name, session } = request.params;
    const token = request.query.sf_link;
    if (!SESSION.test(session) || !isProviderName(name)) return reply.code(404).type('text/plain').send('Payment not found');
    let payment = await findPayment(app.db, session);
    const bound = payment && checkLink(payments.linkSecret, token, session, payment.customer_id, new Date()) !== 'invalid';
    if (!payment || !bound || payment.provider !== name) return reply.code(404).type('text/plain').send('Payment not found');
    const start = payment.provider_start ?? undefined;
    if (payment.status === 'pending' && payment.expired) payment = (await settlePayment(app.db, session, 'expired')) ?? payment;
    if (payment.status === 'pending' && start?.kind === 'device') {
      // The provider is asked on every visit (the page refreshes itself) until it answers.
      await confirmPending(app.db, payments, session, request.log);
      payment = (await findPayment(app.db, session)) ?? payment;
    }
    const settled = payment.status !== 'pending' || !start;
    if (request.query.poll) return reply.header('Cache-Control', 'no-store').send({ next: settled ? returnUrlFor(payment) : null });
    if (settled) return reply.code(303).header('Cache-Control', 'no-store').redirect(returnUrlFor(payment), 303);

    const lang = languageOf(request.query.lang, request.headers['accept-language']);
    const texts = TEXTS[lang];
    const title = PAYMENT_PROVIDERS[name].title;
    const back = (result: 'success' | 'cancel') => `${baseUrl(request)}${returnPath(name, session)}?result=${result}&sf_link=${encodeURIComponent(token ?? '')}`;
    return draw(reply, start!, { lang, texts, title, amount: amountOf(payment, lang), back, payment, here: request.url });
  });

  /** The page of each kind. */
  function draw(
    reply: FastifyReply, start: StartPage,
    c: {
      lang: Lang; texts: (typeof TEXTS)[Lang]; title: string; amount: string; back: (result: 'success' | 'cancel') => string; payment: PaymentView;
      /** This page's own address (path and query). */
      here: string;
    },
  ) {
    const amountLine = `<p>${escapeMarkup(c.texts.amount)}: <strong>${escapeMarkup(c.amount)}</strong></p>`;
    if (start.kind === 'form') {
      const inputs = Object.entries(start.fields)
        .map(([field, value]) => `<input type="hidden" name="${escapeMarkup(field)}" value="${escapeMarkup(value)}">`).join('');
      const html = page(c.lang, c.texts.continueTo(c.title), `<h1>${escapeMarkup(c.texts.continueTo(c.title))}</h1>${amountLine}
<form method="post" action="${escapeMarkup(start.action)}">${inputs}<button type="submit">${escapeMarkup(c.texts.continueTo(c.title))}</button></form>
<script>${SUBMIT_SCRIPT}</script>`);
      return send(reply, html, `default-src 'none'; style-src 'unsafe-inline'; script-src ${SUBMIT_HASH}; form-action ${new URL(start.action).origin}`);
    }
    if (start.kind === 'widget') {
      const origin = new URL(start.script).origin;
      const html = page(c.lang, c.texts.payWith(c.title), `<h1>${escapeMarkup(c.texts.payWith(c.title))}</h1>${amountLine}
<form action="${escapeMarkup(c.back('success'))}" class="paymentWidgets" data-brands="${escapeMarkup(start.brands)}"></form>
<p><a class="button" href="${escapeMarkup(c.back('cancel'))}">${escapeMarkup(c.texts.cancel)}</a></p>`, `<script src="${escapeMarkup(start.script)}"></script>`);
      return send(reply, html, [
        `default-src 'none'`, `script-src ${origin} 'unsafe-inline' 'unsafe-eval'`, `style-src ${origin} 'unsafe-inline'`, `img-src ${origin} data:`,
        `font-src ${origin}`, `connect-src ${origin}`, `frame-src ${origin}`, `form-action ${origin} 'self'`,
      ].join('; '));
    }
    // Waiting for the customer's phone. Where the provider is a local double, its stand-in phone is linked.
    const phone = app.runtime.paymentDoublesUrl && c.payment.provider_ref
      ? `<p class="note"><a href="${escapeMarkup(`${app.runtime.paymentDoublesUrl}/${c.payment.provider}/checkout/${encodeURIComponent(c.payment.provider_ref)}`)}" target="_blank" rel="noopener">Open the stand-in phone (local double)</a></p>`
      : '';
    const html = page(c.lang, c.texts.approveIn(start.app), `<h1>${escapeMarkup(c.texts.approveIn(start.app))}</h1>
<p role="status">${escapeMarkup(c.texts.approveBody(start.app, c.amount))}</p>
${start.open && APP_LINK.test(start.open) ? `<p><a class="button" href="${escapeMarkup(start.open)}">${escapeMarkup(c.texts.open(start.app))}</a></p>` : ''}
<p><a class="button" href="${escapeMarkup(c.here)}">${escapeMarkup(c.texts.checkNow)}</a> <a class="button" href="${escapeMarkup(c.back('cancel'))}">${escapeMarkup(c.texts.cancel)}</a></p>${phone}
<script>${POLL_SCRIPT}</script>`);
    return send(reply, html, `default-src 'none'; style-src 'unsafe-inline'; script-src ${POLL_HASH}; connect-src 'self'; form-action 'self'`);
  }
};
