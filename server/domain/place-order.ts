import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { PlaceOrderResult, PriceBreakdown } from '../../contract/api/checkout.ts';
import type { CouponRefusal } from '../../contract/api/offers.ts';
import type { PaymentMethod } from '../../contract/api/order-states.ts';
import { toMinor } from '../../contract/rules/money.ts';
import { orderFingerprint } from '../../contract/rules/order-fingerprint.ts';
import { isSlotStart, SCHEDULE_GRACE_MINUTES } from '../../contract/rules/schedule.ts';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/tx.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { couponUses, findCoupon, limitRefusal } from './coupons.ts';
import { InputError } from './errors.ts';
import { attachOrderImages } from './order-images.ts';
import { findPayment, insertPayment, newSessionId, publicOutcome } from './payments.ts';
import { taxName, toBreakdown } from './pricing-breakdown.ts';
import { priceRequest, type PricedOrder } from './pricing-load.ts';
import type { PricingQuery } from './pricing-request.ts';
import { toMajor, type Vendor } from './vendors.ts';

/** Why an order is not placed, in the order the customer should fix them; `breakdown` is the new bill where it helps. */
export type PlaceOrderRefusal =
  | { reason: 'storeNotFound' }
  | { reason: 'storeClosed' }
  | { reason: 'invalidSchedule' }
  | { reason: 'outOfReach' }
  | { reason: 'itemsUnavailable'; breakdown: PriceBreakdown }
  | { reason: 'overLimit'; breakdown: PriceBreakdown }
  | { reason: 'couponRefused'; refusal: CouponRefusal; minOrderMinor: number; breakdown?: PriceBreakdown }
  | { reason: 'priceChanged'; breakdown: PriceBreakdown }
  | { reason: 'belowMinimum'; minimumMinor: number; breakdown: PriceBreakdown }
  | { reason: 'insufficientWallet' };

export type PlaceOrderOutcome = { placed: PlaceOrderResult } | { refused: PlaceOrderRefusal };

export interface PlaceOrderInput {
  vendor: Vendor;
  userId: number;
  lang: string;
  /** Public origin of this API (images, hosted payment page). */
  baseUrl: string;
  query: PricingQuery;
  idempotencyKey: string;
  paymentMethod: PaymentMethod;
  expectedTotal: number;
  /** Checked http(s) URL the hosted payment page returns to. */
  returnUrl: string;
  orderImages: string[];
  note: string;
  /** The vendor's payment provider; an online payment is refused without one. */
  provider: PaymentProvider | undefined;
  /** Store time (the app's clock): open now, schedule slots and coupons are judged at this instant. */
  now: Date;
}

/** A refusal decided inside the transaction: thrown so it rolls back, then answered. */
class Refusal extends Error {
  constructor(readonly refusal: PlaceOrderRefusal) {
    super(refusal.reason);
  }
}

/** The first order placed with this key answered again. */
class Replay extends Error {}

function acceptsScheduled(vendor: Vendor, isPreOrder: number): boolean {
  return isPreOrder === 1 || Number(vendor.settings.is_enable_schedule_order_after_business_hours ?? 0) === 1;
}

/** The refusals decided from the priced order, in the order the customer should fix them. */
function checkPriced(input: PlaceOrderInput, o: PricedOrder, breakdown: PriceBreakdown, now: Date): void {
  const { vendor, query } = input;
  const refuse = (refusal: PlaceOrderRefusal): never => {
    throw new Refusal(refusal);
  };
  const store = o.store;
  if (query.schedule_at) {
    if (!store.is_open && !acceptsScheduled(vendor, store.is_pre_order)) refuse({ reason: 'storeClosed' });
    const slotStore = { time_zone: store.time_zone, hours: store.hours, delivery_time: store.delivery_time };
    if (!isSlotStart(slotStore, query.schedule_at, now, SCHEDULE_GRACE_MINUTES)) refuse({ reason: 'invalidSchedule' });
  } else if (!store.is_open) {
    refuse({ reason: 'storeClosed' });
  }
  if (o.delivery && !o.delivery.delivers) refuse({ reason: 'outOfReach' });
  if (o.price.has_unavailable) refuse({ reason: 'itemsUnavailable', breakdown });
  if (o.limit) refuse({ reason: 'overLimit', breakdown });
  // Before the price check: a refused coupon is why the total the client expected differs.
  if (o.coupon_refusal) refuse({ reason: 'couponRefused', refusal: o.coupon_refusal, minOrderMinor: o.coupon_min_order_minor, breakdown });
  if (o.price.price_changed || toMinor(input.expectedTotal, vendor.currency_exponent) !== o.price.total_minor) {
    refuse({ reason: 'priceChanged', breakdown });
  }
  if (store.minimum_admin_commision === 0 && o.price.item_total_minor < store.minimum_order_value_minor) {
    refuse({ reason: 'belowMinimum', minimumMinor: store.minimum_order_value_minor, breakdown });
  }
}

/** Takes the units of every limited item, item by item in id order (so concurrent orders never deadlock). */
async function takeStock(c: pg.PoolClient, vendorId: number, o: PricedOrder, breakdown: PriceBreakdown): Promise<void> {
  const byItem = new Map<number, number>();
  for (const line of o.lines) byItem.set(line.item_id, (byItem.get(line.item_id) ?? 0) + line.quantity);
  for (const [itemId, quantity] of [...byItem].sort(([a], [b]) => a - b)) {
    const { rows } = await c.query(
      `UPDATE items SET stock = stock - $3, updated_at = now()
       WHERE vendor_id = $1 AND id = $2 AND is_available AND (stock IS NULL OR stock >= $3) RETURNING id`,
      [vendorId, itemId, quantity],
    );
    if (rows.length) continue;
    const { rows: now } = await c.query<{ stock: number | null; is_available: boolean }>(
      'SELECT stock, is_available FROM items WHERE vendor_id = $1 AND id = $2', [vendorId, itemId],
    );
    for (const line of breakdown.lines) {
      if (line.item_id !== itemId) continue;
      line.stock = now[0]?.stock ?? 0;
      if (!now[0]?.is_available) line.is_available = 0;
    }
    throw new Refusal({ reason: 'itemsUnavailable', breakdown: { ...breakdown, has_unavailable: 1 } });
  }
}

/** Debits the wallet unless that would take it below zero; writes the ledger row. */
async function debitWallet(c: pg.PoolClient, vendorId: number, userId: number, orderId: number, amount: number): Promise<void> {
  const { rows } = await c.query<{ balance: number }>(
    `UPDATE users SET wallet_balance_minor = wallet_balance_minor - $3, updated_at = now()
     WHERE vendor_id = $1 AND id = $2 AND wallet_balance_minor >= $3 RETURNING wallet_balance_minor AS balance`,
    [vendorId, userId, amount],
  );
  const balance = rows[0]?.balance;
  if (balance === undefined) throw new Refusal({ reason: 'insufficientWallet' });
  await c.query(
    `INSERT INTO wallet_transactions (vendor_id, user_id, order_id, kind, amount_minor, balance_after_minor)
     VALUES ($1, $2, $3, 'order_payment', $4, $5)`,
    [vendorId, userId, orderId, -amount, balance],
  );
}

/** Checks the coupon's limits again under its row lock, then records the use. */
async function redeemCoupon(c: pg.PoolClient, input: PlaceOrderInput, o: PricedOrder, orderId: number): Promise<void> {
  const coupon = o.coupon;
  if (!coupon) return;
  const { vendor, userId } = input;
  if (coupon.per_customer_limit !== null || coupon.total_limit !== null) {
    const locked = await findCoupon(c, vendor.id, coupon.code, input.lang, true);
    const refusal = locked ? limitRefusal(locked, await couponUses(c, vendor.id, locked.id, userId)) : 'invalid';
    if (refusal) throw new Refusal({ reason: 'couponRefused', refusal, minOrderMinor: 0 });
  }
  await c.query('INSERT INTO coupon_redemptions (vendor_id, coupon_id, user_id, order_id) VALUES ($1, $2, $3, $4)', [
    vendor.id, coupon.id, userId, orderId,
  ]);
}

async function insertOrder(c: pg.PoolClient, input: PlaceOrderInput, o: PricedOrder, status: string, paymentStatus: string): Promise<number | undefined> {
  const { vendor, query } = input;
  const p = o.price;
  const d = o.delivery;
  const { rows } = await c.query<{ id: number }>(
    `INSERT INTO orders (vendor_id, user_id, restaurant_id, idempotency_key, order_mode, status, payment_method, payment_status,
       scheduled_for, address_id, delivery_address, delivery_latitude, delivery_longitude, distance_km, currency_code,
       currency_exponent, item_total_minor, tax_minor, tax_name, packaging_minor, delivery_charge_minor, discount_minor,
       cashback_minor, tip_minor, total_minor, coupon_id, coupon_code, note, request_hash)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29)
     ON CONFLICT (vendor_id, user_id, idempotency_key) DO NOTHING RETURNING id`,
    [
      vendor.id, input.userId, o.store.id, input.idempotencyKey, query.order_mode, status, input.paymentMethod, paymentStatus,
      query.schedule_at ? new Date(query.schedule_at) : null, d?.address_id ?? null, d?.text ?? '', d?.latitude ?? null,
      d?.longitude ?? null, p.distance_km, vendor.currency_code, vendor.currency_exponent, p.item_total_minor, p.tax_minor,
      taxName(vendor, input.lang), p.packaging_minor, p.delivery_minor, p.discount_minor, p.cashback_minor, p.tip_minor,
      p.total_minor, o.coupon?.id ?? null, o.coupon?.code ?? '', input.note, requestHash(input),
    ],
  );
  return rows[0]?.id;
}

async function insertLines(c: pg.PoolClient, vendorId: number, orderId: number, o: PricedOrder): Promise<void> {
  for (const [i, line] of o.lines.entries()) {
    const priced = o.price.lines[i]!;
    await c.query(
      `INSERT INTO order_lines (vendor_id, order_id, item_id, name, image, item_type, quantity, unit_price_minor,
         line_total_minor, tax_minor, packaging_minor, options, sort_order)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [
        vendorId, orderId, line.item_id, line.name, line.image, line.item_type, line.quantity, priced.unit_minor,
        priced.line_total_minor, priced.tax_minor, priced.packaging_minor, JSON.stringify(line.options), i,
      ],
    );
  }
}

/** What the customer ordered with a key (its fingerprint), hashed. */
export function requestHash(input: Pick<PlaceOrderInput, 'query' | 'paymentMethod'>): string {
  const q = input.query;
  const fingerprint = orderFingerprint({
    ...q,
    lines: q.lines.map((line) => ({ item_id: line.item_id, quantity: line.quantity, selectCustoizeID: line.option_ids })),
    payment_method: input.paymentMethod,
  });
  return createHash('sha256').update(fingerprint).digest('hex');
}

interface KeyedOrder {
  id: number;
  status: PlaceOrderResult['status'];
  payment_status: PlaceOrderResult['payment_status'];
  total_minor: number;
  session_id: string | null;
  request_hash: string;
}

async function orderByKey(q: Db | pg.PoolClient, vendorId: number, userId: number, key: string): Promise<KeyedOrder | undefined> {
  const { rows } = await q.query<KeyedOrder>(
    `SELECT o.id, o.status, o.payment_status, o.total_minor, p.session_id, o.request_hash
     FROM orders o LEFT JOIN payments p ON p.vendor_id = o.vendor_id AND p.order_id = o.id
     WHERE o.vendor_id = $1 AND o.user_id = $2 AND o.idempotency_key = $3`,
    [vendorId, userId, key],
  );
  return rows[0];
}

async function replayAnswer(db: Db, input: PlaceOrderInput): Promise<PlaceOrderOutcome | undefined> {
  const order = await orderByKey(db, input.vendor.id, input.userId, input.idempotencyKey);
  if (!order) return undefined;
  if (order.request_hash && order.request_hash !== requestHash(input)) {
    throw InputError.on('idempotency_key', 'This checkout was already sent with a different order. Please review your cart and place it again.');
  }
  let url = '';
  if (order.session_id && order.status === 'payment_pending' && input.provider) {
    const payment = await findPayment(db, order.session_id);
    if (payment && publicOutcome(payment.status) === 'pending') {
      url = input.provider.sessionUrl({
        sessionId: payment.session_id, orderId: order.id, customerId: payment.customer_id, amountMinor: payment.amount_minor, currencyCode: payment.currency_code,
        currencyExponent: payment.currency_exponent, vendorName: payment.vendor_name, baseUrl: input.baseUrl,
      });
    }
  }
  return {
    placed: {
      order_id: order.id, status: order.status, payment_status: order.payment_status,
      total: toMajor(input.vendor, order.total_minor), payment_url: url, replayed: 1,
    },
  };
}

/**
 * place_order: prices from the server's own data and writes order, lines, stock, wallet, coupon
 * use, status event, images and payment session in one transaction on one connection.
 * The (vendor, customer, idempotency key) unique index makes a retry or a racing double submit
 * answer the first order (the second INSERT waits for the first to commit, then finds it).
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderOutcome> {
  const { vendor, query } = input;
  const now = input.now;
  if (query.order_mode === 'delivery' && query.shiping_id === undefined) {
    throw InputError.on('shiping_id', 'Please select a delivery address');
  }
  if (query.schedule_at && !Number.isFinite(Date.parse(query.schedule_at))) {
    throw InputError.on('schedule_at', 'schedule_at must be an ISO date and time');
  }
  if (input.paymentMethod === 'online' && !input.provider) {
    throw InputError.on('payment_method', 'Online payment is not available for this store');
  }
  const earlier = await replayAnswer(db, input);
  if (earlier) return earlier;

  try {
    return await inTransaction(db, async (c) => {
      const o = await priceRequest(c, { vendor, userId: input.userId, lang: input.lang, now }, query);
      if (!o) throw new Refusal({ reason: 'storeNotFound' });
      const breakdown = toBreakdown(vendor, o, query, input.lang, input.baseUrl);
      checkPriced(input, o, breakdown, now);

      const online = input.paymentMethod === 'online';
      const status = online ? 'payment_pending' : query.schedule_at ? 'scheduled' : 'placed';
      const paymentStatus = online ? 'pending' : input.paymentMethod === 'wallet' ? 'paid' : 'cash_due';
      const orderId = await insertOrder(c, input, o, status, paymentStatus);
      if (orderId === undefined) throw new Replay();

      await takeStock(c, vendor.id, o, breakdown);
      await redeemCoupon(c, input, o, orderId);
      if (input.paymentMethod === 'wallet') await debitWallet(c, vendor.id, input.userId, orderId, o.price.total_minor);
      await insertLines(c, vendor.id, orderId, o);
      await c.query(
        `INSERT INTO order_status_events (vendor_id, order_id, from_status, to_status, actor) VALUES ($1, $2, NULL, $3, 'customer')`,
        [vendor.id, orderId, status],
      );
      await attachOrderImages(c, vendor.id, input.userId, orderId, input.orderImages);
      let paymentUrl = '';
      if (online && input.provider) {
        const sessionId = newSessionId();
        await insertPayment(c, {
          vendorId: vendor.id, orderId, provider: input.provider.name, sessionId, amountMinor: o.price.total_minor,
          currencyCode: vendor.currency_code, returnUrl: input.returnUrl,
        });
        ({ url: paymentUrl } = await input.provider.createSession({
          sessionId, orderId, customerId: input.userId, amountMinor: o.price.total_minor, currencyCode: vendor.currency_code,
          currencyExponent: vendor.currency_exponent, vendorName: vendor.name, baseUrl: input.baseUrl,
        }));
      }
      return {
        placed: { order_id: orderId, status, payment_status: paymentStatus, total: breakdown.total, payment_url: paymentUrl, replayed: 0 },
      } satisfies PlaceOrderOutcome;
    });
  } catch (error) {
    if (error instanceof Refusal) return { refused: error.refusal };
    if (error instanceof Replay) {
      const again = await replayAnswer(db, input);
      if (again) return again;
    }
    throw error;
  }
}
