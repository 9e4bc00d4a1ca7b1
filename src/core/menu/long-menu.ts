import type { MenuCategory } from '../../../contract/api/menu.ts';
import { MENU_PAGE_ITEMS } from '../../../contract/rules/menu-parts.ts';
import { callApi } from '../api/client.ts';
import { shared } from '../platform/registry.ts';
import { CATEGORY_LOADS, itemsToCome, menuKey, menuState, type MenuRef } from './menu.ts';

/*
 * The rest of a long menu, sent in parts: a category's next items as they come into view, and a search
 * of the whole menu on the server. Apart from menu.ts, so a menu that came whole never fetches it.
 */

const categoryLoads = shared(CATEGORY_LOADS, () => new Map<string, Promise<void>>());

/**
 * The next items of a category still coming (menuwiseitem, MENU_PAGE_ITEMS at a time), added to the
 * menu; one request per category at a time. A failure leaves the category as it was, to be asked again.
 */
export function loadCategoryItems(ref: MenuRef | null, categoryId: number): Promise<void> {
  const $state = menuState(ref);
  const state = $state.get();
  const category = state.status === 'ready' ? state.categories.find((candidate) => candidate.category_id === categoryId) : undefined;
  if (state.status !== 'ready' || !category || itemsToCome(category) === 0) return Promise.resolve();
  const key = `${menuKey(ref)}#${categoryId}`;
  const running = categoryLoads.get(key);
  if (running) return running;
  const skip = category.items.length;
  const load = callApi('menuwiseitem', { restaurant_id: state.store.restaurant_id, category_id: categoryId, skip, limit: MENU_PAGE_ITEMS })
    .then((answer) => {
      const current = $state.get();
      if (current.status !== 'ready' || current.store.restaurant_id !== state.store.restaurant_id || answer.code !== 200) return;
      const page = answer.Result ?? [];
      $state.set({
        ...current,
        categories: current.categories.map((candidate) => {
          if (candidate.category_id !== categoryId || candidate.items.length !== skip) return candidate;
          // An empty page ends the category where it is (its count was larger than what the store now holds).
          return page.length === 0 ? { ...candidate, item_count: candidate.items.length } : { ...candidate, items: [...candidate.items, ...page] };
        }),
      });
    })
    .catch(() => undefined)
    .finally(() => categoryLoads.delete(key));
  categoryLoads.set(key, load);
  return load;
}

/**
 * The store's items matching the query, asked of the server (search_restaurant_category_item), for a
 * menu not all here; undefined when the answer did not come.
 */
export async function searchStoreMenu(restaurantId: number, query: string): Promise<MenuCategory[] | undefined> {
  try {
    const answer = await callApi('search_restaurant_category_item', { restaurant_id: restaurantId, search: query.trim() });
    return answer.code === 200 ? answer.Result ?? [] : undefined;
  } catch {
    return undefined;
  }
}
