import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { credentials, withQuery, type DoubleAnswer, type DoublePayment, type DoubleRequest, type DoubleStore, type ProviderDouble } from './kit.ts';

const SECRET = 'geeks-console-webhook-secret-double';
const KEY = /^sk_(test|live)_[A-Za-z0-9]{8,}$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** A refusal in the API's `detail` form; a body that does not validate lists what is wrong. */
const detail = (status: number, message: string): DoubleAnswer => ({ status, body: { detail: message } });
const invalidField = (field: string, msg: string, input: unknown): DoubleAnswer => ({
  status: 422, body: { detail: [{ type: input === undefined ? 'missing' : 'value_error', loc: ['body', field], msg, input: input ?? null }] },
});

/** The API key of a request: X-Api-Key, or HTTP Basic with the key as the user. */
function keyOf(request: DoubleRequest): string | undefined {
  const header = request.headers['x-api-key'];
  const key = typeof header === 'string' ? header : credentials(request.headers)?.user;
  return key && KEY.test(key) ? key : undefined;
}

const id = (prefix: string) => `${prefix}${randomBytes(6).toString('hex')}`;
const iso = (ms: number) => new Date(ms).toISOString();

interface Attempt {
  id: string;
  status: 'succeeded' | 'failed';
  created: number;
}
const attemptsOf = (payment: DoublePayment) => (payment.extra.attempts ??= []) as Attempt[];

interface DoubleRefund {
  id: string;
  key: string;
  payment_id: string;
  amount: number;
  reason: string | null;
}
const refunds: DoubleRefund[] = [];

/** A checkout session as 4Geeks answers it. */
function sessionEntity(payment: DoublePayment): Record<string, unknown> {
  const last = attemptsOf(payment).at(-1);
  const status = payment.status === 'paid' ? 'completed' : payment.status === 'expired' ? 'expired' : 'open';
  return {
    session_id: payment.ref, status, amount: payment.amount.toFixed(2), currency: payment.currency,
    description: payment.extra.description ?? '', items: payment.extra.items ?? [], return_url: payment.returnUrl,
    payment_id: last?.id ?? null, payment_status: last?.status ?? null, created_at: iso(payment.createdAt),
  };
}

function paymentEntity(payment: DoublePayment, attempt: Attempt): Record<string, unknown> {
  return {
    id: attempt.id, object: 'payment', amount: payment.amount.toFixed(2), currency: payment.currency, status: attempt.status,
    session_id: payment.ref, description: payment.extra.description ?? '', test: payment.key.startsWith('sk_test_'), created_at: iso(attempt.created),
  };
}

function attempt(store: DoubleStore, key: string, paymentId: string): { payment: DoublePayment; attempt: Attempt } | undefined {
  for (const payment of store.payments.values()) {
    if (payment.provider !== 'geeks' || payment.key !== key) continue;
    const found = attemptsOf(payment).find((made) => made.id === paymentId);
    if (found) return { payment, attempt: found };
  }
  return undefined;
}

function createSession(request: DoubleRequest, store: DoubleStore, key: string): DoubleAnswer {
  const body = request.body;
  if (typeof body.amount !== 'string' || !AMOUNT.test(body.amount) || Number(body.amount) <= 0) {
    return invalidField('amount', 'Total amount to charge, a decimal string such as 99.99', body.amount);
  }
  if (typeof body.currency !== 'string' || !/^[A-Z]{3}$/.test(body.currency)) return invalidField('currency', 'A valid currency code ISO-4217', body.currency);
  let returnUrl: URL;
  try {
    returnUrl = new URL(String(body.return_url));
  } catch {
    return invalidField('return_url', 'URL to redirect after payment completion', body.return_url);
  }
  if (body.mode !== undefined && body.mode !== 'payment') return invalidField('mode', 'The double takes payment mode only', body.mode);
  const payment = store.open({
    ref: randomUUID(), provider: 'geeks', key, amount: Number(body.amount), currency: body.currency, reference: '',
    returnUrl: returnUrl.toString(), extra: { description: body.description ?? '', items: Array.isArray(body.items) ? body.items : [] },
  });
  return { status: 201, body: { session_id: payment.ref, checkout_url: store.pageUrl('geeks', payment.ref) } };
}

function createRefund(request: DoubleRequest, store: DoubleStore, key: string): DoubleAnswer {
  const body = request.body;
  if (typeof body.payment_id !== 'string') return invalidField('payment_id', 'Internal payment ID to refund', body.payment_id);
  const found = attempt(store, key, body.payment_id);
  if (!found) return detail(404, 'Payment not found');
  if (found.attempt.status !== 'succeeded') return detail(400, 'Only a succeeded payment can be refunded');
  const total = Math.round(found.payment.amount * 100);
  const refunded = refunds.filter((made) => made.payment_id === found.attempt.id).reduce((sum, made) => sum + made.amount, 0);
  const amount = body.amount === undefined ? total - refunded : body.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return invalidField('amount', 'Amount to refund in cents', body.amount);
  if (refunded + amount > total) return detail(400, 'The payment is already fully refunded');
  const refund: DoubleRefund = { id: id('ref_'), key, payment_id: found.attempt.id, amount, reason: typeof body.reason === 'string' ? body.reason : null };
  refunds.push(refund);
  found.payment.refunds.push({ id: refund.id, amount: amount / 100 });
  return { status: 200, body: { id: refund.id, object: 'refund', payment_id: refund.payment_id, amount, status: 'pending' } };
}

/**
 * 4Geeks Payments (api.4geeks.io, v1), as its reference describes it: an API key (sk_test_…/sk_live_…)
 * in X-Api-Key or as the Basic user, else 401; POST /v1/payments/session (amount a decimal string,
 * currency ISO 4217, return_url, description, items) answers 201 with session_id and checkout_url;
 * GET /v1/payments/session/:id; GET /v1/payments/:id; POST /v1/refunds (payment_id, amount in cents or
 * the whole) and GET /v1/refunds (limit, offset: items, total_items). The reference leaves out the
 * session's states, the error bodies and the notifications: the double answers a session as open,
 * completed or expired with its last payment, refusals in a `detail` body (422 lists the fields), and
 * the page sends the customer back to return_url with id_payment (also after a failed attempt, which
 * leaves the session payable; cancelling sends them back with nothing). Its notification is
 * { type, data: { session_id, payment_id, status, amount, currency } }, posted to the endpoint entered
 * in its console, whose query carries the merchant's own signature (see the adapter).
 */
export const geeksDouble: ProviderDouble = {
  name: 'geeks',
  testAccount: { publicKey: '', secretKey: 'sk_test_51O62xYzAbcDef123', webhookSecret: SECRET, merchantId: '' },
  testCurrency: 'USD',
  amountUnits: 'major',
  handle(request, store) {
    const key = keyOf(request);
    if (!key) return detail(401, 'Invalid or missing API key');
    if (request.method === 'POST' && request.path === '/v1/payments/session') return createSession(request, store, key);
    const sessionPath = /^\/v1\/payments\/session\/([^/]+)$/.exec(request.path);
    if (sessionPath && request.method === 'GET') {
      const payment = store.find('geeks', sessionPath[1] ?? '');
      return payment && payment.key === key ? { status: 200, body: sessionEntity(payment) } : detail(404, 'Session not found');
    }
    if (request.path === '/v1/refunds' && request.method === 'POST') return createRefund(request, store, key);
    if (request.path === '/v1/refunds' && request.method === 'GET') {
      const limit = Math.min(Number(request.query.get('limit') ?? 10) || 10, 100);
      const offset = Number(request.query.get('offset') ?? 0) || 0;
      const mine = refunds.filter((refund) => refund.key === key);
      return {
        status: 200,
        body: { items: mine.slice(offset, offset + limit).map((refund) => ({ id: refund.id, object: 'refund', payment_id: refund.payment_id, amount: refund.amount, reason: refund.reason, status: 'succeeded' })), total_items: mine.length, limit, offset },
      };
    }
    const paymentPath = /^\/v1\/payments\/([^/]+)$/.exec(request.path);
    if (paymentPath && request.method === 'GET') {
      const found = attempt(store, key, paymentPath[1] ?? '');
      return found ? { status: 200, body: paymentEntity(found.payment, found.attempt) } : detail(404, 'Payment not found');
    }
    return undefined;
  },
  exit(payment, action) {
    if (action === 'cancel') {
      // Leaving the page leaves the session payable.
      payment.status = 'open';
      return { redirect: payment.returnUrl };
    }
    const made: Attempt = { id: id('pay_'), status: action === 'pay' ? 'succeeded' : 'failed', created: Date.now() };
    attemptsOf(payment).push(made);
    if (action === 'pay') payment.paymentId = made.id;
    // A declined card leaves the session open for another attempt.
    else payment.status = 'open';
    return { redirect: withQuery(payment.returnUrl, { id_payment: made.id }) };
  },
  webhook(payment, secret) {
    const last = attemptsOf(payment).at(-1);
    const type = payment.status === 'paid' ? 'payment.succeeded' : last?.status === 'failed' ? 'payment.failed' : 'checkout.session.expired';
    const body = JSON.stringify({
      id: id('evt_'), type, created_at: iso(Date.now()),
      data: { session_id: payment.ref, payment_id: last?.id ?? null, status: last?.status ?? 'open', amount: payment.amount.toFixed(2), currency: payment.currency },
    });
    // The endpoint as the merchant entered it: signed with the account's secret (with any other, as a forger would).
    return { body, headers: { 'content-type': 'application/json' }, query: { sig: createHmac('sha256', secret).update('notify:geeks').digest('hex') } };
  },
};
