import { createHmac, randomBytes } from 'node:crypto';
import type { DoubleAnswer, DoublePayment, DoubleRequest, DoubleStore, ProviderDouble } from './kit.ts';

/** Cashfree's error answer. */
const error = (status: number, message: string, code: string, type = 'invalid_request_error'): DoubleAnswer => ({
  status, body: { message, code, type },
});

/** The currencies a merchant has enabled (INR always; the others once Cashfree has enabled them, as here). */
const CURRENCIES = new Set(['INR', 'USD', 'EUR', 'GBP', 'AED', 'SGD', 'CAD', 'AUD']);
const LINK_ID = /^[A-Za-z0-9_-]{1,50}$/;
const REFUND_ID = /^[A-Za-z0-9_-]{3,40}$/;

interface CfPayment {
  cf_payment_id: string;
  order_id: string;
  payment_status: 'SUCCESS' | 'FAILED';
  payment_amount: number;
  payment_currency: string;
  payment_message: string;
  payment_time: string;
  payment_group: string;
}
interface CfRefund {
  cf_refund_id: string;
  refund_id: string;
  order_id: string;
  cf_payment_id: string;
  refund_amount: number;
  refund_currency: string;
  refund_note: string;
  refund_status: 'SUCCESS' | 'PENDING';
  created_at: string;
}
interface CfOrder {
  order_id: string;
  cf_order_id: string;
  order_amount: number;
  order_currency: string;
  order_status: 'ACTIVE' | 'PAID';
  created_at: string;
  payments: CfPayment[];
  refunds: CfRefund[];
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
const ordersOf = (payment: DoublePayment) => (payment.extra.orders ??= []) as CfOrder[];
const digits = (count: number) => String(randomBytes(6).readUIntBE(0, 6)).padStart(count, '1').slice(0, count);

function linkStatus(payment: DoublePayment): string {
  return payment.status === 'paid' ? 'PAID' : payment.status === 'cancelled' ? 'CANCELLED' : payment.status === 'expired' ? 'EXPIRED' : 'ACTIVE';
}

/** A Payment Link entity as Cashfree answers it. */
function link(payment: DoublePayment, base: string): Record<string, unknown> {
  return {
    cf_link_id: payment.extra.cf_link_id, link_id: payment.ref, link_status: linkStatus(payment), link_currency: payment.currency,
    link_amount: payment.amount, link_amount_paid: payment.status === 'paid' ? payment.amount : 0, link_partial_payments: false,
    link_minimum_partial_amount: null, link_purpose: payment.extra.link_purpose, link_created_at: payment.extra.created_at,
    customer_details: payment.extra.customer_details, link_meta: payment.extra.link_meta, link_url: `${base}/cashfree/checkout/${payment.ref}`,
    link_expiry_time: payment.extra.link_expiry_time, link_notes: payment.extra.link_notes ?? {}, link_auto_reminders: false,
    link_notify: payment.extra.link_notify ?? { send_sms: false, send_email: false },
  };
}

/** An order entity as Cashfree answers it (the orders Cashfree makes for a link's attempts). */
function order(payment: DoublePayment, entry: CfOrder): Record<string, unknown> {
  return {
    cf_order_id: entry.cf_order_id, link_id: payment.ref, order_id: entry.order_id, entity: 'order', order_currency: entry.order_currency,
    order_amount: entry.order_amount, order_status: entry.order_status, payment_session_id: `session_${entry.cf_order_id}`,
    order_expiry_time: payment.extra.link_expiry_time, order_note: null, created_at: entry.created_at,
    customer_details: { customer_id: `cust_${payment.ref}`, customer_phone: (payment.extra.customer_details as { customer_phone?: string }).customer_phone },
    order_meta: { return_url: payment.returnUrl, notify_url: (payment.extra.link_meta as { notify_url?: string }).notify_url ?? null, payment_methods: null },
    order_tags: { link_id: payment.ref },
  };
}

function newOrder(payment: DoublePayment, store: DoubleStore, paid: boolean): CfOrder {
  const id = `CFPay_${String(payment.extra.cf_link_id)}_${store.id('', 5)}`;
  const entry: CfOrder = {
    order_id: id, cf_order_id: digits(10), order_amount: payment.amount, order_currency: payment.currency,
    order_status: paid ? 'PAID' : 'ACTIVE', created_at: now(), refunds: [],
    payments: [{
      cf_payment_id: digits(10), order_id: id, payment_status: paid ? 'SUCCESS' : 'FAILED', payment_amount: payment.amount,
      payment_currency: payment.currency, payment_message: paid ? 'Transaction Successful' : 'Transaction failed at the bank',
      payment_time: now(), payment_group: 'upi',
    }],
  };
  ordersOf(payment).push(entry);
  return entry;
}

/** Cashfree answers a repeated POST with the same x-idempotency-key with the first answer. */
const idempotent = new Map<string, DoubleAnswer>();

function createLink(request: DoubleRequest, store: DoubleStore, clientId: string): DoubleAnswer {
  const body = request.body as Record<string, unknown> & {
    customer_details?: { customer_phone?: unknown }; link_meta?: { return_url?: unknown; notify_url?: unknown }; link_notes?: Record<string, unknown>;
  };
  const linkId = body.link_id;
  if (typeof linkId !== 'string' || !LINK_ID.test(linkId)) return error(400, 'link_id : should be alphanumeric (- and _ allowed), at most 50 characters', 'link_id_invalid');
  const amount = body.link_amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return error(400, 'link_amount : is missing in the request', 'link_amount_missing');
  if (Math.round(amount * 100) !== amount * 100) return error(400, 'link_amount : should have at most 2 decimal places', 'link_amount_invalid');
  if (amount < 1) return error(400, 'link_amount : should be greater than or equal to 1', 'link_amount_invalid');
  if (typeof body.link_currency !== 'string' || !CURRENCIES.has(body.link_currency)) return error(400, 'link_currency : is not enabled for this merchant', 'link_currency_invalid');
  if (typeof body.customer_details?.customer_phone !== 'string' || !/^\+?\d{10,15}$/.test(body.customer_details.customer_phone)) {
    return error(400, 'customer_details.customer_phone : is missing or invalid', 'customer_details.customer_phone_invalid');
  }
  const returnUrl = body.link_meta?.return_url;
  if (typeof returnUrl !== 'string' || !/^https?:\/\//.test(returnUrl) || returnUrl.length > 250) return error(400, 'link_meta.return_url : should be a url of at most 250 characters', 'link_meta.return_url_invalid');
  if (body.link_partial_payments === true) return error(400, 'link_partial_payments : partial payments are not enabled for this merchant', 'link_partial_payments_invalid');
  if (store.find('cashfree', linkId)) return error(409, 'link_id : a link with this id already exists', 'link_already_exists');
  const expiry = typeof body.link_expiry_time === 'string' ? body.link_expiry_time : new Date(Date.now() + 30 * 86_400_000).toISOString();
  if (Number.isNaN(Date.parse(expiry)) || Date.parse(expiry) <= Date.now()) return error(400, 'link_expiry_time : should be a time in the future', 'link_expiry_time_invalid');
  const payment = store.open({
    ref: linkId, provider: 'cashfree', key: clientId, amount, currency: body.link_currency, returnUrl,
    reference: typeof body.link_notes?.session_id === 'string' ? body.link_notes.session_id : linkId,
    extra: {
      cf_link_id: digits(7), link_purpose: body.link_purpose ?? '', link_expiry_time: expiry, created_at: now(),
      customer_details: body.customer_details, link_meta: body.link_meta, link_notes: body.link_notes ?? {}, link_notify: body.link_notify,
    },
  });
  return { status: 200, body: link(payment, store.base) };
}

function refund(request: DoubleRequest, payment: DoublePayment, entry: CfOrder): DoubleAnswer {
  const body = request.body;
  const amount = body.refund_amount;
  if (entry.order_status !== 'PAID') return error(400, 'order is not paid', 'order_not_paid');
  if (typeof amount !== 'number' || !(amount > 0) || Math.round(amount * 100) !== amount * 100) return error(400, 'refund_amount : should be a positive amount with at most 2 decimal places', 'refund_amount_invalid');
  const refundId = body.refund_id;
  if (typeof refundId !== 'string' || !REFUND_ID.test(refundId)) return error(400, 'refund_id : should be alphanumeric, 3 to 40 characters', 'refund_id_invalid');
  if (entry.refunds.some((made) => made.refund_id === refundId)) return error(409, 'refund_id : a refund with this id already exists for the order', 'refund_already_exists');
  const refunded = entry.refunds.reduce((sum, made) => sum + made.refund_amount, 0);
  if (Math.round((refunded + amount) * 100) > Math.round(entry.order_amount * 100)) return error(400, 'refund_amount : is more than the amount that can be refunded', 'refund_amount_invalid');
  const made: CfRefund = {
    cf_refund_id: digits(8), refund_id: refundId, order_id: entry.order_id, cf_payment_id: entry.payments[0]?.cf_payment_id ?? '',
    refund_amount: amount, refund_currency: entry.order_currency, refund_note: typeof body.refund_note === 'string' ? body.refund_note : '',
    refund_status: 'PENDING', created_at: now(),
  };
  entry.refunds.push(made);
  payment.refunds.push({ id: refundId, amount });
  return { status: 200, body: { ...made, entity: 'refund', refund_type: 'MERCHANT_INITIATED', refund_speed: { requested: 'STANDARD' } } };
}

/**
 * Cashfree Payments (PG API, x-api-version 2023-08-01), Payment Links and the orders made for their
 * attempts: POST /links (link_amount in major units with at most 2 decimals, at least 1; link_id
 * unique; customer_details.customer_phone required), GET /links/:id, POST /links/:id/cancel (an
 * ACTIVE link only), GET /links/:id/orders?status=PAID|ALL, GET /orders/:id, GET /orders/:id/payments,
 * GET and POST /orders/:id/refunds (refund_id unique per order, at most the amount paid). Keys in the
 * x-client-id and x-client-secret headers; x-api-version required; a repeated x-idempotency-key gets
 * the first answer. The page sends the customer to the link's return_url (Cashfree documents no fields
 * added to it, so none are); a failed attempt leaves the link ACTIVE with a FAILED payment on an order.
 * Webhooks are PAYMENT_LINK_EVENTs signed as Cashfree signs them (x-webhook-signature: base64
 * HMAC-SHA256 of x-webhook-timestamp + body with the client secret).
 */
export const cashfreeDouble: ProviderDouble = {
  name: 'cashfree',
  testAccount: {
    publicKey: 'TEST1043629d5c8b0f7e2a41936e8d725c1b',
    secretKey: 'cfsk_ma_test_4b9e0c7d2f1a8e6b5c3d9f0a1e2b7c4d_8f3a61c2',
    webhookSecret: '',
    merchantId: '',
  },
  testCurrency: 'INR',
  amountUnits: 'major',
  handle(request, store) {
    const clientId = request.headers['x-client-id'];
    const secret = request.headers['x-client-secret'];
    if (typeof clientId !== 'string' || !/^[A-Za-z0-9]{8,}$/.test(clientId) || typeof secret !== 'string' || !secret.startsWith('cfsk_ma_')) {
      return error(401, 'authentication Failed', 'request_failed', 'authentication_error');
    }
    if (!request.headers['x-api-version']) return error(400, 'x-api-version : is missing in the request', 'request_failed');
    const key = request.headers['x-idempotency-key'];
    const remembered = request.method === 'POST' && typeof key === 'string' ? `${clientId} ${request.path} ${key}` : undefined;
    if (remembered && idempotent.has(remembered)) return idempotent.get(remembered);
    const answer = route(request, store, clientId);
    if (remembered && answer) idempotent.set(remembered, answer);
    return answer;
  },
  exit(payment, action, store) {
    if (action === 'pay') {
      payment.paymentId = newOrder(payment, store, true).order_id;
      return { redirect: payment.returnUrl };
    }
    // A failed attempt, or a customer who leaves, leaves the link payable (ACTIVE) at Cashfree.
    if (action === 'fail') newOrder(payment, store, false);
    payment.status = 'open';
    return { redirect: payment.returnUrl };
  },
  webhook(payment, secret) {
    const paid = ordersOf(payment).find((entry) => entry.order_status === 'PAID');
    const body = JSON.stringify({
      data: {
        ...link(payment, ''),
        link_amount: payment.amount.toFixed(2), link_amount_paid: (payment.status === 'paid' ? payment.amount : 0).toFixed(2),
        ...(paid ? {
          order: {
            order_amount: paid.order_amount.toFixed(2), order_id: paid.order_id, order_expiry_time: payment.extra.link_expiry_time,
            order_hash: randomBytes(10).toString('base64url'), transaction_id: Number(paid.payments[0]?.cf_payment_id), transaction_status: 'SUCCESS',
          },
        } : {}),
      },
      type: 'PAYMENT_LINK_EVENT',
      version: 1,
      event_time: now(),
    });
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', secret).update(`${timestamp}${body}`).digest('base64');
    return { body, headers: { 'content-type': 'application/json', 'x-webhook-signature': signature, 'x-webhook-timestamp': timestamp, 'x-webhook-version': '2023-08-01' } };
  },
};

function route(request: DoubleRequest, store: DoubleStore, clientId: string): DoubleAnswer | undefined {
  if (request.method === 'POST' && request.path === '/links') return createLink(request, store, clientId);
  const linkPath = /^\/links\/([^/]+)(\/cancel|\/orders)?$/.exec(request.path);
  if (linkPath) {
    const payment = store.find('cashfree', decodeURIComponent(linkPath[1] ?? ''));
    if (!payment || payment.key !== clientId) return error(404, 'link_id : link does not exist', 'link_not_found');
    if (linkPath[2] === '/cancel' && request.method === 'POST') {
      if (payment.status !== 'open') return error(400, `link_id : link is ${linkStatus(payment)} and cannot be cancelled`, 'link_cancel_failed');
      payment.status = 'cancelled';
      return { status: 200, body: link(payment, store.base) };
    }
    if (linkPath[2] === '/orders' && request.method === 'GET') {
      const status = request.query.get('status') ?? 'PAID';
      if (status !== 'PAID' && status !== 'ALL') return error(400, 'status : should be one of ALL, PAID', 'status_invalid');
      return { status: 200, body: ordersOf(payment).filter((entry) => status === 'ALL' || entry.order_status === 'PAID').map((entry) => order(payment, entry)) };
    }
    return request.method === 'GET' && !linkPath[2] ? { status: 200, body: link(payment, store.base) } : undefined;
  }
  const orderPath = /^\/orders\/([^/]+)(\/payments|\/refunds)?$/.exec(request.path);
  if (orderPath) {
    const orderId = decodeURIComponent(orderPath[1] ?? '');
    let found: { payment: DoublePayment; entry: CfOrder } | undefined;
    for (const payment of store.payments.values()) {
      const entry = payment.provider === 'cashfree' && payment.key === clientId ? ordersOf(payment).find((candidate) => candidate.order_id === orderId) : undefined;
      if (entry) found = { payment, entry };
    }
    if (!found) return error(404, 'order_id : order does not exist', 'order_not_found');
    if (orderPath[2] === '/payments' && request.method === 'GET') return { status: 200, body: found.entry.payments.map((made) => ({ ...made, entity: 'payment', is_captured: made.payment_status === 'SUCCESS' })) };
    if (orderPath[2] === '/refunds') {
      if (request.method === 'POST') return refund(request, found.payment, found.entry);
      return { status: 200, body: found.entry.refunds.map((made) => ({ ...made, entity: 'refund' })) };
    }
    return request.method === 'GET' && !orderPath[2] ? { status: 200, body: order(found.payment, found.entry) } : undefined;
  }
  return undefined;
}
