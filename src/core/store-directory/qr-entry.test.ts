// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { $orderUploadImages } from '../cart/cart.ts';
import { $pickupDeliveryFlag, $promocode } from '../cart/order-mode.ts';
import { $restaurantId } from '../location/location.ts';
import { encodeId } from '../platform/ids.ts';
import { $qrRestaurantId, cameByQr, enterByQr } from './qr-entry.ts';

describe('arriving by a store QR code', () => {
  beforeEach(() => {
    $restaurantId.set('');
    $qrRestaurantId.set('');
    $pickupDeliveryFlag.set(1);
    $promocode.set('SAVE10');
  });

  it('selects the store, remembers the code and orders for pickup where the vendor offers it', () => {
    expect(enterByQr(encodeId(12), { is_pickup_enable: 'true' })).toBe(12);
    expect($restaurantId.get()).toBe(encodeId(12));
    expect(localStorage.getItem('qrRestaurantId')).toBe(JSON.stringify(encodeId(12)));
    expect(cameByQr(12)).toBe(true);
    expect(cameByQr(13)).toBe(false);
    expect($pickupDeliveryFlag.get()).toBe(0);
    expect($promocode.get()).toBe(''); // a mode switch clears the promo code as the header switch does
    expect($orderUploadImages.get()).toEqual([]);
  });

  it('keeps delivery where the vendor has no pickup', () => {
    $pickupDeliveryFlag.set(0);
    expect(enterByQr(encodeId(7), { is_pickup_enable: 'false' })).toBe(7);
    expect($pickupDeliveryFlag.get()).toBe(1);
  });

  it('changes nothing for a code that is no store id', () => {
    expect(enterByQr('not-an-id', { is_pickup_enable: 'true' })).toBeNull();
    expect(enterByQr(encodeId('0'), { is_pickup_enable: 'true' })).toBeNull();
    expect($restaurantId.get()).toBe('');
    expect($qrRestaurantId.get()).toBe('');
    expect($pickupDeliveryFlag.get()).toBe(1);
    expect($promocode.get()).toBe('SAVE10');
  });
});
