// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Coupon } from '../../../contract/api/offers.ts';
import { apiStub } from '../api/client-stub.test-helpers.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const { calls } = apiStub;
const { activateLocale } = await import('../i18n/i18n.ts');
const { choosePromoCode, copyPromoCode, cutDescription, loadOffers, offersFor, parseStoreAttribute, watchOffers, PROMO_COPY_TOAST_MS } =
  await import('./offers.ts');
const { $city, $latitude, $longitude } = await import('../location/location.ts');
const { $pickupDeliveryFlag, $promoCashback, $promocode, $promoDiscount } = await import('../cart/order-mode.ts');
const { $user } = await import('../session/session-state.ts');
const { $toasts } = await import('../platform/toast.ts');

const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  id: 1, coupon_name: '10% off', coupon_code: 'WELCOME10', coupon_image: '', description: 'Ten percent', coupon_type: 'Delivery',
  discount_kind: 'percent', discount_percent: 10, discount_flat: 0, max_discount: 5, min_order: 15, cashback: 0, restaurant_id: null,
  expires_at: '', ...overrides,
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(() => activateLocale('en'));
beforeEach(() => {
  apiStub.reset(() => ({ code: 200, Result: [coupon()] }));
  $user.set(null);
  $pickupDeliveryFlag.set(1);
  $latitude.set(37.79);
  $longitude.set(-122.39);
  $city.set('San Francisco');
});

describe('offers (the offers modal, couponlisting)', () => {
  it('asks couponlisting for the order mode with an empty user id for a guest, and the place', async () => {
    await loadOffers(null);
    expect(calls[0]).toEqual({
      name: 'couponlisting',
      body: { coupon_type: 'Delivery', user_id: '', cityname: 'San Francisco', latitude: 37.79, longitude: -122.39 },
    });
    expect(offersFor(null).get()).toEqual({ status: 'ready', coupons: [coupon()] });
  });

  it('sends Pickup, the signed-in user id and the store when limited to one', async () => {
    $pickupDeliveryFlag.set(0);
    $user.set({ user_id: 9, user_name: 'Ann', mobile_number: '1', country_code: '1', email: '', wallet_amount: 0, created_at: '' });
    await loadOffers(4);
    expect(calls[0]!.body).toMatchObject({ coupon_type: 'Pickup', user_id: 9, restaurant_id: 4 });
  });

  it('treats code 101 as no offers and a failure as failed', async () => {
    apiStub.answer = () => ({ code: 101, msg: 'none' });
    await loadOffers(7);
    expect(offersFor(7).get()).toEqual({ status: 'ready', coupons: [] });
    apiStub.answer = () => {
      throw new Error('offline');
    };
    await loadOffers(8);
    expect(offersFor(8).get()).toEqual({ status: 'failed' });
  });

  it('refetches when the order mode or the place changes, once for several watchers, and stops', async () => {
    const stopA = watchOffers(null);
    const stopB = watchOffers(null);
    await flush();
    expect(calls).toHaveLength(1);
    $pickupDeliveryFlag.set(0);
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.coupon_type).toBe('Pickup');
    $latitude.set(40.7);
    await flush();
    expect(calls).toHaveLength(3);
    stopA();
    stopA();
    $city.set('Oakland');
    await flush();
    expect(calls).toHaveLength(4);
    stopB();
    $city.set('Berkeley');
    await flush();
    expect(calls).toHaveLength(4);
  });

  it('keeps the answer of the latest request when an earlier one is slower', async () => {
    let release: (value: unknown) => void = () => {};
    apiStub.answer = () => new Promise((resolve) => (release = () => resolve({ code: 200, Result: [coupon({ coupon_code: 'OLD' })] })));
    const slow = loadOffers(11);
    const releaseSlow = release;
    apiStub.answer = () => ({ code: 200, Result: [coupon({ coupon_code: 'NEW' })] });
    await loadOffers(11);
    releaseSlow(undefined);
    await slow;
    const state = offersFor(11).get();
    expect(state.status === 'ready' && state.coupons[0]!.coupon_code).toBe('NEW');
  });

  it('cuts the description at 54 characters, whole characters only', () => {
    expect(cutDescription('Short one')).toEqual({ short: 'Short one', isCut: false });
    const exact = 'x'.repeat(54);
    expect(cutDescription(exact)).toEqual({ short: exact, isCut: false });
    const long = 'Get 10% off your first Harbor Eats order, up to $5. Valid on delivery orders.';
    const cut = cutDescription(long);
    expect(cut.isCut).toBe(true);
    expect(cut.short).toBe(`${long.slice(0, 54).trimEnd()}…`);
    const emoji = '🍕'.repeat(60);
    expect(Array.from(cutDescription(emoji).short)).toHaveLength(55);
  });

  it('chooses a code for checkout and clears the old discount and cashback', () => {
    $promoDiscount.set(3);
    $promoCashback.set(2);
    choosePromoCode(' FLAT5 ');
    expect($promocode.get()).toBe('FLAT5');
    expect($promoDiscount.get()).toBe(0);
    expect($promoCashback.get()).toBe(0);
  });

  it('copies the code with a 2000 ms toast', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void written.push(text) } });
    expect(await copyPromoCode('FLAT5')).toBe(true);
    expect(written).toEqual(['FLAT5']);
    const toast = $toasts.get().at(-1)!;
    expect(toast.text).toBe('Promo code FLAT5 copied');
    expect(toast.durationMs).toBe(PROMO_COPY_TOAST_MS);
    expect(PROMO_COPY_TOAST_MS).toBe(2000);
  });

  it('reads the store attribute as base64 or a plain id', () => {
    expect(parseStoreAttribute('MQ==')).toBe(1);
    expect(parseStoreAttribute('12')).toBe(12);
    expect(parseStoreAttribute('')).toBeNull();
    expect(parseStoreAttribute('nope')).toBeNull();
  });
});
