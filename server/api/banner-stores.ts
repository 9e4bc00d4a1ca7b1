import { baseUrl } from '../context.ts';
import type { Db } from '../db/pool.ts';
import { listNearby, toStoreCard, type NearbyQuery } from '../domain/stores.ts';
import { postCall, type ApiPlugin } from '../http/api.ts';
import { NO_SERVICE } from './stores.ts';

export const BANNER_NOT_FOUND = 'Banner not found';

interface BannerTarget {
  target_type: 'none' | 'restaurant' | 'category' | 'brand' | 'url';
  restaurant_id: number | null;
  target_id: number | null;
}

/** Where an active banner of the vendor points; null when there is no such banner. */
async function bannerTarget(db: Db, vendorId: number, bannerId: number): Promise<BannerTarget | null> {
  const { rows } = await db.query<BannerTarget>(
    `SELECT target_type, restaurant_id::float8 AS restaurant_id, target_id::float8 AS target_id
     FROM banners WHERE vendor_id = $1 AND id = $2 AND is_active`,
    [vendorId, bannerId],
  );
  return rows[0] ?? null;
}

/** get_banner_retaurant: the stores behind a banner (its store, its cuisine's or its brand's) that serve the point. */
export const bannerStoreRoutes: ApiPlugin = async (api) => {
  postCall(api, 'get_banner_retaurant', async (request) => {
    const { vendor, body } = request;
    const target = await bannerTarget(api.db, vendor.id, body.banner_id);
    const storeId = target?.restaurant_id ?? (target?.target_type === 'restaurant' ? target.target_id : null);
    const query: Partial<NearbyQuery> | null = !target ? null
      : storeId !== null ? {}
      : target.target_type === 'category' && target.target_id !== null ? { cuisineId: target.target_id }
      : target.target_type === 'brand' && target.target_id !== null ? { brandId: target.target_id }
      : null;
    if (!query) return { code: 101, msg: BANNER_NOT_FOUND, Result: [] };
    const rows = await listNearby(api.db, vendor, {
      latitude: body.latitude, longitude: body.longitude, lang: request.lang, mode: 'delivery', limit: 1000, skip: 0, sort: 'distance', ...query,
    }, api.runtime.clock.now());
    const served = storeId !== null ? rows.filter((row) => Number(row.id) === storeId) : rows;
    if (served.length === 0) return { code: 101, msg: NO_SERVICE, Result: [] };
    const base = baseUrl(request);
    return { code: 200, Result: served.map((row) => toStoreCard(vendor, row, request.lang, base)) };
  });
};
