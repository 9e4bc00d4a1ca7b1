import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DoubleAnswer, DoublePayment, DoubleRequest, DoubleStore, ProviderDouble } from './kit.ts';

/** The merchant this double knows: Flow keys are an apiKey (a UUID in capitals) and a 40-hex-digit secretKey. */
const API_KEY = '6D2F81A4-3C7B-4E95-A0D8-5B1E9F4C27A3';
const SECRET_KEY = '9c41e7b2d05a8f3e6b1c4d7a2e9f0b3c5d8a1e4f';

/** Flow's error answer. */
const error = (status: number, message: string): DoubleAnswer => ({ status, body: { code: status, message } });

const stamp = (date = new Date()) => date.toISOString().replace('T', ' ').slice(0, 19);
let nextOrder = 1_000_000 + Math.floor(Math.random() * 1000) * 1000;

/** Whether `s` is Flow's signature of the other parameters: HMAC-SHA256 (hex) over the sorted name+value pairs with the secret key. */
function signatureHolds(params: Record<string, string>): boolean {
  const { s, ...rest } = params;
  const expected = createHmac('sha256', SECRET_KEY).update(Object.keys(rest).sort().map((name) => `${name}${rest[name]}`).join('')).digest('hex');
  return typeof s === 'string' && s.length === expected.length && timingSafeEqual(Buffer.from(s), Buffer.from(expected));
}

function statusCode(payment: DoublePayment): number {
  return payment.status === 'paid' ? 2 : payment.status === 'failed' ? 3 : payment.status === 'cancelled' || payment.status === 'expired' ? 4 : 1;
}

/** payment/getStatus's answer. */
function status(payment: DoublePayment): Record<string, unknown> {
  const extra = payment.extra as { flowOrder: number; subject: string; email: string; optional: unknown; requestDate: string; paidAt?: string };
  const paid = payment.status === 'paid';
  return {
    flowOrder: extra.flowOrder, commerceOrder: payment.reference, requestDate: extra.requestDate, status: statusCode(payment),
    subject: extra.subject, currency: payment.currency, amount: payment.amount, payer: extra.email, optional: extra.optional ?? null,
    pending_info: { media: null, date: null },
    paymentData: paid ? {
      date: extra.paidAt, media: 'Webpay', conversionDate: null, conversionRate: null, amount: payment.amount, currency: payment.currency,
      fee: Math.round(payment.amount * 0.0319), balance: payment.amount - Math.round(payment.amount * 0.0319), transferDate: null,
    } : { date: null, media: null, conversionDate: null, conversionRate: null, amount: null, currency: null, fee: null, balance: null, transferDate: null },
    merchantId: null,
  };
}

const isUrl = (value: string | undefined) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);

function create(params: Record<string, string>, store: DoubleStore): DoubleAnswer {
  for (const name of ['commerceOrder', 'subject', 'amount', 'email', 'urlConfirmation', 'urlReturn'] as const) {
    if (!params[name]) return error(400, `The parameter ${name} is required`);
  }
  const currency = params.currency ?? 'CLP';
  if (currency !== 'CLP') return error(400, `The currency ${currency} is not enabled for this commerce`);
  // CLP has no decimals.
  if (!/^\d+$/.test(params.amount!) || Number(params.amount) <= 0) return error(400, 'The amount must be a whole number of pesos greater than zero');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(params.email!)) return error(400, 'The email is not valid');
  if (!isUrl(params.urlConfirmation) || !isUrl(params.urlReturn)) return error(400, 'urlConfirmation and urlReturn must be URLs');
  if (params.timeout !== undefined && !/^\d+$/.test(params.timeout)) return error(400, 'The timeout must be a number of seconds');
  let optional: unknown = null;
  if (params.optional) {
    try {
      optional = JSON.parse(params.optional);
    } catch {
      return error(400, 'The optional data must be JSON');
    }
  }
  const token = randomBytes(20).toString('hex').toUpperCase();
  const flowOrder = nextOrder++;
  store.open({
    ref: token, provider: 'flow', key: params.apiKey!, amount: Number(params.amount), currency, reference: params.commerceOrder!,
    returnUrl: params.urlReturn!,
    extra: { flowOrder, subject: params.subject, email: params.email, optional, requestDate: stamp(), urlConfirmation: params.urlConfirmation, refundOrders: [] },
  });
  return { status: 200, body: { url: store.pageUrl('flow', token), token, flowOrder } };
}

function refund(params: Record<string, string>, store: DoubleStore): DoubleAnswer {
  for (const name of ['refundCommerceOrder', 'receiverEmail', 'amount', 'urlCallBack'] as const) {
    if (!params[name]) return error(400, `The parameter ${name} is required`);
  }
  if (!params.commerceTrxId && !params.flowTrxId) return error(400, 'One of commerceTrxId or flowTrxId is required');
  if (!isUrl(params.urlCallBack)) return error(400, 'urlCallBack must be a URL');
  const flowPayments = [...store.payments.values()].filter((payment) => payment.provider === 'flow' && payment.key === params.apiKey);
  // Flow's documentation does not say how it answers a refundCommerceOrder given twice; the double refuses it.
  if (flowPayments.some((payment) => (payment.extra.refundOrders as string[]).includes(params.refundCommerceOrder!))) {
    return error(400, `The refundCommerceOrder ${params.refundCommerceOrder} already exists`);
  }
  const payment = flowPayments.find((candidate) => (params.flowTrxId ? String(candidate.extra.flowOrder) === params.flowTrxId : candidate.reference === params.commerceTrxId));
  if (!payment || payment.status !== 'paid') return error(400, 'The transaction to refund does not exist or was not paid');
  const refunded = payment.refunds.reduce((sum, made) => sum + made.amount, 0);
  if (!/^\d+$/.test(params.amount!) || Number(params.amount) <= 0 || refunded + Number(params.amount) > payment.amount) {
    return error(400, 'The refund amount is more than the amount that can be refunded');
  }
  const token = randomBytes(20).toString('hex').toUpperCase();
  const made = { id: token, amount: Number(params.amount) };
  payment.refunds.push(made);
  (payment.extra.refundOrders as string[]).push(params.refundCommerceOrder!);
  const flowRefundOrder = String(nextOrder++);
  payment.extra.refundStatus = { token, flowRefundOrder, date: stamp(), status: 'created', amount: made.amount, fee: 0, receiverEmail: params.receiverEmail, urlCallBack: params.urlCallBack };
  return { status: 200, body: { token, flowRefundOrder, date: stamp(), status: 'created', amount: made.amount, fee: 0 } };
}

function route(request: DoubleRequest, params: Record<string, string>, store: DoubleStore): DoubleAnswer | undefined {
  if (request.method === 'POST' && request.path === '/payment/create') return create(params, store);
  if (request.method === 'GET' && request.path === '/payment/getStatus') {
    const payment = params.token ? store.find('flow', params.token) : undefined;
    if (!payment || payment.key !== params.apiKey) return error(400, 'The token does not exist');
    return { status: 200, body: status(payment) };
  }
  if (request.method === 'POST' && request.path === '/refund/create') return refund(params, store);
  if (request.method === 'GET' && request.path === '/refund/getStatus') {
    const payment = [...store.payments.values()].find((candidate) => candidate.provider === 'flow' && (candidate.extra.refundStatus as { token?: string } | undefined)?.token === params.token);
    if (!payment) return error(400, 'The token does not exist');
    const made = payment.extra.refundStatus as Record<string, unknown>;
    return { status: 200, body: { token: made.token, flowRefundOrder: made.flowRefundOrder, date: made.date, status: made.status, amount: made.amount, fee: made.fee } };
  }
  return undefined;
}

/**
 * Flow (Chile), its REST API v1: POST /payment/create (a form: apiKey, commerceOrder, subject, amount
 * (CLP, whole pesos), email, urlConfirmation, urlReturn, optional timeout and optional data) answered
 * with url, token and flowOrder; GET /payment/getStatus?token= (status 1 pending, 2 paid, 3
 * rejected, 4 cancelled; the payer's email; pending_info while a payment is under way); POST
 * /refund/create (refundCommerceOrder, receiverEmail, amount, urlCallBack, flowTrxId or
 * commerceTrxId) and GET /refund/getStatus. Every call carries `s`, the HMAC-SHA256 of its other
 * parameters sorted by name and concatenated as name+value, with the merchant's secretKey: a wrong one
 * is refused (401). The page posts the token back to urlReturn (paid, rejected, or left unpaid when
 * the customer goes back); Flow's confirmation posts the token, unsigned, to urlConfirmation.
 */
export const flowDouble: ProviderDouble = {
  name: 'flow',
  testAccount: { publicKey: API_KEY, secretKey: SECRET_KEY, webhookSecret: 'whsec_flow_double_confirmation', merchantId: '' },
  testCurrency: 'CLP',
  amountUnits: 'major',
  handle(request, store) {
    const params = Object.fromEntries(request.method === 'GET' ? request.query : Object.entries(request.body).map(([name, value]) => [name, String(value)])) as Record<string, string>;
    if (params.apiKey !== API_KEY) return error(401, 'The apiKey is not valid');
    if (!signatureHolds(params)) return error(401, 'The signature s is not valid');
    return route(request, params, store);
  },
  exit(payment, action) {
    if (action === 'pay') {
      payment.paymentId = String(payment.extra.flowOrder);
      payment.extra.paidAt = stamp();
    }
    // Back to the store without paying: the order stays payable (status 1) until its timeout.
    if (action === 'cancel') payment.status = 'open';
    return { post: payment.returnUrl, fields: { token: payment.ref } };
  },
  webhook(payment, secret) {
    const query = Object.fromEntries(new URL(String(payment.extra.urlConfirmation)).searchParams);
    if (secret !== flowDouble.testAccount.webhookSecret && query.sig) query.sig = `${query.sig.slice(0, -1)}${query.sig.endsWith('0') ? '1' : '0'}`;
    return { body: new URLSearchParams({ token: payment.ref }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, query };
  },
};
