import type { StoreCard } from '../../../../contract/api/stores.ts';
import { BoundedCache } from '../../../bounded-cache.ts';
import type { Db } from '../../../db/pool.ts';
import { preparedStatement, preparedText } from '../../../db/prepared.ts';
import { absolute, toMajor, type Vendor } from '../../vendors/index.ts';

export const PICKUP_RADIUS_KM = 50;

export interface NearbyQuery {
  latitude: number;
  longitude: number;
  lang: string;
  mode: 'delivery' | 'pickup';
  limit: number;
  skip: number;
  cuisineId?: number | undefined;
  sort: 'rating' | 'distance' | 'cost_low' | 'cost_high';
  filter?: 'veg' | 'non_veg' | 'offers' | 'open_now' | 'pre_order' | undefined;
  /** Cost for two, in minor units, inclusive. */
  costRange?: [number, number] | undefined;
  /** Only stores of this brand. */
  brandId?: number | undefined;
  /** Case-insensitive match on the store name or a cuisine name, in any language. */
  search?: string | undefined;
}

/** Sorts of store alias `r` with its `distance`; the same in the page and in the answer built from it. */
const ORDER_BY: Record<NearbyQuery['sort'], string> = {
  distance: 'distance ASC, r.id ASC',
  rating: 'r.rating DESC, distance ASC, r.id ASC',
  cost_low: 'r.two_person_price_minor ASC, distance ASC, r.id ASC',
  cost_high: 'r.two_person_price_minor DESC, distance ASC, r.id ASC',
};

/**
 * Whether store alias `r` is open at the instant `at` (an SQL timestamptz expression, a bound
 * parameter of the request's store time: never the database's now(), see clock.ts).
 * Opening hours are in the store's own time zone; a slot with closes <= opens runs past midnight;
 * a store without hours is open around the clock, unless switched off.
 */
export function openNowSql(at: string): string {
  return `(r.on_off AND (
  NOT EXISTS (SELECT 1 FROM restaurant_hours h WHERE h.vendor_id = r.vendor_id AND h.restaurant_id = r.id)
  OR EXISTS (
    SELECT 1 FROM restaurant_hours h,
      LATERAL (SELECT (${at}) AT TIME ZONE r.time_zone AS t) l
    WHERE h.vendor_id = r.vendor_id AND h.restaurant_id = r.id AND (
      (h.opens < h.closes AND h.weekday = extract(dow FROM l.t) AND l.t::time >= h.opens AND l.t::time < h.closes)
      OR (h.opens >= h.closes AND (
        (h.weekday = extract(dow FROM l.t) AND l.t::time >= h.opens)
        OR (h.weekday = (extract(dow FROM l.t)::int + 6) % 7 AND l.t::time < h.closes)))
    ))
))`;
}

/** The filters of store alias `r` (the offers filter reads the text in the store's own language, as before). */
const NEARBY_FILTER_SQL: Record<NonNullable<NearbyQuery['filter']>, string> = {
  veg: 'r.restaurant_type = 1',
  non_veg: 'r.restaurant_type = 2',
  offers: "coalesce(r.i18n -> $4::text ->> 'discount_text', r.discount_text) <> ''",
  open_now: openNowSql('$5::timestamptz'),
  pre_order: 'r.is_pre_order = 1',
};

/** Haversine in km from store alias `r` to the point (SQL expressions); least() guards asin against rounding. */
export function distanceSql(r: string, lat: string, lng: string): string {
  return `6371 * 2 * asin(least(1, sqrt(
  power(sin(radians(${r}.latitude - ${lat}) / 2), 2)
  + cos(radians(${lat})) * cos(radians(${r}.latitude)) * power(sin(radians(${r}.longitude - ${lng}) / 2), 2))))`;
}

const DISTANCE_SQL = distanceSql('r', '$2', '$3');

/**
 * Whether store alias `r` delivers to the point: inside its polygon when it has one
 * (the polygon wins over the radius), else within its delivery radius.
 */
export function deliversSql(r: string, lat: string, lng: string, distance = distanceSql(r, lat, lng)): string {
  return `(CASE WHEN ${r}.delivery_polygon IS NOT NULL
    THEN sf_point_in_polygon(${r}.delivery_polygon, ${lat}, ${lng})
    ELSE ${distance} <= ${r}.delivery_radius_km END)`;
}

/**
 * The names of store alias `r`'s cuisines in language `lang` (an SQL text expression), in the store's order. Each
 * name is looked up by its key (every store cuisine has its cuisine: a foreign key): a join let the planner read
 * all the vendor's cuisines for each store.
 */
export function cuisineNamesSql(r: string, lang: string): string {
  return `ARRAY(
    SELECT (SELECT coalesce(c.i18n -> ${lang} ->> 'name', c.name) FROM cuisines c WHERE c.vendor_id = rc.vendor_id AND c.id = rc.cuisine_id)
    FROM restaurant_cuisines rc
    WHERE rc.vendor_id = ${r}.vendor_id AND rc.restaurant_id = ${r}.id
    ORDER BY rc.sort_order, rc.cuisine_id)`;
}

/** LIKE pattern matching `text` anywhere, with %, _ and backslash taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface StoreRow {
  id: number;
  name: string;
  slug: string;
  icon_image: string;
  address: string;
  discount_text: string;
  restaurant_type: number;
  rating: number;
  delivery_time: number;
  two_person_price_minor: number;
  is_show_customer_app: number;
  show_customer_app: 'distence' | 'time';
  is_pre_order: number;
  latitude: number;
  longitude: number;
  distance: number;
  is_open: boolean;
  cuisine_name: string[];
}

/** Answers kept per database: at most this many, and at most KEPT_ROWS_MAX store rows in all. */
const KEPT_ANSWERS_MAX = 5_000;
const KEPT_ROWS_MAX = 20_000;
const keptAnswers = new WeakMap<Db, BoundedCache<string, StoreRow[]>>();

/** The version of the vendor's list of stores (migration 025): it moves with every change an answer is made of. */
const STORE_LIST_VERSION = preparedStatement('store-list-version', 'SELECT version FROM store_list_versions WHERE vendor_id = $1');

export async function storeListVersion(db: Db, vendorId: number): Promise<number> {
  const { rows } = await db.query<{ version: number }>(STORE_LIST_VERSION([vendorId]));
  return rows[0]?.version ?? 0;
}

/**
 * Stores of the vendor that serve the point, nearest first unless another sort is asked; open or not at `at` (store time).
 * An answer is kept under the vendor's store-list version and the minute of `at`, and served again for the same
 * question while both hold: any change to the stores, their hours, zones or cuisines moves the version (in every
 * process, as it is read from the database on each call), and the clock opens or closes a store only on the minute
 * (opening hours are whole minutes).
 */
export async function listNearby(db: Db, vendor: Vendor, q: NearbyQuery, at: Date): Promise<StoreRow[]> {
  let kept = keptAnswers.get(db);
  if (!kept) keptAnswers.set(db, (kept = new BoundedCache(KEPT_ANSWERS_MAX, undefined, undefined, { max: KEPT_ROWS_MAX, of: (rows) => rows.length })));
  const version = await storeListVersion(db, vendor.id);
  const key = JSON.stringify([
    vendor.id, version, Math.floor(at.getTime() / 60_000), q.lang, q.mode, q.latitude, q.longitude, q.sort, q.filter ?? '',
    q.cuisineId ?? 0, q.brandId ?? 0, q.costRange ?? [], q.search ?? '', q.limit, q.skip,
  ]);
  const answer = kept.get(key);
  if (answer) return answer;
  const rows = await queryNearby(db, vendor, q, at);
  kept.set(key, rows);
  return rows;
}

/**
 * listNearby's query. Only stores whose reach (delivery) or place (pickup) is near the point are looked at, through
 * the spatial indexes (migration 015); what the cards show beyond the sort and filters (names in the language, open
 * now, cuisines) is worked out for the page asked for only.
 */
async function queryNearby(db: Db, vendor: Vendor, q: NearbyQuery, at: Date): Promise<StoreRow[]> {
  const params: unknown[] = [vendor.id, q.latitude, q.longitude, q.lang, at.toISOString()];
  // `near`: the spatial prefilter on the table; `where`: the rest, on the near stores with their distance worked out once.
  const near: string[] = [];
  const where: string[] = [];
  if (q.mode === 'pickup') {
    // The box around the customer that holds every place within pickup range: the reach rule of migration 015.
    params.push(PICKUP_RADIUS_KM);
    const n = params.length;
    near.push(`r.location <@ sf_store_reach($2::float8, $3::float8, $${n}::numeric, NULL)`);
    where.push(`r.distance <= $${n}`);
  } else {
    near.push('r.reach && box(point($3, $2), point($3, $2))');
    where.push(deliversSql('r', '$2', '$3', 'r.distance'));
  }
  if (q.cuisineId) {
    params.push(q.cuisineId);
    where.push(`EXISTS (SELECT 1 FROM restaurant_cuisines rc
      WHERE rc.vendor_id = r.vendor_id AND rc.restaurant_id = r.id AND rc.cuisine_id = $${params.length})`);
  }
  if (q.brandId) {
    params.push(q.brandId);
    where.push(`EXISTS (SELECT 1 FROM brand_restaurants br JOIN brands b ON b.vendor_id = br.vendor_id AND b.id = br.brand_id
      WHERE br.vendor_id = r.vendor_id AND br.restaurant_id = r.id AND br.brand_id = $${params.length} AND b.is_active)`);
  }
  if (q.search) {
    params.push(containsPattern(q.search));
    const p = `$${params.length}`;
    where.push(`(r.name ILIKE ${p}
      OR EXISTS (SELECT 1 FROM jsonb_each(r.i18n) t WHERE jsonb_typeof(t.value) = 'object' AND t.value ->> 'name' ILIKE ${p})
      OR EXISTS (SELECT 1 FROM restaurant_cuisines rc JOIN cuisines c ON c.vendor_id = rc.vendor_id AND c.id = rc.cuisine_id
        WHERE rc.vendor_id = r.vendor_id AND rc.restaurant_id = r.id AND (c.name ILIKE ${p}
          OR EXISTS (SELECT 1 FROM jsonb_each(c.i18n) t WHERE jsonb_typeof(t.value) = 'object' AND t.value ->> 'name' ILIKE ${p}))))`);
  }
  if (q.filter) where.push(NEARBY_FILTER_SQL[q.filter]);
  if (q.costRange) {
    params.push(q.costRange[0], q.costRange[1]);
    where.push(`r.two_person_price_minor BETWEEN $${params.length - 1} AND $${params.length}`);
  }
  params.push(q.limit, q.skip);
  const sql = `
    WITH page AS (
      SELECT * FROM (
        SELECT r.id, r.vendor_id, r.slug, r.icon_image, r.restaurant_type, r.rating, r.delivery_time, r.two_person_price_minor,
          r.is_show_customer_app, r.show_customer_app, r.is_pre_order, r.latitude, r.longitude, r.on_off, r.time_zone,
          r.name, r.address, r.discount_text, r.i18n, r.delivery_polygon, r.delivery_radius_km, ${DISTANCE_SQL} AS distance
        FROM restaurants r
        WHERE r.vendor_id = $1 AND r.is_active AND ${near.join(' AND ')}
        OFFSET 0
      ) r
      WHERE ${where.join(' AND ')}
      ORDER BY ${ORDER_BY[q.sort]}
      LIMIT $${params.length - 1} OFFSET $${params.length}
    )
    SELECT r.id, r.slug, r.icon_image, r.restaurant_type, r.rating, r.delivery_time, r.two_person_price_minor,
      r.is_show_customer_app, r.show_customer_app, r.is_pre_order, r.latitude, r.longitude, r.distance,
      coalesce(r.i18n -> $4::text ->> 'name', r.name) AS name,
      coalesce(r.i18n -> $4::text ->> 'address', r.address) AS address,
      coalesce(r.i18n -> $4::text ->> 'discount_text', r.discount_text) AS discount_text,
      ${openNowSql('$5::timestamptz')} AS is_open,
      ${cuisineNamesSql('r', '$4::text')} AS cuisine_name
    FROM page r
    ORDER BY ${ORDER_BY[q.sort]}`;
  return (await db.query<StoreRow>(preparedText(sql, params))).rows;
}

const MINUTES: Record<string, string> = { en: 'min', ar: 'دقيقة', de: 'Min.', es: 'min', fr: 'min', th: 'นาที', ru: 'мин' };

export function toStoreCard(vendor: Vendor, row: StoreRow, lang: string, baseUrl: string): StoreCard {
  const low = Math.max(5, row.delivery_time - 5);
  return {
    restaurant_id: row.id,
    name: row.name,
    slug: row.slug,
    icon_image: absolute(baseUrl, row.icon_image),
    restaurant_on_off: row.is_open ? '1' : '0',
    restaurant_type: row.restaurant_type === 1 ? '1' : '2',
    rating: row.rating,
    cuisine_name: row.cuisine_name,
    delivery_time: row.delivery_time,
    delivery_times: `${low}-${row.delivery_time + 5} ${MINUTES[lang] ?? 'min'}`,
    two_person_price: toMajor(vendor, row.two_person_price_minor),
    discount_text: row.discount_text,
    is_show_customer_app: row.is_show_customer_app,
    show_customer_app: row.show_customer_app,
    is_pre_order: row.is_pre_order,
    distance: Math.round(row.distance * 100) / 100,
    latitude: row.latitude,
    longitude: row.longitude,
    address: row.address,
  };
}

/** How many of the vendor's stores are active. */
/** The ids of the vendor's active stores, oldest first, at most `limit` (the sitemap's menus). */
export async function activeStoreIds(db: Db, vendorId: number, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM restaurants WHERE vendor_id = $1 AND is_active ORDER BY id LIMIT $2', [vendorId, limit]);
  return rows.map((row) => row.id);
}

export async function countActiveStores(db: Db, vendorId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM restaurants WHERE vendor_id = $1 AND is_active', [vendorId]);
  return rows[0]?.n ?? 0;
}
