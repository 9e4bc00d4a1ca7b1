/**
 * The stores a banner points to (route banner-items/{banner_id}).
 */
import { Type, type Static } from '@sinclair/typebox';
import { BaseFields, BaseRequest, Latitude, Longitude, post, RowId, type Envelope } from './common.ts';
import type { Banner } from './discovery.ts';
import type { StoreCard } from './stores.ts';

export const BannerStoresRequest = Type.Object({ ...BaseFields, banner_id: RowId, latitude: Latitude, longitude: Longitude });
export type BannerStoresRequest = Static<typeof BannerStoresRequest>;

/** A banner with where a tap takes the customer. */
export interface BannerWithCategory extends Banner {
  target_type: 'none' | 'restaurant' | 'category' | 'brand' | 'url';
  /** The cuisine of a category banner, else null and ''. */
  category_id: number | null;
  category_name: string;
  /** The brand of a brand banner, else null. */
  brand_id: number | null;
  /** A link banner's address (passes the link rule), else ''. */
  url: string;
}

export const bannerStoreCalls = {
  /** The active banners in their order, each with its target (store, category, brand or link). */
  banner_with_category: post(BaseRequest).answers<Envelope<BannerWithCategory[]>>(),
  /**
   * The stores serving the point that an active banner points to: its store, the stores of its
   * category (cuisine) or of its brand. code 101 'Banner not found' for an unknown or inactive banner
   * or one pointing elsewhere (a link, nothing); code 101 with the no-service text when none serves the point.
   */
  get_banner_retaurant: post(BannerStoresRequest).answers<Envelope<StoreCard[]>>(),
} as const;
