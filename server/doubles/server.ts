/**
 * The server of the payment providers' local doubles (kit.ts): each double answers under /<provider>,
 * and each has a hosted page at /<provider>/checkout/<ref>. The delivery partners' doubles (delivery/)
 * answer under /porter and /dunzo, the push service's (push/) under /push. Tests start it on a free port; the demo
 * (PAYMENT_DOUBLES=1) and the browser tests run it beside the API server, whose adapters are pointed at
 * it by PAYMENT_DOUBLES_URL.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYMENT_PROVIDERS, type ProviderName } from '../../contract/rules/payment-providers.ts';
import { escapeMarkup } from '../markup.ts';
import { DOUBLES } from './index.ts';
import { isDeliveryPartnerName } from '../../contract/rules/delivery-partners.ts';
import { answerPartner, PARTNER_DOUBLES } from './delivery/index.ts';
import { DoubleStore, readBody, sendJson, type DoublePayment, type DoubleWebhook, type PageExit, type ProviderDouble } from './kit.ts';
import { PushDouble, readBytes } from './push/index.ts';

export interface PaymentDoubles {
  /** http://127.0.0.1:port: PAYMENT_DOUBLES_URL. */
  url: string;
  store: DoubleStore;
  /** The push service's double (push/): stand-in browser subscriptions and the notifications sent to them. */
  push: PushDouble;
  /** Acts as the customer on a payment's hosted page; answers where the page sends them. */
  press(provider: ProviderName, ref: string, action: 'pay' | 'fail' | 'cancel'): PageExit;
  /** The webhook the provider would send now about the payment `ref`, signed with `secret`. */
  webhook(provider: ProviderName, ref: string, secret: string): DoubleWebhook;
  close(): Promise<void>;
}

const PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#eef1f5;color:#1b1f24}
main{max-width:26rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 1rem}.actions{display:flex;flex-wrap:wrap;gap:.5rem}
button{font:inherit;padding:.6rem 1rem;border-radius:.5rem;border:1px solid #1b1f24;background:#fff;color:#1b1f24;cursor:pointer}
button[value=pay]{background:#1b4f8a;border-color:#1b4f8a;color:#fff}button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.note{color:#555;font-size:.875rem;margin-top:1.5rem}`;

/** An amount as the hosted page shows it: in major units with the currency's digits, e.g. 12.50 USD. */
function shownAmount(payment: DoublePayment, units: 'minor' | 'major'): string {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: payment.currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code: two digits.
  }
  const major = units === 'minor' ? Number(payment.amount) / 10 ** digits : Number(payment.amount);
  return `${major.toFixed(digits)} ${payment.currency.toUpperCase()}`;
}

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeMarkup(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function checkoutPage(name: ProviderName, amount: string, open: boolean): string {
  const title = `${PAYMENT_PROVIDERS[name].title} (local double)`;
  const actions = open
    ? `<form method="post" class="actions" aria-label="Payment">
<button type="submit" name="action" value="pay">Pay ${escapeMarkup(amount)}</button>
<button type="submit" name="action" value="fail">Fail payment</button>
<button type="submit" name="action" value="cancel">Cancel</button></form>`
    : '<p role="status">This payment is closed.</p>';
  return html(title, `<h1>${escapeMarkup(title)}</h1><p>Amount: <strong>${escapeMarkup(amount)}</strong></p>${actions}
<p class="note">A stand-in for the provider's page, for tests and the demo: no money moves.</p>`);
}

/** A form the provider's page posts back to the merchant (sent on at once; a button where scripts are off). */
function postBackPage(exit: { post: string; fields: Record<string, string> }): string {
  const inputs = Object.entries(exit.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeMarkup(name)}" value="${escapeMarkup(value)}">`).join('');
  return html('Returning to the merchant', `<form method="post" action="${escapeMarkup(exit.post)}">${inputs}
<button type="submit">Return to the merchant</button></form><script>document.forms[0].submit()</script>`);
}

export async function startPaymentDoubles(port = 0, host = '127.0.0.1'): Promise<PaymentDoubles> {
  const store = new DoubleStore();
  const push = new PushDouble();
  const doubles = new Map<string, ProviderDouble>(Object.values(DOUBLES).map((double) => [double.name, double]));

  const press = (provider: ProviderName, ref: string, action: 'pay' | 'fail' | 'cancel'): PageExit => {
    const payment = store.find(provider, ref);
    const double = doubles.get(provider);
    if (!payment || !double) throw new Error(`${provider} has no payment ${ref}`);
    store.settle(payment, action);
    return double.exit(payment, action, store);
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://double');
      const [, provider = '', ...rest] = url.pathname.split('/');
      // The push service's double (./push) takes binary bodies, read as bytes.
      if (provider === 'push') {
        return sendJson(response, push.answer({ method: request.method ?? 'GET', path: `/${rest.join('/')}`, headers: request.headers, body: await readBytes(request) }));
      }
      // The delivery partners' doubles (Porter, Dunzo: ./delivery) answer under /porter and /dunzo.
      const partner = isDeliveryPartnerName(provider) ? PARTNER_DOUBLES[provider] : undefined;
      if (partner) {
        const asked = { method: request.method ?? 'GET', path: `/${rest.join('/')}`, headers: request.headers, raw: await readBody(request) };
        return sendJson(response, answerPartner(partner, asked, store));
      }
      const double = doubles.get(provider);
      if (!double) return sendJson(response, { status: 404, body: { error: 'No such provider double' } });
      const raw = await readBody(request);
      const path = `/${rest.join('/')}`;
      const page = /^\/checkout\/([^/]+)$/.exec(path);
      if (page) {
        const ref = decodeURIComponent(page[1] ?? '');
        const payment = store.find(double.name, ref);
        if (!payment) return sendJson(response, { status: 404, body: { error: 'No such payment' } });
        if (request.method === 'POST') {
          const action = new URLSearchParams(raw).get('action');
          if (action !== 'pay' && action !== 'fail' && action !== 'cancel') return sendJson(response, { status: 422, body: { error: 'No such action' } });
          if (payment.status !== 'open') {
            response.writeHead(409, { 'content-type': 'text/html; charset=utf-8' });
            return response.end(checkoutPage(double.name, shownAmount(payment, double.amountUnits), false));
          }
          const exit = press(double.name, ref, action);
          if ('phone' in exit) {
            response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            return response.end(html('Done', '<h1>Done</h1><p role="status">You can go back to the merchant\'s page: it goes on by itself.</p>'));
          }
          if ('redirect' in exit) {
            response.writeHead(303, { location: exit.redirect });
            return response.end();
          }
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return response.end(postBackPage(exit));
        }
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return response.end(checkoutPage(double.name, shownAmount(payment, double.amountUnits), payment.status === 'open'));
      }
      let body: Record<string, unknown> = {};
      try {
        body = String(request.headers['content-type']).includes('json') ? (raw ? JSON.parse(raw) as Record<string, unknown> : {}) : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        return sendJson(response, { status: 400, body: { error: 'Body is not JSON' } });
      }
      store.log.push(`${double.name} ${request.method} ${path}`);
      if (store.takeFailure()) return sendJson(response, { status: 500, body: { error: 'Internal error (the double was told to fail)' } });
      const answer = await double.handle({ method: request.method ?? 'GET', path, query: url.searchParams, headers: request.headers, raw, body }, store);
      sendJson(response, answer ?? { status: 404, body: { error: `No route ${request.method} ${path}` } });
    })().catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, { status: 500, body: { error: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  store.base = url;
  push.base = url;
  return {
    url,
    store,
    push,
    press,
    webhook(provider, ref, secret) {
      const payment = store.find(provider, ref);
      const double = doubles.get(provider);
      if (!payment || !double) throw new Error(`${provider} has no payment ${ref}`);
      return double.webhook(payment, secret, store);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
