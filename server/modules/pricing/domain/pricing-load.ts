import type { CouponRefusal } from '../../../../contract/api/offers.ts';
import type { OpeningHours } from '../../../../contract/api/stores.ts';
import { preparedStatement } from '../../../db/prepared.ts';
import { InputError } from '../../../errors.ts';
import { addressTextSql } from '../../addresses/index.ts';
import { usableQuote, type ChosenQuote } from '../../delivery-partners/index.ts';
import { DELIVERY_PARTNER_TEXTS } from '../../../../contract/rules/delivery-partners.ts';
import { deliversSql, distanceSql, hoursJsonSql, openNowSql } from '../../stores/index.ts';
import {
  couponRuleRefusal, couponTerms, couponUses, findCoupon, limitRefusal, listCoupons, type CouponRow, type Queryable,
} from './coupons.ts';
import { toMinor } from '../../../../contract/rules/money.ts';
import { priceOrder, type PriceMinor, type PricingLine } from './pricing.ts';
import { orderLimits, pastLimit, type LimitRefusal } from './order-limits.ts';
import { catalogJsonSql, resolveLines, toCatalog, type CatalogItem, type CatalogRow } from './pricing-catalog.ts';
import type { PricingQuery } from './pricing-request.ts';
import type { Vendor } from '../../vendors/index.ts';

/** The store fields an order needs. */
export interface OrderStore {
  id: number;
  name: string;
  on_off: boolean;
  is_open: boolean;
  time_zone: string;
  delivery_time: number;
  is_pre_order: number;
  latitude: number;
  longitude: number;
  packaging_charge_minor: number;
  delivery_charge_minor: number;
  delivery_free_km: number;
  delivery_per_km_minor: number;
  minimum_order_value_minor: number;
  minimum_admin_commision: number;
  hours: OpeningHours[];
}

/** The store's minimum order as the shared rule takes it. */
export function minimumOf(store: Pick<OrderStore, 'minimum_order_value_minor' | 'minimum_admin_commision'>) {
  return { minimumMinor: store.minimum_order_value_minor, minimumAdminCommission: store.minimum_admin_commision };
}

/** loadOrderBasis's statement ($1 vendor, $2 store, $3 language, $4 store time, $5 customer, $6 item ids). */
const ORDER_BASIS = preparedStatement('order-basis', `SELECT r.id, coalesce(r.i18n -> $3::text ->> 'name', r.name) AS name, r.on_off, ${openNowSql('$4::timestamptz')} AS is_open,
     r.time_zone, r.delivery_time, r.is_pre_order, r.latitude, r.longitude, r.packaging_charge_minor,
     r.delivery_charge_minor, r.delivery_free_km, r.delivery_per_km_minor, r.minimum_order_value_minor, r.minimum_admin_commision,
     ${hoursJsonSql('r')} AS hours,
     (SELECT u.wallet_balance_minor FROM users u WHERE u.vendor_id = r.vendor_id AND u.id = $5) AS wallet_minor,
     ${catalogJsonSql('$1', 'r.id', '$6', '$3')} AS items
   FROM restaurants r WHERE r.vendor_id = $1 AND r.id = $2 AND r.is_active`);

/**
 * What pricing an order reads first, in one statement: the store, open or not at `at` (store time),
 * with its opening hours; the customer's wallet balance; the store's items with these ids.
 */
async function loadOrderBasis(
  q: Queryable, c: PricingContext, storeId: number, itemIds: number[],
): Promise<{ store: OrderStore; walletMinor: number; catalog: Map<number, CatalogItem> } | undefined> {
  const { rows } = await q.query<OrderStore & { wallet_minor: number | null; items: CatalogRow[] }>(ORDER_BASIS([c.vendor.id, storeId, c.lang, c.now.toISOString(), c.userId, itemIds]));
  const row = rows[0];
  if (!row) return undefined;
  const { wallet_minor, items, ...store } = row;
  return { store: { ...store, delivery_free_km: Number(store.delivery_free_km) }, walletMinor: Number(wallet_minor ?? 0), catalog: toCatalog(items) };
}

export interface DeliveryPoint {
  address_id: number;
  /** flat_no, house_name and the address, joined like the storefront's deliveryAddress. */
  text: string;
  latitude: number;
  longitude: number;
  distance_km: number;
  delivers: boolean;
}

/** The customer's own saved address with its distance from the store; undefined when not theirs. */
export async function loadDeliveryPoint(q: Queryable, vendorId: number, userId: number, storeId: number, addressId: number): Promise<DeliveryPoint | undefined> {
  const { rows } = await q.query<DeliveryPoint>(
    `SELECT a.id AS address_id, ${addressTextSql('a')} AS text,
       a.latitude, a.longitude, ${distanceSql('r', 'a.latitude', 'a.longitude')} AS distance_km,
       ${deliversSql('r', 'a.latitude', 'a.longitude')} AS delivers
     FROM addresses a JOIN restaurants r ON r.vendor_id = a.vendor_id AND r.id = $4
     WHERE a.vendor_id = $1 AND a.user_id = $2 AND a.id = $3 AND a.deleted_at IS NULL`,
    [vendorId, userId, addressId, storeId],
  );
  return rows[0];
}


/** Everything known about an order being priced. */
export interface PricedOrder {
  store: OrderStore;
  lines: PricingLine[];
  price: PriceMinor;
  /** The coupon applied (undefined when none or refused). */
  coupon: CouponRow | undefined;
  coupon_code: string;
  coupon_refusal: CouponRefusal | '';
  /** The refused coupon's minimum item total, for 'minimum_order'. */
  coupon_min_order_minor: number;
  delivery: DeliveryPoint | undefined;
  wallet_minor: number;
  /** The vendor's limit the order is past (undefined within all). */
  limit: LimitRefusal | undefined;
  /** The delivery partner's quote whose fare is the delivery charge (undefined: the store's own delivery). */
  partner: ChosenQuote | undefined;
}

export interface PricingContext {
  vendor: Vendor;
  userId: number;
  lang: string;
  /** Store time (the app's clock): whether the store is open, and coupon start and expiry. */
  now: Date;
}

async function couponFor(q: Queryable, c: PricingContext, query: PricingQuery): Promise<{ row?: CouponRow; refusal: CouponRefusal | '' }> {
  const row = await findCoupon(q, c.vendor.id, query.coupon_code, c.lang);
  const rule = couponRuleRefusal(row, c.now, query.order_mode, query.restaurant_id);
  if (rule || !row) return { refusal: rule || 'invalid' };
  const limit = limitRefusal(row, await couponUses(q, c.vendor.id, row.id, c.userId));
  return limit ? { refusal: limit } : { row, refusal: '' };
}

/**
 * The delivery partner's quote a delivery order names (delivery_partner with quote_id), when it may be
 * charged (usableQuote: else a 422 on quote_id); pickup takes none, whatever is sent.
 */
async function partnerQuote(
  q: Queryable, c: PricingContext, query: PricingQuery, storeId: number, delivery: DeliveryPoint | undefined,
): Promise<ChosenQuote | undefined> {
  if (query.order_mode !== 'delivery' || (!query.delivery_partner && !query.quote_id)) return undefined;
  if (!query.delivery_partner || !query.quote_id) {
    throw InputError.on(query.delivery_partner ? 'quote_id' : 'delivery_partner', DELIVERY_PARTNER_TEXTS.quoteMissing);
  }
  return usableQuote(q, {
    vendor: c.vendor, userId: c.userId, storeId, partner: query.delivery_partner, quoteRef: query.quote_id,
    drop: delivery && { latitude: Number(delivery.latitude), longitude: Number(delivery.longitude) },
  });
}

/**
 * Prices the request from the database: undefined when the store is not the vendor's.
 * A shiping_id that is not the customer's is a 422 on shiping_id. `auto` picks the coupon
 * that saves the most (discount + cashback) among those listed for this cart.
 */
export async function priceRequest(q: Queryable, c: PricingContext, query: PricingQuery, auto = false): Promise<PricedOrder | undefined> {
  const found = await loadOrderBasis(q, c, query.restaurant_id, [...new Set(query.lines.map((l) => l.item_id))]);
  if (!found) return undefined;
  const { store, catalog } = found;
  let delivery: DeliveryPoint | undefined;
  if (query.order_mode === 'delivery' && query.shiping_id !== undefined) {
    delivery = await loadDeliveryPoint(q, c.vendor.id, c.userId, store.id, query.shiping_id);
    if (!delivery) throw new InputError({ shiping_id: ['Address not found'] });
  }
  const partner = await partnerQuote(q, c, query, store.id, delivery);
  const lines = resolveLines(query.lines, catalog, c.vendor.currency_exponent);
  const base = {
    mode: query.order_mode,
    lines,
    store: {
      packaging_minor: store.packaging_charge_minor, delivery_charge_minor: store.delivery_charge_minor,
      delivery_free_km: store.delivery_free_km, delivery_per_km_minor: store.delivery_per_km_minor,
    },
    distance_km: delivery ? delivery.distance_km : null,
    tip_minor: toMinor(query.driver_tip, c.vendor.currency_exponent),
    partner_fare_minor: partner?.fareMinor,
  };

  let coupon: CouponRow | undefined;
  let refusal: CouponRefusal | '' = '';
  let price = priceOrder(base);
  let code = query.coupon_code;
  let couponMin = 0;
  if (auto) {
    const candidates = await listCoupons(q, c.vendor.id, {
      lang: c.lang, type: query.order_mode === 'delivery' ? 'Delivery' : 'Pickup', restaurantId: store.id, userId: c.userId, at: c.now,
    });
    for (const row of candidates) {
      const priced = priceOrder({ ...base, coupon: couponTerms(row) });
      if (priced.coupon_refusal) continue;
      const saves = priced.discount_minor + priced.cashback_minor;
      if (saves > 0 && (!coupon || saves > price.discount_minor + price.cashback_minor)) {
        coupon = row;
        price = priced;
      }
    }
    code = coupon?.code ?? '';
  } else if (code) {
    const found = await couponFor(q, c, query);
    refusal = found.refusal;
    if (found.row) {
      code = found.row.code;
      const priced = priceOrder({ ...base, coupon: couponTerms(found.row) });
      if (priced.coupon_refusal) refusal = priced.coupon_refusal;
      else {
        coupon = found.row;
        price = priced;
      }
      if (refusal === 'minimum_order') couponMin = found.row.min_order_minor;
    }
  }
  return {
    store, lines, price, coupon, coupon_code: code, coupon_refusal: refusal, coupon_min_order_minor: couponMin, delivery,
    wallet_minor: found.walletMinor,
    limit: pastLimit(orderLimits(c.vendor), query.lines, price),
    partner,
  };
}
