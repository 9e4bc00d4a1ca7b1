import { createHash, createHmac } from 'node:crypto';
import { credentials, type DoubleAnswer, type DoublePayment, type DoubleStore, type ProviderDouble } from './kit.ts';

/** Yoco's refusal of a request. */
const refusal = (status: number, errorType: string, errorCode: string, description: string): DoubleAnswer => ({
  status, body: { errorType, errorCode, description },
});

/** The answers already given per account and Idempotency-Key, with a digest of the request they answered. */
const answered = new Map<string, { digest: string; answer: DoubleAnswer }>();

const iso = (ms: number) => new Date(ms).toISOString();
const refundOf = (payment: DoublePayment) => payment.refunds[0];

/** A checkout's status at Yoco: a failed attempt leaves it started, and payable. */
function statusOf(payment: DoublePayment): string {
  if (payment.status === 'paid') return 'completed';
  if (payment.status === 'expired') return 'expired';
  return payment.extra.started ? 'started' : 'created';
}

/** A checkout as Yoco answers it. */
function checkout(payment: DoublePayment, store: DoubleStore): Record<string, unknown> {
  return {
    id: payment.ref, redirectUrl: store.pageUrl('yoco', payment.ref), status: statusOf(payment), amount: payment.amount,
    currency: payment.currency, paymentId: payment.paymentId, successUrl: payment.returnUrl || null, cancelUrl: payment.cancelUrl ?? null,
    failureUrl: payment.failUrl ?? null, metadata: payment.extra.metadata ?? null, merchantId: payment.extra.merchantId,
    totalDiscount: payment.extra.totalDiscount ?? null, totalTaxAmount: payment.extra.totalTaxAmount ?? null,
    subtotalAmount: payment.extra.subtotalAmount ?? null, lineItems: payment.extra.lineItems ?? null, externalId: null,
    processingMode: payment.key.startsWith('sk_live_') ? 'live' : 'test',
  };
}

const isUrl = (value: unknown) => value === undefined || (typeof value === 'string' && /^https?:\/\/\S+$/.test(value));

/**
 * A request made with an Idempotency-Key answers as it did the first time; the same key with another
 * request is refused (422), as Yoco does.
 */
function idempotent(key: string, idempotencyKey: string | undefined, raw: string, answer: () => DoubleAnswer): DoubleAnswer {
  if (!idempotencyKey) return answer();
  const digest = createHash('sha256').update(raw).digest('hex');
  const earlier = answered.get(`${key}|${idempotencyKey}`);
  if (earlier) {
    return earlier.digest === digest
      ? earlier.answer
      : refusal(422, 'invalid_request_error', 'idempotency_key_reused', 'The request payload does not match the original request.');
  }
  const given = answer();
  if (given.status < 500) answered.set(`${key}|${idempotencyKey}`, { digest, answer: given });
  return given;
}

/**
 * Yoco's Checkout API (payments.yoco.com): POST /api/checkouts (amount in cents, a whole number of at
 * least 200; currency ZAR; successUrl, cancelUrl, failureUrl, metadata), GET /api/checkouts/:id, POST
 * /api/checkouts/:id/refund (the whole amount of a completed checkout; 202). Bearer secret key
 * (sk_test_…/sk_live_…), 403 otherwise; an Idempotency-Key replays the first answer, and the same key
 * with another payload is refused with 422. The page sends the customer to successUrl, failureUrl (else
 * cancelUrl) or cancelUrl, with nothing added. Webhooks (payment.succeeded with metadata.checkoutId, and
 * refund.succeeded) are signed by the Standard Webhooks scheme with the endpoint's whsec_ secret.
 */
export const yocoDouble: ProviderDouble = {
  name: 'yoco',
  testAccount: {
    publicKey: 'pk_test_ed3c54a6gOol69qa7f45',
    secretKey: 'sk_test_960bfde0VBrLlpK098e4ffeb53e1',
    webhookSecret: 'whsec_Qk1HMjdGRUQ0OTBBNDYzQjlDNjM0RjA4NkE3OUYxNjk=',
    merchantId: '',
  },
  testCurrency: 'ZAR',
  amountUnits: 'minor',
  handle(request, store) {
    const auth = credentials(request.headers);
    if (!auth || !/^sk_(test|live)_[A-Za-z0-9]{16,}$/.test(auth.user)) {
      return refusal(403, 'authentication_error', 'forbidden', 'A key is required, but has not been specified.');
    }
    const key = auth.user;
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined;
    const body = request.body;

    if (request.method === 'POST' && request.path === '/api/checkouts') {
      return idempotent(key, idempotencyKey, `${request.path}|${request.raw}`, () => {
        const amount = body.amount;
        if (typeof amount !== 'number' || !Number.isInteger(amount)) return refusal(400, 'invalid_request_error', 'invalid_amount', 'amount must be an integer number of cents');
        if (amount < 200) return refusal(400, 'invalid_request_error', 'invalid_amount', 'amount must be at least 200 cents (R2.00)');
        if (body.currency !== 'ZAR') return refusal(400, 'invalid_request_error', 'invalid_currency', 'currency must be ZAR');
        if (!isUrl(body.successUrl) || !isUrl(body.cancelUrl) || !isUrl(body.failureUrl)) return refusal(400, 'invalid_request_error', 'invalid_url', 'successUrl, cancelUrl and failureUrl must be URLs');
        if (body.metadata !== undefined && (typeof body.metadata !== 'object' || body.metadata === null || Array.isArray(body.metadata))) {
          return refusal(400, 'invalid_request_error', 'invalid_metadata', 'metadata must be an object');
        }
        const payment = store.open({
          ref: store.id('ch_', 12), provider: 'yoco', key, amount, currency: 'ZAR',
          reference: String((body.metadata as Record<string, unknown> | undefined)?.sessionId ?? ''),
          returnUrl: typeof body.successUrl === 'string' ? body.successUrl : '',
          ...(typeof body.cancelUrl === 'string' ? { cancelUrl: body.cancelUrl } : {}),
          ...(typeof body.failureUrl === 'string' ? { failUrl: body.failureUrl } : {}),
          extra: {
            metadata: body.metadata, merchantId: `acc_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`,
            totalDiscount: body.totalDiscount, totalTaxAmount: body.totalTaxAmount, subtotalAmount: body.subtotalAmount, lineItems: body.lineItems,
          },
        });
        return { status: 200, body: checkout(payment, store) };
      });
    }

    const checkoutPath = /^\/api\/checkouts\/([^/]+)(\/refund)?$/.exec(request.path);
    if (checkoutPath) {
      const payment = store.find('yoco', decodeURIComponent(checkoutPath[1] ?? ''));
      if (!payment || payment.key !== key) return refusal(404, 'not_found', 'checkout_not_found', 'Checkout not found');
      if (!checkoutPath[2] && request.method === 'GET') return { status: 200, body: checkout(payment, store) };
      if (checkoutPath[2] && request.method === 'POST') {
        return idempotent(key, idempotencyKey, `${request.path}|${request.raw}`, () => {
          if (payment.status !== 'paid') return refusal(400, 'invalid_request_error', 'checkout_not_completed', 'Only a completed checkout can be refunded');
          if (refundOf(payment)) return refusal(400, 'invalid_request_error', 'already_refunded', 'This checkout has already been refunded');
          const refund = { id: store.id('rfd_', 12), amount: payment.amount };
          payment.refunds.push(refund);
          return { status: 202, body: { id: payment.ref, refundId: refund.id, message: 'Your refund has been processed', status: 'successful' } };
        });
      }
    }
    return undefined;
  },
  exit(payment, action, store) {
    if (action === 'pay') {
      payment.paymentId = store.id('p_', 12);
      payment.extra.paidAt = Date.now();
      return { redirect: payment.returnUrl || store.pageUrl('yoco', payment.ref) };
    }
    // A failed or cancelled attempt leaves the checkout payable.
    payment.status = 'open';
    if (action === 'fail') {
      payment.extra.started = true;
      return { redirect: payment.failUrl ?? payment.cancelUrl ?? store.pageUrl('yoco', payment.ref) };
    }
    return { redirect: payment.cancelUrl ?? store.pageUrl('yoco', payment.ref) };
  },
  webhook(payment, secret, store) {
    const refund = refundOf(payment);
    let event: Record<string, unknown>;
    if (payment.status === 'paid' && !refund) {
      event = {
        id: store.id('evt_', 12), type: 'payment.succeeded', createdDate: iso(Date.now()),
        payload: {
          id: payment.paymentId, type: 'payment', createdDate: iso(Number(payment.extra.paidAt ?? Date.now())), amount: payment.amount,
          currency: payment.currency, status: 'succeeded', mode: payment.key.startsWith('sk_live_') ? 'live' : 'test',
          paymentMethodDetails: { type: 'card', card: { expiryMonth: 12, expiryYear: 30, maskedCard: '************1111', scheme: 'visa' } },
          metadata: { ...(payment.extra.metadata as Record<string, unknown> | undefined), checkoutId: payment.ref },
        },
      };
    } else if (payment.status === 'paid' && refund) {
      event = {
        id: store.id('evt_', 12), type: 'refund.succeeded', createdDate: iso(Date.now()),
        payload: {
          id: refund.id, type: 'refund', createdDate: iso(Date.now()), amount: refund.amount, currency: payment.currency, status: 'succeeded',
          mode: payment.key.startsWith('sk_live_') ? 'live' : 'test', paymentId: payment.paymentId, metadata: { checkoutId: payment.ref },
        },
      };
    } else {
      throw new Error(`Yoco sends no webhook for a checkout that is ${statusOf(payment)}`);
    }
    const body = JSON.stringify(event);
    const id = String(event.id);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signingKey = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
    const signature = createHmac('sha256', signingKey).update(`${id}.${timestamp}.${body}`).digest('base64');
    return { body, headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` } };
  },
};
