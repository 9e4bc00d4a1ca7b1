import { createHmac, randomBytes } from 'node:crypto';
import { credentials, type DoubleAnswer, type DoublePayment, type DoubleRequest, type DoubleStore, type ProviderDouble } from './kit.ts';

type Product = 'collection' | 'disbursement';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUBSCRIPTION_KEY = /^[0-9a-f]{32}$/;
const AMOUNT = /^\d+(\.\d+)?$/;
const SECRET = 'momo-callback-secret-double';

/** MoMo's ErrorReason. */
const reason = (status: number, code: string, message: string): DoubleAnswer => ({ status, body: { code, message } });
/** API Management's refusal of a request without a good subscription key. */
const noSubscription: DoubleAnswer = {
  status: 401, body: { statusCode: 401, message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.' },
};
/** A 400 of MoMo's: "Bad request, e.g. invalid data was sent in the request", with no body. */
const badRequest: DoubleAnswer = { status: 400, body: undefined };

/** The access tokens the double gave: for which product and API user. */
const tokens = new Map<string, { product: Product; user: string }>();

interface DoubleRefund {
  id: string;
  payment: DoublePayment;
  amount: number;
  externalId: string;
  payerMessage: string;
  payeeNote: string;
  transactionId: string;
}
const refunds = new Map<string, DoubleRefund>();

/** The reason of a failed request to pay: declined on the phone (cancel), not enough money (fail), or lapsed. */
function failure(payment: DoublePayment): { code: string; message: string } | undefined {
  if (payment.status === 'cancelled') return { code: 'APPROVAL_REJECTED', message: 'The payer rejected the request.' };
  if (payment.status === 'failed') return { code: 'NOT_ENOUGH_FUNDS', message: 'The payer does not have enough funds.' };
  if (payment.status === 'expired') return { code: 'EXPIRED', message: 'The request expired.' };
  return undefined;
}

/** MoMo's transaction ids are digits. */
const financialTransactionId = () => String(1_000_000_000 + randomBytes(4).readUInt32BE(0));

const amountText = (amount: number, currency: string) => (currency === 'EUR' ? amount.toFixed(2) : String(amount));

/** A request to pay as MoMo answers it (GET requesttopay/:referenceId, and its callback). */
function requestToPay(payment: DoublePayment): Record<string, unknown> {
  const failed = failure(payment);
  return {
    amount: amountText(payment.amount, payment.currency), currency: payment.currency,
    ...(payment.paymentId ? { financialTransactionId: payment.paymentId } : {}),
    externalId: payment.reference, payer: payment.extra.payer, payerMessage: payment.extra.payerMessage ?? '',
    payeeNote: payment.extra.payeeNote ?? '',
    status: payment.status === 'paid' ? 'SUCCESSFUL' : failed ? 'FAILED' : 'PENDING',
    ...(failed ? { reason: failed } : {}),
  };
}

function refundEntity(refund: DoubleRefund): Record<string, unknown> {
  return {
    amount: amountText(refund.amount, refund.payment.currency), currency: refund.payment.currency,
    financialTransactionId: refund.transactionId, externalId: refund.externalId,
    payee: refund.payment.extra.payer, payerMessage: refund.payerMessage, payeeNote: refund.payeeNote, status: 'SUCCESSFUL',
  };
}

function token(request: DoubleRequest, product: Product): DoubleAnswer {
  if (!SUBSCRIPTION_KEY.test(String(request.headers['ocp-apim-subscription-key'] ?? ''))) return noSubscription;
  const auth = credentials(request.headers);
  if (!auth || !UUID.test(auth.user) || !SUBSCRIPTION_KEY.test(auth.password)) return { status: 401, body: { error: 'login_failed' } };
  const issued = randomBytes(32).toString('base64url');
  tokens.set(issued, { product, user: auth.user });
  return { status: 200, body: { access_token: issued, token_type: 'access_token', expires_in: 3600 } };
}

/** The API user of a request with a product's token, or the refusal. */
function authorised(request: DoubleRequest, product: Product): { user: string } | DoubleAnswer {
  if (!SUBSCRIPTION_KEY.test(String(request.headers['ocp-apim-subscription-key'] ?? ''))) return noSubscription;
  const given = tokens.get(credentials(request.headers)?.user ?? '');
  if (!given || given.product !== product) return { status: 401, body: { statusCode: 401, message: 'Access denied due to invalid token.' } };
  if (request.headers['x-target-environment'] !== 'sandbox') return reason(403, 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'Access to target environment is forbidden.');
  return { user: given.user };
}

function createRequestToPay(request: DoubleRequest, store: DoubleStore, user: string): DoubleAnswer {
  const ref = String(request.headers['x-reference-id'] ?? '');
  if (!UUID.test(ref)) return badRequest;
  if (store.payments.has(ref)) return reason(409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation for resource failed.');
  const body = request.body;
  const payer = body.payer as { partyIdType?: unknown; partyId?: unknown } | undefined;
  if (typeof body.amount !== 'string' || !AMOUNT.test(body.amount) || Number(body.amount) <= 0) return badRequest;
  if (!payer || !['MSISDN', 'EMAIL', 'PARTY_CODE'].includes(String(payer.partyIdType)) || typeof payer.partyId !== 'string' || !payer.partyId) return badRequest;
  // The sandbox takes euros only.
  if (body.currency !== 'EUR') return reason(500, 'INVALID_CURRENCY', 'Currency not supported.');
  const callback = request.headers['x-callback-url'];
  store.open({
    ref, provider: 'mobile-money', key: user, amount: Number(body.amount), currency: body.currency,
    reference: String(body.externalId ?? ''), returnUrl: '',
    extra: { payer, payerMessage: body.payerMessage, payeeNote: body.payeeNote, callbackUrl: typeof callback === 'string' ? callback : undefined },
  });
  return { status: 202, body: undefined };
}

function createRefund(request: DoubleRequest, store: DoubleStore, user: string): DoubleAnswer {
  const id = String(request.headers['x-reference-id'] ?? '');
  if (!UUID.test(id)) return badRequest;
  if (refunds.has(id)) return reason(409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation for resource failed.');
  const body = request.body;
  if (typeof body.amount !== 'string' || !AMOUNT.test(body.amount) || typeof body.referenceIdToRefund !== 'string') return badRequest;
  const payment = store.find('mobile-money', body.referenceIdToRefund);
  if (!payment || payment.key !== user) return reason(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
  if (payment.status !== 'paid') return reason(500, 'NOT_ALLOWED', 'Authorization failed. Insufficient permissions.');
  if (body.currency !== payment.currency) return reason(500, 'INVALID_CURRENCY', 'Currency not supported.');
  const amount = Number(body.amount);
  const refunded = payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  if (Math.round((refunded + amount) * 100) > Math.round(payment.amount * 100)) return reason(500, 'NOT_ALLOWED', 'Authorization failed. Insufficient permissions.');
  const refund = {
    id, payment, amount, externalId: String(body.externalId ?? ''), payerMessage: String(body.payerMessage ?? ''), payeeNote: String(body.payeeNote ?? ''),
    transactionId: financialTransactionId(),
  };
  refunds.set(id, refund);
  payment.refunds.push({ id, amount });
  return { status: 202, body: undefined };
}

/**
 * MTN MoMo (the MoMo Open API, sandbox): POST /{collection,disbursement}/token/ (basic auth of API user,
 * a UUID, and API key, with the product's Ocp-Apim-Subscription-Key) answers a bearer token;
 * POST /collection/v1_0/requesttopay (X-Reference-Id a UUID, unused; X-Target-Environment sandbox;
 * X-Callback-Url; amount a string, currency EUR, payer { partyIdType, partyId }) answers 202, 400 with no
 * body for bad data, 409 RESOURCE_ALREADY_EXIST, 500 INVALID_CURRENCY; GET /collection/v1_0/requesttopay/:id
 * (PENDING, SUCCESSFUL with financialTransactionId, FAILED with a reason; 404 RESOURCE_NOT_FOUND);
 * POST /disbursement/v2_0/refund (referenceIdToRefund, amount, currency) answers 202, and
 * GET /disbursement/v1_0/refund/:id. A wrong subscription key is API Management's 401, a wrong
 * API user or key 401 login_failed. Its page stands in for the payer's phone: approving, declining
 * (cancel, APPROVAL_REJECTED) or failing (NOT_ENOUGH_FUNDS) there is done on the phone, while the
 * customer's browser waits on the merchant's page; the callback is the request to pay as JSON to
 * X-Callback-Url, unsigned.
 */
export const mobileMoneyDouble: ProviderDouble = {
  name: 'mobile-money',
  testAccount: {
    publicKey: '3f6c2b1e-8d4a-4c7b-9e2f-5a1d0c9b8e7f',
    secretKey: 'b5a0c4e7f2d94a1c8e3b6f0d7a2c9e41',
    webhookSecret: SECRET,
    merchantId: 'sandbox:0f1e2d3c4b5a69788796a5b4c3d2e1f0:9a8b7c6d5e4f30211203f4e5d6c7b8a9',
  },
  testCurrency: 'EUR',
  amountUnits: 'major',
  handle(request, store) {
    const tokenPath = /^\/(collection|disbursement)\/token\/?$/.exec(request.path);
    if (tokenPath && request.method === 'POST') return token(request, tokenPath[1] as Product);
    const collection = /^\/collection\/v1_0\/requesttopay(?:\/([^/]+))?$/.exec(request.path);
    if (collection) {
      const auth = authorised(request, 'collection');
      if (!('user' in auth)) return auth;
      if (request.method === 'POST' && !collection[1]) return createRequestToPay(request, store, auth.user);
      const payment = collection[1] ? store.find('mobile-money', collection[1]) : undefined;
      if (request.method !== 'GET' || !payment || payment.key !== auth.user) return reason(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
      return { status: 200, body: requestToPay(payment) };
    }
    const refund = /^\/disbursement\/(?:v2_0\/refund|v1_0\/refund\/([^/]+))$/.exec(request.path);
    if (refund) {
      const auth = authorised(request, 'disbursement');
      if (!('user' in auth)) return auth;
      if (request.method === 'POST' && !refund[1]) return createRefund(request, store, auth.user);
      const made = refunds.get(refund[1] ?? '');
      if (request.method !== 'GET' || !made || made.payment.key !== auth.user) return reason(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
      return { status: 200, body: refundEntity(made) };
    }
    return undefined;
  },
  exit(payment, action) {
    if (action === 'pay') payment.paymentId = financialTransactionId();
    return { phone: true };
  },
  webhook(payment, secret) {
    const query = payment.extra.callbackUrl ? Object.fromEntries(new URL(String(payment.extra.callbackUrl)).searchParams) : {};
    // MoMo calls the URL back as it was given; a forger without the account's secret signs the session with another.
    if (secret !== SECRET && query.session) query.sig = createHmac('sha256', secret).update(`notify:${query.session}`).digest('hex');
    return { body: JSON.stringify(requestToPay(payment)), headers: { 'content-type': 'application/json' }, query };
  },
};
