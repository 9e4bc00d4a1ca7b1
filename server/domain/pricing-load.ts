import type { CouponRefusal, OpeningHours, OrderModeName, PriceBreakdown, PricedLine } from '../../src/core/api/contract.ts';
import { ValidationError } from '../http/errors.ts';
import {
  couponRuleRefusal, couponTerms, couponUses, findCoupon, limitRefusal, listCoupons, type CouponRow, type Queryable,
} from './coupons.ts';
import { priceOrder, toMinor, type PriceMinor, type PricingLine } from './pricing.ts';
import { absolute } from './settings.ts';
import { deliversSql, distanceSql, OPEN_NOW_SQL } from './stores.ts';
import { toMajor, type Vendor } from './vendors.ts';

export const MAX_LINES = 100;
export const MAX_QUANTITY = 99;
const MAX_OPTIONS = 50;

/** A cart line as checked from the request. */
export interface LineRequest {
  item_id: number;
  quantity: number;
  option_ids: number[];
  /** The unit price the client showed, display units. */
  client_price: number;
}

/** A PricingRequest after validation. */
export interface PricingQuery {
  restaurant_id: number;
  order_mode: OrderModeName;
  lines: LineRequest[];
  coupon_code: string;
  /** Display units, ≥ 0. */
  driver_tip: number;
  shiping_id: number | undefined;
  schedule_at: string;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1;

/** Checks the lines of a PricingRequest field by field (`lines.2.quantity`); the schema checked the rest. */
export function checkLines(raw: unknown): LineRequest[] {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => void (errors[field] ??= []).push(message);
  if (!Array.isArray(raw) || raw.length === 0) throw new ValidationError({ lines: ['Please add Item in to cart'] });
  if (raw.length > MAX_LINES) throw new ValidationError({ lines: [`An order holds at most ${MAX_LINES} lines`] });
  const lines: LineRequest[] = [];
  raw.forEach((value: unknown, i) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(`lines.${i}`, 'Invalid cart line');
    const line = value as Record<string, unknown>;
    if (!isId(line.item_id)) fail(`lines.${i}.item_id`, 'item_id must be a number');
    const q = line.quantity;
    if (typeof q !== 'number' || !Number.isInteger(q) || q < 1 || q > MAX_QUANTITY) {
      fail(`lines.${i}.quantity`, `Quantity must be a whole number from 1 to ${MAX_QUANTITY}`);
    }
    const ids = line.selectCustoizeID ?? [];
    if (!Array.isArray(ids) || ids.length > MAX_OPTIONS || !ids.every(isId)) {
      fail(`lines.${i}.selectCustoizeID`, 'selectCustoizeID must be a list of option ids');
    } else if (new Set(ids).size !== ids.length) {
      fail(`lines.${i}.selectCustoizeID`, 'An option is chosen twice');
    }
    const price = line.price;
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) fail(`lines.${i}.price`, 'price must be a number');
    lines.push({ item_id: line.item_id as number, quantity: q as number, option_ids: ids as number[], client_price: price as number });
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return lines;
}

/** Turns the schema-checked body into a PricingQuery. */
export function toPricingQuery(body: {
  restaurant_id: number; order_mode: OrderModeName; lines: unknown; coupon_code?: string | undefined;
  driver_tip?: number | undefined; shiping_id?: number | '' | undefined; schedule_at?: string | undefined;
}): PricingQuery {
  return {
    restaurant_id: body.restaurant_id,
    order_mode: body.order_mode,
    lines: checkLines(body.lines),
    coupon_code: (body.coupon_code ?? '').trim(),
    driver_tip: body.driver_tip ?? 0,
    shiping_id: typeof body.shiping_id === 'number' ? body.shiping_id : undefined,
    schedule_at: (body.schedule_at ?? '').trim(),
  };
}

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

export async function loadOrderStore(q: Queryable, vendorId: number, storeId: number, lang: string): Promise<OrderStore | undefined> {
  const { rows } = await q.query<Omit<OrderStore, 'hours'>>(
    `SELECT r.id, coalesce(r.i18n -> $3::text ->> 'name', r.name) AS name, r.on_off, ${OPEN_NOW_SQL} AS is_open,
       r.time_zone, r.delivery_time, r.is_pre_order, r.latitude, r.longitude, r.packaging_charge_minor,
       r.delivery_charge_minor, r.delivery_free_km, r.delivery_per_km_minor, r.minimum_order_value_minor, r.minimum_admin_commision
     FROM restaurants r WHERE r.vendor_id = $1 AND r.id = $2 AND r.is_active`,
    [vendorId, storeId, lang],
  );
  const store = rows[0];
  if (!store) return undefined;
  const { rows: hours } = await q.query<OpeningHours>(
    `SELECT weekday, to_char(opens, 'HH24:MI') AS opens, to_char(closes, 'HH24:MI') AS closes
     FROM restaurant_hours WHERE vendor_id = $1 AND restaurant_id = $2 ORDER BY weekday, opens`,
    [vendorId, storeId],
  );
  return { ...store, delivery_free_km: Number(store.delivery_free_km), hours };
}

interface CatalogOption {
  option_id: number;
  group_id: number;
  name: string;
  price_minor: number;
  is_available: boolean;
}

interface CatalogGroup {
  group_id: number;
  name: string;
  min: number;
  max: number;
}

export interface CatalogItem {
  id: number;
  name: string;
  image: string;
  item_type: 0 | 1;
  price_minor: number;
  tax_percent: number;
  packaging_charge_minor: number;
  is_available: boolean;
  stock: number | null;
  groups: CatalogGroup[];
  options: Map<number, CatalogOption>;
}

/** The store's items with these ids, with every option group and option (available or not), texts in `lang`. */
export async function loadCatalog(q: Queryable, vendorId: number, storeId: number, itemIds: number[], lang: string): Promise<Map<number, CatalogItem>> {
  const items = new Map<number, CatalogItem>();
  if (!itemIds.length) return items;
  const { rows } = await q.query<Omit<CatalogItem, 'groups' | 'options'> & { item_type: number }>(
    `SELECT i.id, coalesce(i.i18n -> $4::text ->> 'name', i.name) AS name, i.image, i.item_type, i.price_minor,
       i.tax_percent, i.packaging_charge_minor, i.is_available, i.stock
     FROM items i WHERE i.vendor_id = $1 AND i.restaurant_id = $2 AND i.id = ANY($3::bigint[])`,
    [vendorId, storeId, itemIds, lang],
  );
  for (const row of rows) {
    items.set(row.id, { ...row, item_type: row.item_type === 1 ? 1 : 0, tax_percent: Number(row.tax_percent), groups: [], options: new Map() });
  }
  if (!items.size) return items;
  const { rows: options } = await q.query<{
    item_id: number; group_id: number; group_name: string; min_select: number; max_select: number; is_required: boolean;
    option_id: number | null; option_name: string | null; price_minor: number | null; is_available: boolean | null;
  }>(
    `SELECT g.item_id, g.id AS group_id, coalesce(g.i18n -> $3::text ->> 'name', g.name) AS group_name, g.min_select, g.max_select,
       g.is_required, o.id AS option_id, coalesce(o.i18n -> $3::text ->> 'name', o.name) AS option_name, o.price_minor, o.is_available
     FROM item_option_groups g
     LEFT JOIN item_options o ON o.vendor_id = g.vendor_id AND o.group_id = g.id
     WHERE g.vendor_id = $1 AND g.item_id = ANY($2::bigint[])
     ORDER BY g.item_id, g.sort_order, g.id, o.sort_order, o.id`,
    [vendorId, [...items.keys()], lang],
  );
  for (const row of options) {
    const item = items.get(row.item_id);
    if (!item) continue;
    if (!item.groups.some((g) => g.group_id === row.group_id)) {
      item.groups.push({ group_id: row.group_id, name: row.group_name, min: Math.max(row.min_select, row.is_required ? 1 : 0), max: row.max_select });
    }
    if (row.option_id !== null) {
      item.options.set(row.option_id, {
        option_id: row.option_id, group_id: row.group_id, name: row.option_name ?? '', price_minor: row.price_minor ?? 0,
        is_available: row.is_available === true,
      });
    }
  }
  return items;
}

/**
 * Resolves the request lines against the catalogue. An unknown item (another store's, another
 * vendor's, deleted) or an unavailable item or option makes its line unavailable; an option that
 * is not the item's, or a choice breaking a group's min/max, is a 422 on the line.
 */
export function resolveLines(lines: LineRequest[], catalog: Map<number, CatalogItem>, exponent: number): PricingLine[] {
  const errors: Record<string, string[]> = {};
  const resolved = lines.map((line, i): PricingLine => {
    const item = catalog.get(line.item_id);
    const client_price_minor = toMinor(line.client_price, exponent);
    if (!item) {
      return {
        item_id: line.item_id, name: '', image: '', item_type: 0, quantity: line.quantity, item_price_minor: 0, options: [],
        tax_percent: 0, packaging_minor: 0, is_available: false, stock: 0, client_price_minor,
      };
    }
    const field = `lines.${i}.selectCustoizeID`;
    const chosen = line.option_ids.map((id) => item.options.get(id));
    if (chosen.some((o) => o === undefined)) (errors[field] ??= []).push('An option does not belong to this item');
    else {
      for (const group of item.groups) {
        const count = chosen.filter((o) => o?.group_id === group.group_id).length;
        if (count < group.min) (errors[field] ??= []).push(`Choose at least ${group.min} in ${group.name}`);
        if (count > group.max) (errors[field] ??= []).push(`Choose at most ${group.max} in ${group.name}`);
      }
    }
    const options = chosen.filter((o): o is CatalogOption => o !== undefined);
    return {
      item_id: item.id, name: item.name, image: item.image, item_type: item.item_type, quantity: line.quantity,
      item_price_minor: item.price_minor, options: options.map((o) => ({ option_id: o.option_id, name: o.name, price_minor: o.price_minor })),
      tax_percent: item.tax_percent, packaging_minor: item.packaging_charge_minor,
      is_available: item.is_available && options.every((o) => o.is_available), stock: item.stock, client_price_minor,
    };
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return resolved;
}

export interface DeliveryPoint {
  address_id: number;
  /** flat_no, house_name and the address, as SPEC §3 builds deliveryAddress. */
  text: string;
  latitude: number;
  longitude: number;
  distance_km: number;
  delivers: boolean;
}

/** The customer's own saved address with its distance from the store; undefined when not theirs. */
export async function loadDeliveryPoint(q: Queryable, vendorId: number, userId: number, storeId: number, addressId: number): Promise<DeliveryPoint | undefined> {
  const { rows } = await q.query<DeliveryPoint>(
    `SELECT a.id AS address_id, concat_ws(', ', nullif(a.flat_no, ''), nullif(a.house_name, ''), a.address) AS text,
       a.latitude, a.longitude, ${distanceSql('r', 'a.latitude', 'a.longitude')} AS distance_km,
       ${deliversSql('r', 'a.latitude', 'a.longitude')} AS delivers
     FROM addresses a JOIN restaurants r ON r.vendor_id = a.vendor_id AND r.id = $4
     WHERE a.vendor_id = $1 AND a.user_id = $2 AND a.id = $3 AND a.deleted_at IS NULL`,
    [vendorId, userId, addressId, storeId],
  );
  return rows[0];
}

export async function walletBalance(q: Queryable, vendorId: number, userId: number): Promise<number> {
  const { rows } = await q.query<{ balance: number }>('SELECT wallet_balance_minor AS balance FROM users WHERE vendor_id = $1 AND id = $2', [vendorId, userId]);
  return rows[0]?.balance ?? 0;
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
}

export interface PricingContext {
  vendor: Vendor;
  userId: number;
  lang: string;
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
 * Prices the request from the database: undefined when the store is not the vendor's.
 * A shiping_id that is not the customer's is a 422 on shiping_id. `auto` picks the coupon
 * that saves the most (discount + cashback) among those listed for this cart.
 */
export async function priceRequest(q: Queryable, c: PricingContext, query: PricingQuery, auto = false): Promise<PricedOrder | undefined> {
  const store = await loadOrderStore(q, c.vendor.id, query.restaurant_id, c.lang);
  if (!store) return undefined;
  let delivery: DeliveryPoint | undefined;
  if (query.order_mode === 'delivery' && query.shiping_id !== undefined) {
    delivery = await loadDeliveryPoint(q, c.vendor.id, c.userId, store.id, query.shiping_id);
    if (!delivery) throw new ValidationError({ shiping_id: ['Address not found'] });
  }
  const catalog = await loadCatalog(q, c.vendor.id, store.id, [...new Set(query.lines.map((l) => l.item_id))], c.lang);
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
  };

  let coupon: CouponRow | undefined;
  let refusal: CouponRefusal | '' = '';
  let price = priceOrder(base);
  let code = query.coupon_code;
  let couponMin = 0;
  if (auto) {
    const candidates = await listCoupons(q, c.vendor.id, {
      lang: c.lang, type: query.order_mode === 'delivery' ? 'Delivery' : 'Pickup', restaurantId: store.id, userId: c.userId,
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
    wallet_minor: await walletBalance(q, c.vendor.id, c.userId),
  };
}

/** An amount as the spec's messages show it: the currency symbol, then the value (e.g. '$15.00'). */
export function formatMoney(vendor: Vendor, minor: number): string {
  return `${vendor.currency_symbol}${toMajor(vendor, minor).toFixed(vendor.price_decimals ?? vendor.currency_exponent)}`;
}

/** The vendor's tax name in `lang` (SPEC §9 default 'Service tax'). */
export function taxName(vendor: Vendor, lang: string): string {
  const translated = vendor.i18n[lang]?.tax_name_primary_lang;
  const own = vendor.settings.tax_name_primary_lang;
  if (typeof translated === 'string' && translated) return translated;
  return typeof own === 'string' && own ? own : 'Service tax';
}

/** The wire PriceBreakdown: display decimals, client prices echoed, images absolute. */
export function toBreakdown(vendor: Vendor, o: PricedOrder, query: PricingQuery, lang: string, baseUrl: string): PriceBreakdown {
  const major = (minor: number) => toMajor(vendor, minor);
  const lines = o.lines.map((line, i): PricedLine => {
    const priced = o.price.lines[i]!;
    return {
      item_id: line.item_id,
      name: line.name,
      image: line.image ? absolute(baseUrl, line.image) : '',
      item_type: line.item_type,
      selectCustoizeID: query.lines[i]?.option_ids ?? [],
      selected_type: line.options.map((opt) => opt.name),
      options: line.options.map((opt) => ({ option_id: opt.option_id, name: opt.name, price: major(opt.price_minor) })),
      quantity: line.quantity,
      unit_price: major(priced.unit_minor),
      client_price: query.lines[i]?.client_price ?? 0,
      price_changed: priced.price_changed ? 1 : 0,
      line_total: major(priced.line_total_minor),
      tax: major(priced.tax_minor),
      packaging_charge: major(priced.packaging_minor),
      is_available: line.is_available ? 1 : 0,
      stock: line.stock,
    };
  });
  const p = o.price;
  return {
    restaurant_id: o.store.id,
    order_mode: query.order_mode,
    lines,
    item_total: major(p.item_total_minor),
    tax: major(p.tax_minor),
    tax_name: taxName(vendor, lang),
    packaging_charge: major(p.packaging_minor),
    delivery_charge: major(p.delivery_minor),
    distance_km: p.distance_km,
    coupon_code: o.coupon_code,
    discount: major(p.discount_minor),
    cashback: major(p.cashback_minor),
    coupon_refusal: o.coupon_refusal,
    coupon_min_order: major(o.coupon_min_order_minor),
    driver_tip: major(p.tip_minor),
    total: major(p.total_minor),
    price_changed: p.price_changed ? 1 : 0,
    has_unavailable: p.has_unavailable ? 1 : 0,
    wallet_amount: major(o.wallet_minor),
  };
}
