import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/tx.ts';
import {
  addDays, cutoffInstant, nextPlannedDay, type SubscriptionFrequency, type SubscriptionPlan,
} from '../../contract/rules/subscriptions.ts';
import { subscriptionTerms } from './settings.ts';
import type { Vendor } from './vendors.ts';

/** What a new subscription holds (checked by the caller against the contract's schema). */
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

/** The first planned date on or after `from` whose cut-off is still ahead at `now`, and that cut-off. */
export function firstDue(
  plan: SubscriptionPlan, from: string, vendor: Pick<Vendor, 'settings'>, timeZone: string, now: Date,
): { next_date: string | null; next_due_at: Date | null } {
  const terms = subscriptionTerms(vendor);
  let date = nextPlannedDay(plan, from);
  while (date && cutoffInstant(date, terms.cutoff, timeZone).getTime() <= now.getTime()) date = nextPlannedDay(plan, addDays(date, 1));
  return { next_date: date, next_due_at: date ? cutoffInstant(date, terms.cutoff, timeZone) : null };
}

/** Writes a subscription; its first delivery is the first planned date whose cut-off has not passed. Answers its id. */
export async function insertSubscription(db: Db, vendor: Vendor, userId: number, input: NewSubscription, now: Date): Promise<number> {
  return inTransaction(db, async (c) => {
    const { rows: [store] } = await c.query<{ time_zone: string }>(
      'SELECT time_zone FROM restaurants WHERE vendor_id = $1 AND id = $2', [vendor.id, input.restaurant_id],
    );
    if (!store) throw new Error(`store ${input.restaurant_id} not found`);
    const due = firstDue(input, input.start_date, vendor, store.time_zone, now);
    const { rows } = await c.query<{ id: number }>(
      `INSERT INTO subscriptions (vendor_id, user_id, restaurant_id, item_id, option_ids, quantity, order_mode, address_id, frequency,
         interval_days, weekdays, start_date, slot_minutes, coupon_code, next_date, next_due_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
      [
        vendor.id, userId, input.restaurant_id, input.item_id, input.option_ids, input.quantity, input.order_mode, input.address_id,
        input.frequency, input.interval_days, input.weekdays, input.start_date, input.slot_minutes, input.coupon_code,
        due.next_date, due.next_due_at,
      ],
    );
    return rows[0]!.id;
  });
}
