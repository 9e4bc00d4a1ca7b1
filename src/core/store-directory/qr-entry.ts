import type { VendorSettings } from '../../../contract/api/settings.ts';
import { $orderUploadImages } from '../cart/cart.ts';
import { isPickupOffered, setOrderMode } from '../cart/order-mode.ts';
import { decodeId } from '../platform/ids.ts';
import { persistentAtom } from '../platform/storage.ts';
import { chooseStore } from './store-selection.ts';

/** The store whose QR code (route qr/{restaurantid}) the customer came from, base64 like restaurantId; '' when none. */
export const $qrRestaurantId = persistentAtom<string>('qrRestaurantId', '', {
  isValid: (value): value is string => typeof value === 'string' && value.length <= 40,
});

/**
 * Arriving by a store's QR code: the store becomes the selected store (restaurantId), the visit is
 * remembered (qrRestaurantId), and since a QR code hangs in the store the order mode becomes pickup
 * where the vendor offers pickup (otherwise delivery stays). Answers the store id, or null for a
 * code that is no store id (nothing changes then).
 */
export function enterByQr(encoded: string, settings: Pick<VendorSettings, 'is_pickup_enable'> | null): number | null {
  const id = decodeId(encoded);
  if (id === null) return null;
  chooseStore(id);
  $qrRestaurantId.set(encoded);
  setOrderMode(isPickupOffered(settings) ? 'pickup' : 'delivery', () => $orderUploadImages.set([]));
  return id;
}

/** The customer came to this store by its QR code. */
export function cameByQr(restaurantId: number): boolean {
  return decodeId($qrRestaurantId.get()) === restaurantId;
}
