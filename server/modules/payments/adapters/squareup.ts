import { SquareClient, type Square } from 'square';
import type { ProviderPayment, ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { header, hmac, sameSignature } from '../kit/signatures.ts';

const clients = new WeakMap<AdapterContext['account'], SquareClient>();
/** The SDK for one account, at the context's API base (its documented baseUrl option); no retries of its own. */
function client(ctx: AdapterContext): SquareClient {
  let square = clients.get(ctx.account);
  if (!square) {
    square = new SquareClient({ token: ctx.account.secretKey, baseUrl: ctx.apiBase, maxRetries: 0, timeoutInSeconds: 20 });
    clients.set(ctx.account, square);
  }
  return square;
}

/**
 * Square's webhook signature: base64 HMAC-SHA256, with the subscription's signature key, of the
 * subscription's notification URL followed by the body's exact bytes (x-square-hmacsha256-signature).
 */
export function squareSignature(signatureKey: string, notificationUrl: string, body: string): string {
  return hmac('sha256', signatureKey, notificationUrl + body, 'base64');
}

/** An order's state as ours: paid once its tenders cover it (completed), cancelled once cancelled. */
export function verdictOfOrder(order: Square.Order): ProviderVerdict {
  const tender = order.tenders?.[0];
  const covered = order.state === 'COMPLETED' || (tender !== undefined && order.netAmountDueMoney?.amount !== undefined && BigInt(order.netAmountDueMoney.amount ?? 0) === 0n);
  if (covered && tender) return { outcome: 'paid', providerPayment: tender.paymentId ?? tender.id };
  if (order.state === 'CANCELED') return { outcome: 'cancelled' };
  return { outcome: 'pending' };
}

async function orderOf(ctx: AdapterContext, orderId: string): Promise<Square.Order> {
  const { order } = await client(ctx).orders.get({ orderId });
  if (!order) throw new Error(`Square has no order ${orderId}`);
  return order;
}

/** Whether a card was refused for this order on Square's page (a FAILED payment of it since it was made). */
async function attemptFailed(ctx: AdapterContext, order: Square.Order): Promise<boolean> {
  const page = await client(ctx).payments.list({ locationId: order.locationId, beginTime: order.createdAt, sortOrder: 'ASC', limit: 100 });
  return page.data.some((payment) => payment.orderId === order.id && payment.status === 'FAILED');
}

interface PaymentEvent {
  type?: string;
  data?: { type?: string; id?: string; object?: { payment?: { id?: string; order_id?: string; status?: string } } };
}

/**
 * Square Checkout API payment links through the official SDK (`square`): a link per attempt whose order
 * has the amount in the currency's smallest unit at the account's location (its merchant id here), our
 * session id as its reference and in its metadata with the webhook endpoint this server gave, and the way
 * back as the redirect URL (the order is the payment's provider_ref). Square sends the customer back only
 * after paying, with orderId, transactionId and referenceId, which are not signed: Square is asked. A
 * customer back without paying has the order cancelled (so the link can no longer be paid), and is told
 * 'failed' when a card was refused on Square's page (a FAILED payment of the order), else 'cancelled'.
 * Webhooks (payment.created, payment.updated) are checked by Square's scheme: base64 HMAC-SHA256 with the
 * subscription's signature key (the webhook secret) of the notification URL (the address it came to) and
 * the body, before anything else is read. A refund carries an idempotency key keyed by the order, and a payment already
 * refunded in full is left alone.
 */
export const squareupAdapter: ProviderAdapter = {
  name: 'squareup',
  facts: {
    integration: { kind: 'sdk', package: 'square' },
    page: 'hosted page',
    webhook: 'x-square-hmacsha256-signature: base64 HMAC-SHA256 of the notification URL and the body with the signature key',
    currencies: ['USD', 'CAD', 'GBP', 'EUR', 'AUD', 'JPY'],
    liveApi: 'https://connect.squareup.com',
  },
  async create(ctx, session, { back, notify }) {
    const name = session.orderId === null ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order #${session.orderId}`;
    const { paymentLink } = await client(ctx).checkout.paymentLinks.create({
      idempotencyKey: `link-${session.sessionId}`,
      order: {
        locationId: ctx.account.merchantId,
        referenceId: session.sessionId.slice(0, 40),
        lineItems: [{ name: name.slice(0, 512), quantity: '1', basePriceMoney: { amount: BigInt(session.amountMinor), currency: session.currencyCode as Square.Currency } }],
        metadata: { session_id: session.sessionId, notify_url: notify },
      },
      checkoutOptions: { redirectUrl: back('success'), askForShippingAddress: false },
      paymentNote: name.slice(0, 500),
    });
    if (!paymentLink?.url || !paymentLink.orderId) throw new Error('Square gave no payment link');
    return { url: paymentLink.url, ref: paymentLink.orderId };
  },
  async onReturn(ctx, payment, { params }) {
    const order = await orderOf(ctx, payment.ref);
    const verdict = verdictOfOrder(order);
    if (verdict.outcome !== 'pending') return verdict;
    // Square's own way back (after a payment it may still be completing): left to the webhook.
    if (params.orderId === payment.ref || params.transactionId === payment.ref) return verdict;
    // Back without paying: the order is cancelled, so the link can no longer be paid.
    const failed = await attemptFailed(ctx, order);
    await squareupAdapter.close!(ctx, payment);
    const closed = await squareupAdapter.check(ctx, payment);
    if (closed.outcome === 'paid') return closed;
    return { outcome: failed ? 'failed' : 'cancelled' };
  },
  async check(ctx, payment) {
    return verdictOfOrder(await orderOf(ctx, payment.ref));
  },
  async close(ctx, payment) {
    const order = await orderOf(ctx, payment.ref);
    if (order.state !== 'OPEN' || order.tenders?.length) return;
    await client(ctx).orders.update({
      orderId: payment.ref,
      order: { locationId: order.locationId, version: order.version, state: 'CANCELED' },
      idempotencyKey: `cancel-${payment.ref}`,
    });
  },
  async webhook(ctx, input) {
    const signature = header(input.headers, 'x-square-hmacsha256-signature');
    const key = ctx.account.webhookSecret;
    if (!signature || !key) return { kind: 'forged' };
    const body = input.body.toString('utf8');
    // Checked before anything is read or asked: over the address the notification came to, as Square signs it.
    if (!input.url || !sameSignature(signature, squareSignature(key, input.url, body))) return { kind: 'forged' };
    let event: PaymentEvent;
    try {
      event = JSON.parse(body) as PaymentEvent;
    } catch {
      return { kind: 'ignored' };
    }
    const paid = event.data?.object?.payment;
    if ((event.type !== 'payment.created' && event.type !== 'payment.updated') || !paid?.order_id) return { kind: 'ignored' };
    if (paid.status === 'COMPLETED') return { kind: 'event', ref: paid.order_id, verdict: { outcome: 'paid', providerPayment: paid.id } };
    // A refused card leaves the link payable (the customer may try another): nothing settles yet.
    return { kind: 'ignored' };
  },
  async refund(ctx, payment: ProviderPayment) {
    const paymentId = payment.providerPayment;
    if (!paymentId) throw new Error(`No payment to refund for Square order ${payment.ref}`);
    const square = client(ctx);
    const { payment: paid } = await square.payments.get({ paymentId });
    const currency = paid?.amountMoney?.currency;
    if (!paid || !currency) throw new Error(`Square has no payment ${paymentId}`);
    const refunded = Number(paid.refundedMoney?.amount ?? 0n);
    if (refunded >= payment.amountMinor) return;
    await square.refunds.refundPayment({
      idempotencyKey: `refund-${payment.ref}`.slice(0, 45),
      paymentId,
      amountMoney: { amount: BigInt(payment.amountMinor - refunded), currency },
      reason: 'Not taken by the store',
    });
  },
};
