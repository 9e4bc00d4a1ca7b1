import type { MenuItem } from '../../../contract/api/menu.ts';
import { itemsToCome, menuState, type MenuRef, type MenuState } from './menu.ts';
import { loadCategoryItems } from './long-menu.ts';

/*
 * One item of a store's menu, for an element that shows one (Subscribe): apart from menu.ts, so a page
 * with the menu alone does not carry it.
 */

/** The loaded item `itemId` of the menu, if it is here. */
export function menuItem(state: MenuState, itemId: number): MenuItem | undefined {
  if (state.status !== 'ready') return undefined;
  for (const category of state.categories) for (const item of category.items) if (item.item_id === itemId) return item;
  return undefined;
}

/**
 * Loads the rest of a menu, category by category in menu order, until the item `itemId` is here or the
 * menu is complete (an element showing one item of a long menu). A page that does not come stops it.
 */
export async function loadMenuUntilItem(ref: MenuRef | null, itemId: number): Promise<void> {
  for (;;) {
    const state = menuState(ref).get();
    if (state.status !== 'ready' || menuItem(state, itemId)) return;
    const next = state.categories.find((category) => itemsToCome(category) > 0);
    if (!next) return;
    const before = next.items.length;
    await loadCategoryItems(ref, next.category_id);
    const after = menuState(ref).get();
    const reloaded = after.status === 'ready' ? after.categories.find((category) => category.category_id === next.category_id) : undefined;
    if (!reloaded || (reloaded.items.length === before && itemsToCome(reloaded) > 0)) return;
  }
}
