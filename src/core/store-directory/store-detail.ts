import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { callApi } from '../api/client.ts';
import { $latitude, $longitude, pointOrBlank } from '../location/location.ts';
import { shared } from '../platform/registry.ts';

/**
 * The cart's store (minimum order, hours, time zone, address) for the cart drawer and the checkout:
 * one get_restaurant_detail per store and place a minute, also when the menu just loaded it.
 */
export const STORE_DETAIL_TTL_MS = 60_000;

const cache = shared('store-detail.cache', () => new Map<string, { at: number; detail: Promise<RestaurantDetail | null> }>());

function keyOf(restaurantId: number): string {
  return `${restaurantId}@${$latitude.get() ?? ''},${$longitude.get() ?? ''}`;
}

/** The menu loads the store fresh (open or closed now) and leaves it here for the drawer and the checkout. */
export function rememberStoreDetail(detail: RestaurantDetail): void {
  cache.set(keyOf(detail.restaurant_id), { at: Date.now(), detail: Promise.resolve(detail) });
}

/** The store's detail, null when the server does not know it; a failed request is not kept, so asking again retries. */
export function storeDetail(restaurantId: number): Promise<RestaurantDetail | null> {
  const key = keyOf(restaurantId);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < STORE_DETAIL_TTL_MS) return hit.detail;
  const detail = callApi('get_restaurant_detail', {
    restaurant_id: restaurantId, ...pointOrBlank(),
  }).then((response) => (response.code === 200 && response.Result ? response.Result : null));
  cache.set(key, { at: Date.now(), detail });
  detail.then((found) => found ?? cache.delete(key), () => cache.delete(key));
  return detail;
}
