import { atom } from 'nanostores';
import type { Envelope } from '../../../contract/api/common.ts';
import type { Banner, Brand, TagGroup } from '../../../contract/api/discovery.ts';
import type { StoreCard } from '../../../contract/api/stores.ts';
import { callApi } from '../api/client.ts';
import { shared } from '../platform/registry.ts';
import { searchPoint } from './stores.ts';

/** Something loaded once per place: loading, its value, or a failure the customer can retry. */
export type Loadable<T> = { status: 'idle' | 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

export const $banners = shared('discovery.banners', () => atom<Loadable<Banner[]>>({ status: 'idle' }));
export const $brands = shared('discovery.brands', () => atom<Loadable<Brand[]>>({ status: 'idle' }));
export const $tagGroups = shared('discovery.tags', () => atom<Loadable<TagGroup[]>>({ status: 'idle' }));
export const $brandStores = shared('discovery.brandStores', () => atom<Loadable<StoreCard[]> & { brandId?: number }>({ status: 'idle' }));

/** A list's state from its answer; 101 is "none here": an empty list, not a failure. */
export const loadedList = <T>(response: Envelope<T[]>): Loadable<T[]> => ({ status: 'ready', value: response.Result ?? [] });

async function load<T>(store: { set(value: Loadable<T[]>): void }, request: () => Promise<Envelope<T[]>>): Promise<void> {
  store.set({ status: 'loading' });
  try {
    store.set(loadedList(await request()));
  } catch {
    store.set({ status: 'failed' });
  }
}

export const loadBanners = () => load($banners, () => callApi('get_banner'));
export const loadBrands = () => load($brands, () => callApi('brand-list'));

/** Set when the page came with the tag groups of the search point (full page): their first load keeps them. */
export const servedTagGroups = shared('discovery.servedTags', () => ({ taken: false }));

export function loadTagGroups(): Promise<void> {
  const point = searchPoint();
  if (servedTagGroups.taken) servedTagGroups.taken = false;
  else if (point) return load($tagGroups, () => callApi('tag_wise_restaurant_menu_item', point));
  return Promise.resolve();
}

export async function loadBrandStores(brandId: number): Promise<void> {
  const point = searchPoint();
  if (!point) return;
  await load({ set: (value: Loadable<StoreCard[]>) => $brandStores.set({ ...value, brandId }) }, () => callApi('brand-restaurant', { brand_id: brandId, ...point }));
}
