import type { PaymentStatusResult, PlaceOrderRequest, PlaceOrderResult } from '../../../contract/api/checkout.ts';
import type { Envelope } from '../../../contract/api/common.ts';
import type { PaymentMethod } from '../../../contract/api/order-states.ts';
import { ORDER_CODES } from '../../../contract/constants.ts';
import { orderFingerprint } from '../../../contract/rules/order-fingerprint.ts';
import { safeWebUrl } from '../../../contract/rules/urls.ts';
import { ApiError, callApi } from '../api/client.ts';
import { $orderUploadImages, clearCart } from '../cart/cart.ts';
import { $checkoutStore, $quote, applyBreakdown, isBreakdown, markUnavailable, pricingRequest, refuseCoupon, resetCheckout } from './checkout.ts';
import { orderCodeMessage, overLimitText } from './refusals.ts';
import { quoteRefused } from './delivery-partners.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { say } from '../i18n/messages.ts';
import { ORDER_MESSAGES } from '../cart/order-messages.ts';
import { formatPrice } from '../i18n/money.ts';
import { $placeOrderData, $promoCashback, $promocode, $promoDiscount } from '../cart/order-mode.ts';
import { newIdempotencyKey } from '../platform/ids.ts';
import { shared } from '../platform/registry.ts';
import { $moneyFormat } from '../settings/settings.ts';

/**
 * place_order_data (kept in localStorage): the idempotency key of the current checkout attempt,
 * the request sent and not yet answered (so a retry is the same order), and an
 * online payment in progress.
 */
export interface PlaceOrderData {
  idempotency_key: string;
  /** Sent, no answer yet (network failure, reload): the key must be reused. */
  request?: PlaceOrderRequest;
  /** The order waiting for its online payment. */
  pending_order_id?: number;
  total?: number;
  payment_method?: PaymentMethod;
}

export function readPlaceOrderData(): PlaceOrderData | null {
  const data = $placeOrderData.get();
  if (!data || typeof data.idempotency_key !== 'string' || data.idempotency_key.length < 8) return null;
  return data as unknown as PlaceOrderData;
}

function writePlaceOrderData(data: PlaceOrderData | null): void {
  $placeOrderData.set(data as unknown as Record<string, unknown> | null);
}


/**
 * The payment step opens: an attempt still unanswered (or an online payment under
 * way) keeps its key, so whatever happened to it, it stays one order; otherwise a
 * fresh key. Returns the key.
 */
export function openPaymentStep(): string {
  const data = readPlaceOrderData();
  if (data && (data.request || data.pending_order_id)) return data.idempotency_key;
  const key = newIdempotencyKey();
  writePlaceOrderData({ idempotency_key: key });
  return key;
}

/* ---------- placing ---------- */

export type PlaceOutcome =
  | { kind: 'placed'; orderId: number; total: number; method: PaymentMethod }
  | { kind: 'redirect'; url: string; orderId: number }
  /** No answer: the cart, the request and the key are kept; retrying is safe. */
  | { kind: 'network'; message: string }
  | { kind: 'price-changed'; message: string }
  | { kind: 'unavailable'; message: string }
  | { kind: 'schedule'; message: string }
  | { kind: 'coupon'; message: string }
  | { kind: 'refused'; code: number; message: string };

function isPlaceResult(value: unknown): value is PlaceOrderResult {
  return typeof value === 'object' && value !== null && typeof (value as PlaceOrderResult).order_id === 'number';
}

/** The order exists and needs nothing more: cart, promo, images and draft are cleared; the host page hears it. */
export function finishOrder(orderId: number, total: number, method: PaymentMethod, origin?: EventTarget | null): void {
  writePlaceOrderData(null);
  $promocode.set('');
  $promoDiscount.set(0);
  $promoCashback.set(0);
  $orderUploadImages.set([]);
  clearCart(origin);
  resetCheckout();
  emitHostEvent('sf-order-placed', { order_id: orderId, total, payment_method: method }, origin);
}

function minimumText(): string | undefined {
  const store = $checkoutStore.get();
  return store.status === 'ready' ? formatPrice(store.detail.minimum_order_value, $moneyFormat.get()) : undefined;
}

/** What a place_order answer means for the customer, with its effects on cart, promo and draft. */
export function handlePlaceAnswer(response: Envelope<unknown>, request: PlaceOrderRequest, origin?: EventTarget | null): PlaceOutcome {
  const result = response.Result;
  if (response.code === 200 && isPlaceResult(result)) {
    // The browser is sent only to an http(s) payment page (the URL rule); any other address counts as none.
    const paymentUrl = safeWebUrl(result.payment_url);
    // A replayed key whose online payment failed or lapsed is no order: the next attempt is a new one.
    if (result.status === 'payment_failed' || (result.status === 'payment_pending' && !paymentUrl)) {
      writePlaceOrderData({ idempotency_key: newIdempotencyKey() });
      return { kind: 'refused', code: 0, message: say(ORDER_MESSAGES.paymentFailed) };
    }
    if (paymentUrl) {
      writePlaceOrderData({ idempotency_key: request.idempotency_key, pending_order_id: result.order_id, total: result.total, payment_method: request.payment_method });
      return { kind: 'redirect', url: paymentUrl, orderId: result.order_id };
    }
    finishOrder(result.order_id, result.total, request.payment_method, origin);
    return { kind: 'placed', orderId: result.order_id, total: result.total, method: request.payment_method };
  }
  // A refusal: no order exists, so the next attempt takes a new key.
  writePlaceOrderData({ idempotency_key: newIdempotencyKey() });
  const breakdown = isBreakdown(result) ? result : null;
  const limit = breakdown ? overLimitText(breakdown, $moneyFormat.get()) : undefined;
  const message = orderCodeMessage(response.code, response.msg, { ...(minimumText() ? { minimum: minimumText()! } : {}), limit });
  switch (response.code) {
    case ORDER_CODES.priceChanged:
      if (breakdown) applyBreakdown(breakdown);
      return { kind: 'price-changed', message };
    case ORDER_CODES.itemsUnavailable:
      if (breakdown) markUnavailable(breakdown);
      return { kind: 'unavailable', message };
    case ORDER_CODES.invalidSchedule:
      return { kind: 'schedule', message };
    case ORDER_CODES.couponRefused: {
      const refusal = breakdown?.coupon_refusal || 'invalid';
      const text = refuseCoupon(request.coupon_code ?? '', refusal, breakdown?.coupon_min_order ?? 0);
      return { kind: 'coupon', message: text };
    }
    default:
      return { kind: 'refused', code: response.code, message };
  }
}

const inFlight = shared('payment.inFlight', () => ({ promise: null as Promise<PlaceOutcome> | null }));

async function send(method: PaymentMethod, returnUrl: string | undefined, origin?: EventTarget | null): Promise<PlaceOutcome> {
  const base = pricingRequest();
  if (!base) return { kind: 'refused', code: 0, message: say(ORDER_MESSAGES.addItemToCart) };
  const quote = $quote.get();
  const breakdown = 'breakdown' in quote ? quote.breakdown : null;
  let data = readPlaceOrderData() ?? { idempotency_key: newIdempotencyKey() };
  const draft = (key: string): PlaceOrderRequest => ({
    ...base,
    idempotency_key: key,
    payment_method: method,
    expected_total: breakdown?.total ?? 0,
    order_images: $orderUploadImages.get(),
    ...(method === 'online' && returnUrl ? { return_url: returnUrl } : {}),
  });
  if (data.request && orderFingerprint(data.request) !== orderFingerprint(draft(data.idempotency_key))) {
    // The cart changed after an attempt that got no answer: that attempt is settled first, exactly as sent,
    // since it may already be an order; only if it is not does the changed cart go with a new key.
    const earlier = await post(data.request, origin);
    if (earlier.kind !== 'refused' && earlier.kind !== 'price-changed' && earlier.kind !== 'unavailable'
      && earlier.kind !== 'schedule' && earlier.kind !== 'coupon') return earlier;
    data = { idempotency_key: newIdempotencyKey() };
  } else if (data.pending_order_id && data.payment_method !== method) {
    // An online payment was left unfinished and another way is chosen: a new order (the unpaid one lapses).
    data = { idempotency_key: newIdempotencyKey() };
  }
  const request = draft(data.idempotency_key);
  // Kept before sending: a failure or a reload mid-request reuses this key.
  writePlaceOrderData({ ...data, request, payment_method: method });
  return post(request, origin);
}

/** place_order once; the answer decides the key's fate (see handlePlaceAnswer). */
async function post(request: PlaceOrderRequest, origin?: EventTarget | null): Promise<PlaceOutcome> {
  let response: Envelope<unknown>;
  try {
    response = await callApi('place_order', request);
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    // No answer, or a server failure: the order may exist; keep key and request.
    if (status === 0 || status >= 500) return { kind: 'network', message: (error as Error).message };
    writePlaceOrderData({ idempotency_key: newIdempotencyKey() });
    // The delivery partner's quote lapsed or is no longer valid: new quotes are asked for, the bill follows.
    if (error instanceof ApiError && error.errors.quote_id) quoteRefused();
    return { kind: 'refused', code: error instanceof ApiError ? error.code : 0, message: (error as Error).message };
  }
  return handlePlaceAnswer(response, request, origin);
}

/**
 * place_order with the checkout's order and the attempt's idempotency key. A
 * second call while one is on its way (a double click) gets the same answer.
 */
export function placeOrder(method: PaymentMethod, options: { returnUrl?: string; origin?: EventTarget | null } = {}): Promise<PlaceOutcome> {
  if (inFlight.promise) return inFlight.promise;
  const promise = send(method, options.returnUrl, options.origin).finally(() => {
    inFlight.promise = null;
  });
  inFlight.promise = promise;
  return promise;
}

/* ---------- coming back from the hosted payment page ---------- */

/** `order_id` with `payment` (or `payment_session`) in the page's query: an online payment came back. */
export function paymentReturnParams(search: string): { orderId: number; payment: string } | null {
  const params = new URLSearchParams(search);
  const orderId = Number(params.get('order_id'));
  const payment = params.get('payment') ?? params.get('payment_session');
  if (!Number.isInteger(orderId) || orderId <= 0 || payment === null) return null;
  return { orderId, payment };
}

/** The page address without the payment-return parameters. */
export function withoutPaymentParams(href: string): string {
  const url = new URL(href);
  for (const name of ['order_id', 'payment', 'payment_session']) url.searchParams.delete(name);
  return url.toString();
}

export type ReturnOutcome =
  | { kind: 'placed'; orderId: number; total: number }
  | { kind: 'failed' | 'cancelled'; orderId: number; message: string }
  | { kind: 'pending'; orderId: number }
  | { kind: 'error'; orderId: number; message: string };

const returns = shared('payment.returns', () => new Map<number, Promise<ReturnOutcome>>());

async function checkReturn(orderId: number, origin: EventTarget | null | undefined, attempts: number, delayMs: number): Promise<ReturnOutcome> {
  for (let attempt = 1; ; attempt++) {
    let response: Envelope<PaymentStatusResult>;
    try {
      response = await callApi('check_payment_status', { order_id: orderId });
    } catch (error) {
      return { kind: 'error', orderId, message: (error as Error).message };
    }
    if (response.code !== 200 || !response.Result) return { kind: 'error', orderId, message: orderCodeMessage(response.code, response.msg) };
    const status = response.Result.payment_status;
    const data = readPlaceOrderData();
    const ours = data?.pending_order_id === orderId;
    if (status === 'paid') {
      // Only the attempt this browser made clears its cart (a stale return address must not empty a new one).
      if (ours) finishOrder(orderId, data?.total ?? 0, 'online', origin);
      return { kind: 'placed', orderId, total: ours ? (data?.total ?? 0) : 0 };
    }
    if (status === 'failed' || status === 'cancelled') {
      if (ours || !data) writePlaceOrderData({ idempotency_key: newIdempotencyKey() });
      emitHostEvent('sf-payment-failed', { order_id: orderId, reason: status }, origin);
      return { kind: status, orderId, message: say(status === 'failed' ? ORDER_MESSAGES.paymentFailed : ORDER_MESSAGES.paymentCancelled) };
    }
    if (status !== 'pending' || attempt >= attempts) return { kind: 'pending', orderId };
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

/**
 * check_payment_status after the hosted page sent the customer back: paid finishes
 * the order like any other; failed or cancelled keeps the cart, tells the host page
 * (sf-payment-failed) and takes a new key; pending asks again a few times.
 * Each order is checked once per page, however many islands ask.
 */
export function completePaymentReturn(orderId: number, options: { origin?: EventTarget | null; attempts?: number; delayMs?: number } = {}): Promise<ReturnOutcome> {
  let promise = returns.get(orderId);
  if (!promise) {
    promise = checkReturn(orderId, options.origin, options.attempts ?? 5, options.delayMs ?? 1000);
    returns.set(orderId, promise);
  }
  return promise;
}
