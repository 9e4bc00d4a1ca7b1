import type { BannerWithCategory } from '../../../../contract/api/banner-stores.ts';
import { safeLinkUrl } from '../../../../contract/rules/urls.ts';
import { baseUrl } from '../../../context.ts';
import { absolute } from '../../vendors/index.ts';
import type { Db } from '../../../db/pool.ts';
import { listNearby, toStoreCard, type NearbyQuery } from '../domain/stores.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
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
  postCall(api, 'banner_with_category', async (request) => {
    const { rows } = await api.db.query<Omit<BannerWithCategory, 'category_name'> & { category_name: string | null }>(
      `SELECT b.id::float8 AS banner_id, coalesce(b.i18n -> $2::text ->> 'title', b.i18n -> $2::text ->> 'name', b.title) AS title, b.image,
              b.restaurant_id::float8 AS restaurant_id, b.target_type,
              CASE WHEN b.target_type = 'category' THEN c.id::float8 END AS category_id,
              coalesce(c.i18n -> $2::text ->> 'name', c.name) AS category_name,
              CASE WHEN b.target_type = 'brand' THEN b.target_id::float8 END AS brand_id,
              CASE WHEN b.target_type = 'url' THEN b.url ELSE '' END AS url
       FROM banners b
       LEFT JOIN restaurants r ON r.vendor_id = b.vendor_id AND r.id = b.restaurant_id
       LEFT JOIN cuisines c ON b.target_type = 'category' AND c.vendor_id = b.vendor_id AND c.id = b.target_id
       WHERE b.vendor_id = $1 AND b.is_active AND (b.restaurant_id IS NULL OR r.is_active)
       ORDER BY b.sort_order, b.id`,
      [request.vendor.id, request.lang],
    );
    const base = baseUrl(request);
    return {
      code: 200,
      Result: rows.map((b) => ({ ...b, image: absolute(base, b.image), category_name: b.category_name ?? '', url: b.url ? (safeLinkUrl(b.url) ?? '') : '' })),
    };
  });

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
