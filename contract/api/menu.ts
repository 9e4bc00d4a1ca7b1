/**
 * Menus: a store's categories with their items and option groups, its category list, and
 * the current availability of some items.
 */
import { Type, type Static } from '@sinclair/typebox';
import { BaseFields, post, RowId, SearchText, type Envelope } from './common.ts';
import { RestaurantRequest } from './stores.ts';

export interface MenuOption {
  option_id: number;
  name: string;
  price: number;
}

export interface MenuOptionGroup {
  group_id: number;
  name: string;
  /** Fewest options to choose (0 = optional). */
  min: number;
  /** Most options to choose. */
  max: number;
  required: 0 | 1;
  options: MenuOption[];
}

export interface MenuItem {
  item_id: number;
  restaurant_id: number;
  category_id: number;
  name: string;
  description: string;
  image: string;
  price: number;
  mrp: number;
  /** 0 veg, 1 non-veg. */
  item_type: 0 | 1;
  is_available: 0 | 1;
  /** Stock limit; null is unlimited. */
  stock: number | null;
  /** Tax percent on the item. */
  item_tax: number;
  packaging_charge: number;
  unit: string;
  /** 1: offered by subscription (Subscribe beside Add, when the vendor's subscription_status is 1). */
  is_subscribable: 0 | 1;
  customizations: MenuOptionGroup[];
}

export interface MenuCategory {
  category_id: number;
  name: string;
  items: MenuItem[];
}

/** get_items_status {restaurant_id, item_ids}: current availability and stock. */
export interface ItemStatus {
  item_id: number;
  is_available: 0 | 1;
  stock: number | null;
}

export interface MenuCategorySummary {
  category_id: number;
  name: string;
  item_count: number;
}

export const ItemsStatusRequest = Type.Object({
  ...BaseFields,
  restaurant_id: RowId,
  item_ids: Type.Array(RowId, { maxItems: 500 }),
});
export type ItemsStatusRequest = Static<typeof ItemsStatusRequest>;

export const MenuSearchRequest = Type.Object({ ...BaseFields, restaurant_id: RowId, search: SearchText });
export type MenuSearchRequest = Static<typeof MenuSearchRequest>;

/** The names the API has for the whole menu; all answer the same. */
export const MENU_CALL_NAMES = ['restaurantCategoryWithMenu', 'restaurantmenus', 'restaurantcategorymenus', 'restaurant_menus_details'] as const;

const wholeMenu = post(RestaurantRequest).answers<Envelope<MenuCategory[]>>();

export const menuCalls = {
  /** The categories with their items (a closed store still shows its menu); code 101 'Store not found'. */
  restaurantCategoryWithMenu: wholeMenu,
  restaurantmenus: wholeMenu,
  restaurantcategorymenus: wholeMenu,
  restaurant_menus_details: wholeMenu,
  /** The menu with only the items matching `search`. */
  search_restaurant_category_item: post(MenuSearchRequest).answers<Envelope<MenuCategory[]>>(),
  restaurant_menu_category: post(RestaurantRequest).answers<Envelope<MenuCategorySummary[]>>(),
  get_items_status: post(ItemsStatusRequest).answers<Envelope<ItemStatus[]>>(),
} as const;
