import type { PaymentMethod } from '../../../../contract/api/order-states.ts';
import type { DeliveryZoneSetting, OpeningHours, RestaurantDetail, RestaurantTiming, StoreOrderSettings } from '../../../../contract/api/stores.ts';
import type { RechargeProvider } from '../../../../contract/rules/payment-providers.ts';
import type { Db } from '../../../db/pool.ts';
import { cuisineNamesSql, deliversSql, distanceSql, openNowSql, toStoreCard, type StoreRow } from './stores.ts';
import { taxName, toMajor, type Vendor } from '../../vendors/index.ts';
import { REFUSAL_TEXTS } from '../../../../contract/rules/refusals.ts';

export const STORE_NOT_FOUND = REFUSAL_TEXTS['store.not_found'];
export const OUT_OF_REACH = REFUSAL_TEXTS['location.out_of_reach'];

/** Which store: by id or by slug. */
export type StoreKey = { id: number } | { slug: string };

interface DetailRow extends StoreRow {
  time_zone: string;
  minimum_order_value_minor: number;
  minimum_admin_commision: number;
  packaging_charge_minor: number;
  delivery_radius_km: number;
  has_delivery_zone: boolean;
  description: string;
  phone: string;
  on_off: boolean;
  rating_count: number;
}

function keyWhere(key: StoreKey): [string, unknown] {
  return 'id' in key ? ['r.id = $5', key.id] : ['r.slug = $5', key.slug];
}

/** One active store of the vendor with its card fields, open or not at `at` (store time); distance is 0 without a point. */
export async function findStore(
  db: Db, vendor: Vendor, key: StoreKey, lang: string, at: Date, point?: { latitude: number; longitude: number },
): Promise<DetailRow | undefined> {
  const [where, value] = keyWhere(key);
  const { rows } = await db.query<DetailRow>(
    `SELECT r.id, r.slug, r.icon_image, r.restaurant_type, r.rating, r.rating_count, r.delivery_time,
       r.two_person_price_minor, r.is_show_customer_app, r.show_customer_app, r.is_pre_order, r.latitude, r.longitude,
       r.time_zone, r.minimum_order_value_minor, r.minimum_admin_commision, r.packaging_charge_minor,
       r.delivery_radius_km, r.delivery_polygon IS NOT NULL AS has_delivery_zone, r.phone, r.on_off,
       coalesce(r.i18n -> $4::text ->> 'name', r.name) AS name,
       coalesce(r.i18n -> $4::text ->> 'address', r.address) AS address,
       coalesce(r.i18n -> $4::text ->> 'discount_text', r.discount_text) AS discount_text,
       coalesce(r.i18n -> $4::text ->> 'description', r.description) AS description,
       -- least() skips NULLs, so a missing point must not reach the haversine.
       CASE WHEN $2::float8 IS NULL OR $3::float8 IS NULL THEN 0 ELSE ${distanceSql('r', '$2::float8', '$3::float8')} END AS distance,
       ${openNowSql('$6::timestamptz')} AS is_open,
       ${cuisineNamesSql('r', '$4::text')} AS cuisine_name
     FROM restaurants r
     WHERE r.vendor_id = $1 AND r.is_active AND ${where}`,
    [vendor.id, point?.latitude ?? null, point?.longitude ?? null, lang, value, at.toISOString()],
  );
  return rows[0];
}

/** The store's weekly hours, ordered by weekday then opening time. */
/** The store `r`'s weekly hours as OpeningHours JSON, in order ('[]' when it has none: open at every hour). */
export function hoursJsonSql(r: string): string {
  return `coalesce((SELECT json_agg(json_build_object('weekday', h.weekday, 'opens', to_char(h.opens, 'HH24:MI'), 'closes', to_char(h.closes, 'HH24:MI'))
      ORDER BY h.weekday, h.opens)
    FROM restaurant_hours h WHERE h.vendor_id = ${r}.vendor_id AND h.restaurant_id = ${r}.id), '[]')`;
}

export async function openingHours(db: Db, vendorId: number, storeId: number): Promise<OpeningHours[]> {
  const { rows } = await db.query<OpeningHours>(
    `SELECT weekday, to_char(opens, 'HH24:MI') AS opens, to_char(closes, 'HH24:MI') AS closes
     FROM restaurant_hours WHERE vendor_id = $1 AND restaurant_id = $2 ORDER BY weekday, opens`,
    [vendorId, storeId],
  );
  return rows;
}

/** Whether the vendor lets customers schedule orders while stores are closed. */
function schedulesAfterHours(vendor: Vendor): boolean {
  return Number(vendor.settings.is_enable_schedule_order_after_business_hours ?? 0) === 1;
}

export function toRestaurantDetail(vendor: Vendor, row: DetailRow, hours: OpeningHours[], lang: string, baseUrl: string): RestaurantDetail {
  return {
    ...toStoreCard(vendor, row, lang, baseUrl),
    minimum_order_value: toMajor(vendor, row.minimum_order_value_minor),
    minimum_admin_commision: row.minimum_admin_commision,
    packaging_charge: toMajor(vendor, row.packaging_charge_minor),
    description: row.description,
    phone: row.phone,
    time_zone: row.time_zone,
    opening_hours: hours,
    delivery_radius_km: row.delivery_radius_km,
    has_delivery_zone: row.has_delivery_zone ? 1 : 0,
    accepts_scheduled_orders: row.is_pre_order === 1 || schedulesAfterHours(vendor) ? 1 : 0,
  };
}

/** Next start of an opening slot after `at` (store time), as UTC ISO, within a week; '' when none (or switched off). */
export async function nextOpening(db: Db, vendorId: number, storeId: number, at: Date): Promise<string> {
  const { rows } = await db.query<{ next: string | null }>(
    `SELECT to_char(min(l.starts) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS next
     FROM restaurants r
     JOIN restaurant_hours h ON h.vendor_id = r.vendor_id AND h.restaurant_id = r.id
     CROSS JOIN generate_series(0, 7) g(d)
     CROSS JOIN LATERAL (SELECT ($3::timestamptz AT TIME ZONE r.time_zone)::date + g.d AS day) dd
     CROSS JOIN LATERAL (SELECT (dd.day + h.opens) AT TIME ZONE r.time_zone AS starts) l
     WHERE r.vendor_id = $1 AND r.id = $2 AND r.on_off
       AND h.weekday = extract(dow FROM dd.day) AND l.starts > $3::timestamptz`,
    [vendorId, storeId, at.toISOString()],
  );
  return rows[0]?.next ?? '';
}

/** The store's hours and whether it is open, as found by findStore at `at`; the next opening after `at`. */
export async function restaurantTiming(db: Db, vendorId: number, row: DetailRow, at: Date): Promise<RestaurantTiming> {
  const hours = await openingHours(db, vendorId, row.id);
  return {
    time_zone: row.time_zone,
    is_open_now: row.is_open,
    hours,
    next_opening: row.is_open ? '' : await nextOpening(db, vendorId, row.id, at),
  };
}

/** Whether the store delivers to the point (its polygon, else its radius). */
export async function storeDelivers(db: Db, vendorId: number, storeId: number, latitude: number, longitude: number): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `SELECT ${deliversSql('r', '$3::float8', '$4::float8')} AS ok FROM restaurants r
     WHERE r.vendor_id = $1 AND r.id = $2 AND r.is_active`,
    [vendorId, storeId, latitude, longitude],
  );
  return rows[0]?.ok === true;
}

/** Whether the vendor has this active store (cheap check before menu reads). */
export async function storeExists(db: Db, vendorId: number, storeId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM restaurants WHERE vendor_id = $1 AND id = $2 AND is_active', [vendorId, storeId]);
  return rows.length > 0;
}

/** Both coordinates as numbers, or undefined when either is missing or empty. */
export function pointOf(body: { latitude?: number | string | undefined; longitude?: number | string | undefined }) {
  return typeof body.latitude === 'number' && typeof body.longitude === 'number'
    ? { latitude: body.latitude, longitude: body.longitude }
    : undefined;
}

/** A store's delivery area (get-delivery-zone-setting); with a point, whether it delivers there and how far it is. */
export async function deliveryZone(
  db: Db, vendor: Vendor, storeId: number, point: { latitude: number; longitude: number } | undefined,
): Promise<DeliveryZoneSetting | undefined> {
  const { rows } = await db.query<{
    latitude: number; longitude: number; delivery_radius_km: number; delivery_polygon: unknown; delivers: boolean | null; distance: number | null;
  }>(
    `SELECT r.latitude, r.longitude, r.delivery_radius_km, r.delivery_polygon,
       CASE WHEN $3::float8 IS NULL THEN NULL ELSE ${deliversSql('r', '$3::float8', '$4::float8')} END AS delivers,
       CASE WHEN $3::float8 IS NULL THEN NULL ELSE ${distanceSql('r', '$3::float8', '$4::float8')} END AS distance
     FROM restaurants r WHERE r.vendor_id = $1 AND r.id = $2 AND r.is_active`,
    [vendor.id, storeId, point?.latitude ?? null, point?.longitude ?? null],
  );
  const row = rows[0];
  if (!row) return undefined;
  const zone = zoneOf(row.delivery_polygon);
  return {
    restaurant_id: storeId,
    is_delivery_zone_available: vendor.settings.is_delivery_zone_available === 1 ? 1 : 0,
    kind: zone ? 'zone' : 'radius',
    zone,
    radius_km: Number(row.delivery_radius_km),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    delivers_here: row.delivers,
    distance_km: row.distance === null ? null : Math.round(Number(row.distance) * 100) / 100,
  };
}

/** A stored delivery polygon as corners [latitude, longitude], or null when it is none (sf_point_in_polygon reads the same). */
function zoneOf(polygon: unknown): Array<[number, number]> | null {
  if (!Array.isArray(polygon) || polygon.length < 3) return null;
  const corners: Array<[number, number]> = [];
  for (const corner of polygon) {
    if (!Array.isArray(corner) || typeof corner[0] !== 'number' || typeof corner[1] !== 'number') return null;
    corners.push([corner[0], corner[1]]);
  }
  return corners;
}

/**
 * What a store takes at checkout (get-restaurant-settings): the order modes (pickup where the vendor
 * offers it), the payment methods (the wallet where the vendor's is active, cash, online where a
 * provider runs for the vendor: `online`), its minimum, packaging, time and whether it takes orders ahead.
 */
export function storeOrderSettings(
  vendor: Vendor, row: DetailRow, online: RechargeProvider | null, lang: string,
): StoreOrderSettings {
  const detail = toRestaurantDetail(vendor, row, [], lang, '');
  const methods: PaymentMethod[] = [];
  if (vendor.settings.client_wallet_status === 'active') methods.push('wallet');
  methods.push('cash');
  if (online) methods.push('online');
  return {
    restaurant_id: row.id,
    order_modes: vendor.settings.is_pickup_enable === 'true' ? ['delivery', 'pickup'] : ['delivery'],
    payment_methods: methods,
    online_provider: online,
    minimum_order_value: detail.minimum_order_value,
    minimum_enforced: detail.minimum_admin_commision === 0,
    packaging_charge: detail.packaging_charge,
    delivery_time: detail.delivery_time,
    accepts_scheduled_orders: detail.accepts_scheduled_orders === 1,
    tax_name: taxName(vendor, lang),
  };
}
