import { createHmac } from 'node:crypto';
import { credentials, withQuery, type DoubleAnswer, type DoublePayment, type DoubleStore, type ProviderDouble } from './kit.ts';

/** The currencies a Paystack integration can take. */
const CURRENCIES = ['NGN', 'GHS', 'ZAR', 'KES', 'USD'];

/** Paystack's refusal: `status` false, a message, and (in its newer answers) a type and a code. */
const refusal = (status: number, message: string, type = 'validation_error', code?: string): DoubleAnswer => ({
  status, body: { status: false, message, meta: { nextStep: 'Try again later' }, type, ...(code ? { code } : {}) },
});

/** Transaction ids are numbers at Paystack. */
let lastId = 4_099_260_000;
const nextId = () => ++lastId;

const iso = (ms: number) => new Date(ms).toISOString();
const refundedOf = (payment: DoublePayment) => payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);

/** A transaction's status at Paystack: opened and not (yet) paid is "abandoned", and stays payable. */
function statusOf(payment: DoublePayment): string {
  if (payment.status === 'paid') return refundedOf(payment) >= payment.amount ? 'reversed' : 'success';
  if (payment.status === 'failed') return 'failed';
  return 'abandoned';
}

const GATEWAY: Record<string, string> = {
  success: 'Successful', reversed: 'Successful', failed: 'Declined', abandoned: 'The transaction was not completed',
};

/** A transaction as Paystack answers it (verify, the charge.success webhook). */
function transaction(payment: DoublePayment): Record<string, unknown> {
  const status = statusOf(payment);
  const paidAt = typeof payment.extra.paid_at === 'number' ? iso(payment.extra.paid_at) : null;
  return {
    id: payment.extra.id, domain: payment.key.startsWith('sk_live_') ? 'live' : 'test', status, reference: payment.ref,
    receipt_number: null, amount: payment.amount, message: null, gateway_response: GATEWAY[status], paid_at: paidAt,
    created_at: iso(payment.createdAt), channel: 'card', currency: payment.currency, ip_address: '127.0.0.1',
    metadata: payment.extra.metadata ?? '', log: null, fees: status === 'success' ? Math.round(payment.amount * 0.015) : null,
    fees_split: null,
    authorization: payment.paymentId
      ? { authorization_code: `AUTH_${payment.extra.access_code}`, bin: '408408', last4: '4081', exp_month: '12', exp_year: '2030', channel: 'card', card_type: 'visa ', bank: 'TEST BANK', country_code: 'NG', brand: 'visa', reusable: true, signature: `SIG_${payment.extra.access_code}`, account_name: null }
      : {},
    customer: { id: 181_873_746, first_name: null, last_name: null, email: payment.extra.email, customer_code: 'CUS_double', phone: null, metadata: null, risk_action: 'default' },
    plan: null, split: {}, order_id: null, paidAt, createdAt: iso(payment.createdAt), requested_amount: payment.amount,
    pos_transaction_data: null, source: null, fees_breakdown: null, transaction_date: iso(payment.createdAt),
    plan_object: {}, subaccount: {},
  };
}

/** A refund as Paystack lists it. */
function refundEntity(payment: DoublePayment, refund: { id: string; amount: number }, status: string): Record<string, unknown> {
  return {
    id: Number(refund.id), integration: 100_032, domain: 'test', transaction: payment.extra.id, dispute: null, settlement: null,
    amount: refund.amount, deducted_amount: 0, fully_deducted: false, currency: payment.currency, channel: 'card', status,
    refunded_by: 'api', refunded_at: status === 'processed' ? iso(Date.now()) : null, expected_at: iso(Date.now() + 86_400_000),
    customer_note: 'Refund for transaction', merchant_note: 'Refund', created_at: iso(Date.now()),
  };
}

/** The transaction a refund names: its reference or its id. */
function transactionOf(store: DoubleStore, key: string, given: unknown): DoublePayment | undefined {
  const named = String(given ?? '');
  for (const payment of store.payments.values()) {
    if (payment.provider === 'paystack' && payment.key === key && (payment.ref === named || String(payment.extra.id) === named)) return payment;
  }
  return undefined;
}

/** A whole number of subunits, as a number or a string of digits. */
function subunits(value: unknown): number | undefined {
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof amount === 'number' && Number.isInteger(amount) && amount > 0 ? amount : undefined;
}

/**
 * Paystack (api.paystack.co, its unversioned REST API): POST /transaction/initialize (email, amount in
 * subunits, currency, reference of letters, digits, `-`, `.`, `=` and unique, callback_url, metadata with
 * cancel_action), GET /transaction/verify/:reference, POST /refund (transaction: reference or id, amount
 * in subunits, at most what is left), GET /refund (transaction, perPage, page). Bearer secret key
 * (sk_test_…/sk_live_…), 401 "Invalid key" otherwise. The page sends the customer to callback_url with
 * ?trxref=&reference= after paying or failing, and to metadata.cancel_action after cancelling (the
 * transaction stays "abandoned" and payable). Webhooks: charge.success (refund.processed once given
 * back), signed with the secret key: x-paystack-signature, HMAC-SHA512 of the body, hex.
 */
export const paystackDouble: ProviderDouble = {
  name: 'paystack',
  testAccount: {
    publicKey: 'pk_test_8e2d2f4b3a1c6d9e0f7a5b4c3d2e1f0a9b8c7d6e',
    secretKey: 'sk_test_2b4f7a9c1e3d5f7b9a0c2e4d6f8a1b3c5d7e9f0a',
    webhookSecret: '',
    merchantId: '',
  },
  testCurrency: 'USD',
  amountUnits: 'minor',
  handle(request, store) {
    const auth = credentials(request.headers);
    if (!auth) return refusal(401, 'No Authorization header was found', 'validation_error');
    if (!/^sk_(test|live)_[0-9a-f]{40}$/.test(auth.user)) return refusal(401, 'Invalid key', 'validation_error');
    const key = auth.user;
    const body = request.body;

    if (request.method === 'POST' && request.path === '/transaction/initialize') {
      if (typeof body.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(body.email)) return refusal(400, 'Invalid Email Address Passed');
      const amount = subunits(body.amount);
      if (amount === undefined) return refusal(400, 'Invalid Amount Sent');
      const currency = body.currency === undefined ? 'NGN' : body.currency;
      if (typeof currency !== 'string' || !CURRENCIES.includes(currency)) return refusal(400, 'Currency not supported by merchant', 'validation_error', 'unsupported_currency');
      const reference = body.reference === undefined ? store.id('T', 7) : body.reference;
      if (typeof reference !== 'string' || !/^[A-Za-z0-9.=-]{1,100}$/.test(reference)) return refusal(400, 'Invalid transaction reference');
      if (store.find('paystack', reference)) return refusal(400, 'Duplicate Transaction Reference', 'validation_error', 'duplicate_reference');
      let metadata: unknown = body.metadata;
      if (typeof metadata === 'string') {
        try {
          metadata = JSON.parse(metadata) as unknown;
        } catch {
          return refusal(400, 'Invalid metadata');
        }
      }
      const cancelAction = (metadata as { cancel_action?: unknown } | undefined)?.cancel_action;
      const accessCode = store.id('', 5);
      const payment = store.open({
        ref: reference, provider: 'paystack', key, amount, currency, reference,
        returnUrl: typeof body.callback_url === 'string' ? body.callback_url : `${store.base}/paystack/callback`,
        ...(typeof cancelAction === 'string' ? { cancelUrl: cancelAction } : {}),
        extra: { id: nextId(), access_code: accessCode, email: body.email, metadata },
      });
      return {
        status: 200,
        body: { status: true, message: 'Authorization URL created', data: { authorization_url: store.pageUrl('paystack', payment.ref), access_code: accessCode, reference } },
      };
    }

    const verifyPath = /^\/transaction\/verify\/([^/]+)$/.exec(request.path);
    if (verifyPath && request.method === 'GET') {
      const payment = store.find('paystack', decodeURIComponent(verifyPath[1] ?? ''));
      if (!payment || payment.key !== key) return refusal(400, 'Transaction reference not found', 'validation_error', 'transaction_not_found');
      return { status: 200, body: { status: true, message: 'Verification successful', data: transaction(payment) } };
    }

    if (request.path === '/refund' && request.method === 'POST') {
      const payment = transactionOf(store, key, body.transaction);
      if (!payment) return refusal(404, 'Transaction not found', 'validation_error', 'transaction_not_found');
      if (payment.status !== 'paid') return refusal(400, 'Cannot refund a transaction that was not successful', 'validation_error', 'invalid_transaction_status');
      const left = payment.amount - refundedOf(payment);
      if (left <= 0) return refusal(400, 'Transaction has been fully reversed', 'api_error', 'transaction_reversed');
      const amount = body.amount === undefined ? left : subunits(body.amount);
      if (amount === undefined) return refusal(400, 'Invalid Amount Sent');
      if (amount > left) return refusal(400, 'Refund amount cannot be more than the transaction amount', 'validation_error', 'invalid_amount');
      const refund = { id: String(nextId()), amount };
      payment.refunds.push(refund);
      return {
        status: 200,
        body: {
          status: true, message: 'Refund has been queued for processing',
          data: { ...refundEntity(payment, refund, 'pending'), transaction: transaction(payment), merchant_note: body.merchant_note ?? null, customer_note: body.customer_note ?? null },
        },
      };
    }

    if (request.path === '/refund' && request.method === 'GET') {
      const named = request.query.get('transaction');
      const perPage = Math.min(Math.max(Number(request.query.get('perPage') ?? 50) || 50, 1), 100);
      const page = Math.max(Number(request.query.get('page') ?? 1) || 1, 1);
      const all = [...store.payments.values()]
        .filter((payment) => payment.provider === 'paystack' && payment.key === key)
        .filter((payment) => named === null || payment.ref === named || String(payment.extra.id) === named)
        .flatMap((payment) => payment.refunds.map((refund) => refundEntity(payment, refund, 'processed')))
        .reverse();
      return {
        status: 200,
        body: {
          status: true, message: 'Refunds retrieved', data: all.slice((page - 1) * perPage, page * perPage),
          meta: { total: all.length, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.max(Math.ceil(all.length / perPage), 1) },
        },
      };
    }
    return undefined;
  },
  exit(payment, action) {
    const back = withQuery(payment.returnUrl, { trxref: payment.ref, reference: payment.ref });
    if (action === 'pay') {
      payment.paymentId = String(payment.extra.id);
      payment.extra.paid_at = Date.now();
      return { redirect: back };
    }
    if (action === 'fail') return { redirect: back };
    // Cancelled on the page: the transaction stays abandoned at Paystack, and payable.
    payment.status = 'open';
    return { redirect: payment.cancelUrl ?? back };
  },
  webhook(payment, secret) {
    let body: string;
    if (payment.status === 'paid' && refundedOf(payment) === 0) {
      body = JSON.stringify({ event: 'charge.success', data: transaction(payment) });
    } else if (payment.status === 'paid') {
      const refund = payment.refunds.at(-1)!;
      body = JSON.stringify({
        event: 'refund.processed',
        data: {
          status: 'processed', transaction_reference: payment.ref, refund_reference: null, amount: refund.amount, currency: payment.currency,
          processor: 'card', customer: { first_name: null, last_name: null, email: payment.extra.email }, integration: 100_032, domain: 'test',
        },
      });
    } else {
      // Paystack sends no event for a transaction that was not paid (there is no charge.failed).
      throw new Error(`Paystack sends no webhook for a transaction that is ${statusOf(payment)}`);
    }
    return {
      body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', secret).update(body).digest('hex') },
    };
  },
};
