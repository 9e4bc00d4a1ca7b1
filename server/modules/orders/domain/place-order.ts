import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { PlaceOrderResult, PriceBreakdown } from '../../../../contract/api/checkout.ts';
import type { CouponRefusal } from '../../../../contract/api/offers.ts';
import type { PaymentMethod } from '../../../../contract/api/order-states.ts';
import { isBelowMinimum } from '../../../../contract/rules/minimum-order.ts';
import { toMinor } from '../../../../contract/rules/money.ts';
import { isSlotStart, SCHEDULE_GRACE_MINUTES } from '../../../../contract/rules/schedule.ts';
import type { Db } from '../../../db/pool.ts';
import { preparedStatement } from '../../../db/prepared.ts';
import { inTransactionOn, withClient } from '../../../db/tx.ts';
import { findPayment, insertPayment, newSessionId, paymentCustomer, type PaymentProvider, publicOutcome, recordProviderSession } from '../../payments/index.ts';
import { couponUses, findCoupon, limitRefusal, minimumOf, type PricedOrder, priceRequest, type PricingQuery, toBreakdown } from '../../pricing/index.ts';
import { PAYMENT_TEXTS } from '../../../../contract/rules/payment-providers.ts';
import { InputError, ProviderUnavailable } from '../../../errors.ts';
import { attachOrderImages } from './order-images.ts';
import { claimQuote } from '../../delivery-partners/index.ts';
import { taxName, toMajor, type Vendor } from '../../vendors/index.ts';

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
  /**
   * What the client asked for with the key: the order fingerprint of the request as it came
   * (contract/rules/order-fingerprint.ts, as the storefront computes it), so the same key with another
   * order is refused. '' for a subscription's delivery, which no client sends.
   */
  fingerprint: string;
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
  /**
   * A subscription's delivery, placed by the schedule at the store's cut-off: priced at that day's prices
   * (expectedTotal is not compared) and taken for its slot whether or not the store is open at the cut-off.
   */
  standing?: boolean;
  /**
   * A group order (server/modules/group-orders): its group, the name of the person whose part each line
   * is (in the query's line order), and whether the members' shares already paid it (payer 'each': the
   * order is placed paid, nothing is debited or opened at a provider; `paymentMethod` says how they paid).
   */
  group?: { id: number; people: string[]; prepaid: boolean };
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
    if (!store.is_open && !input.standing && !acceptsScheduled(vendor, store.is_pre_order)) refuse({ reason: 'storeClosed' });
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
  if (!input.standing && (o.price.price_changed || toMinor(input.expectedTotal, vendor.currency_exponent) !== o.price.total_minor)) {
    refuse({ reason: 'priceChanged', breakdown });
  }
  if (isBelowMinimum(o.price.item_total_minor, minimumOf(store))) {
    refuse({ reason: 'belowMinimum', minimumMinor: store.minimum_order_value_minor, breakdown });
  }
}

/**
 * Takes the units of every item with limited stock (unlimited items have nothing to take; their
 * availability was read with the prices). Two or more are locked in id order first, so concurrent
 * orders never deadlock; the update is conditional either way.
 */
async function takeStock(c: pg.PoolClient, vendorId: number, o: PricedOrder, breakdown: PriceBreakdown): Promise<void> {
  const byItem = new Map<number, number>();
  for (const line of o.lines) if (line.stock !== null) byItem.set(line.item_id, (byItem.get(line.item_id) ?? 0) + line.quantity);
  if (!byItem.size) return;
  const ids = [...byItem.keys()].sort((a, b) => a - b);
  if (ids.length > 1) {
    await c.query('SELECT id FROM items WHERE vendor_id = $1 AND id = ANY($2::bigint[]) ORDER BY id FOR NO KEY UPDATE', [vendorId, ids]);
  }
  const { rows } = await c.query<{ id: number }>(
    `UPDATE items i SET stock = i.stock - w.quantity, updated_at = now()
     FROM unnest($2::bigint[], $3::int[]) AS w(id, quantity)
     WHERE i.vendor_id = $1 AND i.id = w.id AND i.is_available AND (i.stock IS NULL OR i.stock >= w.quantity) RETURNING i.id`,
    [vendorId, ids, ids.map((id) => byItem.get(id))],
  );
  if (rows.length === ids.length) return;
  const taken = new Set(rows.map((row) => Number(row.id)));
  const short = ids.filter((id) => !taken.has(id));
  const { rows: now } = await c.query<{ id: number; stock: number | null; is_available: boolean }>(
    'SELECT id, stock, is_available FROM items WHERE vendor_id = $1 AND id = ANY($2::bigint[])', [vendorId, short],
  );
  for (const line of breakdown.lines) {
    if (!short.includes(line.item_id)) continue;
    const item = now.find((row) => Number(row.id) === line.item_id);
    line.stock = item?.stock ?? 0;
    if (!item?.is_available) line.is_available = 0;
  }
  throw new Refusal({ reason: 'itemsUnavailable', breakdown: { ...breakdown, has_unavailable: 1 } });
}

/**
 * Checks the coupon's limits again under its row lock, which is held to the commit: racing orders with
 * the coupon count each other's uses.
 */
async function recheckCouponLimits(c: pg.PoolClient, input: PlaceOrderInput, o: PricedOrder): Promise<void> {
  const coupon = o.coupon;
  if (!coupon || (coupon.per_customer_limit === null && coupon.total_limit === null)) return;
  const { vendor, userId } = input;
  const locked = await findCoupon(c, vendor.id, coupon.code, input.lang, true);
  const refusal = locked ? limitRefusal(locked, await couponUses(c, vendor.id, locked.id, userId)) : 'invalid';
  if (refusal) throw new Refusal({ reason: 'couponRefused', refusal, minOrderMinor: 0 });
}

/** The SQLSTATE of sf_refuse (migration 026): the statement refused itself and wrote nothing. */
const REFUSED_BY_STATEMENT = 'SF001';

/** insertOrder's statement. */
const INSERT_ORDER = preparedStatement('insert-order', `WITH placed AS (
     INSERT INTO orders (vendor_id, user_id, restaurant_id, idempotency_key, order_mode, status, payment_method, payment_status,
       scheduled_for, address_id, delivery_address, delivery_latitude, delivery_longitude, distance_km, currency_code,
       currency_exponent, item_total_minor, tax_minor, tax_name, packaging_minor, delivery_charge_minor, discount_minor,
       cashback_minor, tip_minor, total_minor, coupon_id, coupon_code, note, request_hash, group_id)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$40)
     ON CONFLICT (vendor_id, user_id, idempotency_key) DO NOTHING RETURNING id),
   lines AS (
     INSERT INTO order_lines (vendor_id, order_id, item_id, name, image, item_type, quantity, unit_price_minor,
       line_total_minor, tax_minor, packaging_minor, options, sort_order, person)
     SELECT $1, placed.id, l.item_id, l.name, l.image, l.item_type, l.quantity, l.unit, l.total, l.tax, l.packaging, l.options::jsonb, l.n - 1, l.person
     FROM placed, unnest($30::bigint[], $31::text[], $32::text[], $33::smallint[], $34::int[], $35::bigint[], $36::bigint[],
       $37::bigint[], $38::bigint[], $39::text[], $41::text[])
       WITH ORDINALITY AS l(item_id, name, image, item_type, quantity, unit, total, tax, packaging, options, person, n)),
   event AS (
     INSERT INTO order_status_events (vendor_id, order_id, from_status, to_status, actor) SELECT $1, placed.id, NULL, $6, 'customer' FROM placed),
   debited AS (
     UPDATE users u SET wallet_balance_minor = u.wallet_balance_minor - $25, updated_at = now() FROM placed
     WHERE $7 = 'wallet' AND NOT $42::boolean AND u.vendor_id = $1 AND u.id = $2 AND u.wallet_balance_minor >= $25 RETURNING u.wallet_balance_minor AS balance),
   ledger AS (
     INSERT INTO wallet_transactions (vendor_id, user_id, order_id, kind, amount_minor, balance_after_minor)
     SELECT $1, $2, placed.id, 'order_payment', -$25::bigint, debited.balance FROM placed, debited)
   SELECT (SELECT id FROM placed) AS id,
     CASE WHEN $7 = 'wallet' AND NOT $42::boolean AND EXISTS (SELECT 1 FROM placed) AND NOT EXISTS (SELECT 1 FROM debited)
       THEN sf_refuse('insufficient wallet') END AS refused`);

/**
 * The order, its lines, its first status event and, for a wallet order, the debit with its ledger row:
 * one statement, which refuses itself (nothing written) when the wallet cannot pay. Answers the order's
 * id, or undefined when an order with this key exists (nothing is written then).
 */
async function insertOrder(
  c: pg.PoolClient, input: PlaceOrderInput, o: PricedOrder, status: string, paymentStatus: string,
): Promise<number | undefined> {
  const { vendor, query } = input;
  const p = o.price;
  const d = o.delivery;
  const lines = o.lines.map((line, i) => ({ line, priced: p.lines[i]! }));
  const placed = c.query<{ id: number | null }>(INSERT_ORDER([
    vendor.id, input.userId, o.store.id, input.idempotencyKey, query.order_mode, status, input.paymentMethod, paymentStatus,
    query.schedule_at ? new Date(query.schedule_at) : null, d?.address_id ?? null, d?.text ?? '', d?.latitude ?? null,
    d?.longitude ?? null, p.distance_km, vendor.currency_code, vendor.currency_exponent, p.item_total_minor, p.tax_minor,
    taxName(vendor, input.lang), p.packaging_minor, p.delivery_minor, p.discount_minor, p.cashback_minor, p.tip_minor,
    p.total_minor, o.coupon?.id ?? null, o.coupon?.code ?? '', input.note, requestHash(input.fingerprint),
    lines.map((l) => l.line.item_id), lines.map((l) => l.line.name), lines.map((l) => l.line.image), lines.map((l) => l.line.item_type),
    lines.map((l) => l.line.quantity), lines.map((l) => l.priced.unit_minor), lines.map((l) => l.priced.line_total_minor),
    lines.map((l) => l.priced.tax_minor), lines.map((l) => l.priced.packaging_minor), lines.map((l) => JSON.stringify(l.line.options)),
    input.group?.id ?? null, lines.map((_, i) => input.group?.people[i] ?? ''), input.group?.prepaid === true,
  ]));
  const { rows } = await placed.catch((error: unknown) => {
    if ((error as { code?: unknown }).code === REFUSED_BY_STATEMENT) throw new Refusal({ reason: 'insufficientWallet' });
    throw error;
  });
  return rows[0]?.id ?? undefined;
}

/** What the customer ordered with a key (its fingerprint), as stored beside the key; '' for an order no client sent (a subscription's delivery). */
export function requestHash(fingerprint: string): string {
  return fingerprint ? createHash('sha256').update(fingerprint).digest('hex') : '';
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
  if (order.request_hash && order.request_hash !== requestHash(input.fingerprint)) {
    throw InputError.on('idempotency_key', 'This checkout was already sent with a different order. Please review your cart and place it again.');
  }
  let url = '';
  if (order.session_id && order.status === 'payment_pending' && input.provider) {
    const payment = await findPayment(db, order.session_id);
    if (payment && publicOutcome(payment.status) === 'pending') {
      url = input.provider.sessionUrl({
        sessionId: payment.session_id, vendorId: payment.vendor_id, orderId: order.id, customerId: payment.customer_id, amountMinor: payment.amount_minor, currencyCode: payment.currency_code,
        currencyExponent: payment.currency_exponent, vendorName: payment.vendor_name, baseUrl: input.baseUrl,
      }, payment.provider_url);
    }
  }
  return {
    placed: {
      order_id: order.id, status: order.status, payment_status: order.payment_status,
      total: toMajor(input.vendor, order.total_minor), payment_url: url, replayed: 1,
    },
  };
}

/** The order priced from the server's own data and checked; a refusal is thrown (Refusal). */
async function priceChecked(c: pg.PoolClient, input: PlaceOrderInput): Promise<{ o: PricedOrder; breakdown: PriceBreakdown }> {
  const { vendor, query, now } = input;
  const o = await priceRequest(c, { vendor, userId: input.userId, lang: input.lang, now }, query);
  if (!o) throw new Refusal({ reason: 'storeNotFound' });
  const breakdown = toBreakdown(vendor, o, query, input.lang, input.baseUrl);
  checkPriced(input, o, breakdown, now);
  return { o, breakdown };
}

const isOnline = (input: PlaceOrderInput) => input.paymentMethod === 'online' && input.group?.prepaid !== true;

/**
 * Whether all the order's writes are insertOrder's one statement (atomic by itself, so no transaction is
 * needed): no stock to take, coupon to redeem, partner quote to claim, picture to attach or payment to open.
 */
function writtenInOneStatement(input: PlaceOrderInput, o: PricedOrder): boolean {
  return !isOnline(input) && !o.coupon && !o.partner && input.orderImages.length === 0 && o.lines.every((line) => line.stock === null);
}

/** Writes the priced order (inside a transaction unless writtenInOneStatement); a refusal or a replay is thrown (Refusal, Replay). */
async function writeOrder(c: pg.PoolClient, input: PlaceOrderInput, o: PricedOrder, breakdown: PriceBreakdown): Promise<PlaceOrderOutcome> {
  const { vendor, query } = input;
  const prepaid = input.group?.prepaid === true;
  const online = isOnline(input);
  const status = online ? 'payment_pending' : query.schedule_at ? 'scheduled' : 'placed';
  const paymentStatus = online ? 'pending' : prepaid || input.paymentMethod === 'wallet' ? 'paid' : 'cash_due';
  // Refusals in the order the customer should fix them: the items, the coupon, then the wallet (in insertOrder).
  await takeStock(c, vendor.id, o, breakdown);
  await recheckCouponLimits(c, input, o);
  const orderId = await insertOrder(c, input, o, status, paymentStatus);
  if (orderId === undefined) throw new Replay();
  // A delivery partner's quote is the order's own from now on (one order per quote).
  if (o.partner) await claimQuote(c, vendor.id, o.partner, orderId);
  if (o.coupon) {
    await c.query('INSERT INTO coupon_redemptions (vendor_id, coupon_id, user_id, order_id) VALUES ($1, $2, $3, $4)', [
      vendor.id, o.coupon.id, input.userId, orderId,
    ]);
  }
  await attachOrderImages(c, vendor.id, input.userId, orderId, input.orderImages);
  let paymentUrl = '';
  if (online && input.provider) {
    const sessionId = newSessionId();
    await insertPayment(c, {
      vendorId: vendor.id, orderId, userId: input.userId, provider: input.provider.name, sessionId, amountMinor: o.price.total_minor,
      currencyCode: vendor.currency_code, returnUrl: input.returnUrl,
    });
    // A provider that cannot open the payment rolls the whole order back: nothing is kept, nothing charged.
    const opened = await input.provider.createSession({
      sessionId, vendorId: vendor.id, orderId, customerId: input.userId, customer: await paymentCustomer(c, vendor.id, input.userId),
      lang: input.lang, amountMinor: o.price.total_minor, currencyCode: vendor.currency_code,
      currencyExponent: vendor.currency_exponent, vendorName: vendor.name, baseUrl: input.baseUrl,
    }).catch((error: unknown) => {
      throw new ProviderUnavailable(error);
    });
    await recordProviderSession(c, sessionId, opened);
    paymentUrl = opened.url;
  }
  return {
    placed: { order_id: orderId, status, payment_status: paymentStatus, total: breakdown.total, payment_url: paymentUrl, replayed: 0 },
  } satisfies PlaceOrderOutcome;
}

/** The order priced and written inside the caller's transaction. */
async function placeIn(c: pg.PoolClient, input: PlaceOrderInput): Promise<PlaceOrderOutcome> {
  const { o, breakdown } = await priceChecked(c, input);
  return writeOrder(c, input, o, breakdown);
}

/**
 * placeIn inside the caller's own transaction, behind a savepoint: a refusal rolls back to it and is
 * answered (the caller records what follows in the same transaction); an order already placed with the
 * key is answered as it was.
 */
async function placeBehindSavepoint(c: pg.PoolClient, input: PlaceOrderInput, savepoint: string): Promise<PlaceOrderOutcome> {
  await c.query(`SAVEPOINT ${savepoint}`);
  try {
    const outcome = await placeIn(c, input);
    await c.query(`RELEASE SAVEPOINT ${savepoint}`);
    return outcome;
  } catch (error) {
    await c.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
    if (error instanceof Refusal) return { refused: error.refusal };
    const earlier = error instanceof Replay ? await orderByKey(c, input.vendor.id, input.userId, input.idempotencyKey) : undefined;
    if (earlier) {
      return {
        placed: {
          order_id: earlier.id, status: earlier.status, payment_status: earlier.payment_status,
          total: toMajor(input.vendor, earlier.total_minor), payment_url: '', replayed: 1,
        },
      };
    }
    throw error;
  }
}

/**
 * A subscription's delivery placed inside the schedule's own transaction (which holds the subscription's
 * row), so the caller records a missed delivery in the same transaction; the date's order placed before
 * (its key) is that order, whatever was asked this time. Same checks and writes as placeOrder, with
 * `standing` set.
 */
export function placeStandingOrder(c: pg.PoolClient, input: PlaceOrderInput): Promise<PlaceOrderOutcome> {
  return placeBehindSavepoint(c, { ...input, standing: true }, 'standing_order');
}

/**
 * A group's one order (server/modules/group-orders), placed inside the group's own transaction (which holds
 * the group's row): the same checks and writes as placeOrder, each line labelled with its person; a refusal
 * leaves the group and its shares as they were, and a retry with the same key answers the first order.
 */
export async function placeGroupOrder(c: pg.PoolClient, input: PlaceOrderInput): Promise<PlaceOrderOutcome> {
  if (input.paymentMethod === 'online' && !input.group?.prepaid && !input.provider) {
    throw InputError.on('payment_method', PAYMENT_TEXTS.unavailable);
  }
  return placeBehindSavepoint(c, input, 'group_order');
}

/**
 * place_order: prices from the server's own data (one statement: the store with its hours, the wallet
 * and the items), then writes order, lines, stock, wallet, coupon use, status event, images and payment
 * session atomically on the same connection. A cash or wallet order without coupon, pictures, partner
 * or items of limited stock is written by one statement (the order with its lines, event, debit and
 * ledger row), which is atomic by itself; the others in a transaction.
 * The price read needs no transaction: each statement reads its own snapshot either way, and what the
 * writes rely on is checked again by them (the key, the balance, the stock, the coupon's limits).
 * The (vendor, customer, idempotency key) unique index makes a retry or a racing double submit
 * answer the first order (the second INSERT waits for the first to commit, then finds it).
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderOutcome> {
  const { query } = input;
  if (query.order_mode === 'delivery' && query.shiping_id === undefined) {
    throw InputError.on('shiping_id', 'Please select a delivery address');
  }
  if (query.schedule_at && !Number.isFinite(Date.parse(query.schedule_at))) {
    throw InputError.on('schedule_at', 'schedule_at must be an ISO date and time');
  }
  if (input.paymentMethod === 'online' && !input.provider) {
    throw InputError.on('payment_method', PAYMENT_TEXTS.unavailable);
  }
  try {
    return await withClient(db, async (c) => {
      const { o, breakdown } = await priceChecked(c, input);
      if (writtenInOneStatement(input, o)) return writeOrder(c, input, o, breakdown);
      return inTransactionOn(c, () => writeOrder(c, input, o, breakdown));
    });
  } catch (error) {
    // A retry is answered with the first order, whatever has changed since (prices, stock, the wallet
    // it paid from): looked for only when this attempt did not place one, so a first order costs no lookup.
    if (error instanceof Refusal || error instanceof Replay || error instanceof InputError) {
      const earlier = await replayAnswer(db, input);
      if (earlier) return earlier;
    }
    if (error instanceof Refusal) return { refused: error.refusal };
    throw error;
  }
}
