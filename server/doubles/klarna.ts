import { randomBytes, randomUUID } from 'node:crypto';
import { credentials, type DoubleAnswer, type DoublePayment, type DoubleStore, type ProviderDouble } from './kit.ts';

/** Klarna's error answer. */
const error = (status: number, code: string, ...messages: string[]): DoubleAnswer => ({
  status, body: { error_code: code, error_messages: messages, correlation_id: randomUUID() },
});
const badValue = (field: string) => error(400, 'BAD_VALUE', `Bad value: ${field}`);

/** The purchase countries of each currency (Klarna refuses a currency outside its country). */
const COUNTRIES: Record<string, readonly string[]> = {
  USD: ['US'], GBP: ['GB'], SEK: ['SE'], NOK: ['NO'], DKK: ['DK'], CHF: ['CH'], AUD: ['AU'], CAD: ['CA'], NZD: ['NZ'], PLN: ['PL'], CZK: ['CZ'],
  EUR: ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'GR', 'IE', 'IT', 'NL', 'PT'],
};

interface OrderLine { name: string; quantity: number; unit_price: number; total_amount: number; total_tax_amount: number; total_discount_amount: number }

/** A Klarna Payments session (before an HPP session hosts it). */
interface KpSession {
  id: string;
  user: string;
  body: Record<string, unknown>;
  amount: number;
  currency: string;
  createdAt: number;
  hpp?: string;
}

const kpSessions = new Map<string, KpSession>();
/** Refunds already made per Klarna-Idempotency-Key and API user. */
const replays = new Map<string, DoubleAnswer>();

/** The HPP session's status at Klarna. */
function hppStatus(payment: DoublePayment): string {
  if (payment.extra.disabled) return 'DISABLED';
  switch (payment.status) {
    case 'paid': return 'COMPLETED';
    case 'failed': return 'FAILED';
    case 'cancelled': return 'CANCELLED';
    case 'expired': return 'DISABLED';
    default: return payment.extra.visited ? 'IN_PROGRESS' : 'WAITING';
  }
}

function hppSession(payment: DoublePayment): Record<string, unknown> {
  const status = hppStatus(payment);
  return {
    session_id: payment.ref, status,
    ...(status === 'COMPLETED' ? {
      authorization_token: payment.extra.authorizationToken, klarna_reference: payment.extra.klarnaReference,
      ...(payment.paymentId ? { order_id: payment.paymentId } : {}),
    } : {}),
    updated_at: String(payment.extra.updatedAt ?? new Date(payment.createdAt).toISOString()),
    expires_at: new Date(payment.createdAt + 47 * 3600_000).toISOString(),
  };
}

function refundedTotal(payment: DoublePayment): number {
  return payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
}

/** An order as Klarna's order management answers it. */
function omOrder(payment: DoublePayment): Record<string, unknown> {
  const captured = payment.extra.captured ? payment.amount : 0;
  const refunded = refundedTotal(payment);
  const cancelled = Boolean(payment.extra.orderCancelled);
  const kp = kpSessions.get(String(payment.extra.kpSessionId));
  return {
    order_id: payment.paymentId, status: cancelled ? 'CANCELLED' : captured ? 'CAPTURED' : 'AUTHORIZED', fraud_status: 'ACCEPTED',
    order_amount: payment.amount, original_order_amount: payment.amount, captured_amount: captured, refunded_amount: refunded,
    remaining_authorized_amount: cancelled || captured ? 0 : payment.amount, purchase_currency: payment.currency,
    locale: kp?.body.locale, order_lines: kp?.body.order_lines, merchant_reference1: kp?.body.merchant_reference1, merchant_reference2: kp?.body.merchant_reference2,
    klarna_reference: payment.extra.klarnaReference, created_at: payment.extra.updatedAt,
    captures: captured ? [{ capture_id: payment.extra.captureId, klarna_reference: payment.extra.klarnaReference, captured_amount: captured, captured_at: payment.extra.updatedAt, refunded_amount: refunded }] : [],
    refunds: payment.refunds.map((refund) => ({ refund_id: refund.id, refunded_amount: refund.amount, refunded_at: payment.extra.updatedAt })),
  };
}

function createPaymentSession(body: Record<string, unknown>, user: string): DoubleAnswer {
  const country = typeof body.purchase_country === 'string' ? body.purchase_country.toUpperCase() : '';
  const currency = typeof body.purchase_currency === 'string' ? body.purchase_currency.toUpperCase() : '';
  if (!/^[A-Z]{2}$/.test(country)) return badValue('purchase_country');
  if (!/^[A-Z]{3}$/.test(currency) || !COUNTRIES[currency]?.includes(country)) return badValue('purchase_currency');
  if (typeof body.locale !== 'string' || !/^[a-z]{2}-[A-Z]{2}$/.test(body.locale)) return badValue('locale');
  if (typeof body.order_amount !== 'number' || !Number.isInteger(body.order_amount) || body.order_amount < 0) return badValue('order_amount');
  if (!Array.isArray(body.order_lines) || body.order_lines.length === 0) return error(400, 'BAD_VALUE', 'Bad value: order_lines');
  let total = 0;
  let tax = 0;
  for (const [index, raw] of (body.order_lines as Array<Partial<OrderLine>>).entries()) {
    const whole = (value: unknown) => typeof value === 'number' && Number.isInteger(value);
    if (typeof raw.name !== 'string' || !raw.name) return badValue(`order_lines[${index}].name`);
    if (!whole(raw.quantity) || raw.quantity! < 1) return badValue(`order_lines[${index}].quantity`);
    if (!whole(raw.unit_price)) return badValue(`order_lines[${index}].unit_price`);
    if (!whole(raw.total_amount) || raw.total_amount !== raw.quantity! * raw.unit_price! - (raw.total_discount_amount ?? 0)) return badValue(`order_lines[${index}].total_amount`);
    total += raw.total_amount!;
    tax += raw.total_tax_amount ?? 0;
  }
  if (total !== body.order_amount) return badValue('order_amount');
  if ((body.order_tax_amount ?? 0) !== tax) return badValue('order_tax_amount');
  const session: KpSession = { id: randomUUID(), user, body, amount: body.order_amount, currency, createdAt: Date.now() };
  kpSessions.set(session.id, session);
  return {
    status: 200,
    body: {
      session_id: session.id, client_token: `eyJhbGciOiJSUzI1NiJ9.${randomBytes(48).toString('base64url')}.${randomBytes(32).toString('base64url')}`,
      payment_method_categories: [{ identifier: 'klarna', name: 'Pay with Klarna', asset_urls: { descriptive: 'https://x.klarnacdn.net/payment-method/assets/badges/generic/klarna.svg', standard: 'https://x.klarnacdn.net/payment-method/assets/badges/generic/klarna.svg' } }],
    },
  };
}

function createHppSession(body: Record<string, unknown>, user: string, store: DoubleStore): DoubleAnswer {
  const url = body.payment_session_url;
  if (typeof url !== 'string') return badValue('payment_session_url');
  const kp = kpSessions.get(/\/payments\/v1\/sessions\/([^/?#]+)$/.exec(url)?.[1] ?? '');
  if (!kp || kp.user !== user) return error(404, 'NOT_FOUND', 'Payment session has expired.');
  const urls = (body.merchant_urls ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(urls)) if (typeof value !== 'string' || !/^https?:\/\//.test(value)) return badValue(`merchant_urls.${name}`);
  const options = (body.options ?? {}) as { place_order_mode?: unknown };
  const mode = options.place_order_mode ?? 'NONE';
  if (mode !== 'NONE' && mode !== 'PLACE_ORDER' && mode !== 'CAPTURE_ORDER') return badValue('options.place_order_mode');
  const payment = store.open({
    ref: randomUUID(), provider: 'klarna', key: user, amount: kp.amount, currency: kp.currency,
    reference: typeof kp.body.merchant_reference1 === 'string' ? kp.body.merchant_reference1 : '',
    returnUrl: String(urls.success ?? ''), ...(typeof urls.cancel === 'string' ? { cancelUrl: urls.cancel } : {}), ...(typeof urls.failure === 'string' ? { failUrl: urls.failure } : {}),
    extra: { kpSessionId: kp.id, merchantUrls: urls, placeOrderMode: mode },
  });
  kp.hpp = payment.ref;
  const base = `${store.base}/klarna/hpp/v1/sessions/${payment.ref}`;
  return {
    status: 201,
    body: {
      session_id: payment.ref, session_url: base, redirect_url: store.pageUrl('klarna', payment.ref), qr_code_url: `${store.pageUrl('klarna', payment.ref)}/qr`,
      distribution_url: `${base}/distribution`, expires_at: new Date(payment.createdAt + 47 * 3600_000).toISOString(),
      distribution_module: { token: randomBytes(6).toString('hex'), standalone_url: store.pageUrl('klarna', payment.ref), generation_url: `${base}/distribution/generate` },
    },
  };
}

function refundOrder(payment: DoublePayment, body: Record<string, unknown>): DoubleAnswer {
  const amount = body.refunded_amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) return badValue('refunded_amount');
  const captured = payment.extra.captured ? payment.amount : 0;
  if (amount + refundedTotal(payment) > captured) return error(403, 'REFUND_NOT_ALLOWED', 'Refunded amount is higher than captured amount.');
  const refund = { id: randomUUID(), amount };
  payment.refunds.push(refund);
  return { status: 201, body: undefined, headers: { location: `/ordermanagement/v1/orders/${String(payment.paymentId)}/refunds/${refund.id}`, 'refund-id': refund.id } };
}

/** A merchant URL with HPP's placeholders filled in ({{session_id}}, {{authorization_token}}, {{order_id}}). */
function filled(url: string, payment: DoublePayment): string {
  const values: Record<string, string> = {
    session_id: payment.ref, authorization_token: String(payment.extra.authorizationToken ?? ''), order_id: payment.paymentId ?? '',
  };
  return url.replace(/(?:\{\{|%7B%7B)(session_id|authorization_token|order_id)(?:\}\}|%7D%7D)/gi, (_all, name: string) => encodeURIComponent(values[name.toLowerCase()] ?? ''));
}

/**
 * Klarna (Klarna Payments v1, Hosted Payment Page v1, Order Management v1; Basic auth with the API
 * username and password): POST /payments/v1/sessions (purchase country and currency, locale, order amount
 * in minor units equal to the order lines' totals), GET /payments/v1/sessions/:id, POST /hpp/v1/sessions
 * (payment_session_url of a KP session, merchant_urls, options.place_order_mode), GET and DELETE
 * /hpp/v1/sessions/:id, GET /ordermanagement/v1/orders/:id, POST …/refunds (Klarna-Idempotency-Key) and
 * …/cancel. The page sends the customer to merchant_urls.success (the order placed, and captured with
 * CAPTURE_ORDER), .failure (refused: FAILED, which the customer may try again) or .cancel (CANCELLED),
 * filling in HPP's placeholders. Status callbacks are not signed: they are POSTed to
 * merchant_urls.status_update (with its query) as { event_id, session }.
 */
export const klarnaDouble: ProviderDouble = {
  name: 'klarna',
  testAccount: { publicKey: 'PK47831_3c1f8e9a2b7d', secretKey: 'klarna_test_api_OWYxZjM0MmYtZDg0Ni00ZGJlLWE5ZTMtZG91YmxlLGtsYXJuYQ', webhookSecret: 'whsec_klarna_double', merchantId: '' },
  testCurrency: 'USD',
  amountUnits: 'minor',
  handle(request, store) {
    const auth = credentials(request.headers);
    if (!auth || !/^(?:PK|PN|K)\d+_[0-9a-f]{12}$/.test(auth.user) || !auth.password) return error(401, 'UNAUTHORIZED', 'Unable to authenticate the request.');
    const { method, path, body } = request;
    if (method === 'POST' && path === '/payments/v1/sessions') return createPaymentSession(body, auth.user);
    const kpPath = /^\/payments\/v1\/sessions\/([^/]+)$/.exec(path);
    if (kpPath && method === 'GET') {
      const kp = kpSessions.get(kpPath[1] ?? '');
      if (!kp || kp.user !== auth.user) return error(404, 'NOT_FOUND', 'Session not found');
      const hpp = kp.hpp ? store.find('klarna', kp.hpp) : undefined;
      const complete = hpp?.status === 'paid';
      return {
        status: 200,
        body: {
          ...kp.body, status: complete ? 'complete' : 'incomplete', expires_at: new Date(kp.createdAt + 48 * 3600_000).toISOString(),
          ...(complete && !hpp.paymentId ? { authorization_token: hpp.extra.authorizationToken } : {}),
        },
      };
    }
    if (method === 'POST' && path === '/hpp/v1/sessions') return createHppSession(body, auth.user, store);
    const hppPath = /^\/hpp\/v1\/sessions\/([^/]+)$/.exec(path);
    if (hppPath) {
      const payment = store.find('klarna', hppPath[1] ?? '');
      if (!payment || payment.key !== auth.user) return error(404, 'NOT_FOUND', 'HPP session has expired or could not be found.');
      if (method === 'GET') return { status: 200, body: hppSession(payment) };
      if (method === 'DELETE') {
        if (payment.status === 'paid') return error(400, 'BAD_REQUEST', 'HPP session has already been successfully completed.');
        payment.extra.disabled = true;
        payment.status = 'cancelled';
        payment.extra.updatedAt = new Date().toISOString();
        return { status: 204, body: undefined };
      }
      return undefined;
    }
    const orderPath = /^\/ordermanagement\/v1\/orders\/([^/]+)(\/refunds|\/cancel)?$/.exec(path);
    if (orderPath) {
      const payment = [...store.payments.values()].find((p) => p.provider === 'klarna' && p.key === auth.user && p.paymentId === orderPath[1]);
      if (!payment) return error(404, 'NO_SUCH_ORDER', 'Order not found');
      if (!orderPath[2]) return method === 'GET' ? { status: 200, body: omOrder(payment) } : undefined;
      if (method !== 'POST') return undefined;
      if (orderPath[2] === '/cancel') {
        if (payment.extra.captured || payment.extra.orderCancelled) return error(403, 'CANCEL_NOT_ALLOWED', 'Cancel not allowed.');
        payment.extra.orderCancelled = true;
        return { status: 204, body: undefined };
      }
      const key = request.headers['klarna-idempotency-key'];
      const replayKey = typeof key === 'string' && key ? `${auth.user}:${key}` : undefined;
      const kept = replayKey ? replays.get(replayKey) : undefined;
      if (kept) return kept;
      const answer = refundOrder(payment, body);
      if (replayKey && answer.status < 300) replays.set(replayKey, answer);
      return answer;
    }
    return undefined;
  },
  exit(payment, action) {
    const urls = payment.extra.merchantUrls as Record<string, string | undefined>;
    payment.extra.updatedAt = new Date().toISOString();
    if (action === 'pay') {
      const mode = payment.extra.placeOrderMode;
      payment.extra.authorizationToken = randomUUID();
      payment.extra.klarnaReference = randomBytes(4).toString('hex');
      payment.paymentId = mode === 'NONE' ? null : randomUUID();
      payment.extra.captured = mode === 'CAPTURE_ORDER';
      if (payment.extra.captured) payment.extra.captureId = randomUUID();
      return { redirect: filled(urls.success ?? noExit(payment), payment) };
    }
    if (action === 'fail') return { redirect: filled(urls.failure ?? urls.error ?? urls.cancel ?? noExit(payment), payment) };
    return { redirect: filled(urls.cancel ?? urls.back ?? noExit(payment), payment) };
  },
  webhook(payment, secret) {
    const status = (payment.extra.merchantUrls as Record<string, string | undefined>).status_update;
    if (!status) throw new Error(`Klarna session ${payment.ref} has no status_update URL`);
    const query = Object.fromEntries(new URL(filled(status, payment)).searchParams);
    // Klarna sends back the URL it was given; a sender without the account's secret cannot sign it.
    if (secret !== klarnaDouble.testAccount.webhookSecret && query.sig) query.sig = `${query.sig.slice(0, -1)}${query.sig.endsWith('0') ? '1' : '0'}`;
    return {
      body: JSON.stringify({ event_id: randomUUID(), session: hppSession(payment) }),
      headers: { 'content-type': 'application/json', 'user-agent': 'Klarna-HPP/1.0' },
      query,
    };
  },
};

/** HPP shows its own confirmation page to a customer of a session without merchant URLs: the double has none. */
function noExit(payment: DoublePayment): never {
  throw new Error(`Klarna session ${payment.ref} has no merchant URL for this exit`);
}
