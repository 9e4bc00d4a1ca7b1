import { atom } from 'nanostores';
import type { StoreCard } from '../../../contract/api/stores.ts';
import { callApi } from '../api/client.ts';
import { shared } from '../platform/registry.ts';
import type { Loadable } from './discovery.ts';
import { searchPoint } from './stores.ts';

/** The stores of the banner on banner-items/{banner_id} (get_banner_retaurant); 101 is an empty list. */
export const $bannerStores = shared('discovery.bannerStores', () => atom<Loadable<StoreCard[]> & { bannerId?: number }>({ status: 'idle' }));

export async function loadBannerStores(bannerId: number): Promise<void> {
  const point = searchPoint();
  if (!point) return;
  $bannerStores.set({ status: 'loading', bannerId });
  try {
    const answer = await callApi('get_banner_retaurant', { banner_id: bannerId, ...point });
    $bannerStores.set({ status: 'ready', value: answer.Result ?? [], bannerId });
  } catch {
    $bannerStores.set({ status: 'failed', bannerId });
  }
}
