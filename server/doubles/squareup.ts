import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { withQuery, type DoubleAnswer, type DoublePayment, type DoubleStore, type ProviderDouble } from './kit.ts';

/** Square's error answer. */
const error = (status: number, category: string, code: string, detail: string, field?: string): DoubleAnswer => ({
  status, body: { errors: [{ category, code, detail, ...(field ? { field } : {}) }] },
});
const invalid = (code: string, detail: string, field?: string) => error(400, 'INVALID_REQUEST_ERROR', code, detail, field);
const notFound = (what: string, id: string) => error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find ${what} with id \`${id}\`.`);

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Square's ids: orders and payments are 27 to 29 letters and digits, payment links 16 capitals. */
const squareId = (length: number, alphabet = ALPHANUMERIC) => Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');

/** Answers already given per idempotency key and access token. */
const replays = new Map<string, DoubleAnswer>();

const SQUARE_VERSION = '2026-09-16';

interface LineItem { name: string; quantity: string; base_price_money: { amount: number; currency: string } }

/** The order's state at Square: open until paid (completed) or cancelled. */
function orderState(payment: DoublePayment): string {
  if (payment.extra.state === 'CANCELED') return 'CANCELED';
  return payment.status === 'paid' ? 'COMPLETED' : 'OPEN';
}

const moneyOf = (payment: DoublePayment, amount = payment.amount) => ({ amount, currency: payment.currency });

function refundedTotal(payment: DoublePayment): number {
  return payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
}

/** A payment as Square answers it: the completed one, or the one refused on the page. */
function paymentObject(payment: DoublePayment, id: string, status: 'COMPLETED' | 'FAILED'): Record<string, unknown> {
  const refunded = status === 'COMPLETED' ? refundedTotal(payment) : 0;
  const at = String(status === 'COMPLETED' ? payment.extra.paidAt : payment.extra.failedAt);
  return {
    id, created_at: at, updated_at: at, amount_money: moneyOf(payment), total_money: moneyOf(payment),
    ...(status === 'COMPLETED' ? { approved_money: moneyOf(payment) } : {}),
    ...(refunded ? { refunded_money: moneyOf(payment, refunded), refund_ids: payment.refunds.map((refund) => refund.id) } : {}),
    status, delay_duration: 'PT168H', source_type: 'CARD',
    card_details: {
      status: status === 'COMPLETED' ? 'CAPTURED' : 'FAILED',
      card: { card_brand: 'VISA', last_4: status === 'COMPLETED' ? '1111' : '0002', exp_month: 12, exp_year: 2030, fingerprint: 'sq-1-double', card_type: 'CREDIT', bin: '411111' },
      entry_method: 'KEYED', cvv_status: 'CVV_ACCEPTED', avs_status: 'AVS_ACCEPTED',
      ...(status === 'FAILED' ? { errors: [{ code: 'GENERIC_DECLINE', detail: 'Authorization error: \'GENERIC_DECLINE\'', category: 'PAYMENT_METHOD_ERROR' }] } : {}),
    },
    location_id: payment.extra.locationId, order_id: payment.ref, reference_id: payment.reference || undefined,
    receipt_number: id.slice(0, 4), receipt_url: `https://squareupsandbox.com/receipt/preview/${id}`,
    application_details: { square_product: 'ECOMMERCE_API', application_id: 'sandbox-sq0idb-double' },
    version_token: squareId(32),
  };
}

/** An order as Square answers it. */
function order(payment: DoublePayment): Record<string, unknown> {
  const state = orderState(payment);
  const items = payment.extra.lineItems as LineItem[];
  const zero = moneyOf(payment, 0);
  const paid = payment.status === 'paid' && payment.paymentId;
  return {
    id: payment.ref, location_id: payment.extra.locationId, ...(payment.reference ? { reference_id: payment.reference } : {}),
    source: { name: 'Square Online Checkout' },
    line_items: items.map((item, index) => {
      const total = moneyOf(payment, item.base_price_money.amount * Number(item.quantity));
      return {
        uid: `${payment.ref.slice(0, 8)}-${index}`, name: item.name, quantity: item.quantity, item_type: 'ITEM', base_price_money: item.base_price_money,
        variation_total_price_money: total, gross_sales_money: total, total_tax_money: zero, total_discount_money: zero, total_money: total, total_service_charge_money: zero,
      };
    }),
    ...(payment.extra.metadata ? { metadata: payment.extra.metadata } : {}),
    net_amounts: { total_money: moneyOf(payment), tax_money: zero, discount_money: zero, tip_money: zero, service_charge_money: zero },
    ...(paid ? {
      tenders: [{
        id: payment.paymentId, location_id: payment.extra.locationId, transaction_id: payment.ref, created_at: payment.extra.paidAt,
        amount_money: moneyOf(payment), type: 'CARD', card_details: { status: 'CAPTURED', card: { card_brand: 'VISA', last_4: '1111', fingerprint: 'sq-1-double' }, entry_method: 'KEYED' },
        payment_id: payment.paymentId,
      }],
    } : {}),
    created_at: new Date(payment.createdAt).toISOString(), updated_at: String(payment.extra.updatedAt ?? new Date(payment.createdAt).toISOString()),
    ...(state !== 'OPEN' ? { closed_at: payment.extra.updatedAt } : {}),
    state, version: payment.extra.version,
    total_money: moneyOf(payment), total_tax_money: zero, total_discount_money: zero, total_tip_money: zero, total_service_charge_money: zero,
    net_amount_due_money: paid ? zero : moneyOf(payment),
  };
}

function paymentLink(payment: DoublePayment, store: DoubleStore): Record<string, unknown> {
  return {
    id: payment.extra.linkId, version: 1, order_id: payment.ref, ...(payment.extra.description ? { description: payment.extra.description } : {}),
    checkout_options: { redirect_url: payment.returnUrl, ask_for_shipping_address: false },
    url: store.pageUrl('squareup', payment.ref), long_url: `${store.pageUrl('squareup', payment.ref)}?long=1`,
    created_at: new Date(payment.createdAt).toISOString(), ...(payment.extra.paymentNote ? { payment_note: payment.extra.paymentNote } : {}),
  };
}

/** The answer for an idempotency key this token already used, or the new answer (kept when it succeeded). */
function once(key: string, token: string, answer: () => DoubleAnswer): DoubleAnswer {
  const id = `${token}:${key}`;
  const kept = replays.get(id);
  if (kept) return kept;
  const fresh = answer();
  if (fresh.status < 300) replays.set(id, fresh);
  return fresh;
}

function createLink(body: Record<string, unknown>, token: string, store: DoubleStore): DoubleAnswer {
  const rawOrder = body.order as { location_id?: unknown; reference_id?: unknown; line_items?: unknown; metadata?: unknown } | undefined;
  if (!rawOrder === !body.quick_pay) return invalid('INVALID_REQUEST', 'Exactly one of quick_pay or order must be set.');
  if (!rawOrder) return invalid('BAD_REQUEST', 'The double takes payment links with an order only.', 'quick_pay');
  if (typeof rawOrder.location_id !== 'string' || !/^L[A-Z0-9]{12}$/.test(rawOrder.location_id)) return invalid('NOT_FOUND', `Location \`${String(rawOrder.location_id)}\` not found.`, 'order.location_id');
  if (!Array.isArray(rawOrder.line_items) || rawOrder.line_items.length === 0) return invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'order.line_items');
  const items: LineItem[] = [];
  for (const [index, raw] of (rawOrder.line_items as Array<Record<string, unknown>>).entries()) {
    const money = raw.base_price_money as { amount?: unknown; currency?: unknown } | undefined;
    if (typeof raw.name !== 'string' || !raw.name) return invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', `order.line_items[${index}].name`);
    if (typeof raw.quantity !== 'string' || !/^[1-9]\d{0,5}$/.test(raw.quantity)) return invalid('INVALID_VALUE', 'Expected a positive whole number string.', `order.line_items[${index}].quantity`);
    if (typeof money?.amount !== 'number' || !Number.isInteger(money.amount) || money.amount < 0) return invalid('INVALID_VALUE', 'Expected an integer value.', `order.line_items[${index}].base_price_money.amount`);
    if (typeof money.currency !== 'string' || !/^[A-Z]{3}$/.test(money.currency)) return invalid('INVALID_ENUM_VALUE', `\`${String(money.currency)}\` is not a valid enum value for \`Currency\`.`, `order.line_items[${index}].base_price_money.currency`);
    items.push({ name: raw.name, quantity: raw.quantity, base_price_money: { amount: money.amount, currency: money.currency } });
  }
  const currency = items[0]!.base_price_money.currency;
  if (items.some((item) => item.base_price_money.currency !== currency)) return invalid('CURRENCY_MISMATCH', 'All line items must be in the same currency.', 'order.line_items');
  const total = items.reduce((sum, item) => sum + item.base_price_money.amount * Number(item.quantity), 0);
  if (total < 1) return invalid('INVALID_VALUE', 'The order total must be positive.', 'order');
  const metadata = rawOrder.metadata as Record<string, unknown> | undefined;
  if (metadata && (Object.keys(metadata).length > 10 || Object.entries(metadata).some(([key, value]) => key.length > 60 || typeof value !== 'string' || value.length > 255))) {
    return invalid('INVALID_VALUE', 'Metadata takes at most 10 entries, keys of at most 60 and values of at most 255 characters.', 'order.metadata');
  }
  const reference = typeof rawOrder.reference_id === 'string' ? rawOrder.reference_id : '';
  if (reference.length > 40) return invalid('VALUE_TOO_LONG', 'Must be at most 40 characters.', 'order.reference_id');
  const options = body.checkout_options as { redirect_url?: unknown } | undefined;
  const redirect = options?.redirect_url;
  if (redirect !== undefined && (typeof redirect !== 'string' || !/^https?:\/\//.test(redirect))) return invalid('INVALID_VALUE', 'redirect_url must be an absolute URL.', 'checkout_options.redirect_url');
  const now = new Date().toISOString();
  const payment = store.open({
    ref: squareId(27), provider: 'squareup', key: token, amount: total, currency, reference,
    returnUrl: typeof redirect === 'string' ? redirect : 'https://squareup.com/receipt',
    extra: {
      linkId: squareId(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), locationId: rawOrder.location_id, lineItems: items, metadata, version: 1, updatedAt: now,
      paymentNote: body.payment_note, description: body.description,
    },
  });
  return { status: 200, body: { payment_link: paymentLink(payment, store), related_resources: { orders: [order(payment)] } } };
}

function updateOrder(payment: DoublePayment, body: Record<string, unknown>): DoubleAnswer {
  const change = body.order as { version?: unknown; state?: unknown; location_id?: unknown } | undefined;
  if (!change) return invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'order');
  if (change.version !== undefined && change.version !== payment.extra.version) return invalid('VERSION_MISMATCH', `Order version ${String(change.version)} does not match the current version ${String(payment.extra.version)}.`, 'order.version');
  if (change.state !== undefined) {
    const state = orderState(payment);
    if (change.state !== 'CANCELED' && change.state !== state) return invalid('INVALID_VALUE', `Cannot move an order from ${state} to ${String(change.state)}.`, 'order.state');
    if (change.state === 'CANCELED' && state !== 'CANCELED') {
      if (state !== 'OPEN') return invalid('BAD_REQUEST', `An order in state ${state} cannot be canceled.`, 'order.state');
      payment.extra.state = 'CANCELED';
      payment.status = 'cancelled';
    }
  }
  payment.extra.version = Number(payment.extra.version) + 1;
  payment.extra.updatedAt = new Date().toISOString();
  return { status: 200, body: { order: order(payment) } };
}

function refundPayment(body: Record<string, unknown>, token: string, store: DoubleStore): DoubleAnswer {
  if (typeof body.idempotency_key !== 'string' || !body.idempotency_key || body.idempotency_key.length > 45) return invalid('INVALID_VALUE', 'idempotency_key must be 1 to 45 characters.', 'idempotency_key');
  const paymentId = body.payment_id;
  if (typeof paymentId !== 'string') return invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'payment_id');
  const payment = [...store.payments.values()].find((p) => p.provider === 'squareup' && p.key === token && p.paymentId === paymentId && p.status === 'paid');
  if (!payment) return notFound('payment', paymentId);
  const money = body.amount_money as { amount?: unknown; currency?: unknown } | undefined;
  if (typeof money?.amount !== 'number' || !Number.isInteger(money.amount) || money.amount < 1) return invalid('INVALID_VALUE', 'Expected a positive integer value.', 'amount_money.amount');
  if (money.currency !== payment.currency) return invalid('CURRENCY_MISMATCH', 'The refund currency must match the payment currency.', 'amount_money.currency');
  if (money.amount + refundedTotal(payment) > payment.amount) return invalid('REFUND_AMOUNT_INVALID', 'The requested refund amount exceeds the amount available to refund.', 'amount_money.amount');
  const refund = { id: `${paymentId}_${squareId(27)}`, amount: money.amount };
  payment.refunds.push(refund);
  const now = new Date().toISOString();
  return {
    status: 200,
    body: {
      refund: {
        id: refund.id, status: 'PENDING', amount_money: moneyOf(payment, refund.amount), payment_id: paymentId, order_id: payment.ref,
        location_id: payment.extra.locationId, created_at: now, updated_at: now, ...(typeof body.reason === 'string' ? { reason: body.reason } : {}),
      },
    },
  };
}

/**
 * Square (Connect API v2, Square-Version 2026-09-16): POST /v2/online-checkout/payment-links (with an
 * order: location, line items whose amounts are whole numbers of the currency's smallest unit, reference
 * and metadata; idempotent on idempotency_key), GET /v2/orders/:id, PUT /v2/orders/:id (the order's
 * version; state CANCELED for an open order), GET /v2/payments (by location and begin_time),
 * GET /v2/payments/:id, POST /v2/refunds (idempotency_key of at most 45 characters); a bearer access
 * token. Square's page sends the customer to the redirect URL only after paying, with checkoutId, orderId,
 * transactionId and referenceId; a refused card stays on the page, so the double shows a customer who gave
 * up (after a refusal or not) going back to the shop by that address without Square's parameters. Webhooks
 * (payment.updated) are signed as Square signs them: base64 HMAC-SHA256 of the notification URL and the
 * body. Square signs with the URL of the seller's webhook subscription, which the double has no console
 * for: it takes the endpoint the seller noted in the order's metadata (notify_url).
 */
export const squareupDouble: ProviderDouble = {
  name: 'squareup',
  testAccount: {
    publicKey: 'sandbox-sq0idb-Zk4YbWBvS2-EWjiDOUBLE',
    secretKey: 'EAAAlwDoubleSandboxAccessToken_7pZ1kQ9xR3mV8tY2wN5cH0jF4gB6dS',
    webhookSecret: 'zWbtAS4VkJk_7T0xvsbGEw',
    merchantId: 'LH2G6AX7D0RMV',
  },
  testCurrency: 'USD',
  amountUnits: 'minor',
  handle(request, store) {
    const token = /^Bearer (EAAA[\w-]{20,})$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return error(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.');
    const body = request.body;
    if (request.method === 'POST' && request.path === '/v2/online-checkout/payment-links') {
      if (typeof body.idempotency_key !== 'string' || !body.idempotency_key || body.idempotency_key.length > 192) return invalid('INVALID_VALUE', 'idempotency_key must be 1 to 192 characters.', 'idempotency_key');
      return once(`link:${body.idempotency_key}`, token, () => createLink(body, token, store));
    }
    const orderPath = /^\/v2\/orders\/([^/]+)$/.exec(request.path);
    if (orderPath) {
      const payment = store.find('squareup', orderPath[1] ?? '');
      if (!payment || payment.key !== token) return notFound('order', orderPath[1] ?? '');
      if (request.method === 'GET') return { status: 200, body: { order: order(payment) } };
      if (request.method === 'PUT') {
        const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : randomUUID();
        return once(`order:${key}`, token, () => updateOrder(payment, body));
      }
      return undefined;
    }
    if (request.method === 'GET' && request.path === '/v2/payments') {
      const location = request.query.get('location_id');
      const since = Date.parse(request.query.get('begin_time') ?? '') || 0;
      const payments = [...store.payments.values()]
        .filter((p) => p.provider === 'squareup' && p.key === token && (!location || p.extra.locationId === location))
        .flatMap((p) => [
          ...(p.extra.failedPaymentId ? [paymentObject(p, String(p.extra.failedPaymentId), 'FAILED')] : []),
          ...(p.status === 'paid' && p.paymentId ? [paymentObject(p, p.paymentId, 'COMPLETED')] : []),
        ])
        .filter((p) => Date.parse(String(p.created_at)) >= since);
      return { status: 200, body: payments.length ? { payments } : {} };
    }
    const paymentPath = /^\/v2\/payments\/([^/]+)$/.exec(request.path);
    if (paymentPath && request.method === 'GET') {
      const id = paymentPath[1] ?? '';
      const payment = [...store.payments.values()].find((p) => p.provider === 'squareup' && p.key === token && (p.paymentId === id || p.extra.failedPaymentId === id));
      if (!payment) return notFound('payment', id);
      return { status: 200, body: { payment: paymentObject(payment, id, payment.paymentId === id ? 'COMPLETED' : 'FAILED') } };
    }
    if (request.method === 'POST' && request.path === '/v2/refunds') {
      return once(`refund:${String(body.idempotency_key)}`, token, () => refundPayment(body, token, store));
    }
    return undefined;
  },
  exit(payment, action) {
    const now = new Date().toISOString();
    if (action === 'pay') {
      payment.paymentId = squareId(29);
      payment.extra.paidAt = now;
      payment.extra.updatedAt = now;
      payment.extra.version = Number(payment.extra.version) + 1;
      return {
        redirect: withQuery(payment.returnUrl, {
          checkoutId: String(payment.extra.linkId), orderId: payment.ref, transactionId: payment.ref,
          ...(payment.reference ? { referenceId: payment.reference } : {}),
        }),
      };
    }
    if (action === 'fail') {
      payment.extra.failedPaymentId = squareId(29);
      payment.extra.failedAt = now;
    }
    // The link stays payable at Square; the customer goes back to the shop by its address, without Square's parameters.
    payment.status = 'open';
    return { redirect: payment.returnUrl };
  },
  webhook(payment, secret) {
    const paid = payment.status === 'paid' && payment.paymentId;
    const id = paid ? payment.paymentId! : String(payment.extra.failedPaymentId ?? squareId(29));
    const body = JSON.stringify({
      merchant_id: 'MLEFBHHSJGVHD', type: 'payment.updated', event_id: randomUUID(), created_at: new Date().toISOString(),
      data: { type: 'payment', id, object: { payment: paymentObject(payment, id, paid ? 'COMPLETED' : 'FAILED') } },
    });
    const notificationUrl = String((payment.extra.metadata as Record<string, unknown> | undefined)?.notify_url ?? '');
    return {
      body,
      headers: {
        'content-type': 'application/json', 'user-agent': 'Square Connect v2', 'square-version': SQUARE_VERSION, 'square-environment': 'Sandbox',
        'square-retry-number': '0', 'square-initial-delivery-timestamp': new Date().toISOString(),
        'x-square-hmacsha256-signature': createHmac('sha256', secret).update(notificationUrl + body).digest('base64'),
      },
    };
  },
};
