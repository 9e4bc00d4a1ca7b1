import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceBreakdown } from '../../../../contract/api/checkout.ts';
import { addDays, cutoffInstant, daysBetween, DEFAULT_CUTOFF, localInstant, weekdayOf } from '../../../../contract/rules/subscriptions.ts';
import { harborFixture, subscribableItem } from '../../../test/orders-fixtures.ts';
import { createTestApp, HARBOR, type TestApp } from '../../../test/test-app.ts';
import { runDueDeliveries, type DeliveryOutcome } from './subscription-schedule.ts';
import { createSubscription } from './subscriptions.ts';
import { findVendorById, type Vendor } from '../../vendors/index.ts';

const LA = 'America/Los_Angeles';
const HOUR = 3_600_000;
const SLOT = 9 * 60;
const BASE = 'http://localhost:8080';

describe('subscription schedule', () => {
  let t: TestApp;
  let h: Awaited<ReturnType<typeof harborFixture>>;
  let vendor: Vendor;
  let token: string;
  let plainItem: number;
  const db = () => t.database.db;
  const one = async <T>(sql: string, params: unknown[]) => (await db().query(sql, params)).rows[0] as T;

  beforeAll(async () => {
    t = await createTestApp({ subscriptionScheduleMs: 0 });
    h = await harborFixture(db());
    token = await t.signIn(HARBOR, '4155550100');
    plainItem = await subscribableItem(db(), h);
    // The pizzeria: open 07:00–21:00 every day but Wednesday.
    await db().query('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [h.pizzeria]);
    await db().query(
      `INSERT INTO restaurant_hours (vendor_id, restaurant_id, weekday, opens, closes)
       SELECT $1, $2, d, '07:00', '21:00' FROM unnest(ARRAY[0, 1, 2, 4, 5, 6]) d`,
      [h.vendorId, h.pizzeria],
    );
    vendor = (await findVendorById(db(), h.vendorId, () => {}))!;
  });

  let keys = 0;
  /** A pickup subscription of the plain item at 09:00 through the same path as the `subscription` call. */
  const subscribe = async (now: Date, plan: { frequency: 'everyday' | 'interval'; interval_days?: number; start_date: string }) => {
    const created = await createSubscription(db(), { vendor, userId: h.alex, lang: 'en', now, baseUrl: BASE }, {
      restaurant_id: h.pizzeria, item_id: plainItem, quantity: 1, order_mode: 'pickup', slot: '09:00',
      idempotency_key: `schedule-test-${(keys += 1)}`, ...plan,
    });
    if (!('id' in created)) throw new Error('not created');
    return created.id;
  };
  afterAll(async () => t.close());

  /** The bill of `quantity` of the item for pickup, as the checkout shows it (minor units). */
  async function billMinor(quantity: number): Promise<number> {
    const price = (await one<{ price_minor: number }>('SELECT price_minor FROM items WHERE id = $1', [plainItem])).price_minor / 100;
    const answer = await t.post('check_restaurant_menu_with_price', {
      restaurant_id: h.pizzeria, order_mode: 'pickup', lines: [{ item_id: plainItem, quantity, price, selectCustoizeID: [] }],
    }, { host: HARBOR, token });
    return Math.round((answer.body.Result as PriceBreakdown).total * 100);
  }

  const balance = async () => (await one<{ b: number }>('SELECT wallet_balance_minor AS b FROM users WHERE id = $1', [h.alex])).b;
  const setBalance = async (minor: number) => {
    const before = await balance();
    await db().query('UPDATE users SET wallet_balance_minor = $2 WHERE id = $1', [h.alex, minor]);
    await db().query(
      `INSERT INTO wallet_transactions (vendor_id, user_id, kind, amount_minor, balance_after_minor) VALUES ($1, $2, 'recharge', $3, $4)`,
      [h.vendorId, h.alex, minor - before, minor],
    );
  };

  it('runs a month: every cut-off on the store clock across the change to winter time, closed Wednesdays, a pause, a quantity change, a short wallet on day 20', async () => {
    const one1 = await billMinor(1);
    const two = await billMinor(2);
    const start = '2026-10-20';
    let now = new Date('2026-10-19T00:00:00Z');
    const ledgerSum = async () => Number((await one<{ sum: string }>('SELECT coalesce(sum(amount_minor), 0) AS sum FROM wallet_transactions WHERE user_id = $1', [h.alex])).sum);
    // The seeded wallet has no ledger lines: the ledger is compared from here on.
    const unexplained = (await balance()) - (await ledgerSum());
    // Enough for the 13 deliveries before day 20 (8 November) and not for the 14th.
    await setBalance(14 * one1 - 1);
    const id = await subscribe(now, { frequency: 'everyday', start_date: start });

    const handledAt = new Map<string, { at: Date; outcome: DeliveryOutcome }>();
    const end = new Date('2026-11-20T00:00:00Z');
    const at = (date: string, hour: number) => localInstant(date, hour * 60, LA).getTime();
    for (; now < end; now = new Date(now.getTime() + HOUR)) {
      const ms = now.getTime();
      // On 3 November the customer pauses from the 5th and restarts on the 8th.
      if (ms === at('2026-11-03', 12)) {
        await db().query(`INSERT INTO subscription_pauses (subscription_id, from_date, until_date) VALUES ($1, '2026-11-05', '2026-11-08')`, [id]);
      }
      // The wallet ran short for day 20; the customer adds money at noon that day.
      if (ms === at('2026-11-08', 12)) await setBalance((await balance()) + 100_000);
      // From the 9th at 10:00: two a day (the 10th's cut-off is that evening).
      if (ms === at('2026-11-09', 10)) await db().query('UPDATE subscriptions SET quantity = 2 WHERE id = $1', [id]);
      for (const outcome of await runDueDeliveries(db(), now)) handledAt.set(outcome.date, { at: now, outcome });
    }

    const dates = Array.from({ length: daysBetween(start, '2026-11-19') + 1 }, (_, n) => addDays(start, n));
    expect([...handledAt.keys()]).toEqual(dates);
    const paused = new Set(['2026-11-05', '2026-11-06', '2026-11-07']);
    const expected = dates.map((date) => {
      if (paused.has(date)) return { date, status: 'paused', reason: '' };
      if (weekdayOf(date) === 3) return { date, status: 'closed', reason: '' };
      if (date === '2026-11-08') return { date, status: 'missed', reason: 'wallet' };
      return { date, status: 'ordered', reason: '' };
    });
    const { rows: deliveries } = await db().query(
      `SELECT to_char(delivery_date, 'YYYY-MM-DD') AS date, status, reason, quantity, amount_minor, order_id,
         to_char(delivered_on, 'YYYY-MM-DD') AS delivered_on
       FROM subscription_deliveries WHERE subscription_id = $1 ORDER BY delivery_date`,
      [id],
    );
    expect(deliveries.map(({ date, status, reason }) => ({ date, status, reason }))).toEqual(expected);

    // Each date handled at its cut-off (20:00 the evening before, store time), not an hour earlier or later.
    for (const date of dates) expect(handledAt.get(date)!.at.toISOString(), date).toBe(cutoffInstant(date, DEFAULT_CUTOFF, LA).toISOString());
    expect(cutoffInstant('2026-11-01', DEFAULT_CUTOFF, LA).toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(cutoffInstant('2026-11-02', DEFAULT_CUTOFF, LA).toISOString()).toBe('2026-11-02T04:00:00.000Z');

    // The orders: one per ordered date, for 09:00 store time whatever the offset, paid from the wallet.
    const { rows: orders } = await db().query<{ id: number; scheduled_for: Date; status: string; payment_method: string; payment_status: string; total_minor: number; quantity: number; key: string }>(
      `SELECT o.id, o.scheduled_for, o.status, o.payment_method, o.payment_status, o.total_minor, o.idempotency_key AS key,
         (SELECT sum(quantity)::int FROM order_lines l WHERE l.order_id = o.id) AS quantity
       FROM orders o WHERE o.user_id = $1 AND o.idempotency_key LIKE 'subscription:%' ORDER BY o.scheduled_for`,
      [h.alex],
    );
    const ordered = deliveries.filter((row) => row.status === 'ordered');
    expect(orders.map((order) => order.key)).toEqual(ordered.map((row) => `subscription:${id}:${row.date}`));
    for (const [n, order] of orders.entries()) {
      const row = ordered[n]!;
      const quantity = row.date >= '2026-11-10' ? 2 : 1;
      expect(order.scheduled_for.toISOString(), row.date).toBe(localInstant(row.date, SLOT, LA).toISOString());
      expect(order, row.date).toMatchObject({ status: 'scheduled', payment_method: 'wallet', payment_status: 'paid', quantity, total_minor: quantity === 2 ? two : one1 });
      expect(row).toMatchObject({ order_id: order.id, quantity, amount_minor: order.total_minor, delivered_on: row.date });
    }
    expect(orders.find((order) => order.key.endsWith('2026-10-31'))!.scheduled_for.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(orders.find((order) => order.key.endsWith('2026-11-01'))!.scheduled_for.toISOString()).toBe('2026-11-01T17:00:00.000Z');
    expect(orders.filter((order) => order.quantity === 1)).toHaveLength(14);
    expect(orders.filter((order) => order.quantity === 2)).toHaveLength(8);

    // The wallet: one debit per order, exactly its total; the ledger sums to the balance.
    const { rows: debits } = await db().query<{ order_id: number; amount_minor: number }>(
      `SELECT order_id, amount_minor FROM wallet_transactions WHERE user_id = $1 AND kind = 'order_payment' ORDER BY id`, [h.alex],
    );
    expect(debits).toEqual(orders.map((order) => ({ order_id: order.id, amount_minor: -order.total_minor })));
    expect(await balance()).toBe(14 * one1 - 1 - 13 * one1 + 100_000 - (one1 + 8 * two));
    expect((await ledgerSum()) + unexplained).toBe(await balance());

    // The customer was told of the missed day and why.
    const { rows: told } = await db().query(
      `SELECT data FROM realtime_events WHERE user_id = $1 AND kind = 'subscription_delivery' AND data ->> 'status' = 'missed'`, [h.alex],
    );
    expect(told.map((row) => row.data)).toEqual([{ subscription_id: id, date: '2026-11-08', status: 'missed', reason: 'wallet' }]);
  });

  it('several runs at once (two server processes on PostgreSQL) handle each date once', async () => {
    await setBalance(10_000_000);
    const now = new Date('2027-01-10T00:00:00Z');
    const ids: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      ids.push(await subscribe(now, n % 2 ? { frequency: 'interval', interval_days: 2, start_date: '2027-01-12' } : { frequency: 'everyday', start_date: '2027-01-12' }));
    }
    // Three evenings' cut-offs, each taken by four runs side by side: Tuesday the 12th (all twelve),
    // Wednesday the 13th (closed; the every-other-day ones are not due), Thursday the 14th (all twelve).
    const handled: string[] = [];
    for (const cutoff of ['2027-01-12T05:00:00Z', '2027-01-13T05:00:00Z', '2027-01-14T05:00:00Z']) {
      const runs = await Promise.all([0, 1, 2, 3].map(() => runDueDeliveries(db(), new Date(cutoff))));
      const ours = runs.flat().filter((outcome) => ids.includes(outcome.subscription_id));
      handled.push(...ours.map((outcome) => `${outcome.subscription_id}:${outcome.date}:${outcome.status}`));
    }
    expect(new Set(handled).size).toBe(handled.length);
    expect(handled.filter((entry) => entry.endsWith(':ordered'))).toHaveLength(24);
    expect(handled.filter((entry) => entry.endsWith(':closed'))).toHaveLength(6);
    const { rows } = await db().query<{ n: number; orders: number; keys: number }>(
      `SELECT count(*)::int AS n, count(order_id)::int AS orders, count(DISTINCT order_id)::int AS keys
       FROM subscription_deliveries WHERE subscription_id = ANY($1::bigint[])`,
      [ids],
    );
    expect(rows[0]).toEqual({ n: 30, orders: 24, keys: 24 });
    const duplicates = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT idempotency_key FROM orders WHERE idempotency_key LIKE 'subscription:%' GROUP BY idempotency_key HAVING count(*) > 1) d`, [],
    );
    expect(duplicates.n).toBe(0);
  });
});
