/**
 * A double of Peach Payments Hosted Checkout (V1, redirect-based), after its public reference. Its base
 * stands for Peach's Checkout endpoint (live https://secure.peachpayments.com/checkout) and for the host's
 * root beside it at once, as the kit's server keeps /checkout/<ref> under a double for its hosted page:
 * - POST /initiate, i.e. /checkout/initiate (JSON or form, flat dotted names: authentication.entityId, amount,
 *   currency, paymentType, merchantTransactionId of 8 to 16 characters, nonce, shopperResultUrl,
 *   optional notificationUrl, signature) → {checkoutId, redirectUrl}; sent from an allowlisted domain
 *   (Referer);
 * - GET /status?authentication.entityId=&merchantTransactionId=|checkoutId=&signature= → the latest
 *   Checkout of that reference, flat dotted fields, signed;
 * - POST /v1/checkout/refund (authentication.entityId, amount, currency, id of the payment,
 *   paymentType RF, signature) → the refund, never beyond the amount paid (700.400.200). Live, this one
 *   is on the API host beside the Checkout host; the double answers both under one prefix.
 * Every request and answer is signed: HMAC-SHA256 with the entity's secret token over the other fields
 * sorted by name, joined as name + value. A request whose signature does not check out answers 401.
 * The hosted page sends the customer back by a form POST of the signed result fields to the
 * shopperResultUrl; webhooks are the same fields, form-encoded and signed, sent to the notificationUrl.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { DoubleAnswer, DoublePayment, ProviderDouble } from './kit.ts';

const ENTITY = '8ac7a4c88f2e3d4c018f2e3d4c5e0003';
const SECRET = 'a6c6d196ae9e09149803453fe546b12f';
/** The secret token of each entity the double knows (its test account's). */
const SECRETS = new Map([[ENTITY, SECRET]]);
const CURRENCIES = ['ZAR', 'USD', 'EUR', 'GBP', 'KES', 'MUR'];
const CHECKOUT_MINUTES = 30;

type Fields = Record<string, string>;

function sign(fields: Fields, secret: string): string {
  const text = Object.keys(fields).filter((name) => name !== 'signature').sort().map((name) => `${name}${fields[name]}`).join('');
  return createHmac('sha256', secret).update(text).digest('hex');
}

const signed = (fields: Fields, secret: string): Fields => ({ ...fields, signature: sign(fields, secret) });

/** A request's fields as strings (a JSON body's values, or a form's). */
function stringsOf(body: Record<string, unknown>): Fields {
  return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
}

const refused = (status: number, message: string): DoubleAnswer => ({ status, body: { message } });

/** The entity's secret when the fields are signed with it; else the refusal. */
function verify(fields: Fields): { secret: string } | DoubleAnswer {
  const secret = SECRETS.get(fields['authentication.entityId'] ?? '');
  if (!secret) return refused(404, 'Invalid entityId');
  if (!fields.signature || fields.signature !== sign(fields, secret)) return refused(401, 'Invalid signature');
  return { secret };
}

const RESULTS = {
  open: { code: '000.200.100', description: 'successfully created checkout' },
  paid: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
  failed: { code: '800.100.152', description: 'transaction declined by authorization system' },
  cancelled: { code: '100.396.101', description: 'Cancelled by user' },
  expired: { code: '100.396.103', description: 'Previously pending transaction timed out' },
} as const;

/** The Checkout's state, a lapsed open one as expired. */
function stateOf(payment: DoublePayment): keyof typeof RESULTS {
  if (payment.status === 'open' && Date.now() - payment.createdAt > CHECKOUT_MINUTES * 60_000) payment.status = 'expired';
  return payment.status;
}

/** The Checkout's result fields, as the return, the webhooks and the status give them (unsigned). */
function resultFields(payment: DoublePayment): Fields {
  const state = stateOf(payment);
  const fields: Fields = {
    amount: String(payment.extra.amount), checkoutId: String(payment.extra.checkoutId), currency: payment.currency,
    merchantTransactionId: payment.reference, paymentType: 'DB', 'result.code': RESULTS[state].code,
    'result.description': RESULTS[state].description, timestamp: new Date().toISOString(),
  };
  if (state === 'paid' || state === 'failed') {
    Object.assign(fields, {
      id: String(payment.extra.transactionId), paymentBrand: 'VISA', 'card.bin': '411111', 'card.last4Digits': '1111',
      'card.holder': 'Jane Jones', 'card.expiryMonth': '05', 'card.expiryYear': '2034',
      'resultDetails.AcquirerResponse': state === 'paid' ? 'Approved' : 'Declined',
    });
  }
  return fields;
}

export const peachDouble: ProviderDouble = {
  name: 'peach',
  testAccount: { publicKey: '', secretKey: SECRET, webhookSecret: '', merchantId: ENTITY },
  testCurrency: 'USD',
  amountUnits: 'major',
  handle(request, store) {
    if (request.method === 'POST' && request.path === '/initiate') {
      const fields = stringsOf(request.body);
      const checked = verify(fields);
      if ('status' in checked) return checked;
      if (!request.headers.referer) return refused(403, 'Request domain is not allowlisted');
      const problems = [
        !/^.{8,16}$/.test(fields.merchantTransactionId ?? '') && 'merchantTransactionId must be between 8 and 16 characters',
        !/^[0-9]{1,10}(\.[0-9]{2})?$/.test(fields.amount ?? '') && 'amount is invalid',
        !['DB', 'PA'].includes(fields.paymentType ?? '') && 'paymentType must be one of DB, PA',
        !CURRENCIES.includes(fields.currency ?? '') && `currency must be one of ${CURRENCIES.join(', ')}`,
        !/^.{1,64}$/.test(fields.nonce ?? '') && 'nonce is required',
        !/^https?:\/\/[^\s]{3,}$/.test(fields.shopperResultUrl ?? '') && 'shopperResultUrl must be a valid URL',
      ].filter(Boolean);
      if (problems.length) return refused(400, `Invalid request body: ${problems.join('; ')}`);
      const nonces = [...store.payments.values()].filter((payment) => payment.provider === 'peach').map((payment) => payment.extra.nonce);
      if (nonces.includes(fields.nonce)) return refused(400, 'Invalid request body: nonce has already been used');
      const checkoutId = randomBytes(16).toString('hex');
      const payment = store.open({
        ref: fields.merchantTransactionId!, provider: 'peach', key: fields['authentication.entityId']!, amount: Number(fields.amount),
        currency: fields.currency!, reference: fields.merchantTransactionId!, returnUrl: fields.shopperResultUrl!,
        extra: { checkoutId, amount: fields.amount, nonce: fields.nonce, notificationUrl: fields.notificationUrl ?? '' },
      });
      return { status: 200, body: { checkoutId, redirectUrl: `${store.pageUrl('peach', payment.ref)}?checkoutId=${checkoutId}` } };
    }
    if (request.method === 'GET' && request.path === '/status') {
      const fields: Fields = Object.fromEntries(request.query);
      const checked = verify(fields);
      if ('status' in checked) return checked;
      const payment = [...store.payments.values()].reverse().find((candidate) => candidate.provider === 'peach'
        && candidate.key === fields['authentication.entityId']
        && (candidate.reference === fields.merchantTransactionId || candidate.extra.checkoutId === fields.checkoutId));
      if (!payment) return { status: 404, body: { 'result.code': '200.300.404', 'result.description': 'No checkout found for the request' } };
      return { status: 200, body: signed(resultFields(payment), checked.secret) };
    }
    if (request.method === 'POST' && request.path === '/v1/checkout/refund') {
      const fields = stringsOf(request.body);
      const checked = verify(fields);
      if ('status' in checked) return checked;
      const payment = [...store.payments.values()].find((candidate) => candidate.provider === 'peach' && candidate.status === 'paid'
        && candidate.key === fields['authentication.entityId'] && candidate.extra.transactionId === fields.id);
      const answer = (result: { code: string; description: string }, id: string, status = 200): DoubleAnswer => ({
        status,
        body: {
          id, referencedId: fields.id, paymentType: 'RF', amount: fields.amount, currency: fields.currency,
          result, buildNumber: '9f0c2d6e1a3b@2025-01-20 09:14:02 +0000', timestamp: new Date().toISOString(),
        },
      });
      if (!payment || fields.paymentType !== 'RF' || fields.currency !== payment.currency || !/^[0-9]{1,10}(\.[0-9]{2})?$/.test(fields.amount ?? '')) {
        return answer({ code: '200.300.404', description: 'invalid or missing parameter' }, randomBytes(16).toString('hex'), 400);
      }
      const amount = Number(fields.amount);
      const refunded = payment.refunds.reduce((sum, made) => sum + made.amount, 0);
      if (Math.round((refunded + amount) * 100) > Math.round(payment.amount * 100)) {
        return answer({ code: '700.400.200', description: 'cannot refund (refund volume exceeded or tx reversed or invalid workflow?)' }, randomBytes(16).toString('hex'), 400);
      }
      const made = { id: randomBytes(16).toString('hex'), amount };
      payment.refunds.push(made);
      return answer(RESULTS.paid, made.id);
    }
    return undefined;
  },
  exit(payment) {
    // A payment made, failed or cancelled on the page: its result, signed, posted to the shopperResultUrl.
    payment.extra.transactionId = randomBytes(16).toString('hex');
    if (payment.status === 'paid') payment.paymentId = payment.extra.transactionId as string;
    return { post: payment.returnUrl, fields: signed(resultFields(payment), SECRETS.get(payment.key) ?? '') };
  },
  webhook(payment, secret) {
    return {
      body: new URLSearchParams(signed(resultFields(payment), secret)).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  },
};
