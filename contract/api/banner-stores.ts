/**
 * The stores a banner points to (route banner-items/{banner_id}).
 */
import { Type, type Static } from '@sinclair/typebox';
import { BaseFields, Latitude, Longitude, post, RowId, type Envelope } from './common.ts';
import type { StoreCard } from './stores.ts';

export const BannerStoresRequest = Type.Object({ ...BaseFields, banner_id: RowId, latitude: Latitude, longitude: Longitude });
export type BannerStoresRequest = Static<typeof BannerStoresRequest>;

export const bannerStoreCalls = {
  /**
   * The stores serving the point that an active banner points to: its store, the stores of its
   * category (cuisine) or of its brand. code 101 'Banner not found' for an unknown or inactive banner
   * or one pointing elsewhere (a link, nothing); code 101 with the no-service text when none serves the point.
   */
  get_banner_retaurant: post(BannerStoresRequest).answers<Envelope<StoreCard[]>>(),
} as const;
