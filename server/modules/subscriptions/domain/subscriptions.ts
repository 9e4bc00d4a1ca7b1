import type pg from 'pg';
import type { CouponRefusal } from '../../../../contract/api/offers.ts';
import type { OpeningHours } from '../../../../contract/api/stores.ts';
import type { NewSubscriptionRequest, SubscriptionBill, SubscriptionDay, SubscriptionDetail, SubscriptionPlanRequest, SubscriptionState, SubscriptionSummary } from '../../../../contract/api/subscriptions.ts';
import { isBelowMinimum } from '../../../../contract/rules/minimum-order.ts';
import { isInsideHours, localTime } from '../../../../contract/rules/schedule.ts';
import {
  FIRST_PERIOD_DAYS, MAX_START_DAYS, SUBSCRIPTION_TEXTS, addDays, clockMinutes, cutoffInstant, daysBetween, isDate, isPaused, localInstant, nextPlannedDay, plannedDays, weekdayOf,
  type SubscriptionFrequency, type SubscriptionPause, type SubscriptionPlan,
} from '../../../../contract/rules/subscriptions.ts';
import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';
import { addressTextSql } from '../../addresses/index.ts';
import { InputError } from '../../../errors.ts';
import type { Owner, Paging } from '../../orders/index.ts';
import { minimumOf, type PricedOrder, priceRequest, type PricingQuery, toBreakdown } from '../../pricing/index.ts';
import { absolute, formatMoney, subscriptionTerms, toMajor, type Vendor } from '../../vendors/index.ts';
import { hoursJsonSql, OUT_OF_REACH } from '../../stores/index.ts';
import { REFUSAL_TEXTS } from '../../../../contract/rules/refusals.ts';

type Queryable = Db | pg.PoolClient;

/** What a new subscription holds. */
export interface NewSubscription {
  restaurant_id: number;
  item_id: number;
  option_ids: number[];
  quantity: number;
  order_mode: 'delivery' | 'pickup';
  address_id: number | null;
  frequency: SubscriptionFrequency;
  interval_days: number | null;
  weekdays: number[];
  start_date: string;
  /** Minutes after local midnight, on the half hour. */
  slot_minutes: number;
  coupon_code: string;
}

/** Who asks, in what language, at what store time. */
export interface SubscriptionContext {
  vendor: Vendor;
  userId: number;
  lang: string;
  now: Date;
  baseUrl: string;
}

interface StoreClock {
  time_zone: string;
  hours: OpeningHours[];
}

/** The request's plan, its frequency fields checked (the schema checked the rest). */
export function toNewSubscription(body: SubscriptionPlanRequest): NewSubscription {
  if (body.frequency === 'interval' && body.interval_days === undefined) throw InputError.on('interval_days', REFUSAL_TEXTS['subscription.choose_interval']);
  if (body.frequency === 'custom' && !body.weekdays?.length) throw InputError.on('weekdays', REFUSAL_TEXTS['subscription.choose_weekdays']);
  if (body.order_mode === 'delivery' && typeof body.shiping_id !== 'number') throw InputError.on('shiping_id', 'Please select a delivery address');
  if (!isDate(body.start_date)) throw InputError.on('start_date', 'start_date must be a date');
  return {
    restaurant_id: body.restaurant_id,
    item_id: body.item_id,
    option_ids: [...(body.selectCustoizeID ?? [])],
    quantity: body.quantity,
    order_mode: body.order_mode,
    address_id: body.order_mode === 'delivery' && typeof body.shiping_id === 'number' ? body.shiping_id : null,
    frequency: body.frequency,
    interval_days: body.frequency === 'interval' ? (body.interval_days ?? null) : null,
    weekdays: body.frequency === 'custom' ? [...(body.weekdays ?? [])].sort((a, b) => a - b) : [],
    start_date: body.start_date,
    slot_minutes: clockMinutes(body.slot),
    coupon_code: (body.coupon_code ?? '').trim(),
  };
}

async function storeClock(q: Queryable, vendorId: number, storeId: number): Promise<StoreClock | undefined> {
  const { rows } = await q.query<StoreClock>(
    `SELECT r.time_zone, ${hoursJsonSql('r')} AS hours FROM restaurants r WHERE r.vendor_id = $1 AND r.id = $2 AND r.is_active`,
    [vendorId, storeId],
  );
  return rows[0];
}

/** Whether the store takes the slot on `date` (its weekly hours; closed days are the vendor's rule). */
const takesSlot = (store: StoreClock, date: string, slotMinutes: number) => isInsideHours(store.hours, weekdayOf(date), slotMinutes);

function pricingQuery(s: NewSubscription, date: string, store: StoreClock, coupon: string): PricingQuery {
  return {
    restaurant_id: s.restaurant_id, order_mode: s.order_mode, coupon_code: coupon, driver_tip: 0,
    shiping_id: s.address_id ?? undefined, schedule_at: localInstant(date, s.slot_minutes, store.time_zone).toISOString(),
    lines: [{ item_id: s.item_id, quantity: s.quantity, option_ids: s.option_ids, client_price: 0 }],
  };
}

/** What would keep a delivery from being ordered, refused at the review. */
function checkPriced(vendor: Vendor, o: PricedOrder): void {
  if (o.delivery && !o.delivery.delivers) throw InputError.on('shiping_id', OUT_OF_REACH);
  if (o.price.has_unavailable) throw InputError.on('item_id', REFUSAL_TEXTS['order.items_unavailable']);
  if (o.limit) throw InputError.on('quantity', 'This is more than the store takes in one order');
  if (isBelowMinimum(o.price.item_total_minor, minimumOf(o.store))) {
    throw InputError.on('quantity', `Minimum items total must be ${formatMoney(vendor, o.store.minimum_order_value_minor)}`);
  }
}

/**
 * The review of a plan: every rule checked (subscriptions on for the vendor, the item subscribable at that
 * store, a first delivery whose cut-off is ahead and within 60 days, a slot the store takes on some planned
 * day, the address in reach), then one delivery priced as the checkout prices an order and the first period.
 */
export async function reviewPlan(
  q: Queryable, c: SubscriptionContext, s: NewSubscription,
): Promise<{ bill: SubscriptionBill; couponMinOrderMinor: number }> {
  const { vendor } = c;
  if (Number(vendor.settings.subscription_status ?? 0) !== 1) throw InputError.on('item_id', SUBSCRIPTION_TEXTS.disabled);
  const { rows: [item] } = await q.query<{ restaurant_id: number; is_subscribable: boolean }>(
    'SELECT restaurant_id, is_subscribable FROM items WHERE vendor_id = $1 AND id = $2', [vendor.id, s.item_id],
  );
  if (!item || !item.is_subscribable || item.restaurant_id !== s.restaurant_id) throw InputError.on('item_id', SUBSCRIPTION_TEXTS.notSubscribable);
  const store = await storeClock(q, vendor.id, s.restaurant_id);
  if (!store) throw InputError.on('restaurant_id', REFUSAL_TEXTS['store.not_found']);

  const terms = subscriptionTerms(vendor);
  const first = nextPlannedDay(s, s.start_date);
  if (!first) throw InputError.on('weekdays', SUBSCRIPTION_TEXTS.noDeliveries);
  const cutoff = cutoffInstant(first, terms.cutoff, store.time_zone);
  if (cutoff.getTime() <= c.now.getTime()) throw InputError.on('start_date', SUBSCRIPTION_TEXTS.startTooSoon);
  if (daysBetween(localTime(c.now, store.time_zone).date, first) > MAX_START_DAYS) throw InputError.on('start_date', SUBSCRIPTION_TEXTS.startTooLate);
  const ahead = plannedDays(s, first, 14);
  if (!ahead.some((date) => takesSlot(store, date, s.slot_minutes))) throw InputError.on('slot', SUBSCRIPTION_TEXTS.slotClosed);

  const context = { vendor, userId: c.userId, lang: c.lang, now: c.now };
  const query = pricingQuery(s, first, store, s.coupon_code);
  const o = await priceRequest(q, context, query);
  if (!o) throw InputError.on('restaurant_id', REFUSAL_TEXTS['store.not_found']);
  checkPriced(vendor, o);
  const delivery = toBreakdown(vendor, o, query, c.lang, c.baseUrl);
  delivery.wallet_amount = toMajor(vendor, o.wallet_minor);
  const until = addDays(first, FIRST_PERIOD_DAYS - 1);
  const period = plannedDays(s, first, FIRST_PERIOD_DAYS).filter((date) => date <= until);
  // A day the store does not take the slot is skipped, unless the vendor moves it to the next open day.
  const count = terms.closed_days === 'next_open_day' ? period.length : period.filter((date) => takesSlot(store, date, s.slot_minutes)).length;
  return {
    bill: {
      delivery, first_period_deliveries: count, first_period_total: toMajor(vendor, o.price.total_minor * count),
      first_date: first, first_cutoff_at: cutoff.toISOString(),
    },
    couponMinOrderMinor: o.coupon_min_order_minor,
  };
}

/**
 * subscription: the plan reviewed again, then written with its first delivery due at that date's cut-off.
 * A promo code that does not apply is refused (coupon_code), never dropped silently. A retry with the
 * same key answers the first subscription.
 */
export type CreateOutcome = { id: number } | { couponRefused: CouponRefusal; minOrderMinor: number };

export async function createSubscription(db: Db, c: SubscriptionContext, body: NewSubscriptionRequest): Promise<CreateOutcome> {
  const earlier = await subscriptionByKey(db, c, body.idempotency_key);
  if (earlier) return { id: earlier };
  const s = toNewSubscription(body);
  return inTransaction(db, async (q): Promise<CreateOutcome> => {
    const { bill, couponMinOrderMinor } = await reviewPlan(q, c, s);
    if (bill.delivery.coupon_refusal) return { couponRefused: bill.delivery.coupon_refusal, minOrderMinor: couponMinOrderMinor };
    const first = bill.first_date;
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO subscriptions (vendor_id, user_id, restaurant_id, item_id, option_ids, quantity, order_mode, address_id, frequency,
         interval_days, weekdays, start_date, slot_minutes, coupon_code, idempotency_key, next_date, next_due_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       ON CONFLICT (vendor_id, user_id, idempotency_key) DO NOTHING RETURNING id`,
      [
        c.vendor.id, c.userId, s.restaurant_id, s.item_id, s.option_ids, s.quantity, s.order_mode, s.address_id, s.frequency,
        s.interval_days, s.weekdays, s.start_date, s.slot_minutes, bill.delivery.coupon_code, body.idempotency_key,
        first, bill.first_cutoff_at,
      ],
    );
    return { id: rows[0]?.id ?? (await subscriptionByKey(q, c, body.idempotency_key))! };
  });
}

async function subscriptionByKey(q: Queryable, c: SubscriptionContext, key: string): Promise<number | undefined> {
  const { rows } = await q.query<{ id: number }>(
    'SELECT id FROM subscriptions WHERE vendor_id = $1 AND user_id = $2 AND idempotency_key = $3', [c.vendor.id, c.userId, key],
  );
  return rows[0]?.id;
}

/** What the answer shows of the store and the item comes from the row as it is. */
type SubscribedItem = Pick<SubscriptionSummary, 'restaurant_id' | 'restaurant_name' | 'item_id' | 'item_name' | 'item_image' | 'options' | 'quantity'>;

interface SubscriptionRow extends SubscriptionPlan, SubscribedItem {
  weekdays: number[];
  id: number;
  option_ids: number[];
  order_mode: 'delivery' | 'pickup';
  address_id: number | null;
  delivery_address: string;
  slot_minutes: number;
  coupon_code: string;
  status: 'active' | 'cancelled';
  next_date: string | null;
  next_due_at: Date | null;
  created_at: Date;
  pauses: SubscriptionPause[];
}

/** The pauses of subscription `s` as SubscriptionPause JSON, in order. */
export function pausesJsonSql(s: string): string {
  return `coalesce((SELECT json_agg(json_build_object('from', to_char(p.from_date, 'YYYY-MM-DD'), 'until', to_char(p.until_date, 'YYYY-MM-DD'))
      ORDER BY p.from_date) FROM subscription_pauses p WHERE p.subscription_id = ${s}.id), '[]')`;
}

/** Params: $1 vendor, $2 user, $3 lang. */
const SUBSCRIPTION_SELECT = `
  SELECT s.id, s.restaurant_id, coalesce(r.i18n -> $3::text ->> 'name', r.name) AS restaurant_name,
    s.item_id, coalesce(i.i18n -> $3::text ->> 'name', i.name) AS item_name, i.image AS item_image,
    ARRAY(SELECT coalesce(o.i18n -> $3::text ->> 'name', o.name) FROM item_options o
          WHERE o.vendor_id = s.vendor_id AND o.id = ANY(s.option_ids) ORDER BY o.id) AS options,
    s.option_ids::int[] AS option_ids, s.quantity, s.order_mode, s.address_id,
    coalesce((SELECT ${addressTextSql('a')} FROM addresses a WHERE a.vendor_id = s.vendor_id AND a.id = s.address_id AND a.deleted_at IS NULL), '')
      AS delivery_address,
    s.frequency, s.interval_days, s.weekdays::int[] AS weekdays, to_char(s.start_date, 'YYYY-MM-DD') AS start_date, s.slot_minutes,
    s.coupon_code, s.status, to_char(s.next_date, 'YYYY-MM-DD') AS next_date, s.next_due_at, s.created_at,
    ${pausesJsonSql('s')} AS pauses
  FROM subscriptions s
  JOIN restaurants r ON r.vendor_id = s.vendor_id AND r.id = s.restaurant_id
  JOIN items i ON i.vendor_id = s.vendor_id AND i.id = s.item_id
  WHERE s.vendor_id = $1 AND s.user_id = $2`;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Active, paused (the next delivery not yet cut off is inside a pause) or cancelled. */
function stateOf(row: Pick<SubscriptionRow, 'status' | 'next_date' | 'pauses'>): SubscriptionState {
  if (row.status === 'cancelled') return 'cancelled';
  return row.next_date && isPaused(row.pauses, row.next_date) ? 'paused' : 'active';
}

/** The next delivery the customer will get: the first date from the next not yet cut off outside every pause. */
function nextDelivery(row: SubscriptionRow): string {
  if (row.status === 'cancelled' || !row.next_date) return '';
  return plannedDays(row, row.next_date, 400).find((date) => !isPaused(row.pauses, date)) ?? '';
}

function toSummary(row: SubscriptionRow, baseUrl: string): SubscriptionSummary {
  return {
    subscription_id: row.id, restaurant_id: row.restaurant_id, restaurant_name: row.restaurant_name, item_id: row.item_id,
    item_name: row.item_name, item_image: row.item_image ? absolute(baseUrl, row.item_image) : '', options: row.options,
    quantity: row.quantity, order_mode: row.order_mode, frequency: row.frequency, interval_days: row.interval_days,
    weekdays: row.weekdays, slot: hhmm(row.slot_minutes), start_date: row.start_date, state: stateOf(row),
    next_date: nextDelivery(row), created_at: row.created_at.toISOString(),
  };
}

/** subscription_list: the customer's subscriptions, newest first. */
export async function listSubscriptions(db: Db, owner: Owner, lang: string, paging: Paging, baseUrl: string): Promise<SubscriptionSummary[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `${SUBSCRIPTION_SELECT} ORDER BY s.id DESC OFFSET $4 LIMIT $5`, [owner.vendorId, owner.userId, lang, paging.skip, paging.limit],
  );
  return rows.map((row) => toSummary(row, baseUrl));
}

async function loadRow(q: Queryable, c: SubscriptionContext, id: number, lock = false): Promise<SubscriptionRow | undefined> {
  if (lock) await q.query('SELECT 1 FROM subscriptions WHERE vendor_id = $1 AND user_id = $2 AND id = $3 FOR UPDATE', [c.vendor.id, c.userId, id]);
  const { rows } = await q.query<SubscriptionRow>(`${SUBSCRIPTION_SELECT} AND s.id = $4`, [c.vendor.id, c.userId, c.lang, id]);
  return rows[0];
}

/** subscription_details: the plan, the next planned dates (paused ones marked) and what became of past ones; undefined when not the customer's. */
export async function subscriptionDetail(db: Queryable, c: SubscriptionContext, id: number): Promise<SubscriptionDetail | undefined> {
  const row = await loadRow(db, c, id);
  if (!row) return undefined;
  const { vendor } = c;
  const { rows: past } = await db.query<{ date: string; status: SubscriptionDay['status']; reason: string; order_id: number | null; delivered_on: string | null; quantity: number; amount_minor: number }>(
    `SELECT to_char(delivery_date, 'YYYY-MM-DD') AS date, status, reason, order_id, to_char(delivered_on, 'YYYY-MM-DD') AS delivered_on,
       quantity, amount_minor
     FROM subscription_deliveries WHERE subscription_id = $1 ORDER BY delivery_date DESC LIMIT 60`,
    [id],
  );
  const upcoming: SubscriptionDay[] = row.status === 'cancelled' || !row.next_date ? [] : plannedDays(row, row.next_date, 28).map((date) => ({
    date, status: isPaused(row.pauses, date) ? 'paused' : 'planned', reason: '', order_id: null, delivered_on: '', quantity: row.quantity, amount: 0,
  }));
  let perDelivery = 0;
  const store = await storeClock(db, vendor.id, row.restaurant_id);
  if (store && upcoming.length) {
    const s: NewSubscription = row;
    const o = await priceRequest(db, { vendor, userId: c.userId, lang: c.lang, now: c.now }, pricingQuery(s, upcoming[0]!.date, store, row.coupon_code))
      .catch(() => undefined);
    if (o) perDelivery = toMajor(vendor, o.price.total_minor);
  }
  for (const day of upcoming) if (day.status === 'planned') day.amount = perDelivery;
  return {
    ...toSummary(row, c.baseUrl),
    delivery_address: row.delivery_address,
    coupon_code: row.coupon_code,
    pauses: row.pauses.map((pause) => ({ from: pause.from, until: pause.until ?? '' })),
    upcoming,
    past: past.map((day) => ({
      date: day.date, status: day.status, reason: day.reason, order_id: day.order_id, delivered_on: day.delivered_on ?? '',
      quantity: day.quantity, amount: toMajor(vendor, day.amount_minor),
    })),
    next_cutoff_at: row.status === 'active' && row.next_due_at ? row.next_due_at.toISOString() : '',
    per_delivery: perDelivery,
  };
}

export type ChangeOutcome = { kind: 'done' } | { kind: 'not_found' };

/** Runs a change on the customer's own subscription, its row locked; a cancelled one refuses every change. */
async function change(db: Db, c: SubscriptionContext, id: number, fn: (q: pg.PoolClient, row: SubscriptionRow) => Promise<void>): Promise<ChangeOutcome> {
  return inTransaction(db, async (q) => {
    const row = await loadRow(q, c, id, true);
    if (!row) return { kind: 'not_found' } as const;
    if (row.status === 'cancelled') throw InputError.on('subscription_id', SUBSCRIPTION_TEXTS.cancelled);
    await fn(q, row);
    return { kind: 'done' } as const;
  });
}

/**
 * subscription_pause_restart. Pause: from a date not yet cut off (the next delivery's or later), until
 * restarted. Restart: the open pause ends on the date (after the pause began, not yet cut off); from then
 * deliveries come again. Dates already cut off keep their orders either way.
 */
export async function pauseOrRestart(db: Db, c: SubscriptionContext, id: number, action: 'pause' | 'restart', from: string): Promise<ChangeOutcome> {
  if (!isDate(from)) throw InputError.on('from_date', 'from_date must be a date');
  return change(db, c, id, async (q, row) => {
    const open = row.pauses.find((pause) => pause.until === null);
    if (!row.next_date || from < row.next_date) throw InputError.on('from_date', SUBSCRIPTION_TEXTS.pauseTooSoon);
    if (action === 'pause') {
      if (open) throw InputError.on('from_date', SUBSCRIPTION_TEXTS.alreadyPaused);
      await q.query('INSERT INTO subscription_pauses (subscription_id, from_date) VALUES ($1, $2)', [id, from]);
      return;
    }
    if (!open) throw InputError.on('from_date', SUBSCRIPTION_TEXTS.notPaused);
    if (from <= open.from) throw InputError.on('from_date', SUBSCRIPTION_TEXTS.restartBeforePause);
    await q.query('UPDATE subscription_pauses SET until_date = $2 WHERE subscription_id = $1 AND until_date IS NULL', [id, from]);
  });
}

/** subscription_cancel: no delivery is created any more; orders already created stay (each can be cancelled until the store takes it). */
export async function cancelSubscription(db: Db, c: SubscriptionContext, id: number): Promise<ChangeOutcome> {
  return change(db, c, id, async (q) => {
    await q.query(
      `UPDATE subscriptions SET status = 'cancelled', next_date = NULL, next_due_at = NULL, cancelled_at = now(), updated_at = now() WHERE id = $1`, [id],
    );
  });
}

/** Cancels every subscription of the customer still running (their account is being deleted), in the caller's transaction. */
export async function cancelSubscriptionsOf(client: pg.PoolClient, vendorId: number, userId: number): Promise<number> {
  const { rowCount } = await client.query(
    `UPDATE subscriptions SET status = 'cancelled', next_date = NULL, next_due_at = NULL, cancelled_at = now(), updated_at = now()
     WHERE vendor_id = $1 AND user_id = $2 AND status <> 'cancelled'`,
    [vendorId, userId],
  );
  return rowCount ?? 0;
}

/** update_subscription_quantity: from the next delivery not yet cut off. */
export async function updateQuantity(db: Db, c: SubscriptionContext, id: number, quantity: number): Promise<ChangeOutcome> {
  return change(db, c, id, async (q) => {
    await q.query('UPDATE subscriptions SET quantity = $2, updated_at = now() WHERE id = $1', [id, quantity]);
  });
}
