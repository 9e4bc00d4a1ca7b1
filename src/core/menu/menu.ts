import { atom, type WritableAtom } from 'nanostores';
import type { MenuCategory, MenuItem, MenuOption, MenuOptionGroup } from '../../../contract/api/menu.ts';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { ApiError, callApi } from '../api/client.ts';
import { $cart, addLine, setCart, type CartLine, type CartRefusal } from '../cart/cart.ts';
import { decodeId } from '../platform/ids.ts';
import { pointOrBlank } from '../location/location.ts';
import { fromMinor, toMinor } from '../../../contract/rules/money.ts';
import { shared } from '../platform/registry.ts';
import { rememberStoreDetail } from '../stores/store-detail.ts';

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

/**
 * Loads the store (get_restaurant_detail or get_restaurant_detail_by_slug) and its
 * menu (restaurantCategoryWithMenu). A code other than 200 on the detail, or HTTP 404,
 * is 'not-found'; any other failure is 'failed' (the island offers Retry).
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
  const place = pointOrBlank();
  try {
    const detail = ref.kind === 'id'
      ? await callApi('get_restaurant_detail', { restaurant_id: ref.id, ...place })
      : await callApi('get_restaurant_detail_by_slug', { slug: ref.slug, ...place });
    if (!current()) return;
    if (detail.code !== 200 || !detail.Result) {
      $state.set({ status: 'not-found' });
      return;
    }
    const store = detail.Result;
    rememberStoreDetail(store);
    const menu = await callApi('restaurantCategoryWithMenu', { restaurant_id: store.restaurant_id });
    if (!current()) return;
    if (menu.code !== 200 && menu.code !== 101) {
      $state.set({ status: 'failed', message: menu.msg ?? '' });
      return;
    }
    $state.set({ status: 'ready', store, categories: menu.Result ?? [] });
  } catch (error) {
    if (!current()) return;
    if (error instanceof ApiError && error.status === 404) $state.set({ status: 'not-found' });
    else $state.set({ status: 'failed', message: (error as Error).message });
  }
}

/** Forgets loaded menus (tests only). */
export function resetMenusForTests(): void {
  menus.clear();
  requests.clear();
}

/* ---------- the store ---------- */

/** SPEC §2 store cards: restaurant_on_off '0' is closed; a closed store still takes orders when it accepts scheduled ones. */
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


/* ---------- customisation rules ---------- */

/** The chosen option ids per group id. */
export type Selection = Readonly<Record<number, readonly number[]>>;

export interface GroupRule {
  /** Fewest options to choose (a required group needs at least 1). */
  min: number;
  /** Most options to choose. */
  max: number;
  required: boolean;
  /** Radio buttons when at most one option can be chosen, else checkboxes. */
  control: 'radio' | 'checkbox';
  /** How the rule reads: 'one' (choose 1), 'exactly' (choose N), 'up-to' (up to N), 'at-least' (at least N), 'range' (min to max). */
  kind: 'one' | 'exactly' | 'up-to' | 'at-least' | 'range';
}

export function groupRule(group: Pick<MenuOptionGroup, 'min' | 'max' | 'required' | 'options'>): GroupRule {
  const required = group.required === 1 || group.min > 0;
  const min = Math.max(group.min, required ? 1 : 0);
  const max = Math.max(group.max > 0 ? Math.min(group.max, group.options.length) : group.options.length, min);
  const control = max === 1 ? 'radio' : 'checkbox';
  let kind: GroupRule['kind'];
  if (max === 1) kind = 'one';
  else if (min === max) kind = 'exactly';
  else if (min === 0) kind = 'up-to';
  else if (max >= group.options.length) kind = 'at-least';
  else kind = 'range';
  return { min, max, required, control, kind };
}

export type GroupProblem = { kind: 'required' } | { kind: 'too-few'; min: number } | { kind: 'too-many'; max: number };

/** What keeps the group's choice from being accepted, or null when it is fine. */
export function groupProblem(group: MenuOptionGroup, chosen: readonly number[] = []): GroupProblem | null {
  const rule = groupRule(group);
  const valid = chosen.filter((id) => group.options.some((option) => option.option_id === id));
  if (valid.length > rule.max) return { kind: 'too-many', max: rule.max };
  if (valid.length === 0 && rule.required) return rule.min > 1 ? { kind: 'too-few', min: rule.min } : { kind: 'required' };
  if (valid.length < rule.min) return { kind: 'too-few', min: rule.min };
  return null;
}

/** Every group's problem, by group id; empty when the selection can go to the cart. */
export function selectionProblems(item: Pick<MenuItem, 'customizations'>, selection: Selection): Map<number, GroupProblem> {
  const problems = new Map<number, GroupProblem>();
  for (const group of item.customizations) {
    const problem = groupProblem(group, selection[group.group_id]);
    if (problem) problems.set(group.group_id, problem);
  }
  return problems;
}

export function isSelectionComplete(item: Pick<MenuItem, 'customizations'>, selection: Selection): boolean {
  return selectionProblems(item, selection).size === 0;
}

/**
 * Chooses or un-chooses an option: a radio group replaces its choice; a checkbox
 * group toggles, and refuses a new option once its maximum is reached (unchanged).
 */
export function toggleOption(group: MenuOptionGroup, selection: Selection, optionId: number): Selection {
  const rule = groupRule(group);
  const chosen = selection[group.group_id] ?? [];
  let next: number[];
  if (rule.control === 'radio') next = chosen.includes(optionId) && !rule.required ? [] : [optionId];
  else if (chosen.includes(optionId)) next = chosen.filter((id) => id !== optionId);
  else if (chosen.length >= rule.max) return selection;
  else next = [...chosen, optionId];
  return { ...selection, [group.group_id]: next };
}

/** The chosen options, group by group in menu order. */
export function chosenOptions(item: Pick<MenuItem, 'customizations'>, selection: Selection): MenuOption[] {
  return item.customizations.flatMap((group) => {
    const chosen = selection[group.group_id] ?? [];
    return group.options.filter((option) => chosen.includes(option.option_id));
  });
}

/** One unit's price in minor units: item price plus the chosen option prices. */
export function unitPriceMinor(item: Pick<MenuItem, 'price' | 'customizations'>, selection: Selection, minorDigits = 2): number {
  return chosenOptions(item, selection).reduce((sum, option) => sum + toMinor(option.price, minorDigits), toMinor(item.price, minorDigits));
}

/** The line total in minor units. */
export function lineTotalMinor(item: Pick<MenuItem, 'price' | 'customizations'>, selection: Selection, quantity: number, minorDigits = 2): number {
  return unitPriceMinor(item, selection, minorDigits) * quantity;
}

/* ---------- quantity ---------- */

/** The most one item can be ordered: its stock, or unlimited (Infinity) when stock is null. */
export function maxQuantity(item: Pick<MenuItem, 'stock'>): number {
  return item.stock === null ? Number.POSITIVE_INFINITY : Math.max(0, item.stock);
}

/** The stepper's value: at least 1, at most the stock. */
export function clampQuantity(quantity: number, item: Pick<MenuItem, 'stock'>): number {
  const whole = Number.isFinite(quantity) ? Math.trunc(quantity) : 1;
  return Math.max(1, Math.min(whole, Math.max(1, maxQuantity(item))));
}

/* ---------- to the cart ---------- */

/** The cart line of SPEC §3 for the item with its chosen options. Prices are display values. */
export function toCartLine(item: MenuItem, selection: Selection, quantity: number, minorDigits = 2): CartLine {
  const options = chosenOptions(item, selection);
  const unit = fromMinor(unitPriceMinor(item, selection, minorDigits), minorDigits);
  const mrp = item.mrp > item.price ? item.mrp : item.price;
  return {
    restaurant_id: item.restaurant_id,
    item_id: item.item_id,
    name: item.name,
    price: unit,
    selected_type: options.map((option) => option.name),
    quantity,
    // cart.ts reads 0 as "no limit".
    itemTotalQuantity: item.stock ?? 0,
    selectCustoizeID: options.map((option) => option.option_id),
    selectCustoizePrice: options.map((option) => option.price),
    itemQuntity: 1,
    item_type: item.item_type,
    item_price: item.price,
    image: item.image,
    saveprice: fromMinor(Math.max(0, toMinor(mrp, minorDigits) - toMinor(item.price, minorDigits)), minorDigits),
    item_tax: item.item_tax,
    mrp,
    packaging_charge: item.packaging_charge,
  };
}

/** One cart holds one store's items. */
export function cartHasOtherStore(lines: readonly CartLine[], restaurantId: number): boolean {
  return lines.some((line) => line.restaurant_id !== restaurantId);
}

export type AddOutcome =
  | { kind: 'added'; lines: CartLine[] }
  | { kind: 'other-store' }
  | { kind: 'refused'; reason: CartRefusal };

/**
 * SPEC §4 add, with the item's stock counted over all its lines (whatever the options):
 * quantity 0 or less is refused, more than the stock is 'maximum-reached', a cart
 * holding another store's items asks first ('other-store') unless `replace`.
 */
export function planAdd(lines: readonly CartLine[], line: CartLine, options: { replace?: boolean } = {}): AddOutcome {
  if (!(line.quantity > 0)) return { kind: 'refused', reason: 'quantity-unavailable' };
  const base = cartHasOtherStore(lines, line.restaurant_id) ? (options.replace ? [] : null) : [...lines];
  if (base === null) return { kind: 'other-store' };
  if (line.itemTotalQuantity > 0) {
    const inCart = base.filter((existing) => existing.item_id === line.item_id).reduce((sum, existing) => sum + existing.quantity, 0);
    if (inCart + line.quantity > line.itemTotalQuantity) return { kind: 'refused', reason: 'maximum-reached' };
  }
  const next = addLine(base, line);
  return typeof next === 'string' ? { kind: 'refused', reason: next } : { kind: 'added', lines: next };
}

/** Applies planAdd to the shared cart; the host page hears `sf-cart-change` from `origin`. */
export function addToCart(line: CartLine, origin?: EventTarget | null, options: { replace?: boolean } = {}): AddOutcome {
  const outcome = planAdd($cart.get(), line, options);
  if (outcome.kind === 'added') setCart(outcome.lines, origin);
  return outcome;
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

/** Categories with only the items whose name or description holds the query (case and accents ignored); empty categories drop out. */
export function filterMenu(categories: readonly MenuCategory[], query: string): MenuCategory[] {
  const needle = fold(query.trim());
  if (!needle) return [...categories];
  return categories
    .map((category) => ({ ...category, items: category.items.filter((item) => foldedItem(item).includes(needle)) }))
    .filter((category) => category.items.length > 0);
}

export type MenuRow =
  | { kind: 'category'; key: string; category: MenuCategory }
  | { kind: 'item'; key: string; item: MenuItem; categoryId: number };

/** The list the island windows: each category's heading followed by its items. */
export function menuRows(categories: readonly MenuCategory[]): MenuRow[] {
  const rows: MenuRow[] = [];
  for (const category of categories) {
    if (category.items.length === 0) continue;
    rows.push({ kind: 'category', key: `c${category.category_id}`, category });
    for (const item of category.items) rows.push({ kind: 'item', key: `i${item.item_id}`, item, categoryId: category.category_id });
  }
  return rows;
}
