/**
 * A double of the ACI Open Payment Platform's COPYandPAY (api hosts *.oppwa.com), which HyperPay and its
 * mada entity run on, after the platform's public API reference:
 * - POST /v1/checkouts (form: entityId, amount, currency, paymentType, merchantTransactionId,
 *   shopperResultUrl) → {result: 000.200.100 "successfully created checkout", id, ndc, buildNumber, timestamp};
 * - GET /v1/checkouts/{id}/payment?entityId= → the checkout's payment (000.200.000 while it is open;
 *   200.300.404 "No payment session found" once it lapsed after 30 minutes);
 * - POST /v1/payments/{id} with paymentType RF → a refund, never beyond the amount paid (700.400.200);
 * - GET /v3/query/{id}?entityId=[&includeLinkedTransactions=true] → the transaction (and its refunds).
 * Bearer access token (base64 of "userId|password", else 401 800.900.300); parameters checked by the
 * reference's patterns (400 200.300.404 with parameterErrors). Rejected payments answer 400 with their
 * result. Its page stands in for the merchant's payment form (paymentWidgets.js), which sends the shopper
 * to the shopperResultUrl with ?id=<checkout>&resourcePath=/v1/checkouts/<checkout>/payment. Webhooks
 * are the platform's: {"type":"PAYMENT","payload":<payment>} encrypted with AES-256-GCM, the key the
 * webhook secret (64 hex), sent as hex with X-Initialization-Vector and X-Authentication-Tag.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import type { ProviderName } from '../../contract/rules/payment-providers.ts';
import { withQuery, type DoubleAnswer, type DoublePayment, type DoubleRequest, type DoubleStore, type ProviderDouble } from './kit.ts';

const BUILD = 'b0a55a3f7c2e4d1b9e8f6a7c5d3b1e0f2a4c6e8d@2025-01-20 09:14:02 +0000';
/** How long a checkout can be paid. */
const CHECKOUT_MINUTES = 30;

/** The reference's patterns of the parameters the double reads. */
const PATTERNS: Record<string, RegExp> = {
  entityId: /^[a-f0-9]{32}$/,
  amount: /^[0-9]{1,12}(\.[0-9]{2})?$/,
  currency: /^[A-Z]{3}$/,
  paymentType: /^(PA|DB|CD|CP|RV|RF)$/,
  merchantTransactionId: /^[\s\S]{8,255}$/,
  shopperResultUrl: /^[\s\S]{6,2048}$/,
};

/** The platform's timestamp, e.g. 2025-01-20 09:14:02+0000. */
function timestamp(at = Date.now()): string {
  return `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')}+0000`;
}

/** An answer as the platform wraps every one: its result, build, timestamp and ndc (the checkout, where there is one). */
function envelope(result: { code: string; description: string; parameterErrors?: unknown }, extra: Record<string, unknown> = {}, ndc = randomBytes(16).toString('hex').toUpperCase()) {
  return { ...extra, result, buildNumber: BUILD, timestamp: timestamp(), ndc };
}

/** 400 "invalid or missing parameter", naming each parameter that does not match its pattern. */
function parameterErrors(fields: Record<string, unknown>, names: string[]): DoubleAnswer | undefined {
  const errors = names
    .filter((name) => typeof fields[name] !== 'string' || !PATTERNS[name]!.test(fields[name] as string))
    .map((name) => ({ name, value: fields[name] ?? null, message: `must match ${PATTERNS[name]!.source}` }));
  if (!errors.length) return undefined;
  return { status: 400, body: envelope({ code: '200.300.404', description: 'invalid or missing parameter', parameterErrors: errors }) };
}

const unauthorized: DoubleAnswer = {
  status: 401, body: envelope({ code: '800.900.300', description: 'invalid authentication information' }),
};

/** The access token's user (its base64 is "<user id>|<password>"), or undefined. */
function tokenUser(headers: DoubleRequest['headers']): string | undefined {
  const [scheme, token = ''] = (headers.authorization ?? '').split(' ', 2);
  if (scheme?.toLowerCase() !== 'bearer') return undefined;
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const [user, password] = decoded.split('|', 2);
  return user && password && /^[a-f0-9]{32}$/.test(user) ? user : undefined;
}

/** What the customer did on the form page, as the platform's result. */
const RESULTS = {
  pay: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
  fail: { code: '800.100.151', description: 'transaction declined (invalid card)' },
  cancel: { code: '100.396.101', description: 'Cancelled by user' },
} as const;
const OPEN = { code: '000.200.000', description: 'transaction pending' };
const LAPSED = {
  code: '200.300.404',
  description: 'invalid or missing parameter - (opp) No payment session found for the requested id - are you mixing test/live servers or have you paid more than 30min ago?',
};

export interface OppwaDoubleOptions {
  name: ProviderName;
  testAccount: ProviderDouble['testAccount'];
  testCurrency: string;
  /** The brand the form shows (VISA, MADA). */
  brand: string;
  /** The currencies the entity is configured for; 'any' where it takes any. */
  currencies: readonly string[] | 'any';
}

/** A COPYandPAY double for one provider on the platform. */
export function oppwaDouble({ name, testAccount, testCurrency, brand, currencies }: OppwaDoubleOptions): ProviderDouble {
  /** The checkout's state, a lapsed open one as expired. */
  const stateOf = (payment: DoublePayment) => {
    if (payment.status === 'open' && Date.now() - payment.createdAt > CHECKOUT_MINUTES * 60_000) payment.status = 'expired';
    return payment.status;
  };

  /** The checkout's payment as the platform answers it (and sends it in webhooks). */
  function paymentOf(payment: DoublePayment): { status: number; body: Record<string, unknown> } {
    const state = stateOf(payment);
    if (state === 'open') return { status: 200, body: envelope(OPEN, {}, payment.ref) };
    if (state === 'expired') return { status: 400, body: envelope(LAPSED, {}, payment.ref) };
    const result = state === 'paid' ? RESULTS.pay : state === 'failed' ? RESULTS.fail : RESULTS.cancel;
    return {
      status: state === 'paid' ? 200 : 400,
      body: envelope(result, {
        id: payment.extra.transactionId,
        paymentType: 'DB',
        paymentBrand: brand,
        amount: payment.extra.amount,
        currency: payment.currency,
        descriptor: '4471.3520.9858 OPP_Channel',
        merchantTransactionId: payment.reference,
        resultDetails: { ExtendedDescription: result.description, clearingInstituteName: 'Double Bank', ConnectorTxID1: String(payment.extra.transactionId) },
        card: { bin: brand === 'MADA' ? '446404' : '420000', last4Digits: '0000', holder: 'Jane Jones', expiryMonth: '05', expiryYear: '2034' },
        customParameters: {},
        risk: { score: '100' },
      }, payment.ref),
    };
  }

  /** The paid payment whose transaction id is `id`, of this token's user. */
  const byTransaction = (store: DoubleStore, id: string, user: string) => [...store.payments.values()]
    .find((payment) => payment.provider === name && payment.key === user && payment.extra.transactionId === id && payment.status === 'paid');

  function refundOf(payment: DoublePayment, refund: { id: string; amount: number }, result: { code: string; description: string } = RESULTS.pay): Record<string, unknown> {
    return envelope(result, {
      id: refund.id, referencedId: payment.extra.transactionId, paymentType: 'RF', amount: refund.amount.toFixed(2),
      currency: payment.currency, descriptor: '4471.3520.9858 OPP_Channel', merchantTransactionId: payment.reference,
    });
  }

  return {
    name,
    testAccount,
    testCurrency,
    amountUnits: 'major',
    handle(request, store) {
      // The payment form's script, loaded by the merchant's page: it draws the form's buttons, which post to the double's page.
      if (request.method === 'GET' && request.path === '/v1/paymentWidgets.js') {
        const payment = store.find(name, request.query.get('checkoutId') ?? '');
        if (!payment) return { status: 404, headers: { 'content-type': 'application/javascript' }, body: '/* no such checkout */' };
        const script = `document.addEventListener('DOMContentLoaded',function(){var f=document.querySelector('form.paymentWidgets');if(!f)return;`
          + `f.method='post';f.action=${JSON.stringify(store.pageUrl(name, payment.ref))};`
          + `f.innerHTML='<p>${brand} (local double)</p><button type="submit" name="action" value="pay">Pay</button> <button type="submit" name="action" value="fail">Fail payment</button>';});`;
        return { status: 200, headers: { 'content-type': 'application/javascript; charset=utf-8' }, body: script };
      }
      const user = tokenUser(request.headers);
      if (!user) return unauthorized;
      const fields = request.body;
      if (request.method === 'POST' && request.path === '/v1/checkouts') {
        const wrong = parameterErrors(fields, ['entityId', 'amount', 'currency', 'paymentType'])
          ?? parameterErrors(fields, ['merchantTransactionId', 'shopperResultUrl'].filter((field) => field in fields));
        if (wrong) return wrong;
        const currency = fields.currency as string;
        if (currencies !== 'any' && !currencies.includes(currency)) {
          return { status: 400, body: envelope({ code: '600.200.500', description: 'Invalid payment data. You are not configured for this currency or sub type (country or brand)' }) };
        }
        const id = `${randomBytes(16).toString('hex').toUpperCase()}.uat01-vm-tx0${1 + Math.floor(Math.random() * 4)}`;
        store.open({
          ref: id, provider: name, key: user, amount: Number(fields.amount), currency, reference: String(fields.merchantTransactionId ?? ''),
          returnUrl: String(fields.shopperResultUrl ?? ''),
          extra: { entityId: fields.entityId, amount: fields.amount, paymentType: fields.paymentType },
        });
        return { status: 200, body: envelope({ code: '000.200.100', description: 'successfully created checkout' }, { id }, id) };
      }
      const status = /^\/v1\/checkouts\/([^/]+)\/payment$/.exec(request.path);
      if (status && request.method === 'GET') {
        const wrong = parameterErrors({ entityId: request.query.get('entityId') }, ['entityId']);
        if (wrong) return wrong;
        const payment = store.find(name, decodeURIComponent(status[1] ?? ''));
        if (!payment || payment.key !== user || payment.extra.entityId !== request.query.get('entityId')) {
          return { status: 400, body: envelope(LAPSED) };
        }
        return paymentOf(payment);
      }
      const refund = /^\/v1\/payments\/([^/]+)$/.exec(request.path);
      if (refund && request.method === 'POST') {
        const wrong = parameterErrors(fields, ['entityId', 'amount', 'currency', 'paymentType']);
        if (wrong) return wrong;
        const payment = byTransaction(store, decodeURIComponent(refund[1] ?? ''), user);
        if (!payment || payment.extra.entityId !== fields.entityId || fields.paymentType !== 'RF' || fields.currency !== payment.currency) {
          return { status: 400, body: envelope({ code: '700.400.000', description: 'serious workflow error (call support)' }) };
        }
        const amount = Number(fields.amount);
        const refunded = payment.refunds.reduce((sum, made) => sum + made.amount, 0);
        if (Math.round((refunded + amount) * 100) > Math.round(payment.amount * 100)) {
          return {
            status: 400,
            body: refundOf(payment, { id: randomBytes(16).toString('hex'), amount }, { code: '700.400.200', description: 'cannot refund (refund volume exceeded or tx reversed or invalid workflow?)' }),
          };
        }
        const made = { id: randomBytes(16).toString('hex'), amount };
        payment.refunds.push(made);
        return { status: 200, body: refundOf(payment, made) };
      }
      const query = /^\/v[13]\/query\/([^/]+)$/.exec(request.path);
      if (query && request.method === 'GET') {
        const wrong = parameterErrors({ entityId: request.query.get('entityId') }, ['entityId']);
        if (wrong) return wrong;
        const payment = byTransaction(store, decodeURIComponent(query[1] ?? ''), user);
        if (!payment || payment.extra.entityId !== request.query.get('entityId')) {
          return { status: 400, body: envelope({ code: '700.400.580', description: 'cannot find transaction' }) };
        }
        const original = paymentOf(payment).body;
        if (request.query.get('includeLinkedTransactions') !== 'true') return { status: 200, body: original };
        const types = request.query.get('paymentTypes')?.split(',');
        const linked = [original, ...payment.refunds.map((made) => refundOf(payment, made))]
          .filter((record) => !types || types.includes(String(record.paymentType)));
        return { status: 200, body: envelope({ code: '000.000.100', description: 'successful request' }, { payments: linked }) };
      }
      return undefined;
    },
    exit(payment, action) {
      if (!payment.returnUrl) throw new Error(`${name} checkout ${payment.ref} has no shopperResultUrl for the form to return to`);
      payment.extra.transactionId = randomBytes(16).toString('hex');
      if (action === 'pay') payment.paymentId = payment.extra.transactionId as string;
      return { redirect: withQuery(payment.returnUrl, { id: payment.ref, resourcePath: `/v1/checkouts/${payment.ref}/payment` }) };
    },
    webhook(payment, secret) {
      const { body: payload } = paymentOf(payment);
      const plain = JSON.stringify({ type: 'PAYMENT', payload: { ...payload, paymentType: payload.paymentType ?? 'DB' } });
      // The key is the webhook secret's bytes; a secret that is not one (a forger's) keys it otherwise.
      const key = /^[0-9a-fA-F]{64}$/.test(secret) ? Buffer.from(secret, 'hex') : createHash('sha256').update(secret).digest();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('hex').toUpperCase();
      return {
        body,
        headers: {
          'content-type': 'text/plain',
          'x-initialization-vector': iv.toString('hex').toUpperCase(),
          'x-authentication-tag': cipher.getAuthTag().toString('hex').toUpperCase(),
        },
      };
    },
  };
}
