/**
 * Discovery: cuisines, banners, brands, searching stores and items near the customer, and
 * items grouped by tag.
 */
import { Type, type Static } from '@sinclair/typebox';
import { BaseFields, BaseRequest, Latitude, Longitude, post, RowId, SearchText, Text, type Envelope } from './common.ts';
import type { MenuItem } from './menu.ts';
import type { StoreCard } from './stores.ts';

export interface Cuisine {
  cuisine_id: number;
  name: string;
  image: string;
}

export interface Banner {
  banner_id: number;
  /** The headline. */
  title: string;
  image: string;
  restaurant_id: number | null;
  /** A line under the headline, and the words of its button ('' or absent: none; the storefront says "Order now"). Our server's. */
  subtitle?: string;
  action?: string;
}

export interface Brand {
  brand_id: number;
  name: string;
  image: string;
}

/** An item near the customer, with its store. */
export interface SearchItem extends MenuItem {
  restaurant_name: string;
  restaurant_slug: string;
}

/** Items near the customer that carry one tag ('Bestseller', 'New', 'Spicy', …). */
export interface TagGroup {
  tag: string;
  items: SearchItem[];
}

export const PointRequest = Type.Object({ ...BaseFields, latitude: Latitude, longitude: Longitude });
export type PointRequest = Static<typeof PointRequest>;

export const SearchNearRequest = Type.Object({ ...BaseFields, search: SearchText, latitude: Latitude, longitude: Longitude });
export type SearchNearRequest = Static<typeof SearchNearRequest>;

export const BrandStoresRequest = Type.Object({ ...BaseFields, brand_id: RowId, latitude: Latitude, longitude: Longitude });
export type BrandStoresRequest = Static<typeof BrandStoresRequest>;

export const TagItemsRequest = Type.Object({
  ...BaseFields,
  latitude: Latitude,
  longitude: Longitude,
  /** Only this tag; all tags when absent. */
  tag: Type.Optional(Text({ maxLength: 50 })),
});
export type TagItemsRequest = Static<typeof TagItemsRequest>;

export const discoveryCalls = {
  get_cuisinelist: post(BaseRequest).answers<Envelope<Cuisine[]>>(),
  get_banner: post(BaseRequest).answers<Envelope<Banner[]>>(),
  'brand-list': post(BaseRequest).answers<Envelope<Brand[]>>(),
  /** The stores of a brand near the point; code 101 when the brand is unknown or none serves the point. */
  'brand-restaurant': post(BrandStoresRequest).answers<Envelope<StoreCard[]>>(),
  /** code 101 'No stores found'. */
  search_restaurants: post(SearchNearRequest).answers<Envelope<StoreCard[]>>(),
  /** code 101 'No items found'. */
  search_restaurants_item: post(SearchNearRequest).answers<Envelope<SearchItem[]>>(),
  tag_wise_restaurant_menu_item: post(TagItemsRequest).answers<Envelope<TagGroup[]>>(),
  /** The nearest store serving the point; code 101 when none. */
  get_currentlocation_restaurant: post(PointRequest).answers<Envelope<StoreCard>>(),
} as const;
