import type { MenuItem, MenuOptionGroup } from '../../contract/api/menu.ts';
import type { RestaurantDetail } from '../../contract/api/stores.ts';
import { api } from './customer.ts';
import { API_ORIGIN, hostHeaders, type VendorHost } from './hosts.ts';

/**
 * Stores for e2e tests, in a state the test chooses. Which store a test uses is fixed (by slug),
 * and its state is set through the server's test fixture route (SF_TEST_FIXTURES=1):
 * - 'open': open at every hour of every day;
 * - 'closed': closed now, opening an hour or so later every day, taking orders ahead.
 * Files run in parallel, so each e2e file uses stores no other file changes.
 */
export type StoreState = 'open' | 'closed';

/** Puts the vendor's store in `state` (POST /test/store-hours). */
export async function setStoreState(vendor: VendorHost, restaurantId: number, state: StoreState): Promise<void> {
  const response = await fetch(`${API_ORIGIN}/test/store-hours`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...hostHeaders(vendor) },
    body: JSON.stringify({ host: vendor.host, restaurant_id: restaurantId, state }),
  });
  if (!response.ok) throw new Error(`store ${restaurantId} on ${vendor.host} not made ${state}: ${response.status} ${await response.text()}`);
}

/** The vendor's store with this slug, made `state`, with its detail as the API now answers it. */
export async function storeInState(vendor: VendorHost, slug: string, state: StoreState, lang: string): Promise<RestaurantDetail> {
  const found = await api(vendor, 'get_restaurant_detail_by_slug', { slug, is_langauge: lang });
  if (!found.Result) throw new Error(`no store ${slug} on ${vendor.host}`);
  await setStoreState(vendor, found.Result.restaurant_id, state);
  const detail = await api(vendor, 'get_restaurant_detail', { restaurant_id: found.Result.restaurant_id, is_langauge: lang });
  const onOff = state === 'open' ? '1' : '0';
  if (detail.Result?.restaurant_on_off !== onOff || (state === 'closed' && detail.Result.accepts_scheduled_orders !== 1)) {
    throw new Error(`store ${slug} is not ${state}: ${JSON.stringify(detail)}`);
  }
  return detail.Result;
}

/** The groups a customer must choose from, each with how many options. */
export function requiredChoices(item: MenuItem): Array<{ group: MenuOptionGroup; count: number }> {
  return item.customizations.filter((group) => group.required === 1 || group.min > 0).map((group) => ({ group, count: Math.max(1, group.min) }));
}

/** The store's cheapest available item that has a required option group, and its price with the first options chosen. */
export async function cheapestCustomisableItem(vendor: VendorHost, storeId: number, lang: string): Promise<{ item: MenuItem; price: number }> {
  const menu = await api(vendor, 'restaurantCategoryWithMenu', { restaurant_id: storeId, is_langauge: lang });
  let best: { item: MenuItem; price: number } | undefined;
  for (const item of (menu.Result ?? []).flatMap((category) => category.items)) {
    const choices = requiredChoices(item);
    if (item.is_available !== 1 || item.stock === 0 || choices.length === 0) continue;
    const price = item.price + choices.reduce((sum, { group, count }) => sum + group.options.slice(0, count).reduce((s, o) => s + o.price, 0), 0);
    if (!best || price < best.price) best = { item, price };
  }
  if (!best) throw new Error(`store ${storeId} on ${vendor.host} has no available item with required options`);
  return best;
}

/**
 * The file's store made open now, with an available item of it that needs no options (added by one press):
 * the menu's first such item, or its cheapest.
 */
export async function openStoreWithPlainItem(
  vendor: VendorHost, slug: string, lang: string, pick: 'first' | 'cheapest' = 'first',
): Promise<{ store: RestaurantDetail; item: MenuItem }> {
  const store = await storeInState(vendor, slug, 'open', lang);
  const menu = await api(vendor, 'restaurantCategoryWithMenu', { restaurant_id: store.restaurant_id, is_langauge: lang });
  const plain = (menu.Result ?? []).flatMap((category) => category.items)
    .filter((candidate) => candidate.is_available === 1 && candidate.stock !== 0 && candidate.customizations.length === 0);
  const item = pick === 'first' ? plain[0] : plain.sort((a, b) => a.price - b.price)[0];
  if (!item) throw new Error(`${slug} on ${vendor.host} has no available item without options`);
  return { store, item };
}

/** A store id as the storefront's URLs carry it. */
export const encodeStoreId = (id: number) => Buffer.from(String(id)).toString('base64');
