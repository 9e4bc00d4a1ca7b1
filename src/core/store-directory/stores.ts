import { atom } from 'nanostores';
import type { CallAnswer, CallRequest } from '../../../contract/api/calls.ts';
import type { StoreCard, StoreFilter, StoreSort } from '../../../contract/api/stores.ts';
import { callApi } from '../api/client.ts';
import { $latitude, $longitude, $city, $state } from '../location/location.ts';
import { orderMode } from '../cart/order-mode.ts';
import { shared } from '../platform/registry.ts';
import { $settings } from '../settings/settings.ts';

/**
 * The store list asks for this many stores at a time: the first page shows at once, the next ones come as
 * the customer scrolls toward the end (loadMoreStores). A multiple of 2, 3 and 4 columns.
 */
export const STORE_PAGE_SIZE = 48;

/** Pages after the first: `more` is 'idle' while more may follow, 'loading', 'failed' (to retry), or 'done'. */
export type MoreStores = 'idle' | 'loading' | 'failed' | 'done';

export type StoreListState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; stores: StoreCard[]; more: MoreStores }
  | { status: 'empty'; message: string }
  | { status: 'failed'; message: string };

export const $storeList = shared('stores.list', () => atom<StoreListState>({ status: 'idle' }));

/** The customer's narrowing of the list (the filters of get_nearby_restaurant_v2). */
export interface StoreFilters {
  cuisineId: number | null;
  sort: StoreSort | '';
  filter: StoreFilter | '';
  /** Cost for two, 'min-max' in display currency, or ''. */
  costRange: string;
}

export const NO_FILTERS: StoreFilters = { cuisineId: null, sort: '', filter: '', costRange: '' };
export const $storeFilters = shared('stores.filters', () => atom<StoreFilters>(NO_FILTERS));

export function activeFilterCount(filters: StoreFilters): number {
  return [filters.cuisineId !== null, filters.sort !== '', filters.filter !== '', filters.costRange !== ''].filter(Boolean).length;
}

/** The customer's place, else the vendor's system coordinates. */
export function searchPoint(): { latitude: number; longitude: number } | null {
  const latitude = $latitude.get();
  const longitude = $longitude.get();
  if (latitude !== null && longitude !== null) return { latitude, longitude };
  const settings = $settings.get();
  return settings ? { latitude: settings.system_latitude, longitude: settings.system_longitude } : null;
}

let latest = 0;

/** The request of get_nearby_restaurant_v2 for the search point, the filters and the order mode, from `skip`. */
export function nearbyRequest(point: { latitude: number; longitude: number }, skip: number): CallRequest<'get_nearby_restaurant_v2'> {
  const filters = $storeFilters.get();
  return {
    ...point,
    cuisine_id: filters.cuisineId ?? '',
    sort_type: filters.sort,
    filter_type: filters.filter,
    cost_range: filters.costRange,
    cityname: $city.get(),
    state: $state.get(),
    delivery_type_time_slots: orderMode(),
    total_record: STORE_PAGE_SIZE,
    skip,
  };
}

const nearbyPage = (point: { latitude: number; longitude: number }, skip: number) => callApi('get_nearby_restaurant_v2', nearbyRequest(point, skip));

/** The first page's state from its answer. */
export function firstPage(response: CallAnswer<'get_nearby_restaurant_v2'>): StoreListState {
  const stores = response.Result ?? [];
  return response.code === 200 && stores.length > 0
    ? { status: 'ready', stores, more: stores.length < STORE_PAGE_SIZE ? 'done' : 'idle' }
    : { status: 'empty', message: response.msg ?? '' };
}

/** Set when the page came with the first page of stores the list would ask for (full page): its first load keeps them. */
export const servedStores = shared('stores.served', () => ({ taken: false }));

/** Loads the first page of the stores that serve the search point (get_nearby_restaurant_v2). */
export async function loadStores(): Promise<void> {
  const point = searchPoint();
  if (!point) return;
  const request = ++latest;
  // The page came with this very list: the first load keeps it (a later one asks again, for fresh hours).
  if (servedStores.taken) return void (servedStores.taken = false);
  $storeList.set({ status: 'loading' });
  try {
    const response = await nearbyPage(point, 0);
    if (request !== latest) return;
    $storeList.set(firstPage(response));
  } catch (error) {
    if (request === latest) $storeList.set({ status: 'failed', message: (error as Error).message });
  }
}

/**
 * Appends the next page of stores (after a ready list whose end has not been reached). A page that fails
 * leaves the list as it is, marked 'failed' so the list offers to try again; a new search drops it.
 */
export async function loadMoreStores(): Promise<void> {
  const point = searchPoint();
  const state = $storeList.get();
  if (!point || state.status !== 'ready' || state.more === 'loading' || state.more === 'done') return;
  const request = latest;
  $storeList.set({ ...state, more: 'loading' });
  try {
    const response = await nearbyPage(point, state.stores.length);
    const current = $storeList.get();
    if (request !== latest || current.status !== 'ready') return;
    const known = new Set(current.stores.map((store) => store.restaurant_id));
    const page = response.code === 200 ? (response.Result ?? []) : [];
    const stores = [...current.stores, ...page.filter((store) => !known.has(store.restaurant_id))];
    $storeList.set({ status: 'ready', stores, more: page.length < STORE_PAGE_SIZE ? 'done' : 'idle' });
  } catch {
    const current = $storeList.get();
    if (request === latest && current.status === 'ready') $storeList.set({ ...current, more: 'failed' });
  }
}
