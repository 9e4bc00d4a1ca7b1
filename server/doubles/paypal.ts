import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { credentials, withQuery, type DoubleAnswer, type DoublePayment, type DoubleStore, type ProviderDouble } from './kit.ts';

/** PayPal's error answer (v2 APIs). */
const error = (status: number, name: string, message: string, issue?: string, description?: string, field?: string): DoubleAnswer => ({
  status,
  body: {
    name, message, debug_id: randomBytes(7).toString('hex'),
    ...(issue ? { details: [{ issue, description: description ?? message, ...(field ? { field, location: 'body' } : {}) }] } : {}),
    links: [{ href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue ?? name}`, rel: 'information_link', method: 'GET' }],
  },
});
const unauthenticated = (): DoubleAnswer => error(401, 'AUTHENTICATION_FAILURE', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.');
const notFound = (): DoubleAnswer => error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');

/** PayPal's ids: 17 upper-case letters and digits (orders, captures, refunds). */
const paypalId = () => Array.from(randomBytes(17), (byte) => 'ABCDEFGHJKLMNPRSTUVWXY0123456789'[byte % 32]).join('');

/** The currencies PayPal takes without decimals. */
const WHOLE_UNITS = new Set(['HUF', 'JPY', 'TWD']);

/** Access tokens issued, and the client id each is for. */
const tokens = new Map<string, string>();
/** Answers already given per PayPal-Request-Id (orders, captures and refunds are idempotent on it). */
const replays = new Map<string, DoubleAnswer>();

/** PayPal's webhook signing key: the double signs as PayPal does (SHA256withRSA), with a key of its own. */
const signing = generateKeyPairSync('rsa', { modulusLength: 2048 });
const CERT_ID = 'CERT-360caa42-fca2a594-a5cafa77';

/** What PayPal signs of a webhook: transmission id, time, the webhook's id and the CRC32 of the body. */
function signedText(transmissionId: string, time: string, webhookId: string, body: string): string {
  return `${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(body, 'utf8'))}`;
}

/** The order's status at PayPal: the store's 'paid' is an approval until the order is captured. */
function orderStatus(payment: DoublePayment): string {
  if (payment.extra.captureId) return 'COMPLETED';
  if (payment.status === 'paid' || payment.status === 'failed') return 'APPROVED';
  if (payment.status === 'expired') return 'VOIDED';
  return 'PAYER_ACTION_REQUIRED';
}

function money(payment: DoublePayment, value = String(payment.extra.value)) {
  return { currency_code: payment.currency, value };
}

function refundedTotal(payment: DoublePayment): number {
  return payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
}

/** A capture as PayPal answers it. */
function capture(payment: DoublePayment, base: string): Record<string, unknown> {
  const refunded = refundedTotal(payment);
  return {
    id: payment.extra.captureId,
    status: refunded === 0 ? 'COMPLETED' : refunded >= payment.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
    amount: money(payment), final_capture: true, custom_id: payment.reference,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    supplementary_data: { related_ids: { order_id: payment.ref } },
    create_time: payment.extra.capturedAt, update_time: payment.extra.capturedAt,
    links: [
      { href: `${base}/paypal/v2/payments/captures/${String(payment.extra.captureId)}`, rel: 'self', method: 'GET' },
      { href: `${base}/paypal/v2/payments/captures/${String(payment.extra.captureId)}/refund`, rel: 'refund', method: 'POST' },
      { href: `${base}/paypal/v2/checkout/orders/${payment.ref}`, rel: 'up', method: 'GET' },
    ],
  };
}

/** An order as PayPal answers it (return=representation). */
function order(payment: DoublePayment, store: DoubleStore): Record<string, unknown> {
  const base = store.base;
  const status = orderStatus(payment);
  const payer = payment.extra.payerId ? { payer: { name: { given_name: 'John', surname: 'Doe' }, email_address: 'sb-buyer@personal.example.com', payer_id: payment.extra.payerId, address: { country_code: 'US' } } } : {};
  return {
    id: payment.ref, intent: payment.extra.intent, status,
    payment_source: { paypal: payment.extra.payerId ? { email_address: 'sb-buyer@personal.example.com', account_id: payment.extra.payerId, account_status: 'VERIFIED' } : {} },
    purchase_units: [{
      reference_id: payment.extra.referenceId, amount: money(payment), custom_id: payment.reference,
      ...(payment.extra.description ? { description: payment.extra.description } : {}),
      payee: { merchant_id: 'C7CYMKZDG8D6E', email_address: 'merchant@example.com' },
      ...(payment.extra.captureId ? { payments: { captures: [capture(payment, base)] } } : {}),
    }],
    ...payer,
    create_time: new Date(payment.createdAt).toISOString(),
    links: [
      { href: `${base}/paypal/v2/checkout/orders/${payment.ref}`, rel: 'self', method: 'GET' },
      ...(status === 'PAYER_ACTION_REQUIRED' ? [{ href: store.pageUrl('paypal', payment.ref), rel: 'payer-action', method: 'GET' }] : []),
      ...(status === 'APPROVED' ? [{ href: `${base}/paypal/v2/checkout/orders/${payment.ref}/capture`, rel: 'capture', method: 'POST' }] : []),
    ],
  };
}

/** Whether `value` is a valid PayPal amount for `currency` (decimal string, no decimals for whole-unit currencies). */
function validValue(value: unknown, currency: string): value is string {
  if (typeof value !== 'string') return false;
  return WHOLE_UNITS.has(currency) ? /^\d{1,10}$/.test(value) : /^\d{1,10}(\.\d{1,2})?$/.test(value);
}

/** The answer for a request id already used by this client, or the new answer (kept). */
function once(key: string | undefined, client: string, answer: () => DoubleAnswer): DoubleAnswer {
  const id = key ? `${client}:${key}` : undefined;
  const kept = id ? replays.get(id) : undefined;
  if (kept) return { ...kept, status: kept.status === 201 ? 200 : kept.status };
  const fresh = answer();
  if (id && fresh.status < 300) replays.set(id, fresh);
  return fresh;
}

function createOrder(body: Record<string, unknown>, client: string, store: DoubleStore): DoubleAnswer {
  const intent = body.intent;
  if (intent !== 'CAPTURE' && intent !== 'AUTHORIZE') return error(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', '/intent');
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length === 0 || units.length > 10) return error(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', '/purchase_units');
  if (units.length > 1) return error(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'MULTIPLE_PURCHASE_UNITS_NOT_SUPPORTED');
  const unit = units[0] as { amount?: { currency_code?: unknown; value?: unknown }; custom_id?: unknown; reference_id?: unknown; description?: unknown };
  const currency = unit.amount?.currency_code;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return error(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.', '/purchase_units/@reference_id==\'default\'/amount/currency_code');
  const value = unit.amount?.value;
  if (!validValue(value, currency)) {
    return error(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'DECIMAL_PRECISION', 'If the currency supports decimals, only two decimal place precision is supported.', '/purchase_units/@reference_id==\'default\'/amount/value');
  }
  if (Number(value) <= 0) return error(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'AMOUNT_NOT_POSITIVE', 'Amount must be greater than zero.', '/purchase_units/@reference_id==\'default\'/amount/value');
  const source = body.payment_source as { paypal?: { experience_context?: { return_url?: unknown; cancel_url?: unknown } } } | undefined;
  const context = source?.paypal?.experience_context ?? (body.application_context as { return_url?: unknown; cancel_url?: unknown } | undefined);
  if (typeof context?.return_url !== 'string' || typeof context.cancel_url !== 'string') {
    return error(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'MISSING_RETURN_URL', 'return_url and cancel_url are required to redirect the payer.', '/payment_source/paypal/experience_context/return_url');
  }
  const payment = store.open({
    ref: paypalId(), provider: 'paypal', key: client, amount: Number(value), currency,
    reference: typeof unit.custom_id === 'string' ? unit.custom_id : '', returnUrl: context.return_url, cancelUrl: context.cancel_url,
    extra: { value, intent, referenceId: typeof unit.reference_id === 'string' ? unit.reference_id : 'default', description: unit.description, viaPaymentSource: Boolean(source?.paypal) },
  });
  const full = order(payment, store);
  return { status: 201, body: source?.paypal ? { id: full.id, status: full.status, payment_source: { paypal: {} }, links: full.links } : { ...full, status: 'CREATED' } };
}

function captureOrder(payment: DoublePayment, store: DoubleStore): DoubleAnswer {
  if (payment.extra.captureId) return error(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'ORDER_ALREADY_CAPTURED', 'Order already captured.If \'intent=CAPTURE\' only one capture per order is allowed.');
  if (payment.status === 'failed') {
    return error(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'INSTRUMENT_DECLINED', 'The instrument presented  was either declined by the processor or bank, or it can\'t be used for this payment.');
  }
  if (payment.status !== 'paid') return error(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment. Please redirect the payer to the \'rel\':\'approve\' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.');
  payment.extra.captureId = paypalId();
  payment.extra.capturedAt = new Date().toISOString();
  payment.paymentId = String(payment.extra.captureId);
  return { status: 201, body: order(payment, store) };
}

function refundCapture(payment: DoublePayment, body: Record<string, unknown>, store: DoubleStore): DoubleAnswer {
  const left = Math.round((payment.amount - refundedTotal(payment)) * 100) / 100;
  if (left <= 0) return error(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
  const asked = body.amount as { value?: unknown; currency_code?: unknown } | undefined;
  if (asked && (asked.currency_code !== payment.currency || !validValue(asked.value, payment.currency))) {
    return error(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
  }
  const amount = asked ? Number(asked.value) : left;
  if (amount > left) return error(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
  const refund = { id: paypalId(), amount };
  payment.refunds.push(refund);
  const value = WHOLE_UNITS.has(payment.currency) ? String(amount) : amount.toFixed(2);
  return {
    status: 201,
    body: {
      id: refund.id, status: 'COMPLETED', amount: money(payment, value), create_time: new Date().toISOString(),
      links: [
        { href: `${store.base}/paypal/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${store.base}/paypal/v2/payments/captures/${String(payment.extra.captureId)}`, rel: 'up', method: 'GET' },
      ],
    },
  };
}

function verifyWebhook(body: Record<string, unknown>): DoubleAnswer {
  const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
  for (const field of fields) {
    if (typeof body[field] !== 'string' || !body[field]) return error(400, 'VALIDATION_ERROR', 'Invalid request - see details', 'MISSING_REQUIRED_PARAMETER', `${field} is required`, field);
  }
  if (!body.webhook_event || typeof body.webhook_event !== 'object') return error(400, 'VALIDATION_ERROR', 'Invalid request - see details', 'MISSING_REQUIRED_PARAMETER', 'webhook_event is required', 'webhook_event');
  const text = signedText(String(body.transmission_id), String(body.transmission_time), String(body.webhook_id), JSON.stringify(body.webhook_event));
  let valid = false;
  try {
    valid = body.auth_algo === 'SHA256withRSA' && createVerify('RSA-SHA256').update(text).verify(signing.publicKey, String(body.transmission_sig), 'base64');
  } catch {
    valid = false;
  }
  return { status: 200, body: { verification_status: valid ? 'SUCCESS' : 'FAILURE' } };
}

/**
 * PayPal (REST: OAuth 2.0 client credentials, Orders v2, Payments v2, Notifications v1):
 * POST /v1/oauth2/token (Basic auth with client id and secret, grant_type=client_credentials),
 * POST /v2/checkout/orders (intent, one purchase unit whose amount is a decimal string in the major unit,
 * return and cancel URLs; PayPal-Request-Id makes it idempotent), GET /v2/checkout/orders/:id,
 * POST /v2/checkout/orders/:id/capture, GET /v2/payments/captures/:id, POST /v2/payments/captures/:id/refund,
 * POST /v1/notifications/verify-webhook-signature; every other call with the bearer token. The page
 * approves the order and sends the payer to the return URL with token (the order id) and PayerID, or to
 * the cancel URL with token; a refused funding source shows when the order is captured (INSTRUMENT_DECLINED).
 * Webhooks are signed as PayPal signs them: SHA256withRSA over transmission id, time, webhook id and the
 * body's CRC32, checked by the verification API (the double publishes no certificate at the cert URL).
 */
export const paypalDouble: ProviderDouble = {
  name: 'paypal',
  testAccount: {
    publicKey: 'AZDxjDScFpQtjWTOUtWKbyN_bDt4OgqaF4eYXlewfBP4-8aqX3PiV8e1GWU6liB2CUXlkA59kJXE7M6R',
    secretKey: 'EGnHDxD_qRPdaLdZz8iCr8N7_MzF-YHPTkjs6NKYQvQSBngp4PTTVWkPZRbL',
    webhookSecret: '1JE4291016473214C',
    merchantId: '',
  },
  testCurrency: 'USD',
  amountUnits: 'major',
  handle(request, store) {
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') {
      const auth = credentials(request.headers);
      if (!auth || !/^A[\w-]{20,}$/.test(auth.user) || !auth.password) return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      if (request.body.grant_type !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
      const token = `A21AA${randomBytes(40).toString('base64url')}`;
      tokens.set(token, auth.user);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks',
          access_token: token, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: 32400, nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
        },
      };
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const client = bearer ? tokens.get(bearer) : undefined;
    if (!client) return unauthenticated();
    const requestId = typeof request.headers['paypal-request-id'] === 'string' ? request.headers['paypal-request-id'] : undefined;
    if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature') return verifyWebhook(request.body);
    if (request.method === 'POST' && request.path === '/v2/checkout/orders') return once(requestId, client, () => createOrder(request.body, client, store));
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(request.path);
    if (orderPath) {
      const payment = store.find('paypal', orderPath[1] ?? '');
      if (!payment || payment.key !== client) return notFound();
      if (orderPath[2]) return request.method === 'POST' ? once(requestId, client, () => captureOrder(payment, store)) : undefined;
      return request.method === 'GET' ? { status: 200, body: order(payment, store) } : undefined;
    }
    const capturePath = /^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/.exec(request.path);
    if (capturePath) {
      const payment = [...store.payments.values()].find((p) => p.provider === 'paypal' && p.key === client && p.extra.captureId === capturePath[1]);
      if (!payment) return notFound();
      if (capturePath[2]) return request.method === 'POST' ? once(requestId, client, () => refundCapture(payment, request.body, store)) : undefined;
      return request.method === 'GET' ? { status: 200, body: capture(payment, store.base) } : undefined;
    }
    return undefined;
  },
  exit(payment, action) {
    // PayPal appends token=<order id> (and PayerID after an approval) to the return and cancel URLs.
    const theirs = (): Record<string, string> => ({ token: payment.ref });
    if (action === 'cancel') {
      payment.status = 'open';
      return { redirect: withQuery(payment.cancelUrl ?? payment.returnUrl, theirs()) };
    }
    // Approved (a refused funding source: approved, then declined when captured).
    payment.extra.payerId = paypalId().slice(0, 13);
    payment.paymentId = null;
    return { redirect: withQuery(payment.returnUrl, { ...theirs(), PayerID: String(payment.extra.payerId) }) };
  },
  webhook(payment, secret, store) {
    const captured = Boolean(payment.extra.captureId);
    const status = orderStatus(payment);
    const eventType = captured ? 'PAYMENT.CAPTURE.COMPLETED'
      : status === 'APPROVED' ? 'CHECKOUT.ORDER.APPROVED'
        : 'CHECKOUT.PAYMENT-APPROVAL.REVERSED';
    const resource = captured ? capture(payment, store.base) : status === 'APPROVED' ? order(payment, store) : { id: payment.ref, purchase_units: [{ reference_id: payment.extra.referenceId }] };
    const body = JSON.stringify({
      id: `WH-${paypalId()}`, event_version: '1.0', create_time: new Date().toISOString(),
      resource_type: captured ? 'capture' : 'checkout-order', resource_version: '2.0', event_type: eventType,
      summary: captured ? `Payment completed for ${payment.currency} ${String(payment.extra.value)}` : 'An order has been approved by buyer',
      resource,
      links: [{ href: `${store.base}/paypal/v1/notifications/webhooks-events/WH-${payment.ref}`, rel: 'self', method: 'GET' }],
    });
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    // Signed for the webhook id `secret`: another id (a forger's guess) gives a signature PayPal's API refuses.
    const signature = createSign('RSA-SHA256').update(signedText(transmissionId, time, secret, body)).sign(signing.privateKey, 'base64');
    return {
      body,
      headers: {
        'content-type': 'application/json', 'user-agent': 'PayPal/AUHD-214.0-58474008',
        'paypal-auth-algo': 'SHA256withRSA', 'paypal-cert-url': `${store.base}/paypal/v1/notifications/certs/${CERT_ID}`,
        'paypal-transmission-id': transmissionId, 'paypal-transmission-sig': signature, 'paypal-transmission-time': time,
      },
    };
  },
};
