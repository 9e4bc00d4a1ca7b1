import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { DoubleAnswer, DoublePayment, DoubleRequest, DoubleStore, ProviderDouble } from './kit.ts';

/** The test merchant of this double: client id, secret and version (as PhonePe's dashboard gives them), and its MID. */
const TEST_CLIENT = { id: 'TEST-M22SFDOUBLE_25041', secret: 'MzFhYjU0ZDMtZG91YmxlLTRiNmUtYjBlOC1waG9uZXBl', version: '1', merchantId: 'M22SFDOUBLE' };
/** The username:password the test merchant set for its webhook on PhonePe's dashboard. */
const TEST_WEBHOOK = 'sfdouble:Double2025';
const CLIENTS = new Map([[TEST_CLIENT.id, TEST_CLIENT]]);
/** Tokens PhonePe issued: access token → client id and expiry (seconds). */
const TOKENS = new Map<string, { client: string; expiresAt: number }>();
const TOKEN_SECONDS = 3600;

/** PhonePe's error answer. */
const error = (status: number, code: string, message: string): DoubleAnswer => ({ status, body: { code, message, data: {} } });

const digits = (length: number) => Array.from({ length }, () => randomInt(0, 10)).join('');

/** The order's state, its attempts and its error as PhonePe's order status API answers them. */
function order(payment: DoublePayment): Record<string, unknown> {
  const expireAt = Number(payment.extra.expireAt);
  const lapsed = payment.status === 'open' || payment.status === 'cancelled' ? Date.now() > expireAt : false;
  const attempt = (state: string, more: Record<string, unknown> = {}) => ({
    paymentMode: 'UPI_QR', transactionId: payment.extra.transactionId, timestamp: payment.createdAt, amount: payment.amount, state, ...more,
    rail: { type: 'UPI', utr: state === 'COMPLETED' ? digits(12) : undefined }, instrument: { type: 'ACCOUNT', maskedAccountNumber: 'XXXXXX1234' },
  });
  const base = { orderId: payment.extra.orderId, state: 'PENDING', amount: payment.amount, expireAt, metaInfo: payment.extra.metaInfo ?? {}, paymentDetails: [] as unknown[] };
  switch (payment.status) {
    case 'paid': return { ...base, state: 'COMPLETED', paymentDetails: [attempt('COMPLETED')] };
    case 'failed': return {
      ...base, state: 'FAILED', errorCode: 'PAYMENT_DECLINED', detailedErrorCode: 'ZM',
      paymentDetails: [attempt('FAILED', { errorCode: 'PAYMENT_DECLINED', detailedErrorCode: 'ZM' })],
    };
    default:
      // The customer left PhonePe's page (or has not paid yet): the order stays payable until it expires.
      return lapsed ? { ...base, state: 'FAILED', errorCode: 'TXN_AUTO_FAILED', detailedErrorCode: 'TXN_AUTO_FAILED' } : base;
  }
}

function token(request: DoubleRequest): DoubleAnswer {
  const form = request.body as Record<string, string>;
  const client = CLIENTS.get(form.client_id ?? '');
  if (form.grant_type !== 'client_credentials') return error(400, 'BAD_REQUEST', 'grant_type must be client_credentials');
  if (!client || client.secret !== form.client_secret || client.version !== form.client_version) return error(401, 'INVALID_CLIENT', 'Client authentication failed');
  const issuedAt = Math.floor(Date.now() / 1000);
  const accessToken = `eyJhbGciOiJIUzI1NiJ9.${randomBytes(24).toString('base64url')}`;
  TOKENS.set(accessToken, { client: client.id, expiresAt: issuedAt + TOKEN_SECONDS });
  return {
    status: 200,
    body: {
      access_token: accessToken, encrypted_access_token: randomBytes(32).toString('base64'), expires_in: null, issued_at: issuedAt,
      refreshed_at: null, expires_at: issuedAt + TOKEN_SECONDS, session_expires_at: issuedAt + TOKEN_SECONDS, token_type: 'O-Bearer',
    },
  };
}

function pay(body: Record<string, unknown>, client: typeof TEST_CLIENT, store: DoubleStore): DoubleAnswer {
  const merchantOrderId = body.merchantOrderId;
  const flow = body.paymentFlow as { type?: unknown; merchantUrls?: { redirectUrl?: unknown } } | undefined;
  if (typeof merchantOrderId !== 'string' || !/^[A-Za-z0-9_-]{1,63}$/.test(merchantOrderId)) return error(400, 'BAD_REQUEST', 'merchantOrderId is invalid');
  if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) return error(400, 'BAD_REQUEST', 'amount must be at least 100 paise');
  if (flow?.type !== 'PG_CHECKOUT') return error(400, 'BAD_REQUEST', 'paymentFlow.type must be PG_CHECKOUT');
  const redirectUrl = flow.merchantUrls?.redirectUrl;
  if (redirectUrl !== undefined && (typeof redirectUrl !== 'string' || !/^https?:\/\//.test(redirectUrl))) return error(400, 'BAD_REQUEST', 'redirectUrl is invalid');
  const expireAfter = body.expireAfter ?? 1200;
  if (typeof expireAfter !== 'number' || !Number.isInteger(expireAfter) || expireAfter < 300 || expireAfter > 3600) return error(400, 'BAD_REQUEST', 'expireAfter must be between 300 and 3600 seconds');
  if (store.find('phonepe', merchantOrderId)) return error(400, 'BAD_REQUEST', 'Duplicate merchantOrderId');
  const expireAt = Date.now() + expireAfter * 1000;
  const payment = store.open({
    ref: merchantOrderId, provider: 'phonepe', key: client.id, amount: body.amount, currency: 'INR', reference: merchantOrderId,
    returnUrl: typeof redirectUrl === 'string' ? redirectUrl : '',
    extra: { orderId: `OMO${digits(20)}`, transactionId: `OM${digits(22)}`, expireAt, metaInfo: body.metaInfo, merchantId: client.merchantId },
  });
  return { status: 200, body: { orderId: payment.extra.orderId, state: 'PENDING', expireAt, redirectUrl: store.pageUrl('phonepe', payment.ref) } };
}

function refund(body: Record<string, unknown>, client: typeof TEST_CLIENT, store: DoubleStore): DoubleAnswer {
  const { merchantRefundId, originalMerchantOrderId, amount } = body;
  if (typeof merchantRefundId !== 'string' || !/^[A-Za-z0-9_-]{1,63}$/.test(merchantRefundId)) return error(400, 'BAD_REQUEST', 'merchantRefundId is invalid');
  const payment = typeof originalMerchantOrderId === 'string' ? store.find('phonepe', originalMerchantOrderId) : undefined;
  if (!payment || payment.key !== client.id) return error(400, 'BAD_REQUEST', 'Invalid originalMerchantOrderId');
  if (payment.status !== 'paid') return error(400, 'BAD_REQUEST', 'Order is not completed');
  if ([...store.payments.values()].some((p) => p.provider === 'phonepe' && p.refunds.some((r) => r.id.endsWith(`:${merchantRefundId}`)))) {
    return error(409, 'DUPLICATE_REQUEST', 'merchantRefundId already used');
  }
  const refunded = payment.refunds.reduce((sum, r) => sum + r.amount, 0);
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount + refunded > payment.amount) {
    return error(400, 'BAD_REQUEST', 'The refund amount cannot exceed the order amount');
  }
  const refundId = `OMR${digits(22)}`;
  payment.refunds.push({ id: `${refundId}:${merchantRefundId}`, amount });
  return { status: 200, body: { refundId, amount, state: 'PENDING' } };
}

function refundStatus(merchantRefundId: string, client: typeof TEST_CLIENT, store: DoubleStore): DoubleAnswer {
  for (const payment of store.payments.values()) {
    if (payment.provider !== 'phonepe' || payment.key !== client.id) continue;
    const found = payment.refunds.find((r) => r.id.endsWith(`:${merchantRefundId}`));
    if (!found) continue;
    return {
      status: 200,
      body: {
        merchantId: client.merchantId, merchantRefundId, originalMerchantOrderId: payment.ref, amount: found.amount, state: 'COMPLETED',
        paymentDetails: [{ transactionId: found.id.split(':')[0], paymentMode: 'UPI_QR', timestamp: Date.now(), amount: found.amount, state: 'COMPLETED' }],
      },
    };
  }
  return error(404, 'NOT_FOUND', 'No refund found for the merchantRefundId');
}

/**
 * PhonePe PG API v2 (Standard Checkout), under PhonePe's production paths: the OAuth token (POST
 * /identity-manager/v1/oauth/token, a form with client_id, client_version, client_secret,
 * grant_type=client_credentials → an O-Bearer token with expires_at), and with `Authorization: O-Bearer
 * <token>` (401 without) POST /pg/checkout/v2/pay (merchantOrderId, amount in paise of at least 100,
 * expireAfter 300–3600 s, paymentFlow PG_CHECKOUT with merchantUrls.redirectUrl → orderId, state, expireAt,
 * redirectUrl), GET /pg/checkout/v2/order/{merchantOrderId}/status (state PENDING, COMPLETED or FAILED with
 * paymentDetails), POST /pg/payments/v2/refund (merchantRefundId unique, originalMerchantOrderId, amount)
 * and GET /pg/payments/v2/refund/{merchantRefundId}/status. Errors are {code, message}. The page sends the
 * customer back to redirectUrl with nothing added, whatever happened; an order the customer left stays
 * PENDING until it expires. Webhooks (checkout.order.completed / .failed) carry Authorization: SHA-256 of
 * the username:password the merchant configured.
 */
export const phonepeDouble: ProviderDouble = {
  name: 'phonepe',
  testAccount: { publicKey: TEST_CLIENT.id, secretKey: TEST_CLIENT.secret, webhookSecret: TEST_WEBHOOK, merchantId: TEST_CLIENT.version },
  testCurrency: 'INR',
  amountUnits: 'minor',
  handle(request, store) {
    if (request.method === 'POST' && request.path === '/identity-manager/v1/oauth/token') return token(request);
    if (!request.path.startsWith('/pg/')) return undefined;
    const auth = request.headers.authorization ?? '';
    const [scheme, value = ''] = auth.split(' ', 2);
    const issued = scheme === 'O-Bearer' ? TOKENS.get(value) : undefined;
    const client = issued && issued.expiresAt * 1000 > Date.now() ? CLIENTS.get(issued.client) : undefined;
    if (!client) return error(401, 'AUTHORIZATION_FAILED', 'Unauthorized');
    const path = request.path.slice('/pg'.length);
    if (request.method === 'POST' && path === '/checkout/v2/pay') return pay(request.body, client, store);
    if (request.method === 'POST' && path === '/payments/v2/refund') return refund(request.body, client, store);
    const status = /^\/checkout\/v2\/order\/([^/]+)\/status$/.exec(path);
    if (request.method === 'GET' && status) {
      const payment = store.find('phonepe', decodeURIComponent(status[1] ?? ''));
      if (!payment || payment.key !== client.id) return error(404, 'ORDER_NOT_FOUND', 'No order found for the merchantOrderId');
      return { status: 200, body: order(payment) };
    }
    const refunded = /^\/payments\/v2\/refund\/([^/]+)\/status$/.exec(path);
    if (request.method === 'GET' && refunded) return refundStatus(decodeURIComponent(refunded[1] ?? ''), client, store);
    return undefined;
  },
  exit(payment) {
    return { redirect: payment.returnUrl };
  },
  webhook(payment, secret) {
    const payload: Record<string, unknown> = { ...order(payment), merchantId: payment.extra.merchantId, merchantOrderId: payment.ref };
    const completed = payload.state === 'COMPLETED';
    const body = JSON.stringify({
      type: completed ? 'CHECKOUT_ORDER_COMPLETED' : 'CHECKOUT_ORDER_FAILED', event: completed ? 'checkout.order.completed' : 'checkout.order.failed', payload,
    });
    return { body, headers: { 'content-type': 'application/json', authorization: createHash('sha256').update(secret).digest('hex') } };
  },
};
