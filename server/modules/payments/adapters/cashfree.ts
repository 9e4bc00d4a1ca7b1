import { createHash } from 'node:crypto';
import { Cashfree, CFEnvironment, type LinkEntity, type PaymentEntity, type PaymentLinkOrderEntity } from 'cashfree-pg';
import type { PaymentSession, ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { ProviderHttpError } from '../kit/http.ts';
import { header, hmac, sameSignature } from '../kit/signatures.ts';

/** The API version every call is made with (the SDK's own default is a later one). */
export const CASHFREE_API_VERSION = '2023-08-01';
/** A Payment Link stays payable this long; a payment made after our own 15 minutes is refunded. */
const LINK_MINUTES = 30;
/** Each request's bounded wait. */
const REQUEST = { timeout: 20_000 };
/**
 * Cashfree asks for the customer's phone on every link: the customer's own number (its last ten digits,
 * as Cashfree takes Indian numbers), else the documented stand-in (Cashfree: "you can pass dummy details
 * if your use case does not require the customer details"); no SMS or email is asked for.
 */
const STAND_IN_PHONE = '9999999999';
function customerPhone(session: PaymentSession): string {
  const digits = session.customer?.phone.replace(/\D/g, '') ?? '';
  return digits.length >= 10 ? digits.slice(-10) : STAND_IN_PHONE;
}

const clients = new WeakMap<AdapterContext['account'], Cashfree>();
/**
 * The SDK for one account. The SDK picks the sandbox or the live address by its environment; its
 * `basePath` (a public field every call is made against) is set to the context's API base (the live
 * API, or the double). Its error reporting to Cashfree's own Sentry project is turned off.
 */
function client(ctx: AdapterContext): Cashfree {
  let cashfree = clients.get(ctx.account);
  if (!cashfree) {
    cashfree = new Cashfree(CFEnvironment.PRODUCTION, ctx.account.publicKey, ctx.account.secretKey, undefined, undefined, undefined, false);
    cashfree.XApiVersion = CASHFREE_API_VERSION;
    cashfree.basePath = ctx.apiBase;
    clients.set(ctx.account, cashfree);
  }
  return cashfree;
}

/**
 * The data of an SDK call. Its failures (axios errors, which carry the request's headers and so the
 * client secret) become ProviderHttpError with Cashfree's own answer, or a plain error for no answer.
 */
async function call<T>(request: Promise<{ data: T }>): Promise<T> {
  try {
    return (await request).data;
  } catch (error) {
    const response = (error as { response?: { status?: number; data?: unknown } }).response;
    if (response?.status) throw new ProviderHttpError('cashfree', response.status, response.data);
    throw new Error(`Cashfree could not be reached: ${(error as Error).message}`);
  }
}

/** A Payment Link's state as ours. */
export function verdictOfLink(status: string | undefined): ProviderVerdict['outcome'] {
  switch (status) {
    case 'PAID': return 'paid';
    case 'CANCELLED':
    case 'EXPIRED': return 'cancelled';
    default: return 'pending'; // ACTIVE, PARTIALLY_PAID (not allowed on our links)
  }
}

/** The order the link was paid through (its order_id is what a refund is made against). */
async function paidOrder(ctx: AdapterContext, linkId: string): Promise<string | undefined> {
  const orders: PaymentLinkOrderEntity[] = await call(client(ctx).PGLinkFetchOrders(linkId, undefined, undefined, 'PAID', REQUEST));
  return orders.find((order) => order.order_status === 'PAID')?.order_id;
}

/** Every payment attempt made on the link so far. */
async function attemptsOf(ctx: AdapterContext, linkId: string): Promise<PaymentEntity[]> {
  const orders: PaymentLinkOrderEntity[] = await call(client(ctx).PGLinkFetchOrders(linkId, undefined, undefined, 'ALL', REQUEST));
  const attempts: PaymentEntity[] = [];
  for (const order of orders) {
    if (order.order_id) attempts.push(...await call(client(ctx).PGOrderFetchPayments(order.order_id, undefined, undefined, REQUEST)));
  }
  return attempts;
}

/** Cashfree's signature of a webhook: base64 HMAC-SHA256 over the timestamp header and the raw body, with the client secret. */
export function webhookSignature(secret: string, timestamp: string, rawBody: string): string {
  return hmac('sha256', secret, `${timestamp}${rawBody}`, 'base64');
}

/** The refund id of the one refund of an order (alphanumeric, as Cashfree asks), the same on every try. */
export function refundIdOf(orderId: string): string {
  return `rf${createHash('sha256').update(orderId).digest('hex').slice(0, 32)}`;
}

interface LinkEvent {
  type?: string;
  data?: { link_id?: string; link_status?: string; order?: { order_id?: string; transaction_status?: string } };
}

/**
 * Cashfree Payments (PG API 2023-08-01) through the official SDK (`cashfree-pg`). Cashfree's own
 * checkout is opened by its JavaScript from an order's payment_session_id and has no address of its
 * own to send a customer to, so each attempt is a Payment Link (POST /links): Cashfree's hosted page
 * at link_url, with the amount in major units, our session id as link_id (the payment's provider_ref),
 * the way back as its return_url and the vendor's endpoint as its notify_url. Cashfree adds nothing
 * signed to the return, so the link is asked about (GET /links/:id); a customer back without paying
 * has the link cancelled (failed when an attempt on it failed). The PAYMENT_LINK_EVENT webhook is
 * signed like every Cashfree webhook: x-webhook-signature, the base64 HMAC-SHA256 of
 * x-webhook-timestamp + raw body with the client secret. A refund is made once against the order the
 * link was paid through: what that order already had refunded is looked at first, and the refund
 * carries a refund_id derived from the order (Cashfree takes each refund_id once) and an idempotency key.
 */
export const cashfreeAdapter: ProviderAdapter = {
  name: 'cashfree',
  facts: {
    integration: { kind: 'sdk', package: 'cashfree-pg' },
    page: 'hosted page',
    webhook: 'x-webhook-signature: base64 HMAC-SHA256 of x-webhook-timestamp and the body with the client secret',
    currencies: ['INR', 'USD', 'EUR', 'GBP', 'AED', 'SGD', 'CAD', 'AUD'],
    liveApi: 'https://api.cashfree.com/pg',
  },
  async create(ctx, session, { back, notify }) {
    const expiry = new Date(ctx.now().getTime() + LINK_MINUTES * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const link: LinkEntity = await call(client(ctx).PGCreateLink({
      link_id: session.sessionId,
      link_amount: Number((session.amountMinor / 10 ** session.currencyExponent).toFixed(session.currencyExponent)),
      link_currency: session.currencyCode,
      link_purpose: session.orderId === null ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order #${session.orderId}`,
      customer_details: { customer_phone: customerPhone(session) },
      link_partial_payments: false,
      link_expiry_time: expiry,
      link_notify: { send_sms: false, send_email: false },
      link_auto_reminders: false,
      link_notes: { session_id: session.sessionId },
      link_meta: { return_url: back('success'), notify_url: notify },
    }, undefined, `link-${session.sessionId}`, REQUEST));
    if (!link.link_url || !link.link_id) throw new Error(`Cashfree gave no page for link ${session.sessionId}`);
    return { url: link.link_url, ref: link.link_id };
  },
  // Nothing Cashfree adds to a link's return is signed: Cashfree is asked.
  async onReturn(ctx, payment) {
    const verdict = await cashfreeAdapter.check(ctx, payment);
    if (verdict.outcome !== 'pending') return verdict;
    const attempts = await attemptsOf(ctx, payment.ref);
    // A payment still being made (a UPI approval, a bank page) is left to its webhook.
    if (attempts.some((attempt) => attempt.payment_status === 'PENDING')) return verdict;
    await cashfreeAdapter.close!(ctx, payment);
    const closed = await cashfreeAdapter.check(ctx, payment);
    if (closed.outcome !== 'cancelled') return closed;
    return { outcome: attempts.some((attempt) => attempt.payment_status === 'FAILED') ? 'failed' : 'cancelled' };
  },
  async check(ctx, payment) {
    const link: LinkEntity = await call(client(ctx).PGFetchLink(payment.ref, undefined, undefined, REQUEST));
    const outcome = verdictOfLink(link.link_status);
    return outcome === 'paid' ? { outcome, providerPayment: await paidOrder(ctx, payment.ref) } : { outcome };
  },
  async close(ctx, payment) {
    const link: LinkEntity = await call(client(ctx).PGFetchLink(payment.ref, undefined, undefined, REQUEST));
    if (link.link_status === 'ACTIVE') await call(client(ctx).PGCancelLink(payment.ref, undefined, undefined, REQUEST));
  },
  async webhook(ctx, input) {
    const signature = header(input.headers, 'x-webhook-signature');
    const timestamp = header(input.headers, 'x-webhook-timestamp');
    const body = input.body.toString('utf8');
    if (!signature || !timestamp || !ctx.account.secretKey || !sameSignature(signature, webhookSignature(ctx.account.secretKey, timestamp, body))) {
      return { kind: 'forged' };
    }
    let event: LinkEvent;
    try {
      event = JSON.parse(body) as LinkEvent;
    } catch {
      return { kind: 'ignored' };
    }
    // The order and payment events of the link's orders name Cashfree's order, not the link: the link's event settles it.
    const link = event.data;
    if (event.type !== 'PAYMENT_LINK_EVENT' || !link?.link_id) return { kind: 'ignored' };
    const outcome = verdictOfLink(link.link_status);
    if (outcome === 'pending') return { kind: 'ignored' };
    return { kind: 'event', ref: link.link_id, verdict: outcome === 'paid' ? { outcome, providerPayment: link.order?.order_id } : { outcome } };
  },
  async refund(ctx, payment) {
    const cashfree = client(ctx);
    const orderId = payment.providerPayment ?? await paidOrder(ctx, payment.ref);
    if (!orderId) throw new Error(`No paid order to refund for Cashfree link ${payment.ref}`);
    const order = await call(cashfree.PGFetchOrder(orderId, undefined, undefined, REQUEST));
    const refunds = await call(cashfree.PGOrderFetchRefunds(orderId, undefined, undefined, REQUEST));
    const refunded = refunds
      // FAILED is one of Cashfree's refund states, though the SDK's type leaves it out.
      .filter((refund) => !['FAILED', 'CANCELLED'].includes(String(refund.refund_status)))
      .reduce((sum, refund) => sum + Number(refund.refund_amount ?? 0), 0);
    const remaining = Number(((order.order_amount ?? 0) - refunded).toFixed(2));
    if (remaining <= 0) return;
    const refundId = refundIdOf(orderId);
    try {
      await call(cashfree.PGOrderCreateRefund(orderId, { refund_amount: remaining, refund_id: refundId, refund_note: 'Not taken by the store' }, undefined, refundId, REQUEST));
    } catch (error) {
      // 409: this refund_id was made already (an earlier try whose answer was lost).
      if (error instanceof ProviderHttpError && error.status === 409) return;
      throw error;
    }
  },
};
