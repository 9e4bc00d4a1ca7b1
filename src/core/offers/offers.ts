import { t } from '@lingui/core/macro';
import { atom, computed, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { Coupon, CouponListingRequest } from '../../../contract/api/offers.ts';
import { callApi } from '../api/client.ts';
import { decodeId } from '../platform/ids.ts';
import { $city, $latitude, $longitude } from '../location/location.ts';
import { $pickupDeliveryFlag, $promoCashback, $promocode, $promoDiscount } from '../cart/order-mode.ts';
import { whileWatched } from '../platform/lifecycle.ts';
import { shared } from '../platform/registry.ts';
import { $user } from '../session/session-state.ts';
import { showError, showToast } from '../platform/toast.ts';

/** A promo description shows up to 54 characters before More. */
export const PROMO_DESCRIPTION_LIMIT = 54;
/** The promo copy toast lasts 2000 ms. */
export const PROMO_COPY_TOAST_MS = 2000;

export type OffersState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; coupons: Coupon[] }
  | { status: 'failed' };

/** What the list depends on: order mode, place and customer. A change refetches. */
export const $offersQuery = shared('offers.query', () =>
  computed([$pickupDeliveryFlag, $latitude, $longitude, $city, $user], (flag, latitude, longitude, city, user): CouponListingRequest => ({
    coupon_type: flag === 1 ? 'Delivery' : 'Pickup',
    // A guest sees the offers with an empty user id.
    user_id: user?.user_id ?? '',
    cityname: city,
    latitude: latitude ?? '',
    longitude: longitude ?? '',
  })),
);

interface OffersEntry {
  store: WritableAtom<OffersState>;
  latest: number;
  /** Adds a watcher: the list follows the order mode, place and customer while anyone watches. */
  watch: () => () => void;
}

const lists = shared('offers.lists', () => new Map<string, OffersEntry>());

function entry(storeId: number | null): OffersEntry {
  const key = storeId === null ? 'all' : String(storeId);
  let found = lists.get(key);
  if (!found) {
    const created: OffersEntry = {
      store: atom<OffersState>({ status: 'idle' }),
      latest: 0,
      watch: whileWatched(() => {
        let last = '';
        return $offersQuery.subscribe((query) => {
          const next = JSON.stringify(query);
          if (next === last) return;
          last = next;
          void loadOffers(storeId);
        });
      }),
    };
    lists.set(key, created);
    found = created;
  }
  return found;
}

/** The offers of every store (null) or of one store and the vendor-wide ones. */
export function offersFor(storeId: number | null): ReadableAtom<OffersState> {
  return entry(storeId).store;
}

/** The `store` attribute: a base64 store id as in restaurant/{restaurant_id}, or a plain number. */
export function parseStoreAttribute(value: string | undefined | null): number | null {
  if (!value) return null;
  const decoded = decodeId(value);
  if (decoded !== null) return decoded;
  return /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

export function couponListingRequest(storeId: number | null): CouponListingRequest {
  return { ...$offersQuery.get(), ...(storeId === null ? {} : { restaurant_id: storeId }) };
}

/** couponlisting for the current order mode and place; a later call wins over a slower earlier one. */
export async function loadOffers(storeId: number | null): Promise<void> {
  const list = entry(storeId);
  const request = ++list.latest;
  if (list.store.get().status !== 'ready') list.store.set({ status: 'loading' });
  try {
    const response = await callApi('couponlisting', couponListingRequest(storeId));
    if (request !== list.latest) return;
    list.store.set({ status: 'ready', coupons: response.code === 200 ? (response.Result ?? []) : [] });
  } catch {
    if (request === list.latest) list.store.set({ status: 'failed' });
  }
}

/**
 * Loads the offers now and again whenever the order mode, place or customer changes;
 * several elements showing the same list share one subscription. Returns the stop.
 */
export function watchOffers(storeId: number | null): () => void {
  return entry(storeId).watch();
}

/** The description cut at 54 characters (whole characters, so Arabic and emoji stay intact). */
export function cutDescription(text: string, limit = PROMO_DESCRIPTION_LIMIT): { short: string; isCut: boolean } {
  const characters = Array.from(text.trim());
  if (characters.length <= limit) return { short: text.trim(), isCut: false };
  return { short: `${characters.slice(0, limit).join('').trimEnd()}…`, isCut: true };
}

/** Applies a code at checkout: the checkout watches $promocode and redeems it; old amounts no longer hold. */
export function choosePromoCode(code: string): void {
  $promoDiscount.set(0);
  $promoCashback.set(0);
  $promocode.set(code.trim());
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (insecure page) or no permission: the selection fallback.
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      field.remove();
    }
  }
}

/** Copies the code and says so for 2000 ms; on failure it shows the code to copy by hand. */
export async function copyPromoCode(code: string): Promise<boolean> {
  const copied = await writeClipboard(code);
  if (copied) showToast(t`Promo code ${code} copied`, { kind: 'success', durationMs: PROMO_COPY_TOAST_MS });
  else showError(t`Could not copy. The code is ${code}`, PROMO_COPY_TOAST_MS);
  return copied;
}
