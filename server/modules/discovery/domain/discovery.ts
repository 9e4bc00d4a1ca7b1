import type { Banner, Brand, Cuisine } from '../../../../contract/api/discovery.ts';
import type { Db } from '../../../db/pool.ts';
import { absolute } from '../../vendors/index.ts';

/** The vendor's cuisines in their order, names in `lang`. */
export async function listCuisines(db: Db, vendorId: number, lang: string, baseUrl: string): Promise<Cuisine[]> {
  const { rows } = await db.query<Cuisine>(
    `SELECT id AS cuisine_id, coalesce(i18n -> $2::text ->> 'name', name) AS name, image
     FROM cuisines WHERE vendor_id = $1 ORDER BY sort_order, id`,
    [vendorId, lang],
  );
  return rows.map((c) => ({ ...c, image: absolute(baseUrl, c.image) }));
}

/** Active banners in their order, their words in `lang`; a banner pointing at an inactive store is left out. */
export async function listBanners(db: Db, vendorId: number, lang: string, baseUrl: string): Promise<Banner[]> {
  const { rows } = await db.query<Banner>(
    `SELECT b.id AS banner_id, coalesce(b.i18n -> $2::text ->> 'title', b.i18n -> $2::text ->> 'name', b.title) AS title, b.image, b.restaurant_id,
       coalesce(b.i18n -> $2::text ->> 'subtitle', b.subtitle) AS subtitle, coalesce(b.i18n -> $2::text ->> 'action', b.action_text) AS action
     FROM banners b
     LEFT JOIN restaurants r ON r.vendor_id = b.vendor_id AND r.id = b.restaurant_id
     WHERE b.vendor_id = $1 AND b.is_active AND (b.restaurant_id IS NULL OR r.is_active)
     ORDER BY b.sort_order, b.id`,
    [vendorId, lang],
  );
  return rows.map((b) => ({ ...b, image: absolute(baseUrl, b.image) }));
}

/** Active brands in their order. */
export async function listBrands(db: Db, vendorId: number, lang: string, baseUrl: string): Promise<Brand[]> {
  const { rows } = await db.query<Brand>(
    `SELECT id AS brand_id, coalesce(i18n -> $2::text ->> 'name', name) AS name, image
     FROM brands WHERE vendor_id = $1 AND is_active ORDER BY sort_order, id`,
    [vendorId, lang],
  );
  return rows.map((b) => ({ ...b, image: absolute(baseUrl, b.image) }));
}

export async function brandExists(db: Db, vendorId: number, brandId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM brands WHERE vendor_id = $1 AND id = $2 AND is_active', [vendorId, brandId]);
  return rows.length > 0;
}
