/**
 * Stores: the list near the customer (with its filters), one store's detail, hours and rating,
 * where it delivers, and what it takes at checkout.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { RechargeProvider } from '../rules/payment-providers.ts';
import type { OrderModeName, PaymentMethod } from './order-states.ts';
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
  /** 1: the store delivers within a drawn area (its radius is then not what counts; get-delivery-zone-setting gives the area). */
  has_delivery_zone: 0 | 1;
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

/** get-delivery-zone-setting: where a store delivers, and, for a point, whether it delivers there. */
export interface DeliveryZoneSetting {
  restaurant_id: number;
  /** 1 when the vendor's stores deliver within drawn zones (settings.is_delivery_zone_available). */
  is_delivery_zone_available: number;
  /** 'zone': a drawn area (`zone`, its corners as [latitude, longitude]); 'radius': a circle of radius_km around the store. */
  kind: 'zone' | 'radius';
  zone: Array<[number, number]> | null;
  radius_km: number;
  latitude: number;
  longitude: number;
  /** For the point asked about: whether the store delivers there, and its distance from the store (km); null without a point. */
  delivers_here: boolean | null;
  distance_km: number | null;
}

/** get-restaurant-settings: what a store takes at checkout. */
export interface StoreOrderSettings {
  restaurant_id: number;
  /** The order modes the store takes (pickup where the vendor offers it). */
  order_modes: OrderModeName[];
  /** The payment methods place_order takes for this store, in the order the checkout offers them. */
  payment_methods: PaymentMethod[];
  /** Who takes its online payments (absent from payment_methods when no one does). */
  online_provider: RechargeProvider | null;
  minimum_order_value: number;
  /** False when the minimum is not enforced (minimum_admin_commision). */
  minimum_enforced: boolean;
  packaging_charge: number;
  /** Minutes from placing to delivery, as the store says. */
  delivery_time: number;
  /** The store takes orders ahead while closed. */
  accepts_scheduled_orders: boolean;
  tax_name: string;
}

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
  /** The store's delivery area; with a point (latitude and longitude), whether it delivers there. code 101 'Store not found'. */
  'get-delivery-zone-setting': post(RestaurantRequest).answers<Envelope<DeliveryZoneSetting>>(),
  /** What the store takes at checkout (order modes, payment methods, minimum). code 101 'Store not found'. */
  'get-restaurant-settings': post(RestaurantRequest).answers<Envelope<StoreOrderSettings>>(),
} as const;
