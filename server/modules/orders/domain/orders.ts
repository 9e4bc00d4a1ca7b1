import type { OrderDetail, OrderedLine, OrderImage, OrderStatusEvent, OrderStatusResult, OrderSummary } from '../../../../contract/api/orders.ts';
import type { OrderModeName, OrderStatus, PaymentMethod, PaymentStatus } from '../../../../contract/api/order-states.ts';
import type { Db } from '../../../db/pool.ts';
import { imageUrl } from './order-images.ts';
import { isOpen, ONGOING_STATUSES, PAST_STATUSES, stepsFor } from '../../../../contract/rules/order-steps.ts';
import { absolute, toMajor } from '../../vendors/index.ts';

export const ORDER_MSG = {
  notFound: 'Order not found',
  none: 'No orders found',
  notDelivered: 'Only a delivered order can be rated',
  alreadyRated: 'This order has already been rated',
  rated: 'Thank you for your rating',
  tooLateToCancel: 'This order can no longer be cancelled',
  cancelled: 'Your order has been cancelled',
} as const;

/** Whose orders: every query is scoped by vendor and customer. */
export interface Owner {
  vendorId: number;
  userId: number;
}

export interface Paging {
  skip: number;
  limit: number;
}

interface SummaryRow {
  id: number;
  restaurant_id: number;
  restaurant_name: string;
  restaurant_image: string;
  order_mode: OrderModeName;
  status: OrderStatus;
  created_at: Date;
  status_changed_at: Date;
  scheduled_for: Date | null;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  currency_exponent: number;
  total_minor: number;
  item_count: number;
  item_names: string[];
  rating: number;
}

/** Params: $1 vendor, $2 user, $3 lang. */
const SUMMARY_SELECT = `
  SELECT o.id, o.restaurant_id, o.order_mode, o.status, o.created_at, o.status_changed_at, o.scheduled_for,
    o.payment_method, o.payment_status, o.currency_exponent, o.total_minor,
    coalesce(r.i18n -> $3::text ->> 'name', r.name) AS restaurant_name, r.icon_image AS restaurant_image,
    coalesce(rt.rating, 0)::int AS rating,
    (SELECT coalesce(sum(l.quantity), 0)::int FROM order_lines l WHERE l.vendor_id = o.vendor_id AND l.order_id = o.id) AS item_count,
    ARRAY(SELECT l.name FROM order_lines l WHERE l.vendor_id = o.vendor_id AND l.order_id = o.id ORDER BY l.sort_order, l.id LIMIT 3) AS item_names
  FROM orders o
  JOIN restaurants r ON r.vendor_id = o.vendor_id AND r.id = o.restaurant_id
  LEFT JOIN order_ratings rt ON rt.vendor_id = o.vendor_id AND rt.order_id = o.id
  WHERE o.vendor_id = $1 AND o.user_id = $2`;

const iso = (d: Date | null): string => (d ? d.toISOString() : '');

function toSummary(row: SummaryRow, baseUrl: string): OrderSummary {
  return {
    order_id: row.id,
    restaurant_id: row.restaurant_id,
    restaurant_name: row.restaurant_name,
    restaurant_image: absolute(baseUrl, row.restaurant_image),
    order_mode: row.order_mode,
    status: row.status,
    created_at: iso(row.created_at),
    status_changed_at: iso(row.status_changed_at),
    scheduled_for: iso(row.scheduled_for),
    payment_method: row.payment_method,
    payment_status: row.payment_status,
    item_count: row.item_count,
    item_names: row.item_names,
    total: toMajor(row, row.total_minor),
    rating: row.rating,
  };
}

export type OrderList = 'ongoing' | 'past' | 'current';

/**
 * The customer's orders, newest first. ongoing: scheduled…arrived; past: delivered and cancelled;
 * current: ongoing plus the latest delivered order when it is still unrated (an older unrated one
 * is not asked about again once a newer order was delivered). Payment states are never listed.
 */
export async function listOrders(db: Db, owner: Owner, list: OrderList, lang: string, paging: Paging, baseUrl: string): Promise<OrderSummary[]> {
  const params: unknown[] = [owner.vendorId, owner.userId, lang, list === 'past' ? PAST_STATUSES : ONGOING_STATUSES, paging.limit, paging.skip];
  const unrated = list === 'current'
    ? `OR (o.id = (SELECT d.id FROM orders d WHERE d.vendor_id = $1 AND d.user_id = $2 AND d.status = 'delivered'
         ORDER BY d.status_changed_at DESC, d.id DESC LIMIT 1) AND rt.id IS NULL)`
    : '';
  const { rows } = await db.query<SummaryRow>(
    `${SUMMARY_SELECT} AND (o.status = ANY($4::text[]) ${unrated})
     ORDER BY o.created_at DESC, o.id DESC LIMIT $5 OFFSET $6`,
    params,
  );
  return rows.map((row) => toSummary(row, baseUrl));
}

/** The places the answer carries come from the row as they are. */
type DetailPlaces = Pick<OrderDetail, 'delivery_address' | 'delivery_latitude' | 'delivery_longitude' | 'restaurant_address' | 'restaurant_phone' | 'restaurant_latitude' | 'restaurant_longitude'>;

interface DetailRow extends SummaryRow, DetailPlaces {
  item_total_minor: number;
  tax_minor: number;
  tax_name: string;
  packaging_minor: number;
  delivery_charge_minor: number;
  distance_km: number | null;
  coupon_code: string;
  discount_minor: number;
  cashback_minor: number;
  tip_minor: number;
  review: string | null;
}

interface LineRow {
  item_id: number;
  name: string;
  image: string;
  item_type: number;
  quantity: number;
  unit_price_minor: number;
  line_total_minor: number;
  tax_minor: number;
  packaging_minor: number;
  options: Array<{ option_id: number; name: string; price_minor?: number }>;
  /** A group order's line: whose part it was ('' otherwise). */
  person: string;
}

export async function orderLines(db: Db, owner: Owner, orderId: number): Promise<LineRow[]> {
  const { rows } = await db.query<LineRow>(
    `SELECT item_id, name, image, item_type, quantity, unit_price_minor, line_total_minor, tax_minor, packaging_minor, options, person
     FROM order_lines l
     WHERE l.vendor_id = $1 AND l.order_id = $2
       AND EXISTS (SELECT 1 FROM orders o WHERE o.vendor_id = $1 AND o.id = $2 AND o.user_id = $3)
     ORDER BY sort_order, id`,
    [owner.vendorId, orderId, owner.userId],
  );
  return rows;
}

/** An order line as charged: the price paid is both the unit and the client price. */
function toPricedLine(money: { currency_exponent: number }, row: LineRow, baseUrl: string): OrderedLine {
  const options = (Array.isArray(row.options) ? row.options : []).map((o) => ({
    option_id: Number(o.option_id), name: String(o.name ?? ''), price: toMajor(money, Number(o.price_minor ?? 0)),
  }));
  const unit = toMajor(money, row.unit_price_minor);
  return {
    item_id: row.item_id,
    name: row.name,
    image: absolute(baseUrl, row.image),
    item_type: row.item_type === 1 ? 1 : 0,
    selectCustoizeID: options.map((o) => o.option_id),
    selected_type: options.map((o) => o.name),
    options,
    quantity: row.quantity,
    unit_price: unit,
    client_price: unit,
    price_changed: 0,
    line_total: toMajor(money, row.line_total_minor),
    tax: toMajor(money, row.tax_minor),
    packaging_charge: toMajor(money, row.packaging_minor),
    is_available: 1,
    stock: null,
    ...(row.person ? { person: row.person } : {}),
  };
}

/** The customer-visible history: payment states are left out. `owner.userId` null: any customer's (a tracking link's order). */
async function history(db: Db, owner: { vendorId: number; userId: number | null }, orderId: number): Promise<OrderStatusEvent[]> {
  const { rows } = await db.query<{ status: OrderStatus; at: Date }>(
    `SELECT to_status AS status, created_at AS at FROM order_status_events
     WHERE vendor_id = $1 AND order_id = $2 AND to_status NOT IN ('payment_pending', 'payment_failed')
       AND EXISTS (SELECT 1 FROM orders o WHERE o.vendor_id = $1 AND o.id = $2 AND ($3::bigint IS NULL OR o.user_id = $3))
     ORDER BY id`,
    [owner.vendorId, orderId, owner.userId],
  );
  return rows.map((r) => ({ status: r.status, at: iso(r.at) }));
}

function stepsOf(mode: OrderModeName, scheduledFor: Date | null, events: OrderStatusEvent[]): OrderStatus[] {
  return stepsFor(mode, scheduledFor !== null || events.some((e) => e.status === 'scheduled'));
}

async function attachedImages(db: Db, owner: Owner, orderId: number, baseUrl: string): Promise<OrderImage[]> {
  const { rows } = await db.query<{ token: string }>(
    'SELECT token FROM order_images WHERE vendor_id = $1 AND user_id = $2 AND order_id = $3 ORDER BY id',
    [owner.vendorId, owner.userId, orderId],
  );
  return rows.map((r) => ({ token: r.token, url: imageUrl(baseUrl, r.token) }));
}

/** view_order_details: the whole order of this customer, or undefined. */
export async function orderDetail(db: Db, owner: Owner, orderId: number, lang: string, baseUrl: string): Promise<OrderDetail | undefined> {
  const { rows } = await db.query<DetailRow>(
    SUMMARY_SELECT.replace('FROM orders o', `, o.item_total_minor, o.tax_minor, o.tax_name, o.packaging_minor, o.delivery_charge_minor,
      o.distance_km, o.coupon_code, o.discount_minor, o.cashback_minor, o.tip_minor, o.delivery_address, o.delivery_latitude,
      o.delivery_longitude, coalesce(r.i18n -> $3::text ->> 'address', r.address) AS restaurant_address, r.phone AS restaurant_phone,
      r.latitude AS restaurant_latitude, r.longitude AS restaurant_longitude, rt.review
    FROM orders o`) + ' AND o.id = $4',
    [owner.vendorId, owner.userId, lang, orderId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const [lines, events, images] = [
    await orderLines(db, owner, orderId), await history(db, owner, orderId), await attachedImages(db, owner, orderId, baseUrl),
  ];
  const money = (minor: number) => toMajor(row, minor);
  return {
    ...toSummary(row, baseUrl),
    lines: lines.map((line) => toPricedLine(row, line, baseUrl)),
    item_total: money(row.item_total_minor),
    tax: money(row.tax_minor),
    tax_name: row.tax_name || 'Service tax',
    packaging_charge: money(row.packaging_minor),
    delivery_charge: money(row.delivery_charge_minor),
    distance_km: row.distance_km === null ? null : Number(row.distance_km),
    coupon_code: row.coupon_code,
    discount: money(row.discount_minor),
    cashback: money(row.cashback_minor),
    driver_tip: money(row.tip_minor),
    delivery_address: row.delivery_address,
    delivery_latitude: row.delivery_latitude,
    delivery_longitude: row.delivery_longitude,
    restaurant_address: row.restaurant_address,
    restaurant_phone: row.restaurant_phone,
    restaurant_latitude: row.restaurant_latitude,
    restaurant_longitude: row.restaurant_longitude,
    steps: stepsOf(row.order_mode, row.scheduled_for, events),
    history: events,
    review: row.review ?? '',
    images,
  };
}

/**
 * get_order_status: the live part, or undefined when not this customer's order. `owner.userId` null
 * reads the order of any customer of the vendor (the order a tracking link names).
 */
export async function orderStatus(db: Db, owner: { vendorId: number; userId: number | null }, orderId: number): Promise<OrderStatusResult | undefined> {
  const { rows } = await db.query<{ id: number; order_mode: OrderModeName; status: OrderStatus; status_changed_at: Date; scheduled_for: Date | null }>(
    `SELECT id, order_mode, status, status_changed_at, scheduled_for FROM orders WHERE vendor_id = $1 AND ($2::bigint IS NULL OR user_id = $2) AND id = $3`,
    [owner.vendorId, owner.userId, orderId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const events = await history(db, owner, orderId);
  return {
    order_id: row.id,
    order_mode: row.order_mode,
    status: row.status,
    status_changed_at: iso(row.status_changed_at),
    steps: stepsOf(row.order_mode, row.scheduled_for, events),
    history: events,
    is_open: isOpen(row.status),
  };
}
