/**
 * Menus: a store's categories with their items and option groups (whole, or in parts for a long menu),
 * its category list, and the current availability of some items.
 */
import { Type, type Static } from '@sinclair/typebox';
import { BaseFields, post, RowId, SearchText, type Envelope } from './common.ts';
import { MENU_PAGE_ITEMS } from '../rules/menu-parts.ts';
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
  /**
   * How many items the category holds, where a menu is sent category by category
   * (restaurant_menu_wise_category): more than `items` holds when the rest is still to be asked for
   * (menuwiseitem). Absent from whole-menu answers, whose items are all there.
   */
  item_count?: number;
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

/** restaurant_menu_wise_category: the named categories (in menu order), or the menu's first part. */
export const MenuPartRequest = Type.Object({
  ...BaseFields,
  restaurant_id: RowId,
  /** These categories, each with its first MENU_PAGE_ITEMS items; without them, the menu from its start, whole categories up to MENU_FIRST_ITEMS items (at least one). */
  category_ids: Type.Optional(Type.Array(RowId, { minItems: 1, maxItems: 20 })),
});
export type MenuPartRequest = Static<typeof MenuPartRequest>;

/** menuwiseitem: a page of one category's items, in menu order. */
export const CategoryItemsRequest = Type.Object({
  ...BaseFields,
  restaurant_id: RowId,
  category_id: RowId,
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MENU_PAGE_ITEMS })),
});
export type CategoryItemsRequest = Static<typeof CategoryItemsRequest>;

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
  /** Every active category, with its number of items (0 for an empty one). */
  restaurant_menu_category: post(RestaurantRequest).answers<Envelope<MenuCategorySummary[]>>(),
  /** The categories the menu shows (those with items), in order, with their numbers of items: the outline of a menu sent in parts. */
  restaurant_categorylisting: post(RestaurantRequest).answers<Envelope<MenuCategorySummary[]>>(),
  /** A part of the menu: categories with their first items and item_count (MenuPartRequest); code 101 'Store not found'. */
  restaurant_menu_wise_category: post(MenuPartRequest).answers<Envelope<MenuCategory[]>>(),
  /** A page of a category's items; an unknown or another store's category answers an empty list. */
  menuwiseitem: post(CategoryItemsRequest).answers<Envelope<MenuItem[]>>(),
  get_items_status: post(ItemsStatusRequest).answers<Envelope<ItemStatus[]>>(),
} as const;
