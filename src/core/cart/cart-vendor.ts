import { t } from '@lingui/core/macro';
import { $cart, $orderUploadImages, clearCart } from './cart.ts';
import { $placeOrderData, $promoCashback, $promocode, $promoDiscount } from './order-mode.ts';
import { shared } from '../platform/registry.ts';
import { $settings } from '../settings/settings.ts';
import { persistentAtom } from '../platform/storage.ts';
import { showToast } from '../platform/toast.ts';

/**
 * The vendor the stored cart belongs to. Vendors on one origin (another
 * data-host) share localStorage, so a cart filled at one must not be ordered
 * at another: it is kept beside the cart as `cartVendor`.
 */
export const $cartVendor = persistentAtom<number | null>('cartVendor', null, {
  isValid: (value): value is number | null => value === null || (typeof value === 'number' && Number.isInteger(value) && value > 0),
});

/** Anything of a pending order is stored: cart lines, promo code or amounts, images, the place-order draft. */
function hasPendingOrder(): boolean {
  return (
    $cart.get().length > 0 || $promocode.get() !== '' || $promoDiscount.get() !== 0 || $promoCashback.get() !== 0 ||
    $orderUploadImages.get().length > 0 || $placeOrderData.get() !== null
  );
}

function resetPendingOrder(): void {
  clearCart();
  $promocode.set('');
  $promoDiscount.set(0);
  $promoCashback.set(0);
  $orderUploadImages.set([]);
  $placeOrderData.set(null);
}

/**
 * Called when the vendor settings load: a pending order stored for another vendor
 * is emptied with a notice, and the cart is marked as this vendor's. A cart with no
 * owner yet (stored before the owner was kept) is adopted. Returns true when it reset.
 */
export function guardCartVendor(vendorId: number, notify: (text: string) => void = (text) => showToast(text)): boolean {
  const owner = $cartVendor.get();
  const reset = owner !== null && owner !== vendorId && hasPendingOrder();
  if (reset) {
    const hadLines = $cart.get().length > 0;
    resetPendingOrder();
    notify(hadLines ? t`Your cart was from another shop and has been emptied.` : t`Your saved offer was from another shop and has been removed.`);
  }
  $cartVendor.set(vendorId);
  watchCartOwner();
  return reset;
}

/** A cart that fills again on this page belongs to this page's vendor (another vendor's tab may have claimed it meanwhile). */
function watchCartOwner(): void {
  shared('cartVendor.watch', () => {
    let wasEmpty = $cart.get().length === 0;
    $cart.listen((lines) => {
      const vendorId = $settings.get()?.vendor_id;
      if (wasEmpty && lines.length > 0 && vendorId !== undefined && $cartVendor.get() !== vendorId) $cartVendor.set(vendorId);
      wasEmpty = lines.length === 0;
    });
    return true;
  });
}
