import { atom } from 'nanostores';
import type { SearchItem } from '../../../contract/api/discovery.ts';
import type { StoreCard } from '../../../contract/api/stores.ts';
import { callApi } from '../api/client.ts';
import { shared } from '../platform/registry.ts';
import { searchPoint } from './stores.ts';

/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
export const MIN_SEARCH_LENGTH = 2;

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'ready'; query: string; stores: StoreCard[]; items: SearchItem[] }
  | { status: 'failed'; query: string };

export const $search = shared('search.state', () => atom<SearchState>({ status: 'idle' }));

export function normaliseQuery(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

let latest = 0;

/** Stores and items near the customer matching `text` (search_restaurants, search_restaurants_item). */
export async function search(text: string): Promise<void> {
  const query = normaliseQuery(text);
  const request = ++latest;
  const point = searchPoint();
  if (query.length < MIN_SEARCH_LENGTH || !point) {
    $search.set({ status: 'idle' });
    return;
  }
  $search.set({ status: 'loading', query });
  try {
    const body = { search: query, ...point };
    const [stores, items] = await Promise.all([
      callApi('search_restaurants', body),
      callApi('search_restaurants_item', body),
    ]);
    if (request !== latest) return;
    $search.set({ status: 'ready', query, stores: stores.Result ?? [], items: items.Result ?? [] });
  } catch {
    if (request === latest) $search.set({ status: 'failed', query });
  }
}
