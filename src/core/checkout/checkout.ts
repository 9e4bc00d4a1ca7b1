import { atom } from 'nanostores';
import type { PriceBreakdown, PricedLine, PricingRequest } from '../../../contract/api/checkout.ts';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { ORDER_CODES } from '../../../contract/constants.ts';
import { ApiError, callApi } from '../api/client.ts';
import { $deliverySelection, chosenPartnerFields, quoteRefused, resetDeliveryPartners, watchDeliveryPartners } from './delivery-partners.ts';
import { $primaryAddress, loadAddresses } from '../addresses/addresses.ts';
import { cartLineKey, isSameChoice } from '../../../contract/rules/cart-line.ts';
import { $cart, repriceLines, setCart, type CartLine } from '../cart/cart.ts';
import { unmetMinimum } from '../cart/totals.ts';
import { couponRefusalText, orderCodeMessage, overLimitText } from './refusals.ts';
import { storeDetail } from '../store-directory/store-detail.ts';
import { loadStoreTerms } from './store-terms.ts';
import { $driverTip, $pickupDeliveryFlag, $promoCashback, $promocode, $promoDiscount, orderMode } from '../cart/order-mode.ts';
import { whileWatched } from '../platform/lifecycle.ts';
import { shared } from '../platform/registry.ts';
import { canOrderNow, isSlotValid } from './schedule.ts';
import { persistentAtom } from '../platform/storage.ts';
import { $isSignedIn } from '../session/session-state.ts';
import { $moneyFormat } from '../settings/settings.ts';

/* ---------- state ---------- */

export type StoreState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; detail: RestaurantDetail }
  | { status: 'failed' };

export type QuoteState =
  | { status: 'idle' }
  /** `breakdown` keeps the previous answer on screen while a new one loads. */
  | { status: 'loading'; breakdown: PriceBreakdown | null }
  | { status: 'ready'; breakdown: PriceBreakdown }
  | { status: 'failed'; breakdown: PriceBreakdown | null; code: number; message: string };

/** Now, or a slot of the store's schedule (date and start both required). */
export type ScheduleChoice = { kind: 'now' } | { kind: 'later'; date: string; start: string };

export type CouponStatus =
  | { status: 'idle' }
  | { status: 'checking'; code: string }
  | { status: 'applied'; code: string }
  | { status: 'refused'; code: string; refusal: Exclude<PriceBreakdown['coupon_refusal'], ''>; minOrder: number };

/** The cart's store (get_restaurant_detail). */
export const $checkoutStore = shared('checkout.store', () => atom<StoreState>({ status: 'idle' }));
/** The server's price breakdown (check_restaurant_menu_with_price / coupon_redeem). */
export const $quote = shared('checkout.quote', () => atom<QuoteState>({ status: 'idle' }));
const isScheduleChoice = (value: unknown): value is ScheduleChoice => {
  const choice = value as Partial<{ kind: string; date: unknown; start: unknown }> | null;
  return typeof choice === 'object' && choice !== null
    && (choice.kind === 'now' || (choice.kind === 'later' && typeof choice.date === 'string' && typeof choice.start === 'string'));
};
/** Now or a slot; kept in storage so it survives the trip to a hosted payment page (a lapsed slot is asked for again). */
export const $schedule = persistentAtom<ScheduleChoice>('orderSchedule', { kind: 'now' }, { isValid: isScheduleChoice });
export const $couponStatus = shared('checkout.coupon', () => atom<CouponStatus>({ status: 'idle' }));
/** Lines whose price the server changed, by cartLineKey: the price the customer saw and the new one. */
export const $changedPrices = shared('checkout.changed', () => atom<Record<string, { from: number; to: number }>>({}));
/** Lines the store cannot serve (unavailable or short of stock), by cartLineKey. */
export const $unavailableLines = shared('checkout.unavailable', () => atom<string[]>([]));

/** The server's priced line for a cart line. */
export function pricedLineFor(line: CartLine, breakdown: PriceBreakdown | null): PricedLine | undefined {
  return breakdown?.lines.find((priced) => isSameChoice(priced, line));
}

/* ---------- the request ---------- */

/** The order as every pricing call sends it; null while there is nothing to price. */
export function pricingRequest(): PricingRequest | null {
  const lines = $cart.get();
  const first = lines[0];
  if (!first) return null;
  const mode = orderMode();
  const schedule = $schedule.get();
  const code = $promocode.get().trim();
  const address = $primaryAddress.get();
  return {
    restaurant_id: first.restaurant_id,
    order_mode: mode,
    lines: lines.map((line) => ({ item_id: line.item_id, quantity: line.quantity, selectCustoizeID: line.selectCustoizeID, price: line.price })),
    ...(code ? { coupon_code: code } : {}),
    driver_tip: mode === 'delivery' ? $driverTip.get() : 0,
    ...(mode === 'delivery' && address ? { shiping_id: address.id } : {}),
    schedule_at: schedule.kind === 'later' ? schedule.start : '',
    // Delivery by a partner: its quote's fare is the delivery charge (docs/behaviour.md#delivery-partners).
    ...(mode === 'delivery' && address ? chosenPartnerFields() : {}),
  };
}

/* ---------- answers ---------- */

/** An answer's Result that is a priced cart (a refusal may carry one). */
export function isBreakdown(value: unknown): value is PriceBreakdown {
  return typeof value === 'object' && value !== null && Array.isArray((value as PriceBreakdown).lines) && typeof (value as PriceBreakdown).total === 'number';
}

/** Marks the lines the store cannot serve. */
export function markUnavailable(breakdown: PriceBreakdown): string[] {
  const keys = breakdown.lines
    .filter((line) => line.is_available === 0 || (line.stock !== null && line.stock < line.quantity))
    .map(cartLineKey);
  $unavailableLines.set(keys);
  return keys;
}

/**
 * Takes a breakdown as the prices shown: changed lines are marked and the cart
 * repriced; a coupon the server refuses is removed; an applied one stores its
 * discount and cashback.
 */
export function applyBreakdown(breakdown: PriceBreakdown): void {
  $quote.set({ status: 'ready', breakdown });
  const changed = breakdown.lines.filter((line) => line.price_changed === 1 && line.unit_price !== line.client_price);
  if (changed.length > 0) {
    const marks = { ...$changedPrices.get() };
    for (const line of changed) marks[cartLineKey(line)] = { from: marks[cartLineKey(line)]?.from ?? line.client_price, to: line.unit_price };
    $changedPrices.set(marks);
    const cart = $cart.get();
    const repriced = repriceLines(cart, breakdown.lines);
    if (repriced !== cart) setCart(repriced);
  }
  markUnavailable(breakdown);
  const code = $promocode.get().trim();
  if (code && breakdown.coupon_refusal) {
    refuseCoupon(code, breakdown.coupon_refusal, breakdown.coupon_min_order);
  } else if (code && breakdown.coupon_code) {
    $couponStatus.set({ status: 'applied', code });
    $promoDiscount.set(breakdown.discount);
    $promoCashback.set(breakdown.cashback);
  }
}

/** The server refused the code: it is removed (the watcher prices the order without it); returns the reason in words. */
export function refuseCoupon(code: string, refusal: Exclude<PriceBreakdown['coupon_refusal'], ''>, minOrder: number): string {
  $couponStatus.set({ status: 'refused', code, refusal, minOrder });
  $promoDiscount.set(0);
  $promoCashback.set(0);
  $promocode.set('');
  return couponRefusalText(refusal, minOrder, $moneyFormat.get());
}

/* ---------- the quote: debounced, the previous request aborted ---------- */

export const QUOTE_DEBOUNCE_MS = 300;
const quoting = shared('checkout.quoting', () => ({
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
  controller: null as AbortController | null,
}));

/** Prices the order now with `call` (the quote, or coupon_redeem for a new code); a newer call aborts an older one. */
export async function fetchQuote(call: 'check_restaurant_menu_with_price' | 'coupon_redeem' = 'check_restaurant_menu_with_price'): Promise<void> {
  clearTimeout(quoting.timer);
  quoting.controller?.abort();
  const request = pricingRequest();
  if (!request) {
    quoting.controller = null;
    $quote.set({ status: 'idle' });
    return;
  }
  const controller = new AbortController();
  quoting.controller = controller;
  const previous = $quote.get();
  $quote.set({ status: 'loading', breakdown: 'breakdown' in previous ? previous.breakdown : null });
  if (call === 'coupon_redeem' && request.coupon_code) $couponStatus.set({ status: 'checking', code: request.coupon_code });
  try {
    const response = await callApi(call, request, { signal: controller.signal });
    if (controller.signal.aborted) return;
    quoting.controller = null;
    const result = response.Result;
    if (response.code === ORDER_CODES.couponRefused && request.coupon_code) {
      const refusal = isBreakdown(result) && result.coupon_refusal ? result.coupon_refusal : 'invalid';
      if (isBreakdown(result)) $quote.set({ status: 'ready', breakdown: result });
      refuseCoupon(request.coupon_code, refusal, isBreakdown(result) ? result.coupon_min_order : 0);
      return;
    }
    if (response.code === 200 && isBreakdown(result)) {
      applyBreakdown(result);
      return;
    }
    if (isBreakdown(result)) markUnavailable(result);
    const breakdown = isBreakdown(result) ? result : ('breakdown' in previous ? previous.breakdown : null);
    const limit = isBreakdown(result) ? overLimitText(result, $moneyFormat.get()) : undefined;
    $quote.set({ status: 'failed', breakdown, code: response.code, message: orderCodeMessage(response.code, response.msg, { limit }) });
  } catch (error) {
    if (controller.signal.aborted) return;
    quoting.controller = null;
    const last = $quote.get();
    $quote.set({ status: 'failed', breakdown: 'breakdown' in last ? last.breakdown : null, code: 0, message: (error as Error).message });
    // The partner's quote lapsed or is no longer valid: new quotes are asked for (the store's own delivery until then),
    // after the failure is set, so the new pricing it starts is what the page shows.
    if (error instanceof ApiError && error.errors.quote_id) quoteRefused();
  }
}

/** Prices the order after `delay` ms of quiet; each call restarts the wait. */
export function requestQuote(delay = QUOTE_DEBOUNCE_MS): void {
  clearTimeout(quoting.timer);
  // Stale from the change on: Place order waits, so its expected_total is never a superseded price.
  const previous = $quote.get();
  if (previous.status !== 'idle') $quote.set({ status: 'loading', breakdown: 'breakdown' in previous ? previous.breakdown : null });
  quoting.timer = setTimeout(() => void fetchQuote(), delay);
}

/** Resolves once the bill is no longer being priced (at once when it is not). */
export function quoteSettled(): Promise<QuoteState> {
  return new Promise((resolve) => {
    const stop = $quote.subscribe((state) => {
      if (state.status === 'loading') return;
      queueMicrotask(() => stop());
      resolve(state);
    });
  });
}

/* ---------- the store ---------- */

let storeRequest = 0;

/** get_restaurant_detail for the cart's store (minimum order, hours, time zone, address). */
export async function loadCheckoutStore(restaurantId: number): Promise<void> {
  // What the store takes at checkout, asked as early, so the payment step's choices do not change under the customer.
  void loadStoreTerms(restaurantId);
  const current = $checkoutStore.get();
  if (current.status === 'ready' && current.detail.restaurant_id === restaurantId) return;
  const request = ++storeRequest;
  $checkoutStore.set({ status: 'loading' });
  try {
    const detail = await storeDetail(restaurantId);
    if (request !== storeRequest) return;
    $checkoutStore.set(detail ? { status: 'ready', detail } : { status: 'failed' });
  } catch {
    if (request === storeRequest) $checkoutStore.set({ status: 'failed' });
  }
}

/* ---------- watching the inputs ---------- */

/**
 * Starts pricing the order: loads the store and the saved addresses, prices the
 * order (redeeming a promo code already chosen), then re-prices whenever the cart,
 * order mode, address, schedule or tip changes and redeems each newly chosen code.
 * Islands call it while mounted; the returned function stops it (once no island watches).
 */
export const startCheckout = shared('checkout.watch', () => whileWatched(() => {
  const restaurantId = $cart.get()[0]?.restaurant_id;
  if (restaurantId !== undefined) void loadCheckoutStore(restaurantId);
  if ($isSignedIn.get()) void loadAddresses();
  let addressId = $primaryAddress.get()?.id;
  const stops = [
    $cart.listen((lines) => {
      const id = lines[0]?.restaurant_id;
      if (id !== undefined) void loadCheckoutStore(id);
      requestQuote();
    }),
    $pickupDeliveryFlag.listen(() => requestQuote()),
    $driverTip.listen(() => requestQuote()),
    $schedule.listen(() => requestQuote()),
    $primaryAddress.listen((address) => {
      // The list reloads with new objects: only another address changes the price.
      if (address?.id === addressId) return;
      addressId = address?.id;
      requestQuote();
    }),
    $promocode.listen((code) => {
      if (code.trim()) void fetchQuote('coupon_redeem');
      else requestQuote(0);
    }),
    // Delivery by: another option, or the chosen partner's renewed quote, prices the order again.
    $deliverySelection.listen(() => requestQuote()),
    watchDeliveryPartners(),
  ];
  void fetchQuote($promocode.get().trim() ? 'coupon_redeem' : 'check_restaurant_menu_with_price');
  return () => {
    stops.forEach((stop) => stop());
    clearTimeout(quoting.timer);
    quoting.controller?.abort();
  };
}));

/** Forgets what one checkout learnt (after an order is placed). */
export function resetCheckout(): void {
  $schedule.set({ kind: 'now' });
  $couponStatus.set({ status: 'idle' });
  $changedPrices.set({});
  $unavailableLines.set([]);
  $quote.set({ status: 'idle' });
  resetDeliveryPartners();
}

/* ---------- the review step's checks ---------- */

export type ReviewProblem =
  | { kind: 'empty' }
  | { kind: 'address' }
  | { kind: 'schedule' }
  | { kind: 'closed' }
  | { kind: 'minimum'; minimum: number }
  | { kind: 'unavailable' }
  | { kind: 'pricing' };

/** What stops the customer going on to payment, or null. */
export function reviewProblem(now: Date = new Date()): ReviewProblem | null {
  const lines = $cart.get();
  if (lines.length === 0) return { kind: 'empty' };
  if (orderMode() === 'delivery' && !$primaryAddress.get()) return { kind: 'address' };
  const schedule = $schedule.get();
  const store = $checkoutStore.get();
  if (schedule.kind === 'later') {
    if (!schedule.date || !schedule.start) return { kind: 'schedule' };
    if (store.status === 'ready' && !isSlotValid(store.detail, schedule.start, now)) return { kind: 'schedule' };
  } else if (store.status === 'ready' && !canOrderNow(store.detail)) {
    return { kind: 'closed' };
  }
  const minimum = unmetMinimum(lines, store.status === 'ready' ? store.detail : null);
  if (minimum !== null) return { kind: 'minimum', minimum };
  if ($unavailableLines.get().length > 0) return { kind: 'unavailable' };
  if ($quote.get().status !== 'ready') return { kind: 'pricing' };
  return null;
}

/** Removes the lines the store cannot serve. */
export function removeUnavailableLines(origin?: EventTarget | null): void {
  const keys = new Set($unavailableLines.get());
  setCart($cart.get().filter((line) => !keys.has(cartLineKey(line))), origin);
  $unavailableLines.set([]);
}
