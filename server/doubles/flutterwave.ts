import { credentials, withQuery, type DoubleAnswer, type DoublePayment, type DoubleStore, type ProviderDouble } from './kit.ts';

/** The currencies Flutterwave collects in, with their minor digits. */
const CURRENCIES: Record<string, number> = {
  NGN: 2, USD: 2, EUR: 2, GBP: 2, GHS: 2, KES: 2, ZAR: 2, UGX: 0, TZS: 2, RWF: 0, XAF: 0, XOF: 0, ZMW: 2, MWK: 2, EGP: 2,
};

/** Flutterwave's refusal. */
const refusal = (status: number, message: string): DoubleAnswer => ({ status, body: { status: 'error', message, data: null } });

/** Transaction and refund ids are numbers at Flutterwave. */
let lastId = 5_270_180_000;
const nextId = () => ++lastId;

const iso = (ms: number) => new Date(ms).toISOString();
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const refundedOf = (payment: DoublePayment) => payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);

/** An amount in major units with no more decimals than the currency has, as a number or a string of one. */
function majorAmount(value: unknown, digits: number): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const amount = Number(text);
  const decimals = text.includes('.') ? text.split('.')[1]!.replace(/0+$/, '').length : 0;
  return amount > 0 && decimals <= digits ? amount : undefined;
}

/** A transaction as Flutterwave answers it (verify, the charge.completed webhook); only once one was attempted on the link. */
function transaction(payment: DoublePayment): Record<string, unknown> {
  const paid = payment.status === 'paid';
  const customer = (payment.extra.customer ?? {}) as { email?: string; name?: string; phonenumber?: string };
  const digits = CURRENCIES[payment.currency] ?? 2;
  return {
    id: payment.extra.tx_id, tx_ref: payment.ref, flw_ref: `FLW-MOCK-${String(payment.extra.tx_id)}`, device_fingerprint: 'N/A',
    amount: payment.amount, currency: payment.currency, charged_amount: payment.amount, app_fee: round(payment.amount * 0.014, digits),
    merchant_fee: 0, processor_response: paid ? 'Approved. Successful' : 'Declined', auth_model: 'VBVSECURECODE', ip: '127.0.0.1',
    narration: 'CARD Transaction ', status: paid ? 'successful' : 'failed', payment_type: 'card', created_at: iso(payment.createdAt),
    account_id: 17_321, meta: payment.extra.meta ?? null, amount_settled: paid ? round(payment.amount * 0.986, digits) : null,
    card: { first_6digits: '553188', last_4digits: '2950', issuer: 'MASTERCARD CREDIT', country: 'NG', type: 'MASTERCARD', token: `flw-t1nf-${payment.ref.slice(0, 12)}-m03k`, expiry: '09/32' },
    customer: { id: 2_180_001, name: customer.name ?? 'Anonymous customer', phone_number: customer.phonenumber ?? 'N/A', email: customer.email, created_at: iso(payment.createdAt) },
  };
}

function refundEntity(payment: DoublePayment, refund: { id: string; amount: number }): Record<string, unknown> {
  return {
    id: Number(refund.id), account_id: 17_321, tx_id: payment.extra.tx_id, flw_ref: `URF_${refund.id}`, wallet_id: 74_639,
    amount_refunded: refund.amount, status: 'completed', destination: 'payment_source', meta: { source: 'availablebalance' },
    created_at: payment.extra[`refund_${refund.id}`] ?? iso(Date.now()),
  };
}

/** The payment whose attempted transaction has the id `id`, of this key. */
function byTransaction(store: DoubleStore, key: string, id: string): DoublePayment | undefined {
  for (const payment of store.payments.values()) {
    if (payment.provider === 'flutterwave' && payment.key === key && payment.extra.tx_id !== undefined && String(payment.extra.tx_id) === id) return payment;
  }
  return undefined;
}

const fetched = (payment: DoublePayment): DoubleAnswer => ({
  status: 200, body: { status: 'success', message: 'Transaction fetched successfully', data: transaction(payment) },
});

/**
 * Flutterwave Standard, API v3 (api.flutterwave.com): POST /v3/payments (tx_ref, amount in major units,
 * currency, redirect_url, customer.email required; answers the hosted link), GET
 * /v3/transactions/:id/verify, GET /v3/transactions/verify_by_reference?tx_ref=, POST
 * /v3/transactions/:id/refund (amount in major units, at most what is left), GET /v3/refunds (from, to,
 * page). Bearer secret key (FLWSECK_TEST-…), 401 "Invalid authorization key" otherwise. A transaction
 * exists once the customer tried to pay on the link; until then both verifies answer "No transaction was
 * found for this id". The page sends the customer to redirect_url with ?status=successful|failed
 * &tx_ref=&transaction_id=, or ?status=cancelled&tx_ref= (the link stays payable). The webhook
 * (charge.completed) carries the secret hash as it is in `verif-hash`, its body unsigned.
 */
export const flutterwaveDouble: ProviderDouble = {
  name: 'flutterwave',
  testAccount: {
    publicKey: 'FLWPUBK_TEST-5f3a0e8c2b7d4a6f9e1c3b5d7a9f2e4c-X',
    secretKey: 'FLWSECK_TEST-9c2e7a1f4b6d8e0a3c5f7b9d1e2a4c6f-X',
    webhookSecret: 'flw-double-secret-hash-7Qm2',
    merchantId: '',
  },
  testCurrency: 'USD',
  amountUnits: 'major',
  handle(request, store) {
    const auth = credentials(request.headers);
    if (!auth || !/^FLWSECK(_TEST)?-[0-9a-f]{32}-X$/.test(auth.user)) return refusal(401, 'Invalid authorization key');
    const key = auth.user;
    const body = request.body;

    if (request.method === 'POST' && request.path === '/v3/payments') {
      if (typeof body.tx_ref !== 'string' || !body.tx_ref.trim()) return refusal(400, 'tx_ref is required');
      if (store.find('flutterwave', body.tx_ref)) return refusal(400, 'A transaction with this tx_ref already exists');
      const currency = body.currency === undefined ? 'NGN' : body.currency;
      if (typeof currency !== 'string' || CURRENCIES[currency] === undefined) return refusal(400, 'Invalid currency provided');
      if (body.amount === undefined) return refusal(400, 'amount is required');
      const amount = majorAmount(body.amount, CURRENCIES[currency]);
      if (amount === undefined) return refusal(400, 'amount must be a positive number');
      if (typeof body.redirect_url !== 'string' || !/^https?:\/\//.test(body.redirect_url)) return refusal(400, 'redirect_url must be a valid uri');
      const customer = body.customer as { email?: unknown } | undefined;
      if (typeof customer?.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(customer.email)) return refusal(400, 'customer.email is required');
      const duration = body.session_duration === undefined ? 1440 : Number(body.session_duration);
      if (!Number.isInteger(duration) || duration < 1 || duration > 1440) return refusal(400, 'session_duration must be less than or equal to 1440');
      const payment = store.open({
        ref: body.tx_ref, provider: 'flutterwave', key, amount, currency, reference: body.tx_ref, returnUrl: body.redirect_url,
        extra: { customer, meta: body.meta, customizations: body.customizations, expires: Date.now() + duration * 60_000 },
      });
      return { status: 200, body: { status: 'success', message: 'Hosted Link', data: { link: store.pageUrl('flutterwave', payment.ref) } } };
    }

    if (request.method === 'GET' && request.path === '/v3/transactions/verify_by_reference') {
      const payment = store.find('flutterwave', request.query.get('tx_ref') ?? '');
      if (!payment || payment.key !== key || payment.extra.tx_id === undefined) return refusal(400, 'No transaction was found for this id');
      return fetched(payment);
    }

    const verifyPath = /^\/v3\/transactions\/(\d+)\/verify$/.exec(request.path);
    if (verifyPath && request.method === 'GET') {
      const payment = byTransaction(store, key, verifyPath[1] ?? '');
      return payment ? fetched(payment) : refusal(400, 'No transaction was found for this id');
    }

    const refundPath = /^\/v3\/transactions\/(\d+)\/refund$/.exec(request.path);
    if (refundPath && request.method === 'POST') {
      const payment = byTransaction(store, key, refundPath[1] ?? '');
      if (!payment) return refusal(400, 'No transaction was found for this id');
      if (payment.status !== 'paid') return refusal(400, 'Only successful transactions can be refunded');
      const digits = CURRENCIES[payment.currency] ?? 2;
      const left = round(payment.amount - refundedOf(payment), digits);
      if (left <= 0) return refusal(400, 'This transaction has been fully refunded');
      const amount = body.amount === undefined ? left : majorAmount(body.amount, digits);
      if (amount === undefined) return refusal(400, 'amount must be a positive number');
      if (amount > left) return refusal(400, 'Refund amount cannot be greater than the amount left on the transaction');
      const refund = { id: String(nextId()), amount };
      payment.refunds.push(refund);
      payment.extra[`refund_${refund.id}`] = iso(Date.now());
      return { status: 200, body: { status: 'success', message: 'Transaction refund initiated', data: refundEntity(payment, refund) } };
    }

    if (request.method === 'GET' && request.path === '/v3/refunds') {
      const from = request.query.get('from');
      const to = request.query.get('to');
      const page = Math.max(Number(request.query.get('page') ?? 1) || 1, 1);
      const all = [...store.payments.values()]
        .filter((payment) => payment.provider === 'flutterwave' && payment.key === key)
        .flatMap((payment) => payment.refunds.map((refund) => refundEntity(payment, refund)))
        .filter((refund) => {
          const day = String(refund.created_at).slice(0, 10);
          return (!from || day >= from.slice(0, 10)) && (!to || day <= to.slice(0, 10));
        })
        .reverse();
      const size = 10;
      return {
        status: 200,
        body: {
          status: 'success', message: 'Refunds fetched',
          meta: { page_info: { total: all.length, current_page: page, total_pages: Math.max(Math.ceil(all.length / size), 1) } },
          data: all.slice((page - 1) * size, page * size),
        },
      };
    }
    return undefined;
  },
  exit(payment, action) {
    if (action === 'cancel') {
      // Closing the page attempts nothing: the link stays payable until its session ends.
      payment.status = 'open';
      return { redirect: withQuery(payment.returnUrl, { status: 'cancelled', tx_ref: payment.ref }) };
    }
    payment.extra.tx_id = nextId();
    if (action === 'pay') payment.paymentId = String(payment.extra.tx_id);
    return {
      redirect: withQuery(payment.returnUrl, {
        status: action === 'pay' ? 'successful' : 'failed', tx_ref: payment.ref, transaction_id: String(payment.extra.tx_id),
      }),
    };
  },
  webhook(payment, secret) {
    if (payment.extra.tx_id === undefined) throw new Error('Flutterwave sends no webhook before a transaction is attempted on the link');
    const data = transaction(payment);
    const body = JSON.stringify({ event: 'charge.completed', data, 'event.type': 'CARD_TRANSACTION' });
    return { body, headers: { 'content-type': 'application/json', 'verif-hash': secret } };
  },
};
