import { createHmac, randomBytes } from 'node:crypto';
import type { DoubleAnswer, DoublePayment, DoubleRequest, DoubleStore, ProviderDouble } from './kit.ts';

/** Swish's refusal of a request it cannot take: 422 with a list of errors. */
const refused = (errorCode: string, errorMessage: string, status = 422): DoubleAnswer => ({
  status, body: [{ errorCode, errorMessage, additionalInformation: null }],
});

const hex32 = () => randomBytes(16).toString('hex').toUpperCase();
const INSTRUCTION_ID = /^[0-9A-F]{32}$/;
/** A Swish number of a merchant (Swish för handel): 123 and seven digits. */
const MERCHANT_NUMBER = /^123\d{7}$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const REFERENCE = /^[a-zA-Z0-9_.+*/-]{1,35}$/;
const MESSAGE = /^[a-zA-Z0-9åäöÅÄÖ :;.,?!()"'-]{0,50}$/;

const SECRET = 'swish-callback-secret-double';

/** Swish's state of a payment request kept by the double. */
function statusOf(payment: DoublePayment): 'CREATED' | 'PAID' | 'DECLINED' | 'ERROR' | 'CANCELLED' {
  switch (payment.status) {
    case 'open': return 'CREATED';
    case 'paid': return 'PAID';
    case 'failed':
    case 'expired': return 'ERROR';
    default: return payment.extra.cancelledByMerchant ? 'CANCELLED' : 'DECLINED';
  }
}

const iso = (ms: unknown) => (typeof ms === 'number' ? new Date(ms).toISOString() : null);

/** A payment request as Swish answers it (GET v1, and its callback). */
function paymentRequest(payment: DoublePayment): Record<string, unknown> {
  const status = statusOf(payment);
  const error = status === 'ERROR' ? (payment.status === 'expired' ? ['TM01', 'Swish timed out before the payment was started'] : ['RF07', 'Transaction declined']) : null;
  return {
    id: payment.ref, payeePaymentReference: payment.reference || null, paymentReference: payment.paymentId,
    callbackUrl: payment.extra.callbackUrl, payerAlias: status === 'PAID' ? '46712345678' : null, payeeAlias: payment.key,
    amount: payment.amount, currency: payment.currency, message: payment.extra.message ?? '', status,
    dateCreated: iso(payment.createdAt), datePaid: iso(payment.extra.paidAt),
    errorCode: error?.[0] ?? null, errorMessage: error?.[1] ?? null,
  };
}

interface DoubleRefund {
  id: string;
  payment: DoublePayment;
  amount: number;
  payerPaymentReference: string | null;
  callbackUrl: string;
  message: string;
  created: number;
}
const refunds = new Map<string, DoubleRefund>();

function refundEntity(refund: DoubleRefund): Record<string, unknown> {
  return {
    id: refund.id, paymentReference: refund.id, payerPaymentReference: refund.payerPaymentReference,
    originalPaymentReference: refund.payment.paymentId, callbackUrl: refund.callbackUrl, payerAlias: refund.payment.key,
    payeeAlias: null, amount: refund.amount, currency: 'SEK', message: refund.message, status: 'PAID',
    dateCreated: iso(refund.created), datePaid: iso(refund.created), errorCode: null, errorMessage: null,
  };
}

function urlOf(value: unknown): URL | undefined {
  try {
    return typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    return undefined;
  }
}

/** What a payment request or a refund must have, the same checks for both; undefined when all is well. */
function invalid(body: Record<string, unknown>): DoubleAnswer | undefined {
  const callback = urlOf(body.callbackUrl);
  // Swish takes HTTPS only; the double also takes plain HTTP on this machine, where the tests run.
  const local = callback?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(callback.hostname);
  if (!callback || (callback.protocol !== 'https:' && !local)) return refused('RP03', 'Callback URL is missing or does not use HTTPS');
  if (typeof body.amount !== 'string' || !AMOUNT.test(body.amount) || Number(body.amount) < 0.01) return refused('PA02', 'Amount value is missing or not a valid number');
  if (body.currency !== 'SEK') return refused('AM03', 'Invalid or missing Currency');
  if (body.message !== undefined && (typeof body.message !== 'string' || !MESSAGE.test(body.message))) return refused('RP02', 'Wrong formatted message');
  return undefined;
}

function createPaymentRequest(request: DoubleRequest, store: DoubleStore, id: string): DoubleAnswer {
  if (!INSTRUCTION_ID.test(id)) return refused('RP09', 'The given instructionUUID is not available');
  if (store.find('swish-pay', id)) return refused('RP09', 'The given instructionUUID is not available');
  const body = request.body;
  if (typeof body.payeeAlias !== 'string' || !MERCHANT_NUMBER.test(body.payeeAlias)) return refused('RP01', 'Missing Merchant Swish Number');
  if (body.payeePaymentReference !== undefined && (typeof body.payeePaymentReference !== 'string' || !REFERENCE.test(body.payeePaymentReference))) {
    return refused('FF08', 'PaymentReference is invalid');
  }
  if (body.payerAlias !== undefined) return refused('BE18', 'Payer alias is invalid (the double takes m-commerce requests only)');
  const wrong = invalid(body);
  if (wrong) return wrong;
  store.open({
    ref: id, provider: 'swish-pay', key: body.payeeAlias, amount: Number(body.amount), currency: 'SEK',
    reference: String(body.payeePaymentReference ?? ''), returnUrl: '',
    extra: { callbackUrl: body.callbackUrl, message: body.message ?? '', token: randomBytes(16).toString('hex') },
  });
  const location = `${store.base}/swish-pay/swish-cpcapi/api/v1/paymentrequests/${id}`;
  return { status: 201, body: undefined, headers: { location, paymentrequesttoken: String(store.find('swish-pay', id)!.extra.token) } };
}

function cancel(request: DoubleRequest, payment: DoublePayment): DoubleAnswer {
  let patch: unknown;
  try {
    patch = JSON.parse(request.raw);
  } catch {
    patch = undefined;
  }
  const operation = Array.isArray(patch) ? patch[0] as Record<string, unknown> | undefined : undefined;
  if (!String(request.headers['content-type']).startsWith('application/json-patch+json')) return { status: 415, body: undefined };
  if (operation?.op !== 'replace' || operation.path !== '/status' || operation.value !== 'cancelled') return refused('RP02', 'Invalid patch: only the status may be replaced by cancelled', 400);
  if (payment.status !== 'open') return refused('RP07', 'Transaction not found');
  payment.status = 'cancelled';
  payment.extra.cancelledByMerchant = true;
  return { status: 200, body: paymentRequest(payment) };
}

function createRefund(request: DoubleRequest, store: DoubleStore, id: string): DoubleAnswer {
  if (!INSTRUCTION_ID.test(id) || refunds.has(id)) return refused('RP09', 'The given instructionUUID is not available');
  const body = request.body;
  const original = [...store.payments.values()].find((p) => p.provider === 'swish-pay' && p.paymentId && p.paymentId === body.originalPaymentReference);
  if (!original) return refused('RF02', 'Original Payment not found or original payment is more than 13 months old');
  if (body.payerAlias !== original.key) return refused('RF03', 'Payer alias in the refund does not match the payee alias in the original payment');
  const wrong = invalid(body);
  if (wrong) return wrong;
  const amount = Number(body.amount);
  const refunded = original.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  if (Math.round((refunded + amount) * 100) > Math.round(original.amount * 100)) return refused('RF04', 'Not possible to refund more than the original amount');
  const refund: DoubleRefund = {
    id, payment: original, amount, payerPaymentReference: typeof body.payerPaymentReference === 'string' ? body.payerPaymentReference : null,
    callbackUrl: String(body.callbackUrl), message: String(body.message ?? ''), created: Date.now(),
  };
  refunds.set(id, refund);
  original.refunds.push({ id, amount });
  return { status: 201, body: undefined, headers: { location: `${store.base}/swish-pay/swish-cpcapi/api/v1/refunds/${id}` } };
}

/**
 * Swish (Swish Commerce API: payment requests v2, refunds v2; reads and cancel v1), m-commerce:
 * PUT /swish-cpcapi/api/v2/paymentrequests/:instructionUUID (32 upper-case hex digits, unused; payeeAlias
 * the merchant's Swish number; amount a string of SEK with at most two decimals; currency SEK; callbackUrl
 * HTTPS; message of Swish's characters, at most 50; payeePaymentReference at most 35) answers 201 with
 * the headers Location and PaymentRequestToken, or 422 with [{ errorCode, errorMessage }];
 * GET /swish-cpcapi/api/v1/paymentrequests/:id (404 unknown); PATCH of the same with a JSON patch
 * replacing /status by cancelled; PUT /swish-cpcapi/api/v2/refunds/:instructionUUID (originalPaymentReference,
 * payerAlias the merchant's number, amount, currency, callbackUrl) and GET /swish-cpcapi/api/v1/refunds/:id.
 * Swish knows the merchant by its TLS client certificate, which the double (plain HTTP) cannot see: it
 * takes any merchant number. Its page stands in for the Swish app: paying, declining (cancel) or failing
 * is done there, while the customer's browser waits on the merchant's page; the callback is the payment
 * request posted as JSON to its callbackUrl, unsigned.
 */
export const swishPayDouble: ProviderDouble = {
  name: 'swish-pay',
  testAccount: {
    // The merchant's TLS client certificate and its key (PEM), as the Swish portal issues them for the simulator's number.
    publicKey: '-----BEGIN CERTIFICATE-----\nMIIEdouble1234679304SwishMerchantTestCertificate\n-----END CERTIFICATE-----\n',
    secretKey: '-----BEGIN PRIVATE KEY-----\nMIIEdouble1234679304SwishMerchantTestKey\n-----END PRIVATE KEY-----\n',
    webhookSecret: SECRET,
    merchantId: '1234679304',
  },
  testCurrency: 'SEK',
  amountUnits: 'major',
  handle(request, store) {
    const path = /^\/swish-cpcapi\/api\/(v1|v2)\/(paymentrequests|refunds)\/([^/]+)$/.exec(request.path);
    if (!path) return undefined;
    const [, version, kind, id = ''] = path;
    if (kind === 'paymentrequests') {
      if (request.method === 'PUT' && version === 'v2') return createPaymentRequest(request, store, id);
      const payment = store.find('swish-pay', id);
      if (!payment) return { status: 404, body: undefined };
      if (request.method === 'GET' && version === 'v1') return { status: 200, body: paymentRequest(payment) };
      if (request.method === 'PATCH' && version === 'v1') return cancel(request, payment);
      return { status: 405, body: undefined };
    }
    if (request.method === 'PUT' && version === 'v2') return createRefund(request, store, id);
    const refund = refunds.get(id);
    if (request.method === 'GET' && version === 'v1') return refund ? { status: 200, body: refundEntity(refund) } : { status: 404, body: undefined };
    return { status: 405, body: undefined };
  },
  exit(payment, action) {
    if (action === 'pay') {
      payment.paymentId = hex32();
      payment.extra.paidAt = Date.now();
    }
    // Declining in the app is DECLINED (cancelled here); a failure is ERROR with the bank's code.
    return { phone: true };
  },
  webhook(payment, secret) {
    const callback = new URL(String(payment.extra.callbackUrl));
    const query = Object.fromEntries(callback.searchParams);
    // Swish sends the URL back as it was given; a forger without the account's secret signs the session with another.
    if (secret !== SECRET && query.session) query.sig = createHmac('sha256', secret).update(`notify:${query.session}`).digest('hex');
    return { body: JSON.stringify(paymentRequest(payment)), headers: { 'content-type': 'application/json' }, query };
  },
};
