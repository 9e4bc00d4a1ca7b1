// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressFromWire } from '../addresses/address.ts';
import { apiStub } from '../api/client-stub.test-helpers.ts';
import { breakdown, cartLine, priced, store } from './checkout.fixtures.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const { calls } = apiStub;
const { activateLocale } = await import('../i18n/i18n.ts');
const checkout = await import('./checkout.ts');
const { $cart, setCart } = await import('../cart/cart.ts');
const { $addresses, $primaryAddressId } = await import('../addresses/addresses.ts');
const { $driverTip, $pickupDeliveryFlag, $promoCashback, $promocode, $promoDiscount } = await import('../cart/order-mode.ts');
const { choosePromoCode } = await import('../offers/offers.ts');
const { couponRefusalText, orderCodeMessage, overLimitText } = await import('./refusals.ts');
const { ORDER_CODES } = await import('../../../contract/constants.ts');

const address = addressFromWire({
  shiping_id: 42, adress_clarification: 'Home', flat_no: '1', house_name: '', Shiping_address: '1 Market St', landmark: '',
  latitude: 37.79, longitude: -122.39, city: 'San Francisco', state: 'CA', zip_code: '', is_primary: 1,
});

beforeAll(() => activateLocale('en'));
beforeEach(() => {
  apiStub.reset();
  setCart([cartLine()]);
  $pickupDeliveryFlag.set(1);
  $driverTip.set(0);
  $promocode.set('');
  $promoDiscount.set(0);
  $promoCashback.set(0);
  $addresses.set({ status: 'ready', addresses: [address] });
  $primaryAddressId.set(42);
  checkout.resetCheckout();
  checkout.$checkoutStore.set({ status: 'ready', detail: store });
});
afterEach(() => vi.useRealTimers());

describe('pricingRequest', () => {
  it('sends ids, quantities and the prices seen, with address, tip, code and schedule for delivery', () => {
    $driverTip.set(2);
    $promocode.set('FLAT5');
    checkout.$schedule.set({ kind: 'later', date: '2025-01-15', start: '2025-01-15T19:00:00.000Z' });
    expect(checkout.pricingRequest()).toEqual({
      restaurant_id: 1, order_mode: 'delivery', lines: [{ item_id: 10, quantity: 2, selectCustoizeID: [], price: 12 }],
      coupon_code: 'FLAT5', driver_tip: 2, shiping_id: 42, schedule_at: '2025-01-15T19:00:00.000Z',
    });
  });

  it('sends no tip and no address for pickup, and nothing for an empty cart', () => {
    $driverTip.set(2);
    $pickupDeliveryFlag.set(0);
    expect(checkout.pricingRequest()).toMatchObject({ order_mode: 'pickup', driver_tip: 0, schedule_at: '' });
    expect(checkout.pricingRequest()).not.toHaveProperty('shiping_id');
    setCart([]);
    expect(checkout.pricingRequest()).toBeNull();
  });
});

describe('the schedule choice', () => {
  it('is kept in storage, so it survives the trip to a hosted payment page', () => {
    checkout.$schedule.set({ kind: 'later', date: '2025-01-15', start: '2025-01-15T19:00:00.000Z' });
    expect(JSON.parse(localStorage.getItem('orderSchedule')!)).toEqual({ kind: 'later', date: '2025-01-15', start: '2025-01-15T19:00:00.000Z' });
    checkout.$schedule.set({ kind: 'now' });
  });
});

describe('the quote', () => {
  it('waits for quiet before asking, so a burst of changes is one request', async () => {
    vi.useFakeTimers();
    apiStub.answer = () => ({ code: 200, Result: breakdown([priced(cartLine())]) });
    checkout.requestQuote();
    checkout.requestQuote();
    $driverTip.set(1);
    checkout.requestQuote();
    await vi.advanceTimersByTimeAsync(checkout.QUOTE_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.name)).toEqual(['check_restaurant_menu_with_price']);
    expect(calls[0]!.body.driver_tip).toBe(1);
    await vi.runAllTimersAsync();
    expect(checkout.$quote.get()).toMatchObject({ status: 'ready', breakdown: { total: 27 } });
  });

  it('marks a shown price stale at the change, before the debounced request, so nothing is placed at it', async () => {
    vi.useFakeTimers();
    apiStub.answer = () => ({ code: 200, Result: breakdown([priced(cartLine())]) });
    await checkout.fetchQuote();
    expect(checkout.$quote.get()).toMatchObject({ status: 'ready', breakdown: { total: 27 } });
    $pickupDeliveryFlag.set(0);
    checkout.requestQuote();
    expect(checkout.$quote.get()).toMatchObject({ status: 'loading', breakdown: { total: 27 } });
    await vi.runAllTimersAsync();
    expect(checkout.$quote.get()).toMatchObject({ status: 'ready' });
  });

  it('quoteSettled waits while the bill is being priced, and answers at once when it is not', async () => {
    vi.useFakeTimers();
    apiStub.answer = () => ({ code: 200, Result: breakdown([priced(cartLine())]) });
    await checkout.fetchQuote();
    await expect(checkout.quoteSettled()).resolves.toMatchObject({ status: 'ready' });
    checkout.requestQuote();
    let settled = false;
    const waiting = checkout.quoteSettled().then((state) => { settled = true; return state; });
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(false);
    await vi.runAllTimersAsync();
    await expect(waiting).resolves.toMatchObject({ status: 'ready' });
  });

  it('aborts the previous request and ignores its late answer', async () => {
    const pending: Array<(value: unknown) => void> = [];
    apiStub.answer = () => new Promise((resolve) => pending.push(resolve));
    const first = checkout.fetchQuote();
    setCart([cartLine({ quantity: 3 })]);
    const second = checkout.fetchQuote();
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal!.aborted).toBe(true);
    expect(calls[1]!.signal!.aborted).toBe(false);
    pending[1]!({ code: 200, Result: breakdown([priced(cartLine({ quantity: 3 }))]) });
    await second;
    pending[0]!({ code: 200, Result: breakdown([priced(cartLine())]) });
    await first;
    expect(checkout.$quote.get()).toMatchObject({ status: 'ready', breakdown: { item_total: 36 } });
  });

  it('marks a changed line and reprices the cart with the server price', () => {
    const line = cartLine();
    checkout.applyBreakdown(breakdown([priced(line, { unit_price: 13, client_price: 12, price_changed: 1, line_total: 26 })]));
    expect($cart.get()[0]!.price).toBe(13);
    expect(checkout.$changedPrices.get()).toEqual({ '10:': { from: 12, to: 13 } });
    // The next answer (no longer changed) keeps the mark until checkout resets.
    checkout.applyBreakdown(breakdown([priced(cartLine({ price: 13 }))]));
    expect(checkout.$changedPrices.get()['10:']).toEqual({ from: 12, to: 13 });
  });

  it('marks unavailable and short-of-stock lines, and removes them on request', () => {
    const a = cartLine({ item_id: 1 });
    const b = cartLine({ item_id: 2, selectCustoizeID: [5, 3] });
    const c = cartLine({ item_id: 3, quantity: 4 });
    setCart([a, b, c]);
    checkout.applyBreakdown(breakdown([priced(a), priced(b, { is_available: 0 }), priced(c, { stock: 2 })], { has_unavailable: 1 }));
    expect(checkout.$unavailableLines.get()).toEqual(['2:3,5', '3:']);
    expect(checkout.reviewProblem()).toEqual({ kind: 'unavailable' });
    checkout.removeUnavailableLines();
    expect($cart.get().map((line) => line.item_id)).toEqual([1]);
  });

  it('tells the customer a refusal of the quote in words (closed store, out of reach)', async () => {
    apiStub.answer = () => ({ code: ORDER_CODES.outOfReach, msg: 'Your location is out of reach' });
    await checkout.fetchQuote();
    expect(checkout.$quote.get()).toMatchObject({ status: 'failed', code: 105, message: 'Your location is out of reach' });
    expect(orderCodeMessage(ORDER_CODES.storeClosed)).toBe('Restaurant is currently off, Please try after some time');
    expect(orderCodeMessage(ORDER_CODES.priceChanged)).toBe('Some of item price has been changed in your cart please go back and confirm.');
    expect(orderCodeMessage(ORDER_CODES.itemsUnavailable)).toBe('Few items are not available');
    expect(orderCodeMessage(ORDER_CODES.insufficientWallet)).toBe('Insufficient wallet amount please recharge your wallet');
    expect(orderCodeMessage(ORDER_CODES.belowMinimum, '', { minimum: '$15.00' })).toBe('Minimum items total must be $15.00');
  });

  it("tells the customer which of the vendor's limits the bill is past, in the customer's language", async () => {
    apiStub.answer = () => ({
      code: ORDER_CODES.overLimit, msg: 'The driver tip can be at most $100.00',
      Result: breakdown([priced(cartLine())], { driver_tip: 1_000_000, limit_refusal: 'driver_tip', limit_maximum: 100 }),
    });
    await checkout.fetchQuote();
    expect(checkout.$quote.get()).toMatchObject({ status: 'failed', code: ORDER_CODES.overLimit, message: 'The driver tip can be at most $100.00' });
    expect(checkout.reviewProblem()).toEqual({ kind: 'pricing' });
    const money = { locale: 'en', currency: '$', priceDecimals: 2 };
    expect(overLimitText({ limit_refusal: 'line_quantity', limit_maximum: 10 }, money)).toBe('You can order at most 10 of an item');
    expect(overLimitText({ limit_refusal: 'order_total', limit_maximum: 10_000 }, money)).toBe('An order can be at most $10,000.00');
    expect(overLimitText({ limit_refusal: '', limit_maximum: 0 }, money)).toBeUndefined();
    await activateLocale('de');
    try {
      expect(overLimitText({ limit_refusal: 'driver_tip', limit_maximum: 100 }, { ...money, locale: 'de' })).toBe('Das Trinkgeld für den Fahrer darf höchstens $100,00 betragen');
    } finally {
      await activateLocale('en');
    }
    // A server without the bill's details: its own text.
    expect(orderCodeMessage(ORDER_CODES.overLimit, 'An order can be at most $50.00')).toBe('An order can be at most $50.00');
  });
});

describe('promo codes', () => {
  it('redeems a chosen code while watching and stores its discount and cashback', async () => {
    const stop = checkout.startCheckout();
    await vi.waitFor(() => expect(calls.some((call) => call.name === 'check_restaurant_menu_with_price')).toBe(true));
    apiStub.answer = (call) => call.name === 'coupon_redeem'
      ? { code: 200, Result: breakdown([priced(cartLine())], { coupon_code: 'FLAT5', discount: 5, cashback: 1, total: 22 }) }
      : { code: 200, Result: breakdown([priced(cartLine())]) };
    choosePromoCode('FLAT5');
    await vi.waitFor(() => expect(checkout.$couponStatus.get()).toEqual({ status: 'applied', code: 'FLAT5' }));
    expect(calls.find((call) => call.name === 'coupon_redeem')!.body.coupon_code).toBe('FLAT5');
    expect($promoDiscount.get()).toBe(5);
    expect($promoCashback.get()).toBe(1);
    stop();
  });

  it('removes a refused code and says why', async () => {
    const stop = checkout.startCheckout();
    apiStub.answer = (call) => call.name === 'coupon_redeem'
      ? { code: ORDER_CODES.couponRefused, msg: 'refused', Result: breakdown([priced(cartLine())], { coupon_refusal: 'minimum_order', coupon_min_order: 25 }) }
      : { code: 200, Result: breakdown([priced(cartLine())]) };
    choosePromoCode('FLAT5');
    await vi.waitFor(() => expect(checkout.$couponStatus.get()).toMatchObject({ status: 'refused', refusal: 'minimum_order', minOrder: 25 }));
    expect($promocode.get()).toBe('');
    const money = { locale: 'en', currency: '$', priceDecimals: 2 };
    expect(couponRefusalText('minimum_order', 25, money)).toBe('Add items worth $25.00 or more to use this promo code');
    expect(couponRefusalText('single_item_only', 0, money)).toBe('This promo code is valid for a single item only');
    expect(couponRefusalText('expired', 0, money)).toBe('This promo code has expired');
    stop();
  });
});

describe('reviewProblem', () => {
  it('needs a delivery address, and both a date and a time for a scheduled order', () => {
    checkout.$quote.set({ status: 'ready', breakdown: breakdown([priced(cartLine())]) });
    expect(checkout.reviewProblem()).toBeNull();
    $primaryAddressId.set(null);
    $addresses.set({ status: 'ready', addresses: [] });
    expect(checkout.reviewProblem()).toEqual({ kind: 'address' });
    $pickupDeliveryFlag.set(0);
    expect(checkout.reviewProblem()).toBeNull();
    checkout.$schedule.set({ kind: 'later', date: '2025-01-15', start: '' });
    expect(checkout.reviewProblem()).toEqual({ kind: 'schedule' });
  });

  it('refuses now at a closed store and a total below the minimum', () => {
    checkout.$quote.set({ status: 'ready', breakdown: breakdown([priced(cartLine())]) });
    checkout.$checkoutStore.set({ status: 'ready', detail: { ...store, restaurant_on_off: '0' } });
    expect(checkout.reviewProblem()).toEqual({ kind: 'closed' });
    checkout.$checkoutStore.set({ status: 'ready', detail: { ...store, minimum_order_value: 30 } });
    expect(checkout.reviewProblem()).toEqual({ kind: 'minimum', minimum: 30 });
  });
});
