import { atom, type WritableAtom } from 'nanostores';
import type { CallAnswer, CallRequest } from '../../../contract/api/calls.ts';
import type { MenuCategory, MenuItem } from '../../../contract/api/menu.ts';
import { firstMenuCalls } from '../../../contract/rules/menu-parts.ts';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { ApiError, callApi } from '../api/client.ts';
import { pointOrBlank } from '../location/location.ts';
import { decodeId } from '../platform/ids.ts';
import { shared } from '../platform/registry.ts';
import { rememberStoreDetail } from '../store-directory/store-detail.ts';

/* ---------- which store ---------- */

/** A store named by its base64 id (route restaurant/{restaurant_id}) or by its slug (route vendor/{restaurant_name}). */
export type MenuRef = { kind: 'id'; id: number } | { kind: 'slug'; slug: string };

/**
 * The store an element asks for: `store` (base64 id, e.g. 'MQ==') wins over `slug`.
 * Returns null when neither names a store (a bad base64 id included): the menu shows 'Store not found'.
 */
export function parseMenuRef(store: string | undefined | null, slug: string | undefined | null): MenuRef | null {
  const encoded = store?.trim();
  if (encoded) {
    const id = decodeId(encoded);
    return id === null ? null : { kind: 'id', id };
  }
  const name = slug?.trim();
  return name ? { kind: 'slug', slug: name } : null;
}

export function menuKey(ref: MenuRef | null): string {
  if (!ref) return 'none';
  return ref.kind === 'id' ? `id:${ref.id}` : `slug:${ref.slug}`;
}

/* ---------- menu state: one atom per store, shared by every island on the page ---------- */

export type MenuState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; store: RestaurantDetail; categories: MenuCategory[] }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

const menus = shared('menu.byStore', () => new Map<string, WritableAtom<MenuState>>());
const requests = shared('menu.requests', () => new Map<string, number>());

/** The menu state of one store (the same atom for every island asking for it). */
export function menuState(ref: MenuRef | null): WritableAtom<MenuState> {
  const key = menuKey(ref);
  let found = menus.get(key);
  if (!found) {
    found = atom<MenuState>(ref ? { status: 'idle' } : { status: 'not-found' });
    menus.set(key, found);
  }
  return found;
}

/** The requests of a store's detail, by id or slug, as the menu asks for it. */
export function storeDetailCall(ref: MenuRef) {
  const place = pointOrBlank();
  return ref.kind === 'id'
    ? { name: 'get_restaurant_detail' as const, body: { restaurant_id: ref.id, ...place } }
    : { name: 'get_restaurant_detail_by_slug' as const, body: { slug: ref.slug, ...place } };
}

/** Whether the detail names a store (else the menu is 'not-found'). */
export const isStoreFound = (detail: CallAnswer<'get_restaurant_detail'>): detail is { code: 200; Result: RestaurantDetail } => detail.code === 200 && !!detail.Result;

/**
 * The menu from its outline (every category it shows, with its number of items) and its first part
 * (the first categories with their items): each category of the outline, with the items already sent;
 * a category whose items are still to come has fewer items than its item_count.
 */
export function stateOfMenu(
  store: RestaurantDetail, outline: CallAnswer<'restaurant_categorylisting'>, part: CallAnswer<'restaurant_menu_wise_category'>,
): MenuState {
  for (const answer of [outline, part]) if (answer.code !== 200 && answer.code !== 101) return { status: 'failed', message: answer.msg ?? '' };
  const sent = new Map((part.Result ?? []).map((category) => [category.category_id, category]));
  const categories = (outline.Result ?? []).map((summary): MenuCategory => {
    const category = sent.get(summary.category_id);
    return { category_id: summary.category_id, name: summary.name, items: category?.items ?? [], item_count: summary.item_count };
  });
  return { status: 'ready', store, categories };
}

/** The pages of categories being asked for (long-menu.ts), by store and category. */
export const CATEGORY_LOADS = 'menu.categoryLoads';

/** How many of the category's items are still to come. */
export function itemsToCome(category: MenuCategory): number {
  return Math.max(0, (category.item_count ?? category.items.length) - category.items.length);
}

/** Whether every item of the menu is here (so a search of the loaded items is a search of the menu). */
export function isMenuComplete(categories: readonly MenuCategory[]): boolean {
  return categories.every((category) => itemsToCome(category) === 0);
}

/**
 * Loads the store (get_restaurant_detail or get_restaurant_detail_by_slug), then its menu's outline
 * (restaurant_categorylisting) and first part (restaurant_menu_wise_category) together; the rest of a
 * long menu comes category by category (loadCategoryItems). A code other than 200 on the detail, or
 * HTTP 404, is 'not-found'; any other failure is 'failed' (the island offers Retry).
 */
export async function loadMenu(ref: MenuRef | null): Promise<void> {
  const $state = menuState(ref);
  if (!ref) {
    $state.set({ status: 'not-found' });
    return;
  }
  const key = menuKey(ref);
  const request = (requests.get(key) ?? 0) + 1;
  requests.set(key, request);
  const current = () => requests.get(key) === request;
  $state.set({ status: 'loading' });
  try {
    const { name, body } = storeDetailCall(ref);
    // Both calls answer the same (the store's detail).
    const detail = await callApi(name as 'get_restaurant_detail', body as CallRequest<'get_restaurant_detail'>);
    if (!current()) return;
    if (!isStoreFound(detail)) {
      $state.set({ status: 'not-found' });
      return;
    }
    const store = detail.Result;
    rememberStoreDetail(store);
    const calls = firstMenuCalls(store.restaurant_id);
    const [outline, part] = await Promise.all([callApi(calls.outline.name, calls.outline.body), callApi(calls.part.name, calls.part.body)]);
    if (!current()) return;
    $state.set(stateOfMenu(store, outline, part));
  } catch (error) {
    if (!current()) return;
    if (error instanceof ApiError && error.status === 404) $state.set({ status: 'not-found' });
    else $state.set({ status: 'failed', message: (error as Error).message });
  }
}

/** Forgets loaded menus (tests, and the server between the pages it draws). */
export function forgetMenus(): void {
  menus.clear();
  requests.clear();
  shared(CATEGORY_LOADS, () => new Map<string, Promise<void>>()).clear();
}

/* ---------- the store ---------- */

/** restaurant_on_off '0' is closed; a closed store still takes orders when it accepts scheduled ones. */
export function isStoreClosed(store: Pick<RestaurantDetail, 'restaurant_on_off'>): boolean {
  return store.restaurant_on_off === '0';
}

export function canAddFromStore(store: Pick<RestaurantDetail, 'restaurant_on_off' | 'accepts_scheduled_orders'>): boolean {
  return !isStoreClosed(store) || store.accepts_scheduled_orders === 1;
}

/** An item can be ordered when available and not out of stock (stock null is unlimited). */
export function isItemOrderable(item: Pick<MenuItem, 'is_available' | 'stock'>): boolean {
  return item.is_available === 1 && (item.stock === null || item.stock > 0);
}


/* ---------- search and rows ---------- */

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

// Each item's searchable text, folded once per loaded menu rather than on every keystroke.
const foldedItems = new WeakMap<MenuItem, string>();
function foldedItem(item: MenuItem): string {
  let text = foldedItems.get(item);
  if (text === undefined) foldedItems.set(item, (text = fold(`${item.name}\n${item.description}`)));
  return text;
}

/**
 * Categories with only the loaded items whose name or description holds the query (case and accents
 * ignored); empty categories drop out, and none has items to come.
 */
export function filterMenu(categories: readonly MenuCategory[], query: string): MenuCategory[] {
  const needle = fold(query.trim());
  if (!needle) return [...categories];
  return categories
    .map((category) => {
      const items = category.items.filter((item) => foldedItem(item).includes(needle));
      return { ...category, items, item_count: items.length };
    })
    .filter((category) => category.items.length > 0);
}

export type MenuRow =
  | { kind: 'category'; key: string; category: MenuCategory }
  | { kind: 'item'; key: string; item: MenuItem; categoryId: number }
  /** An item still to come: its place is kept, and showing it asks for its category's next items. */
  | { kind: 'coming'; key: string; categoryId: number };

/** The list the island windows: each category's heading followed by its items, and a place for each item still to come. */
export function menuRows(categories: readonly MenuCategory[]): MenuRow[] {
  const rows: MenuRow[] = [];
  for (const category of categories) {
    const coming = itemsToCome(category);
    if (category.items.length === 0 && coming === 0) continue;
    rows.push({ kind: 'category', key: `c${category.category_id}`, category });
    for (const item of category.items) rows.push({ kind: 'item', key: `i${item.item_id}`, item, categoryId: category.category_id });
    for (let place = 0; place < coming; place += 1) rows.push({ kind: 'coming', key: `p${category.category_id}-${category.items.length + place}`, categoryId: category.category_id });
  }
  return rows;
}
