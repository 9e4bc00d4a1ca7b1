import { createHmac } from 'node:crypto';
import { credentials, withQuery, type DoubleAnswer, type DoublePayment, type ProviderDouble } from './kit.ts';

/** Razorpay's error answer. */
const error = (status: number, description: string, field?: string): DoubleAnswer => ({
  status, body: { error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, field: field ?? null } },
});

const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

/** Keys per key id: the double takes any key id with any secret, and signs returns with the secret it was given. */
const secrets = new Map<string, string>();

function linkStatus(payment: DoublePayment): string {
  return payment.status === 'open' ? 'created' : payment.status === 'paid' ? 'paid' : payment.status === 'expired' ? 'expired' : 'cancelled';
}

/** A Payment Link entity as Razorpay answers it. */
function link(payment: DoublePayment, base: string): Record<string, unknown> {
  return {
    id: payment.ref, entity: 'payment_link', amount: payment.amount, amount_paid: payment.status === 'paid' ? payment.amount : 0,
    currency: payment.currency, accept_partial: false, reference_id: payment.reference, status: linkStatus(payment),
    short_url: `${base}/razorpay/checkout/${payment.ref}`, callback_url: payment.returnUrl, callback_method: 'get',
    expire_by: payment.extra.expire_by, notes: payment.extra.notes ?? {}, description: payment.extra.description ?? '',
    payments: payment.paymentId ? [{ payment_id: payment.paymentId, plink_id: payment.ref, amount: payment.amount, status: 'captured', method: 'upi' }] : null,
    created_at: Math.floor(payment.createdAt / 1000), user_id: '',
  };
}

/**
 * Razorpay (API v1, Payment Links and Payments): POST /v1/payment_links (amount in subunits, a whole
 * number of at least 100; reference_id unique per key), GET /v1/payment_links/:id,
 * POST /v1/payment_links/:id/cancel, GET /v1/payments/:id, POST /v1/payments/:id/refund. Basic auth
 * with key id and secret. The page sends the customer to callback_url with the signed razorpay_* fields,
 * or error[…] fields after a failed attempt; cancelling sends them back with nothing.
 */
export const razorpayDouble: ProviderDouble = {
  name: 'razorpay',
  testAccount: { publicKey: 'rzp_test_1DP5mmOlF5G5ag', secretKey: 'thisisnotasecret_double', webhookSecret: 'whsec_razorpay_double', merchantId: '' },
  testCurrency: 'INR',
  amountUnits: 'minor',
  handle(request, store) {
    const auth = credentials(request.headers);
    if (!auth?.user.startsWith('rzp_') || !auth.password) {
      return { status: 401, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } } };
    }
    secrets.set(auth.user, auth.password);
    const base = store.base;
    if (request.method === 'POST' && request.path === '/v1/payment_links') {
      const body = request.body;
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) return error(400, 'The amount must be atleast INR 1.00', 'amount');
      if (typeof body.currency !== 'string' || !/^[A-Z]{3}$/.test(body.currency)) return error(400, 'The currency field is invalid', 'currency');
      const reference = String(body.reference_id ?? '');
      if (reference.length > 40) return error(400, 'The reference id may not be greater than 40 characters.', 'reference_id');
      if (reference && [...store.payments.values()].some((p) => p.provider === 'razorpay' && p.key === auth.user && p.reference === reference)) {
        return error(400, `Payment Link with reference_id ${reference} already exists`, 'reference_id');
      }
      if (typeof body.callback_url !== 'string' || body.callback_method !== 'get') return error(400, 'callback_method must be get', 'callback_method');
      const payment = store.open({
        ref: store.id('plink_', 7), provider: 'razorpay', key: auth.user, amount, currency: body.currency, reference,
        returnUrl: body.callback_url, extra: { expire_by: body.expire_by, notes: body.notes, description: body.description },
      });
      return { status: 200, body: link(payment, base) };
    }
    const linkPath = /^\/v1\/payment_links\/([^/]+)(\/cancel)?$/.exec(request.path);
    if (linkPath) {
      const payment = store.find('razorpay', linkPath[1] ?? '');
      if (!payment || payment.key !== auth.user) return error(400, 'The id provided does not exist', 'id');
      if (linkPath[2] && request.method === 'POST') {
        if (payment.status !== 'open') return error(400, `Payment Link cannot be cancelled in ${linkPath[2] ? linkStatus(payment) : ''} state`);
        payment.status = 'cancelled';
      }
      return { status: 200, body: link(payment, base) };
    }
    const paymentPath = /^\/v1\/payments\/([^/]+)(\/refund)?$/.exec(request.path);
    if (paymentPath) {
      const payment = [...store.payments.values()].find((p) => p.provider === 'razorpay' && p.paymentId === paymentPath[1] && p.key === auth.user);
      if (!payment) return error(400, 'The id provided does not exist', 'id');
      const refunded = payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
      if (paymentPath[2] && request.method === 'POST') {
        const amount = typeof request.body.amount === 'number' ? request.body.amount : payment.amount - refunded;
        if (amount + refunded > payment.amount) return error(400, 'The refund amount provided is greater than amount captured');
        const refund = { id: store.id('rfnd_', 7), amount };
        payment.refunds.push(refund);
        return { status: 200, body: { id: refund.id, entity: 'refund', amount, currency: payment.currency, payment_id: payment.paymentId, status: 'processed' } };
      }
      return {
        status: 200,
        body: { id: payment.paymentId, entity: 'payment', amount: payment.amount, currency: payment.currency, status: 'captured', amount_refunded: refunded, refund_status: refunded ? (refunded >= payment.amount ? 'full' : 'partial') : null },
      };
    }
    return undefined;
  },
  exit(payment, action) {
    if (action === 'pay') {
      const status = 'paid';
      const signature = hmac(secrets.get(payment.key) ?? '', `${payment.ref}|${payment.reference}|${status}|${payment.paymentId}`);
      return {
        redirect: withQuery(payment.returnUrl, {
          razorpay_payment_id: payment.paymentId ?? '', razorpay_payment_link_id: payment.ref,
          razorpay_payment_link_reference_id: payment.reference, razorpay_payment_link_status: status, razorpay_signature: signature,
        }),
      };
    }
    // A failed attempt leaves the link payable at Razorpay; the double shows the customer leaving after it.
    if (action === 'fail') {
      payment.status = 'open';
      return {
        redirect: withQuery(payment.returnUrl, {
          'error[code]': 'BAD_REQUEST_ERROR', 'error[description]': 'Payment failed', 'error[source]': 'customer',
          'error[step]': 'payment_authorization', 'error[reason]': 'payment_failed',
        }),
      };
    }
    payment.status = 'open';
    return { redirect: payment.returnUrl };
  },
  webhook(payment, secret) {
    const event = payment.status === 'paid' ? 'payment_link.paid' : payment.status === 'expired' ? 'payment_link.expired' : 'payment_link.cancelled';
    const body = JSON.stringify({
      entity: 'event', account_id: 'acc_double', event, contains: ['payment_link', 'order', 'payment'],
      payload: {
        payment_link: { entity: link(payment, '') },
        ...(payment.paymentId ? { payment: { entity: { id: payment.paymentId, entity: 'payment', amount: payment.amount, currency: payment.currency, status: 'captured' } } } : {}),
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(secret, body), 'x-razorpay-event-id': `evt_${payment.ref}` } };
  },
};
