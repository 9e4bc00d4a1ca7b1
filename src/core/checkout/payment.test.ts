// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiStub } from '../api/client-stub.test-helpers.ts';
import { breakdown, cartLine, priced, store } from './checkout.fixtures.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const { calls } = apiStub;
const { activateLocale } = await import('../i18n/i18n.ts');
const { ApiError } = await import('../api/client.ts');
const { ORDER_CODES } = await import('../../../contract/constants.ts');
const { $cart, $orderUploadImages, setCart } = await import('../cart/cart.ts');
const checkout = await import('./checkout.ts');
const payment = await import('./payment.ts');
const { $pickupDeliveryFlag, $placeOrderData, $promoCashback, $promocode, $promoDiscount } = await import('../cart/order-mode.ts');

const placed = (order_id: number, extra: Record<string, unknown> = {}) => ({
  code: 200, Result: { order_id, status: 'placed', payment_status: 'paid', total: 27, payment_url: '', replayed: 0, ...extra },
});
const sent = () => calls.filter((call) => call.name === 'place_order');
const events: CustomEvent[] = [];

beforeAll(async () => {
  await activateLocale('en');
  for (const name of ['sf-order-placed', 'sf-payment-failed']) document.addEventListener(name, (event) => events.push(event as CustomEvent));
});
beforeEach(() => {
  apiStub.reset(() => placed(501));
  events.length = 0;
  setCart([cartLine()]);
  $pickupDeliveryFlag.set(0); // pickup: no address needed
  $promocode.set('');
  $placeOrderData.set(null);
  $orderUploadImages.set(['img-token-1']);
  checkout.resetCheckout();
  checkout.$checkoutStore.set({ status: 'ready', detail: store });
  checkout.$quote.set({ status: 'ready', breakdown: breakdown([priced(cartLine())]) });
});

describe('idempotency key', () => {
  it('settles an unanswered attempt exactly as sent before a changed cart goes with a new key', async () => {
    const key = payment.openPaymentStep();
    apiStub.answer = () => {
      throw new ApiError(0, 0, 'Something went wrong, Please try again.');
    };
    expect(await payment.placeOrder('cash')).toMatchObject({ kind: 'network' });
    setCart([cartLine({ quantity: 3 })]);
    apiStub.answer = (call) => (call.body.idempotency_key === key
      ? { code: ORDER_CODES.itemsUnavailable, msg: 'Few items are not available' }
      : placed(503));
    expect(await payment.placeOrder('cash')).toMatchObject({ kind: 'placed', orderId: 503 });
    const [first, second, third] = sent();
    expect(second!.body).toEqual(first!.body); // the earlier attempt, unchanged
    expect(third!.body.idempotency_key).not.toBe(key);
    expect(third!.body.lines).toMatchObject([{ quantity: 3 }]);
  });

  it('a replayed key whose online payment failed is no order: a payment message and a new key', async () => {
    const key = payment.openPaymentStep();
    apiStub.answer = () => placed(504, { status: 'payment_failed', payment_status: 'failed', replayed: 1 });
    expect(await payment.placeOrder('online', { returnUrl: 'http://shop.test/checkout' })).toMatchObject({ kind: 'refused', message: 'Payment failed' });
    expect($cart.get()).toHaveLength(1);
    expect(payment.readPlaceOrderData()?.idempotency_key).not.toBe(key);
    expect(events.filter((event) => event.type === 'sf-order-placed')).toHaveLength(0);
  });

  it('is created when the payment step opens and sent with the request', async () => {
    const key = payment.openPaymentStep();
    expect(key.length).toBeGreaterThanOrEqual(8);
    expect(payment.readPlaceOrderData()).toEqual({ idempotency_key: key });
    await payment.placeOrder('cash');
    expect(sent()[0]!.body).toMatchObject({
      idempotency_key: key, payment_method: 'cash', expected_total: 27, order_mode: 'pickup', order_images: ['img-token-1'],
      lines: [{ item_id: 10, quantity: 2, selectCustoizeID: [], price: 12 }],
    });
  });

  it('is reused after a network failure, with the cart intact, also when the payment step reopens', async () => {
    const key = payment.openPaymentStep();
    apiStub.answer = () => {
      throw new ApiError(0, 0, 'Something went wrong, Please try again.');
    };
    expect(await payment.placeOrder('cash')).toMatchObject({ kind: 'network' });
    expect($cart.get()).toHaveLength(1);
    expect(payment.readPlaceOrderData()).toMatchObject({ idempotency_key: key, request: { idempotency_key: key } });
    expect(payment.openPaymentStep()).toBe(key); // e.g. after a reload
    apiStub.answer = () => placed(502, { replayed: 1 });
    expect(await payment.placeOrder('cash')).toEqual({ kind: 'placed', orderId: 502, total: 27, method: 'cash' });
    expect(sent().map((call) => call.body.idempotency_key)).toEqual([key, key]);
  });

  it('sends one request for a double click', async () => {
    payment.openPaymentStep();
    let release!: (value: unknown) => void;
    apiStub.answer = () => new Promise((resolve) => (release = resolve));
    const first = payment.placeOrder('wallet');
    const second = payment.placeOrder('wallet');
    release(placed(503));
    expect(await first).toEqual(await second);
    expect(sent()).toHaveLength(1);
  });

  it('is new when the payment step opens after an answered attempt', async () => {
    const key = payment.openPaymentStep();
    apiStub.answer = () => ({ code: ORDER_CODES.storeClosed, msg: 'Restaurant is currently off, Please try after some time' });
    expect(await payment.placeOrder('cash')).toEqual({ kind: 'refused', code: 104, message: 'Restaurant is currently off, Please try after some time' });
    expect(payment.openPaymentStep()).not.toBe(key);
  });
});

describe('answers', () => {
  it('200: clears cart, promo, images and draft and tells the host page', async () => {
    $promocode.set('FLAT5');
    $promoDiscount.set(5);
    $promoCashback.set(1);
    payment.openPaymentStep();
    const outcome = await payment.placeOrder('wallet');
    expect(outcome).toEqual({ kind: 'placed', orderId: 501, total: 27, method: 'wallet' });
    expect($cart.get()).toEqual([]);
    expect([$promocode.get(), $promoDiscount.get(), $promoCashback.get()]).toEqual(['', 0, 0]);
    expect($orderUploadImages.get()).toEqual([]);
    expect($placeOrderData.get()).toBeNull();
    expect(events.map((event) => [event.type, event.detail])).toEqual([['sf-order-placed', { order_id: 501, total: 27, payment_method: 'wallet' }]]);
  });

  it('priceChanged: applies the new prices to the cart and asks to confirm', async () => {
    payment.openPaymentStep();
    const line = cartLine();
    apiStub.answer = () => ({
      code: ORDER_CODES.priceChanged, msg: 'changed',
      Result: breakdown([priced(line, { unit_price: 12.5, client_price: 12, price_changed: 1, line_total: 25 })]),
    });
    const outcome = await payment.placeOrder('cash');
    expect(outcome).toEqual({ kind: 'price-changed', message: 'Some of item price has been changed in your cart please go back and confirm.' });
    expect($cart.get()[0]!.price).toBe(12.5);
    expect(checkout.$changedPrices.get()).toEqual({ '10:': { from: 12, to: 12.5 } });
    expect(events).toEqual([]);
  });

  it('itemsUnavailable marks the lines; couponRefused removes the promo; invalidSchedule goes back to the schedule', async () => {
    payment.openPaymentStep();
    apiStub.answer = () => ({ code: ORDER_CODES.itemsUnavailable, Result: breakdown([priced(cartLine(), { is_available: 0 })]) });
    expect(await payment.placeOrder('cash')).toEqual({ kind: 'unavailable', message: 'Few items are not available' });
    expect(checkout.$unavailableLines.get()).toEqual(['10:']);

    $promocode.set('FREEBITE');
    apiStub.answer = () => ({ code: ORDER_CODES.couponRefused, Result: breakdown([priced(cartLine())], { coupon_refusal: 'single_item_only' }) });
    expect(await payment.placeOrder('cash')).toEqual({ kind: 'coupon', message: 'This promo code is valid for a single item only' });
    expect($promocode.get()).toBe('');

    apiStub.answer = () => ({ code: ORDER_CODES.invalidSchedule });
    expect(await payment.placeOrder('cash')).toMatchObject({ kind: 'schedule' });
    apiStub.answer = () => ({ code: ORDER_CODES.insufficientWallet });
    expect(await payment.placeOrder('wallet')).toMatchObject({ kind: 'refused', message: 'Insufficient wallet amount please recharge your wallet' });
    apiStub.answer = () => ({ code: ORDER_CODES.belowMinimum });
    expect(await payment.placeOrder('cash')).toMatchObject({ kind: 'refused', message: 'Minimum items total must be $15.00' });
    expect($cart.get()).toHaveLength(1);
  });

  it('online: keeps everything, saves the pending order and sends the return address', async () => {
    const key = payment.openPaymentStep();
    apiStub.answer = () => placed(504, { payment_status: 'pending', status: 'payment_pending', payment_url: 'http://api.test/pay/test/abc' });
    const outcome = await payment.placeOrder('online', { returnUrl: 'http://shop.test/payment-online' });
    expect(outcome).toEqual({ kind: 'redirect', url: 'http://api.test/pay/test/abc', orderId: 504 });
    expect(sent()[0]!.body.return_url).toBe('http://shop.test/payment-online');
    expect($cart.get()).toHaveLength(1);
    expect($orderUploadImages.get()).toEqual(['img-token-1']);
    expect(payment.readPlaceOrderData()).toEqual({ idempotency_key: key, pending_order_id: 504, total: 27, payment_method: 'online' });
  });

  it('online: never sends the browser to a payment address outside http(s)', async () => {
    const key = payment.openPaymentStep();
    apiStub.answer = () => placed(505, { payment_status: 'pending', status: 'payment_pending', payment_url: 'javascript:alert(1)' });
    expect(await payment.placeOrder('online', { returnUrl: 'http://shop.test/payment-online' })).toMatchObject({ kind: 'refused', message: 'Payment failed' });
    expect(payment.readPlaceOrderData()?.idempotency_key).not.toBe(key);
  });
});

describe('payment return', () => {
  it('reads order_id with payment or payment_session from the query', () => {
    expect(payment.paymentReturnParams('?order_id=7&payment=paid')).toEqual({ orderId: 7, payment: 'paid' });
    expect(payment.paymentReturnParams('?order_id=7&payment_session=s1')).toEqual({ orderId: 7, payment: 's1' });
    expect(payment.paymentReturnParams('?order_id=7')).toBeNull();
    expect(payment.paymentReturnParams('?order_id=x&payment=paid')).toBeNull();
    expect(payment.withoutPaymentParams('http://a.test/shop?x=1&order_id=7&payment=paid')).toBe('http://a.test/shop?x=1');
  });

  it('paid: finishes the order like a placed one', async () => {
    $placeOrderData.set({ idempotency_key: 'key-12345', pending_order_id: 601, total: 31.5, payment_method: 'online' });
    apiStub.answer = () => ({ code: 200, Result: { order_id: 601, payment_status: 'paid', status: 'placed' } });
    expect(await payment.completePaymentReturn(601)).toEqual({ kind: 'placed', orderId: 601, total: 31.5 });
    expect($cart.get()).toEqual([]);
    expect($placeOrderData.get()).toBeNull();
    expect(events[0]!.detail).toEqual({ order_id: 601, total: 31.5, payment_method: 'online' });
  });

  it('failed or cancelled: keeps the cart, tells the host page and takes a new key', async () => {
    $placeOrderData.set({ idempotency_key: 'key-12345', pending_order_id: 602, total: 27, payment_method: 'online' });
    apiStub.answer = () => ({ code: 200, Result: { order_id: 602, payment_status: 'cancelled', status: 'payment_failed' } });
    expect(await payment.completePaymentReturn(602)).toEqual({ kind: 'cancelled', orderId: 602, message: 'Payment cancelled' });
    expect($cart.get()).toHaveLength(1);
    expect(events.map((event) => [event.type, event.detail])).toEqual([['sf-payment-failed', { order_id: 602, reason: 'cancelled' }]]);
    const data = payment.readPlaceOrderData()!;
    expect(data.idempotency_key).not.toBe('key-12345');
    expect(data.pending_order_id).toBeUndefined();

    apiStub.answer = () => ({ code: 200, Result: { order_id: 603, payment_status: 'failed', status: 'payment_failed' } });
    expect(await payment.completePaymentReturn(603)).toMatchObject({ kind: 'failed', message: 'Payment failed' });
  });

  it('pending: asks again, then says it is still pending; a paid return for another attempt leaves this cart alone', async () => {
    apiStub.answer = () => ({ code: 200, Result: { order_id: 604, payment_status: 'pending', status: 'payment_pending' } });
    expect(await payment.completePaymentReturn(604, { attempts: 3, delayMs: 1 })).toEqual({ kind: 'pending', orderId: 604 });
    expect(calls.filter((call) => call.name === 'check_payment_status')).toHaveLength(3);

    apiStub.answer = () => ({ code: 200, Result: { order_id: 605, payment_status: 'paid', status: 'placed' } });
    expect(await payment.completePaymentReturn(605)).toMatchObject({ kind: 'placed', orderId: 605 });
    expect($cart.get()).toHaveLength(1);
  });
});
