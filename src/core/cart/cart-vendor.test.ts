// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VendorSettings } from '../../../contract/api/settings.ts';
import { $cart, $orderUploadImages, setCart } from './cart.ts';
import { $cartVendor, guardCartVendor } from './cart-vendor.ts';
import { cartLine } from '../checkout/checkout.fixtures.ts';
import { $placeOrderData, $promoCashback, $promocode, $promoDiscount } from './order-mode.ts';
import { $settings } from '../settings/settings.ts';
import { activateLocale } from '../i18n/i18n.ts';
import { onCorruptStorage } from '../platform/storage.ts';

const line = cartLine({ itemTotalQuantity: 0 });

function fillPendingOrder(): void {
  setCart([line]);
  $promocode.set('WELCOME10');
  $promoDiscount.set(1.2);
  $promoCashback.set(0.5);
  $orderUploadImages.set(['token-1']);
  $placeOrderData.set({ idempotency_key: 'abcdefgh' });
}

describe('cart guard: the cart belongs to one vendor', () => {
  beforeAll(() => activateLocale('en'));
  beforeEach(() => {
    setCart([]);
    $cartVendor.set(null);
    $promocode.set('');
    $promoDiscount.set(0);
    $promoCashback.set(0);
    $placeOrderData.set(null);
  });

  it('adopts a cart with no owner and keeps it for the same vendor', () => {
    fillPendingOrder();
    const notices: string[] = [];
    expect(guardCartVendor(1, (text) => notices.push(text))).toBe(false);
    expect($cartVendor.get()).toBe(1);
    expect(localStorage.getItem('cartVendor')).toBe('1');
    expect(guardCartVendor(1, (text) => notices.push(text))).toBe(false);
    expect($cart.get()).toHaveLength(1);
    expect($promocode.get()).toBe('WELCOME10');
    expect(notices).toEqual([]);
  });

  it('empties the cart, promo code, discount, cashback, images and draft of another vendor, with a notice', () => {
    guardCartVendor(1, () => {});
    fillPendingOrder();
    const notices: string[] = [];
    expect(guardCartVendor(2, (text) => notices.push(text))).toBe(true);
    expect($cart.get()).toEqual([]);
    expect(localStorage.getItem('cart')).toBe('[]');
    expect($promocode.get()).toBe('');
    expect($promoDiscount.get()).toBe(0);
    expect($promoCashback.get()).toBe(0);
    expect($orderUploadImages.get()).toEqual([]);
    expect($placeOrderData.get()).toBeNull();
    expect($cartVendor.get()).toBe(2);
    expect(notices).toEqual(['Your cart was from another shop and has been emptied.']);
  });

  it('says nothing when another vendor left nothing pending', () => {
    guardCartVendor(1, () => {});
    const notices: string[] = [];
    expect(guardCartVendor(2, (text) => notices.push(text))).toBe(false);
    expect(notices).toEqual([]);
    expect($cartVendor.get()).toBe(2);
  });

  it('names a leftover promo code of another vendor even with an empty cart', () => {
    guardCartVendor(1, () => {});
    $promocode.set('FLAT5');
    const notices: string[] = [];
    expect(guardCartVendor(2, (text) => notices.push(text))).toBe(true);
    expect($promocode.get()).toBe('');
    expect(notices[0]).toMatch(/another shop/);
  });

  it('claims a cart filled again on this page after another vendor took the owner mark', () => {
    $settings.set({ vendor_id: 3 } as VendorSettings);
    guardCartVendor(3, () => {});
    $cartVendor.set(4); // another vendor's tab on this origin
    setCart([line]);
    expect($cartVendor.get()).toBe(3);
    $settings.set(null);
  });

  it('resets a corrupt cart from another tab and reports it for the notice', () => {
    const reported: string[] = [];
    const stop = onCorruptStorage((key) => reported.push(key));
    setCart([line]);
    localStorage.setItem('cart', '[{"item_id":"oops"}]');
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: '[{"item_id":"oops"}]', storageArea: localStorage }));
    expect($cart.get()).toEqual([]);
    expect(reported).toContain('cart');
    stop();
  });
});
