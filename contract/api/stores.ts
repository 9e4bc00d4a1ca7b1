/**
 * Stores: the list near the customer (with its filters), one store's detail, hours and rating,
 * and whether it delivers to a point.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  BaseFields, Latitude, Longitude, MAX_SKIP, OneOf, OptionalPointFields, OptionalRowId, post, RowId, SentUserId, Text, Whole, type Envelope,
} from './common.ts';

export const STORE_SORTS = ['rating', 'distance', 'cost_low', 'cost_high'] as const;
export const STORE_FILTERS = ['veg', 'non_veg', 'offers', 'open_now', 'pre_order'] as const;
/** get_nearby_restaurant_v2 sort_type values. */
export type StoreSort = (typeof STORE_SORTS)[number];
/** get_nearby_restaurant_v2 filter_type values. */
export type StoreFilter = (typeof STORE_FILTERS)[number];

/** A store card, as the store list and the search return it. */
export interface StoreCard {
  restaurant_id: number;
  name: string;
  slug: string;
  icon_image: string;
  /** '0' closed, '1' open. */
  restaurant_on_off: '0' | '1';
  /** '1' veg, '2' non-veg. */
  restaurant_type: '1' | '2';
  rating: number;
  cuisine_name: string[];
  /** Minutes, e.g. 30. */
  delivery_time: number;
  /** Display text, e.g. '25-35 min'. */
  delivery_times: string;
  two_person_price: number;
  discount_text: string;
  is_show_customer_app: number;
  show_customer_app: 'distence' | 'time';
  is_pre_order: number;
  /** Kilometres from the customer, computed in SQL. */
  distance: number;
  latitude: number;
  longitude: number;
  address: string;
}

export interface OpeningHours {
  /** 0 Sunday … 6 Saturday, in the store's time zone. */
  weekday: number;
  /** 'HH:MM' local time; closes ≤ opens means past midnight. */
  opens: string;
  closes: string;
}

/** get_restaurant_detail {restaurant_id} / get_restaurant_detail_by_slug {slug}: code 101 'Store not found' when unknown. */
export interface RestaurantDetail extends StoreCard {
  minimum_order_value: number;
  /** Non-zero: the minimum order value is not enforced. */
  minimum_admin_commision: number;
  packaging_charge: number;
  description: string;
  phone: string;
  time_zone: string;
  opening_hours: OpeningHours[];
  delivery_radius_km: number;
  /** The store takes orders ahead while closed (is_pre_order, or the vendor's after-hours scheduling). */
  accepts_scheduled_orders: number;
}

/** restaurantTiming {restaurant_id}. */
export interface RestaurantTiming {
  time_zone: string;
  is_open_now: boolean;
  hours: OpeningHours[];
  /** ISO time of the next opening when closed, else ''. */
  next_opening: string;
}

export interface StoreRating {
  rating: number;
  rating_count: number;
}

/** get_nearby_restaurant_v2: the restaurant-list filters. Sort and filter are '' for none. */
export const RestaurantListRequest = Type.Object({
  ...BaseFields,
  latitude: Latitude,
  longitude: Longitude,
  cityname: Type.Optional(Text({ maxLength: 200 })),
  state: Type.Optional(Text({ maxLength: 200 })),
  delivery_type_time_slots: Type.Optional(OneOf(['delivery', 'pickup', ''])),
  total_record: Type.Optional(Whole(1, 1000, { default: 1000 })),
  skip: Type.Optional(Whole(0, MAX_SKIP, { default: 0 })),
  date: Type.Optional(Text({ maxLength: 40 })),
  starttime: Type.Optional(Text({ maxLength: 40 })),
  cuisine_id: Type.Optional(OptionalRowId),
  sort_type: Type.Optional(OneOf([...STORE_SORTS, ''])),
  filter_type: Type.Optional(OneOf([...STORE_FILTERS, ''])),
  /** Cost for two, 'low-high' in display currency (each at most 9 digits and 4 decimals), or ''. */
  cost_range: Type.Optional(Text({ maxLength: 29, pattern: '^$|^[0-9]{1,9}(\\.[0-9]{1,4})?-[0-9]{1,9}(\\.[0-9]{1,4})?$' })),
  user_id: Type.Optional(SentUserId),
});
export type RestaurantListRequest = Static<typeof RestaurantListRequest>;

export const RestaurantRequest = Type.Object({ ...BaseFields, restaurant_id: RowId, ...OptionalPointFields });
export type RestaurantRequest = Static<typeof RestaurantRequest>;

export const RestaurantBySlugRequest = Type.Object({
  ...BaseFields,
  slug: Text({ minLength: 1, maxLength: 200 }),
  ...OptionalPointFields,
});
export type RestaurantBySlugRequest = Static<typeof RestaurantBySlugRequest>;

export const RestaurantPointRequest = Type.Object({ ...BaseFields, restaurant_id: RowId, latitude: Latitude, longitude: Longitude });
export type RestaurantPointRequest = Static<typeof RestaurantPointRequest>;

export const storeCalls = {
  /** code 101 with the no-service text when no store serves the point. */
  get_nearby_restaurant_v2: post(RestaurantListRequest).answers<Envelope<StoreCard[]>>(),
  /** code 101 'Store not found' when unknown. */
  get_restaurant_detail: post(RestaurantRequest).answers<Envelope<RestaurantDetail>>(),
  get_restaurant_detail_by_slug: post(RestaurantBySlugRequest).answers<Envelope<RestaurantDetail>>(),
  get_restaurant_on_off: post(RestaurantRequest).answers<Envelope<{ restaurant_on_off: '0' | '1' }>>(),
  restaurantTiming: post(RestaurantRequest).answers<Envelope<RestaurantTiming>>(),
  get_restaurant_rating: post(RestaurantRequest).answers<Envelope<StoreRating>>(),
  /** code 200 when the store delivers to the point, 101 'Your location is out of reach' otherwise. */
  check_restaurant_radius: post(RestaurantPointRequest).answers<Envelope>(),
} as const;
