import { atom } from 'nanostores';
import type { Banner, Brand, Envelope, StoreCard, TagGroup } from './api/contract.ts';
import { callApi } from './api/client.ts';
import { shared } from './registry.ts';
import { searchPoint } from './stores.ts';

/** Something loaded once per place: loading, its value, or a failure the customer can retry. */
export type Loadable<T> = { status: 'idle' | 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

export const $banners = shared('discovery.banners', () => atom<Loadable<Banner[]>>({ status: 'idle' }));
export const $brands = shared('discovery.brands', () => atom<Loadable<Brand[]>>({ status: 'idle' }));
export const $tagGroups = shared('discovery.tags', () => atom<Loadable<TagGroup[]>>({ status: 'idle' }));
export const $brandStores = shared('discovery.brandStores', () => atom<Loadable<StoreCard[]> & { brandId?: number }>({ status: 'idle' }));

async function load<T>(store: { set(value: Loadable<T>): void }, call: string, body: object = {}): Promise<void> {
  store.set({ status: 'loading' });
  try {
    const response = await callApi<Envelope<T>>(call, body);
    // 101 is "none here": an empty list, not a failure.
    store.set({ status: 'ready', value: (response.Result ?? []) as T });
  } catch {
    store.set({ status: 'failed' });
  }
}

export const loadBanners = () => load<Banner[]>($banners, 'get_banner');
export const loadBrands = () => load<Brand[]>($brands, 'brand-list');

export function loadTagGroups(): Promise<void> {
  const point = searchPoint();
  return point ? load<TagGroup[]>($tagGroups, 'tag_wise_restaurant_menu_item', point) : Promise.resolve();
}

export async function loadBrandStores(brandId: number): Promise<void> {
  const point = searchPoint();
  if (!point) return;
  await load<StoreCard[]>({ set: (value) => $brandStores.set({ ...value, brandId }) }, 'brand-restaurant', { brand_id: brandId, ...point });
}
