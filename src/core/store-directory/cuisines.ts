import { atom } from 'nanostores';
import type { Cuisine } from '../../../contract/api/discovery.ts';
import { callApi } from '../api/client.ts';
import { shared } from '../platform/registry.ts';

/** What the store list's filter bar offers (loaded with it: a list without the bar needs none of this). */
export const $cuisines = shared('stores.cuisines', () => atom<Cuisine[]>([]));

/** Cost-for-two bands offered in the filter bar, in display currency. */
export const COST_RANGES = ['0-20', '20-40', '40-80', '80-100000'] as const;

export async function loadCuisines(): Promise<void> {
  if ($cuisines.get().length > 0) return;
  try {
    const response = await callApi('get_cuisinelist');
    if (response.code === 200) $cuisines.set(response.Result ?? []);
  } catch {
    // the filter bar simply shows no cuisines
  }
}
