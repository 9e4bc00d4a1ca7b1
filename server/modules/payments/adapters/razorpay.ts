import Razorpay from 'razorpay';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import type { ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { header } from '../kit/signatures.ts';

/** A Payment Link stays payable this long (Razorpay takes 15 minutes at the least); a later payment is refunded. */
const LINK_MINUTES = 30;

interface LinkPayment {
  payment_id: string;
  status: string;
  amount: number | string;
}
interface Link {
  id: string;
  status: 'created' | 'partially_paid' | 'expired' | 'cancelled' | 'paid';
  short_url: string;
  payments: LinkPayment[] | LinkPayment | null;
}

const clients = new WeakMap<AdapterContext['account'], Razorpay>();
/**
 * The SDK for one account. The SDK has no setting for its API's address; its requests go through the
 * axios instance it makes (`api.rq`), whose base URL is set to the context's (the live API, or the double).
 */
function client(ctx: AdapterContext): Razorpay {
  let razorpay = clients.get(ctx.account);
  if (!razorpay) {
    razorpay = new Razorpay({ key_id: ctx.account.publicKey, key_secret: ctx.account.secretKey });
    const api = razorpay.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } };
    api.rq.defaults.baseURL = ctx.apiBase;
    api.rq.defaults.timeout = 20_000;
    clients.set(ctx.account, razorpay);
  }
  return razorpay;
}

/** The captured payment of a link, if any. */
function capturedOf(link: Link): string | undefined {
  const payments = Array.isArray(link.payments) ? link.payments : link.payments ? [link.payments] : [];
  return payments.find((payment) => payment.status === 'captured')?.payment_id;
}

/** A Payment Link's state as ours. */
function verdictOf(link: Link): ProviderVerdict {
  if (link.status === 'paid') return { outcome: 'paid', providerPayment: capturedOf(link) };
  if (link.status === 'cancelled' || link.status === 'expired') return { outcome: 'cancelled' };
  return { outcome: 'pending' };
}

/**
 * Razorpay Payment Links through the official SDK (`razorpay`): a link per attempt with the amount in
 * the currency's subunits, our session id as its reference_id and the way back as its callback. The
 * return is signed (razorpay_signature: HMAC-SHA256 with the key secret over link id, reference,
 * status and payment id), checked by the SDK's validatePaymentVerification; a failed attempt comes back
 * with error[…] fields; a return with neither is asked about. Webhooks (payment_link.paid, .cancelled,
 * .expired) are signed with the webhook secret over the body (X-Razorpay-Signature). A refund is made
 * once: a payment already refunded in full is not refunded again (Razorpay takes no idempotency key).
 */
export const razorpayAdapter: ProviderAdapter = {
  name: 'razorpay',
  facts: {
    integration: { kind: 'sdk', package: 'razorpay' },
    page: 'hosted page',
    webhook: 'X-Razorpay-Signature: HMAC-SHA256 of the body with the webhook secret; the return signed with the key secret',
    currencies: ['INR', 'USD', 'EUR', 'GBP', 'AED', 'SAR', 'SGD', 'AUD', 'CAD', 'MYR', 'QAR', 'KWD', 'OMR', 'BHD'],
    liveApi: 'https://api.razorpay.com',
  },
  async create(ctx, session, { back }) {
    const link = await client(ctx).paymentLink.create({
      amount: session.amountMinor,
      currency: session.currencyCode,
      accept_partial: false,
      reference_id: session.sessionId.slice(0, 40),
      description: session.orderId === null ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order #${session.orderId}`,
      expire_by: Math.floor(ctx.now().getTime() / 1000) + LINK_MINUTES * 60,
      callback_url: back('success'),
      callback_method: 'get',
      notes: { session_id: session.sessionId },
    } as unknown as Parameters<Razorpay['paymentLink']['create']>[0]) as unknown as Link;
    return { url: link.short_url, ref: link.id };
  },
  async onReturn(ctx, payment, { params }) {
    const signature = params.razorpay_signature;
    if (signature && params.razorpay_payment_link_id === payment.ref && params.razorpay_payment_id) {
      const valid = validatePaymentVerification({
        payment_link_id: payment.ref,
        payment_id: params.razorpay_payment_id,
        payment_link_reference_id: params.razorpay_payment_link_reference_id ?? '',
        payment_link_status: params.razorpay_payment_link_status ?? '',
      }, signature, ctx.account.secretKey);
      if (valid && params.razorpay_payment_link_status === 'paid') return { outcome: 'paid', providerPayment: params.razorpay_payment_id };
    }
    const verdict = await razorpayAdapter.check(ctx, payment);
    if (verdict.outcome !== 'pending') return verdict;
    // Back without paying: the attempt failed there (error[…]) or was left; the link is closed so it can no longer be paid.
    await razorpayAdapter.close!(ctx, payment);
    const closed = await razorpayAdapter.check(ctx, payment);
    if (closed.outcome !== 'cancelled') return closed;
    return { outcome: params['error[code]'] ? 'failed' : 'cancelled' };
  },
  async check(ctx, payment) {
    return verdictOf(await client(ctx).paymentLink.fetch(payment.ref) as unknown as Link);
  },
  async close(ctx, payment) {
    const link = await client(ctx).paymentLink.fetch(payment.ref) as unknown as Link;
    if (link.status === 'created') await client(ctx).paymentLink.cancel(payment.ref);
  },
  async webhook(ctx, input) {
    const signature = header(input.headers, 'x-razorpay-signature');
    const body = input.body.toString('utf8');
    if (!signature || !ctx.account.webhookSecret || !validateWebhookSignature(body, signature, ctx.account.webhookSecret)) return { kind: 'forged' };
    let event: { event?: string; payload?: { payment_link?: { entity?: Link }; payment?: { entity?: { id?: string } } } };
    try {
      event = JSON.parse(body) as typeof event;
    } catch {
      return { kind: 'ignored' };
    }
    const link = event.payload?.payment_link?.entity;
    if (!link?.id) return { kind: 'ignored' };
    switch (event.event) {
      case 'payment_link.paid':
        return { kind: 'event', ref: link.id, verdict: { outcome: 'paid', providerPayment: event.payload?.payment?.entity?.id ?? capturedOf(link) } };
      case 'payment_link.cancelled':
      case 'payment_link.expired':
        return { kind: 'event', ref: link.id, verdict: { outcome: 'cancelled' } };
      default:
        return { kind: 'ignored' };
    }
  },
  async refund(ctx, payment) {
    if (!payment.providerPayment) throw new Error(`No payment to refund for Razorpay link ${payment.ref}`);
    const razorpay = client(ctx);
    const paid = await razorpay.payments.fetch(payment.providerPayment) as unknown as { amount: number; amount_refunded: number };
    if (paid.amount_refunded >= payment.amountMinor) return;
    await razorpay.payments.refund(payment.providerPayment, { amount: payment.amountMinor - paid.amount_refunded, notes: { reason: 'Not taken by the store' } });
  },
};
