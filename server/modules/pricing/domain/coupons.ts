import type pg from 'pg';
import type { Coupon, CouponRefusal } from '../../../../contract/api/offers.ts';
import type { OrderModeName } from '../../../../contract/api/order-states.ts';
import type { Db } from '../../../db/pool.ts';
import type { CouponTerms } from './pricing.ts';
import { absolute, toMajor, type Vendor } from '../../vendors/index.ts';

export type Queryable = Db | pg.PoolClient;

export interface CouponRow {
  id: number;
  restaurant_id: number | null;
  code: string;
  name: string;
  description: string;
  image: string;
  coupon_type: 'Delivery' | 'Pickup' | 'Both';
  discount_type: 'percent' | 'flat';
  discount_percent: number | null;
  discount_flat_minor: number | null;
  max_discount_minor: number | null;
  min_order_minor: number;
  cashback_minor: number;
  is_free_order: boolean;
  starts_at: Date | null;
  expires_at: Date | null;
  per_customer_limit: number | null;
  total_limit: number | null;
  is_active: boolean;
}

const COLUMNS = `c.id, c.restaurant_id, c.code, c.image, c.coupon_type, c.discount_type, c.discount_percent, c.discount_flat_minor,
  c.max_discount_minor, c.min_order_minor, c.cashback_minor, c.is_free_order, c.starts_at, c.expires_at,
  c.per_customer_limit, c.total_limit, c.is_active,
  coalesce(c.i18n -> $2::text ->> 'name', c.name) AS name,
  coalesce(c.i18n -> $2::text ->> 'description', c.description) AS description`;

/** The vendor's coupon with this code (case-insensitive), active or not. */
export async function findCoupon(q: Queryable, vendorId: number, code: string, lang: string, lock = false): Promise<CouponRow | undefined> {
  const { rows } = await q.query<CouponRow>(
    `SELECT ${COLUMNS} FROM coupons c WHERE c.vendor_id = $1 AND upper(c.code) = upper($3) ${lock ? 'FOR UPDATE' : ''}`,
    [vendorId, lang, code.trim()],
  );
  return rows[0];
}

export interface CouponListQuery {
  lang: string;
  /** Delivery or Pickup; 'Both' coupons always match. Undefined = every type. */
  type?: 'Delivery' | 'Pickup' | undefined;
  /** Store-limited coupons only for this store. */
  restaurantId?: number | undefined;
  /** Leave out coupons this customer has used up. */
  userId?: number | undefined;
  /** Store time (the app's clock): coupons started by then and not yet expired. */
  at: Date;
}

/** Active, started, not expired coupons; store-limited ones only for their store; used-up ones left out. */
export async function listCoupons(q: Queryable, vendorId: number, query: CouponListQuery): Promise<CouponRow[]> {
  const { rows } = await q.query<CouponRow>(
    `SELECT ${COLUMNS} FROM coupons c
     WHERE c.vendor_id = $1 AND c.is_active
       AND (c.starts_at IS NULL OR c.starts_at <= $6::timestamptz) AND (c.expires_at IS NULL OR c.expires_at > $6::timestamptz)
       AND ($3::text IS NULL OR c.coupon_type IN ($3, 'Both'))
       AND (c.restaurant_id IS NULL OR c.restaurant_id = $4::bigint)
       AND (c.total_limit IS NULL OR
         (SELECT count(*) FROM coupon_redemptions r WHERE r.vendor_id = c.vendor_id AND r.coupon_id = c.id) < c.total_limit)
       AND ($5::bigint IS NULL OR c.per_customer_limit IS NULL OR
         (SELECT count(*) FROM coupon_redemptions r WHERE r.vendor_id = c.vendor_id AND r.coupon_id = c.id AND r.user_id = $5) < c.per_customer_limit)
     ORDER BY c.id`,
    [vendorId, query.lang, query.type ?? null, query.restaurantId ?? null, query.userId ?? null, query.at.toISOString()],
  );
  return rows;
}

export function toCoupon(vendor: Vendor, row: CouponRow, baseUrl: string): Coupon {
  return {
    id: row.id,
    coupon_name: row.name,
    coupon_code: row.code,
    coupon_image: absolute(baseUrl, row.image),
    description: row.description,
    coupon_type: row.coupon_type,
    discount_kind: row.is_free_order ? 'free_item' : row.discount_type,
    discount_percent: Number(row.discount_percent ?? 0),
    discount_flat: toMajor(vendor, row.discount_flat_minor ?? 0),
    max_discount: toMajor(vendor, row.max_discount_minor ?? 0),
    min_order: toMajor(vendor, row.min_order_minor),
    cashback: toMajor(vendor, row.cashback_minor),
    restaurant_id: row.restaurant_id,
    expires_at: row.expires_at ? row.expires_at.toISOString() : '',
  };
}

export function couponTerms(row: CouponRow): CouponTerms {
  return {
    discount_type: row.discount_type,
    discount_percent: Number(row.discount_percent ?? 0),
    discount_flat_minor: row.discount_flat_minor ?? 0,
    max_discount_minor: row.max_discount_minor,
    min_order_minor: row.min_order_minor,
    cashback_minor: row.cashback_minor,
    is_free_order: row.is_free_order,
  };
}

/** The refusals that depend on the coupon itself, the clock, the order mode and the store. */
export function couponRuleRefusal(row: CouponRow | undefined, at: Date, mode: OrderModeName, storeId: number): CouponRefusal | '' {
  if (!row || !row.is_active) return 'invalid';
  if (row.starts_at && row.starts_at > at) return 'not_started';
  if (row.expires_at && row.expires_at <= at) return 'expired';
  if (row.coupon_type !== 'Both' && row.coupon_type.toLowerCase() !== mode) return 'wrong_mode';
  if (row.restaurant_id !== null && row.restaurant_id !== storeId) return 'wrong_store';
  return '';
}

/** How often the coupon has been redeemed, in all and by this customer. */
export async function couponUses(q: Queryable, vendorId: number, couponId: number, userId: number): Promise<{ total: number; mine: number }> {
  const { rows } = await q.query<{ total: number; mine: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE user_id = $3)::int AS mine
     FROM coupon_redemptions WHERE vendor_id = $1 AND coupon_id = $2`,
    [vendorId, couponId, userId],
  );
  return rows[0] ?? { total: 0, mine: 0 };
}

/** limit_reached (this customer) or used_up (everyone), else ''. */
export function limitRefusal(row: CouponRow, uses: { total: number; mine: number }): CouponRefusal | '' {
  if (row.per_customer_limit !== null && uses.mine >= row.per_customer_limit) return 'limit_reached';
  if (row.total_limit !== null && uses.total >= row.total_limit) return 'used_up';
  return '';
}
