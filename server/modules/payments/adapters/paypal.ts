import {
  ApiError, CheckoutPaymentIntent, Client, Environment, OrdersController, OrderStatus, PaymentsController,
  PaypalExperienceUserAction, PaypalWalletContextShippingPreference, type OAuthToken, type Order,
} from '@paypal/paypal-server-sdk';
import type { ProviderPayment, ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { providerFetch } from '../kit/http.ts';
import { header } from '../kit/signatures.ts';

const LIVE_API = 'https://api-m.paypal.com';
const SANDBOX_API = 'https://api-m.sandbox.paypal.com';

/** The currencies PayPal's REST API takes, and those of them it takes without decimals. */
const CURRENCIES = ['AUD', 'BRL', 'CAD', 'CNY', 'CZK', 'DKK', 'EUR', 'HKD', 'HUF', 'ILS', 'JPY', 'MYR', 'MXN', 'TWD', 'NZD', 'NOK', 'PHP', 'PLN', 'GBP', 'SGD', 'SEK', 'CHF', 'THB', 'USD'] as const;
const WHOLE_UNITS = new Set(['HUF', 'JPY', 'TWD']);

/** An amount in PayPal's units: a decimal string in the currency's major unit ('12.50'; '1250' for JPY). */
export function paypalValue(amountMinor: number, exponent: number, currency: string): string {
  if (WHOLE_UNITS.has(currency)) {
    const whole = amountMinor / 10 ** exponent;
    if (!Number.isInteger(whole)) throw new Error(`PayPal takes ${currency} in whole units only, not ${amountMinor} minor units`);
    return String(whole);
  }
  if (exponent === 0) return String(amountMinor);
  const digits = String(amountMinor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

interface Paypal {
  sdk: Client;
  orders: OrdersController;
  payments: PaymentsController;
}

/** The last access token of each account's client id (kept when a client is dropped after an error). */
const tokens = new Map<string, OAuthToken>();
const clients = new WeakMap<AdapterContext['account'], Paypal>();

/**
 * The SDK for one account. The SDK knows only PayPal's two hosts (Environment.Production and .Sandbox);
 * for any other API base (a local double) it is set to Production and each request's URL is moved from
 * PayPal's host onto the context's base before it is sent, by a transformRequest of the SDK's HTTP client
 * (axios, which calls it with the request's config as `this`, before it builds the address).
 */
function client(ctx: AdapterContext): Paypal {
  let paypal = clients.get(ctx.account);
  if (!paypal) {
    const { publicKey: clientId, secretKey: clientSecret } = ctx.account;
    const base = ctx.apiBase.replace(/\/$/, '');
    const elsewhere = base !== LIVE_API && base !== SANDBOX_API;
    const token = tokens.get(clientId);
    const sdk = new Client({
      environment: base === SANDBOX_API ? Environment.Sandbox : Environment.Production,
      timeout: 20_000,
      clientCredentialsAuthCredentials: {
        oAuthClientId: clientId,
        oAuthClientSecret: clientSecret,
        ...(token ? { oAuthToken: token } : {}),
        oAuthOnTokenUpdate: (fresh) => tokens.set(clientId, fresh),
      },
      ...(elsewhere ? {
        unstable_httpClientOptions: {
          transformRequest: [function toBase(this: { url?: string }, data: unknown) {
            if (this.url?.startsWith(LIVE_API)) this.url = base + this.url.slice(LIVE_API.length);
            return data;
          }],
        },
      } : {}),
    });
    paypal = { sdk, orders: new OrdersController(sdk), payments: new PaymentsController(sdk) };
    clients.set(ctx.account, paypal);
  }
  return paypal;
}

/**
 * A call through the account's SDK. A failed call drops the client: the SDK keeps a failed token request
 * as its token for good, so the next call starts afresh (with the last good token, if any).
 */
async function call<T>(ctx: AdapterContext, work: (paypal: Paypal) => Promise<T>): Promise<T> {
  try {
    return await work(client(ctx));
  } catch (error) {
    clients.delete(ctx.account);
    throw error;
  }
}

/** A valid access token of the account (for the webhook verification, which the SDK does not cover). */
async function accessToken(ctx: AdapterContext): Promise<string> {
  return call(ctx, async (paypal) => {
    const token = await paypal.sdk.clientCredentialsAuthManager.updateToken(tokens.get(ctx.account.publicKey));
    tokens.set(ctx.account.publicKey, token);
    return token.accessToken;
  });
}

/** The first capture of an order, if any. */
function captureOf(order: Order) {
  return order.purchaseUnits?.[0]?.payments?.captures?.[0];
}

/** An order's state as ours. An approved order is not paid until it is captured. */
export function verdictOfOrder(order: Order): ProviderVerdict {
  switch (order.status) {
    case OrderStatus.Completed: {
      const capture = captureOf(order);
      switch (capture?.status) {
        case 'COMPLETED':
        case 'PARTIALLY_REFUNDED':
        case 'REFUNDED':
          return { outcome: 'paid', providerPayment: capture.id };
        case 'DECLINED':
        case 'FAILED':
          return { outcome: 'failed' };
        default:
          return { outcome: 'pending' };
      }
    }
    case OrderStatus.Voided:
      return { outcome: 'cancelled' };
    default:
      return { outcome: 'pending' };
  }
}

/** The issue PayPal names in an error answer (e.g. INSTRUMENT_DECLINED), if any. */
function issueOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const result = error.result as { details?: Array<{ issue?: string }> } | undefined;
  return result?.details?.[0]?.issue;
}

/**
 * Takes the money of an order the payer approved (captured once: the capture carries a request id, and
 * an order already captured is read instead); an order not approved is only read.
 */
async function settleOrder(ctx: AdapterContext, ref: string): Promise<ProviderVerdict> {
  const { result: order } = await call(ctx, (paypal) => paypal.orders.getOrder({ id: ref }));
  if (order.status !== OrderStatus.Approved) return verdictOfOrder(order);
  try {
    const { result: captured } = await call(ctx, (paypal) => paypal.orders.captureOrder({ id: ref, paypalRequestId: `capture-${ref}`, prefer: 'return=representation' }));
    return verdictOfOrder(captured);
  } catch (error) {
    const issue = issueOf(error);
    // The payer's funding source was refused: PayPal lets them choose another on its page, but this attempt failed.
    if (issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_ACTION_REQUIRED') return { outcome: 'failed' };
    if (issue === 'ORDER_ALREADY_CAPTURED') return verdictOfOrder((await call(ctx, (paypal) => paypal.orders.getOrder({ id: ref }))).result);
    throw error;
  }
}

interface WebhookEvent {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
}

/**
 * PayPal Checkout (Orders v2) through the official SDK (`@paypal/paypal-server-sdk`): an order per
 * attempt (intent CAPTURE, the amount as a decimal string in the currency's major unit, our session id
 * as its custom id, the way back as return and cancel URLs, its PayPal-Request-Id keyed by the session).
 * The customer approves it on PayPal's page and comes back with token and PayerID, which are not signed:
 * PayPal is asked, and an approved order is captured then (once: keyed by the order). A cancelled return
 * leaves the order to lapse at PayPal (an order cannot be voided). Webhooks (CHECKOUT.ORDER.APPROVED, which
 * captures too, PAYMENT.CAPTURE.COMPLETED, .DECLINED, CHECKOUT.PAYMENT-APPROVAL.REVERSED) are checked by
 * PayPal's verify-webhook-signature API with the account's webhook id (its webhook secret here). A refund
 * of the capture carries a request id keyed by the order, and a capture already refunded is left alone.
 */
export const paypalAdapter: ProviderAdapter = {
  name: 'paypal',
  facts: {
    integration: { kind: 'sdk', package: '@paypal/paypal-server-sdk' },
    page: 'hosted page',
    webhook: 'PayPal-Transmission-Sig checked by PayPal\'s verify-webhook-signature API with the webhook id',
    currencies: CURRENCIES,
    liveApi: LIVE_API,
  },
  async create(ctx, session, { back }) {
    const value = paypalValue(session.amountMinor, session.currencyExponent, session.currencyCode);
    const { result: order } = await call(ctx, (paypal) => paypal.orders.createOrder({
      paypalRequestId: `order-${session.sessionId}`,
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [{
          referenceId: 'default',
          customId: session.sessionId.slice(0, 127),
          description: (session.orderId === null ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order #${session.orderId}`).slice(0, 127),
          amount: { currencyCode: session.currencyCode, value },
        }],
        paymentSource: {
          paypal: {
            experienceContext: {
              brandName: session.vendorName.slice(0, 127),
              shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              userAction: PaypalExperienceUserAction.PayNow,
              returnUrl: back('success'),
              cancelUrl: back('cancel'),
            },
          },
        },
      },
    }));
    const page = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
    if (!order.id || !page) throw new Error('PayPal gave no page for the order');
    return { url: page, ref: order.id };
  },
  async onReturn(ctx, payment, { result }) {
    // The return's token and PayerID are not signed: PayPal is asked, and an approved order captured.
    if (result !== 'cancel') {
      const verdict = await settleOrder(ctx, payment.ref);
      if (verdict.outcome !== 'pending') return verdict;
    } else {
      const verdict = await paypalAdapter.check(ctx, payment);
      if (verdict.outcome !== 'pending') return verdict;
    }
    // Back without an approval: PayPal cannot void an order, so it is left to lapse there (a payment after it is refunded).
    return { outcome: 'cancelled' };
  },
  async check(ctx, payment) {
    return verdictOfOrder((await call(ctx, (paypal) => paypal.orders.getOrder({ id: payment.ref }))).result);
  },
  async webhook(ctx, input) {
    const webhookId = ctx.account.webhookSecret;
    const transmission = {
      auth_algo: header(input.headers, 'paypal-auth-algo'),
      cert_url: header(input.headers, 'paypal-cert-url'),
      transmission_id: header(input.headers, 'paypal-transmission-id'),
      transmission_sig: header(input.headers, 'paypal-transmission-sig'),
      transmission_time: header(input.headers, 'paypal-transmission-time'),
    };
    if (!webhookId || Object.values(transmission).some((value) => !value)) return { kind: 'forged' };
    let event: WebhookEvent;
    try {
      event = JSON.parse(input.body.toString('utf8')) as WebhookEvent;
    } catch {
      return { kind: 'forged' };
    }
    const verification = await providerFetch<{ verification_status?: string }>('paypal', `${ctx.apiBase}/v1/notifications/verify-webhook-signature`, {
      headers: { authorization: `Bearer ${await accessToken(ctx)}` },
      json: { ...transmission, webhook_id: webhookId, webhook_event: event },
    });
    if (verification.verification_status !== 'SUCCESS') return { kind: 'forged' };
    const resource = event.resource;
    switch (event.event_type) {
      case 'CHECKOUT.ORDER.APPROVED':
        // Approved but not yet captured (the customer may never come back): captured now.
        if (!resource?.id) return { kind: 'ignored' };
        return { kind: 'event', ref: resource.id, verdict: await settleOrder(ctx, resource.id) };
      case 'PAYMENT.CAPTURE.COMPLETED': {
        const order = resource?.supplementary_data?.related_ids?.order_id;
        return order ? { kind: 'event', ref: order, verdict: { outcome: 'paid', providerPayment: resource.id } } : { kind: 'ignored' };
      }
      case 'PAYMENT.CAPTURE.DECLINED': {
        const order = resource?.supplementary_data?.related_ids?.order_id;
        return order ? { kind: 'event', ref: order, verdict: { outcome: 'failed' } } : { kind: 'ignored' };
      }
      case 'CHECKOUT.PAYMENT-APPROVAL.REVERSED':
        return resource?.id ? { kind: 'event', ref: resource.id, verdict: { outcome: 'cancelled' } } : { kind: 'ignored' };
      default:
        return { kind: 'ignored' };
    }
  },
  async refund(ctx, payment: ProviderPayment) {
    const captureId = payment.providerPayment;
    if (!captureId) throw new Error(`No capture to refund for PayPal order ${payment.ref}`);
    const { result: capture } = await call(ctx, (paypal) => paypal.payments.getCapturedPayment({ captureId }));
    if (capture.status === 'REFUNDED') return;
    try {
      // No amount: the whole capture (what is left of it) goes back; the request id makes a retry the same refund.
      await call(ctx, (paypal) => paypal.payments.refundCapturedPayment({ captureId, paypalRequestId: `refund-${payment.ref}`, body: { noteToPayer: 'Not taken by the store' } }));
    } catch (error) {
      if (issueOf(error) === 'CAPTURE_FULLY_REFUNDED') return;
      throw error;
    }
  },
};
