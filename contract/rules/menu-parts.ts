/**
 * A long menu is sent in parts (restaurant_categorylisting, restaurant_menu_wise_category, menuwiseitem):
 * its outline, then its first categories whole up to about MENU_FIRST_ITEMS items, then each category's
 * items MENU_PAGE_ITEMS at a time as the customer reaches them.
 */
export const MENU_FIRST_ITEMS = 150;
export const MENU_PAGE_ITEMS = 100;

/** The calls of a menu's first view once the store is known (the storefront's, and the server's for a page it draws): its outline and its first part. */
export function firstMenuCalls(restaurantId: number) {
  return {
    outline: { name: 'restaurant_categorylisting' as const, body: { restaurant_id: restaurantId } },
    part: { name: 'restaurant_menu_wise_category' as const, body: { restaurant_id: restaurantId } },
  };
}
