import type { MenuCategory } from '../../contract/api/menu.ts';
import { MENU_FIRST_ITEMS, MENU_PAGE_ITEMS } from '../../contract/rules/menu-parts.ts';

/**
 * The answers a server gives for a menu sent in parts (its outline, its first part, a category's pages),
 * by the same rules, for a made-up menu a test serves in place of the server's; undefined for other calls.
 */
export function answerMenuInParts(categories: readonly MenuCategory[], call: string, body: Record<string, unknown>): unknown {
  const count = (category: MenuCategory) => category.items.length;
  if (call === 'restaurant_categorylisting') {
    return { code: 200, Result: categories.map((category) => ({ category_id: category.category_id, name: category.name, item_count: count(category) })) };
  }
  if (call === 'restaurant_menu_wise_category') {
    const asked = Array.isArray(body.category_ids) ? new Set(body.category_ids as number[]) : undefined;
    const chosen: MenuCategory[] = [];
    let items = 0;
    for (const category of categories) {
      if (asked ? !asked.has(category.category_id) : chosen.length > 0 && items + count(category) > MENU_FIRST_ITEMS) {
        if (asked) continue;
        break;
      }
      chosen.push(category);
      items += count(category);
    }
    return { code: 200, Result: chosen.map((category) => ({ ...category, items: category.items.slice(0, MENU_PAGE_ITEMS), item_count: count(category) })) };
  }
  if (call === 'menuwiseitem') {
    const category = categories.find((candidate) => candidate.category_id === body.category_id);
    const skip = Number(body.skip ?? 0);
    return { code: 200, Result: category ? category.items.slice(skip, skip + Number(body.limit ?? MENU_PAGE_ITEMS)) : [] };
  }
  return undefined;
}
