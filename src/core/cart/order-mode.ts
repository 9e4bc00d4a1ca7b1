import type { VendorSettings } from '../../../contract/api/settings.ts';
import { $orderUploadImages } from './cart.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { persistentAtom } from '../platform/storage.ts';

/** Order mode: delivery is flag 1, pickup 0 (stored as pickupDeliveryFlag). */
export type OrderMode = 'delivery' | 'pickup';

const isFlag = (value: unknown): value is 0 | 1 => value === 0 || value === 1;

export const $pickupDeliveryFlag = persistentAtom<0 | 1>('pickupDeliveryFlag', 1, { isValid: isFlag });
export const $promocode = persistentAtom<string>('promocode', '', { isValid: (value): value is string => typeof value === 'string' });
export const $promoDiscount = persistentAtom<number>('promoDiscount', 0, { isValid: (value): value is number => typeof value === 'number' });
export const $promoCashback = persistentAtom<number>('promoCashback', 0, { isValid: (value): value is number => typeof value === 'number' });
/** The draft of the order being placed (localStorage place_order_data); its fields arrive with checkout. */
export const $placeOrderData = persistentAtom<Record<string, unknown> | null>('place_order_data', null, {
  isValid: (value): value is Record<string, unknown> | null => value === null || (typeof value === 'object' && !Array.isArray(value)),
});
/** Driver tip, set to 0 at each sign-in. */
export const $driverTip = persistentAtom<number>('driverTip', 0, { isValid: (value): value is number => typeof value === 'number' && value >= 0 });

export function orderMode(): OrderMode {
  return $pickupDeliveryFlag.get() === 1 ? 'delivery' : 'pickup';
}

/** Switching clears the saved promo code, discount, cashback and order images; unchanged does nothing. */
export function setOrderMode(mode: OrderMode, clearOrderImages: () => void): boolean {
  const flag = mode === 'delivery' ? 1 : 0;
  if ($pickupDeliveryFlag.get() === flag) return false;
  $pickupDeliveryFlag.set(flag);
  $promocode.set('');
  $promoDiscount.set(0);
  $promoCashback.set(0);
  clearOrderImages();
  return true;
}

/** Pickup is offered (and the switch shown) only when is_pickup_enable is the string 'true'. */
export function isPickupOffered(settings: Pick<VendorSettings, 'is_pickup_enable'> | null): boolean {
  return settings?.is_pickup_enable === 'true';
}

/** Delivery and the vendor's own word for pickup (terminology.takeaway_text), as the switches show them. */
export function orderModeChoices(settings: Pick<VendorSettings, 'terminology'> | null): Array<[OrderMode, string]> {
  return [['delivery', say(MESSAGES.delivery)], ['pickup', settings?.terminology?.takeaway_text || say(MESSAGES.takeaway)]];
}

/** The customer picks a mode in any switch: setOrderMode, order images emptied, the host page told. */
export function chooseOrderMode(mode: OrderMode, host: EventTarget): void {
  if (setOrderMode(mode, () => $orderUploadImages.set([]))) emitHostEvent('sf-order-mode-change', { mode }, host);
}
