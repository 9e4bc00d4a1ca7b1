import type pg from 'pg';
import type { OpeningHours } from '../../../../contract/api/stores.ts';
import { isInsideHours, SCHEDULE_DAYS } from '../../../../contract/rules/schedule.ts';
import {
  addDays, cutoffInstant, isPaused, localInstant, nextPlannedDay, weekdayOf, type SubscriptionPause, type SubscriptionPlan,
} from '../../../../contract/rules/subscriptions.ts';
import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';
import { InputError } from '../../../errors.ts';
import { type PlaceOrderRefusal, placeStandingOrder } from '../../orders/index.ts';
import { publishEvent } from '../../events/index.ts';
import { findVendorById, subscriptionTerms, type SubscriptionTerms, type Vendor } from '../../vendors/index.ts';
import { hoursJsonSql } from '../../stores/index.ts';
import { pausesJsonSql, type NewSubscription } from './subscriptions.ts';

/**
 * The subscription schedule: each delivery's order is created at the store's cut-off before it (the
 * vendor's terms, on the store's clock), as an ordinary scheduled order paid from the wallet. A subscription
 * is handled one delivery date at a time, in date order, in one transaction: its row is locked with SKIP
 * LOCKED (several server processes share the work and never handle one date twice), the order written,
 * the date recorded and the next one set together, or none of them. The order's idempotency key names
 * the subscription and the date as well.
 *
 * What becomes of a date (subscription_deliveries.status):
 * - paused: inside a pause; nothing ordered;
 * - closed: the store does not take the slot that day (its hours, or switched off) and the vendor skips
 *   such days; with closed_days 'next_open_day' the order goes to the store's next day that takes the slot;
 * - ordered: the order (delivered_on its date), the wallet debited with it;
 * - missed: not ordered, with the reason (wallet: the balance is short; unavailable, out_of_reach,
 *   below_minimum, store, address, late). The customer is told over the live channel either way.
 */

interface DueRow extends NewSubscription {
  id: number;
  vendor_id: number;
  user_id: number;
  next_date: string;
  time_zone: string;
  on_off: boolean;
  hours: OpeningHours[];
  pauses: SubscriptionPause[];
}

export type DeliveryStatus = 'ordered' | 'paused' | 'closed' | 'missed';

export interface DeliveryOutcome {
  subscription_id: number;
  date: string;
  status: DeliveryStatus;
  reason: string;
  order_id: number | null;
}

const MISSED_REASONS: Partial<Record<PlaceOrderRefusal['reason'], string>> = {
  insufficientWallet: 'wallet',
  itemsUnavailable: 'unavailable',
  overLimit: 'unavailable',
  outOfReach: 'out_of_reach',
  belowMinimum: 'below_minimum',
  storeNotFound: 'store',
  storeClosed: 'store',
  invalidSchedule: 'late',
};

/** The date the next delivery after `after` falls on, and when its order is due; nulls when the plan has no more. */
function nextDue(
  plan: SubscriptionPlan, after: string, terms: SubscriptionTerms, timeZone: string,
): { next_date: string | null; next_due_at: Date | null } {
  const next = nextPlannedDay(plan, addDays(after, 1));
  return { next_date: next, next_due_at: next ? cutoffInstant(next, terms.cutoff, timeZone) : null };
}

/** The date a delivery is made on: `date`, or with 'next_open_day' the store's next day that takes the slot; null: skipped. */
function deliveryDay(row: DueRow, date: string, terms: SubscriptionTerms): string | null {
  const takes = (day: string) => row.on_off && isInsideHours(row.hours, weekdayOf(day), row.slot_minutes);
  if (takes(date)) return date;
  if (terms.closed_days !== 'next_open_day' || !row.on_off) return null;
  for (let n = 1; n < SCHEDULE_DAYS; n += 1) if (takes(addDays(date, n))) return addDays(date, n);
  return null;
}

async function lockDue(c: pg.PoolClient, now: Date): Promise<DueRow | undefined> {
  const { rows } = await c.query<DueRow>(
    `SELECT s.id, s.vendor_id, s.user_id, s.restaurant_id, s.item_id, s.option_ids::int[] AS option_ids, s.quantity, s.order_mode,
       s.address_id, s.frequency, s.interval_days, s.weekdays::int[] AS weekdays, to_char(s.start_date, 'YYYY-MM-DD') AS start_date,
       s.slot_minutes, s.coupon_code, to_char(s.next_date, 'YYYY-MM-DD') AS next_date, r.time_zone, r.on_off, ${hoursJsonSql('r')} AS hours,
       ${pausesJsonSql('s')} AS pauses
     FROM subscriptions s JOIN restaurants r ON r.vendor_id = s.vendor_id AND r.id = s.restaurant_id
       -- Never for a deleted account (deleting one cancels its subscriptions; this holds if one was missed).
       JOIN users u ON u.vendor_id = s.vendor_id AND u.id = s.user_id AND u.deleted_at IS NULL
     WHERE s.status = 'active' AND s.next_due_at <= $1
     ORDER BY s.next_due_at, s.id LIMIT 1 FOR UPDATE OF s SKIP LOCKED`,
    [now],
  );
  return rows[0];
}

/** The delivery's order written in the schedule's transaction, or why not. */
async function placeDelivery(
  c: pg.PoolClient, vendor: Vendor, row: DueRow, date: string, deliverOn: string, now: Date,
): Promise<{ orderId: number } | { missed: string }> {
  const slot = localInstant(deliverOn, row.slot_minutes, row.time_zone);
  if (slot.getTime() <= now.getTime()) return { missed: 'late' };
  if (row.order_mode === 'delivery' && row.address_id === null) return { missed: 'address' };
  const key = `subscription:${row.id}:${date}`;
  const attempt = async (coupon: string) => placeStandingOrder(c, {
    // Orders keep their lines' images as stored paths: no public origin is needed.
    vendor, userId: row.user_id, lang: vendor.default_lang, baseUrl: '', idempotencyKey: key, fingerprint: '', paymentMethod: 'wallet', expectedTotal: 0,
    returnUrl: '', orderImages: [], note: '', provider: undefined, now,
    query: {
      restaurant_id: row.restaurant_id, order_mode: row.order_mode, coupon_code: coupon, driver_tip: 0,
      shiping_id: row.address_id ?? undefined, schedule_at: slot.toISOString(),
      lines: [{ item_id: row.item_id, quantity: row.quantity, option_ids: row.option_ids, client_price: 0 }],
    },
  });
  try {
    let outcome = await attempt(row.coupon_code);
    // A promo code that no longer takes (used up, expired) leaves the delivery at the full price, not missed.
    if ('refused' in outcome && outcome.refused.reason === 'couponRefused') outcome = await attempt('');
    if ('placed' in outcome) return { orderId: outcome.placed.order_id };
    return { missed: MISSED_REASONS[outcome.refused.reason] ?? 'store' };
  } catch (error) {
    // The saved address was deleted or is no longer the customer's; or the item as subscribed (its options) can no longer be ordered.
    if (error instanceof InputError) return { missed: 'shiping_id' in error.errors ? 'address' : 'unavailable' };
    throw error;
  }
}

async function handleDue(c: pg.PoolClient, row: DueRow, now: Date, vendors: Map<number, Vendor>): Promise<DeliveryOutcome> {
  let vendor = vendors.get(row.vendor_id);
  if (!vendor) {
    vendor = await findVendorById(c, row.vendor_id, () => {});
    if (!vendor) throw new Error(`subscription ${row.id}: vendor ${row.vendor_id} not found`);
    vendors.set(row.vendor_id, vendor);
  }
  const terms = subscriptionTerms(vendor);
  const date = row.next_date;
  let status: DeliveryStatus;
  let reason = '';
  let orderId: number | null = null;
  let deliveredOn: string | null = null;
  if (isPaused(row.pauses, date)) {
    status = 'paused';
  } else {
    deliveredOn = deliveryDay(row, date, terms);
    if (!deliveredOn) {
      status = 'closed';
    } else {
      const placed = await placeDelivery(c, vendor, row, date, deliveredOn, now);
      if ('orderId' in placed) {
        status = 'ordered';
        orderId = placed.orderId;
      } else {
        status = 'missed';
        reason = placed.missed;
      }
    }
  }
  await c.query(
    `INSERT INTO subscription_deliveries (vendor_id, subscription_id, delivery_date, delivered_on, status, reason, order_id, quantity, amount_minor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce((SELECT total_minor FROM orders WHERE vendor_id = $1 AND id = $7), 0))
     ON CONFLICT (subscription_id, delivery_date) DO NOTHING`,
    [row.vendor_id, row.id, date, status === 'ordered' ? deliveredOn : null, status, reason, orderId, row.quantity],
  );
  const next = nextDue(row, date, terms, row.time_zone);
  await c.query(
    'UPDATE subscriptions SET next_date = $2, next_due_at = $3, updated_at = now() WHERE id = $1',
    [row.id, next.next_date, next.next_due_at],
  );
  if (status !== 'paused') {
    await publishEvent(c, row.vendor_id, row.user_id, {
      kind: 'subscription_delivery', order_id: orderId ?? 0, data: { subscription_id: row.id, date, status, reason },
    });
  }
  return { subscription_id: row.id, date, status, reason, order_id: orderId };
}

/**
 * Handles every delivery date whose cut-off is at or before `now` (a subscription with several due, after
 * the server was down, one date at a time in order), at most `limit`; answers what became of each.
 */
export async function runDueDeliveries(db: Db, now: Date, limit = 200): Promise<DeliveryOutcome[]> {
  const outcomes: DeliveryOutcome[] = [];
  const vendors = new Map<number, Vendor>();
  while (outcomes.length < limit) {
    const outcome = await inTransaction(db, async (c) => {
      const row = await lockDue(c, now);
      return row ? handleDue(c, row, now, vendors) : undefined;
    });
    if (!outcome) break;
    outcomes.push(outcome);
  }
  return outcomes;
}

/** Runs runDueDeliveries every `everyMs` on the app's clock; the returned function stops it. */
export function startSubscriptionSchedule(db: Db, clock: () => Date, everyMs: number, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runDueDeliveries(db, clock()).catch(onError).finally(() => {
      running = false;
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
