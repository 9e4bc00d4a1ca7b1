import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionBill, SubscriptionDetail, SubscriptionSummary } from '../../../../contract/api/subscriptions.ts';
import { addDays, SUBSCRIPTION_TEXTS } from '../../../../contract/rules/subscriptions.ts';
import { localTime } from '../../../../contract/rules/schedule.ts';
import { runDueDeliveries } from '../domain/subscription-schedule.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from '../../../test/test-app.ts';

const DUBAI = 'Asia/Dubai';
const CALLS = [
  'check_subscription_item_promocode', 'subscription', 'subscription_list', 'subscription_details', 'subscription_pause_restart',
  'subscription_cancel', 'update_subscription_quantity',
];

describe('subscriptions API', () => {
  let t: TestApp;
  let ahmed: string;
  let other: string;
  let milk: number;
  let supermarket: number;
  let cake: number;
  const today = () => localTime(new Date(), DUBAI).date;

  beforeAll(async () => {
    t = await createTestApp({ subscriptionScheduleMs: 0 });
    ahmed = await t.signIn(SOUQ);
    await t.database.db.query(
      `INSERT INTO users (vendor_id, country_code, mobile_number, user_name) SELECT vendor_id, '971', '501234999', 'سارة' FROM vendor_hosts WHERE host = $1`, [SOUQ],
    );
    other = await t.signIn(SOUQ, '501234999');
    supermarket = await t.storeId('gulf-supermarket', SOUQ);
    const one = async (sql: string, params: unknown[]) => (await t.database.db.query<{ id: number }>(sql, params)).rows[0]!.id;
    milk = await one(`SELECT id FROM items WHERE restaurant_id = $1 AND name LIKE 'حليب%'`, [supermarket]);
    cake = await one(`SELECT id FROM items WHERE restaurant_id = $1 AND NOT is_subscribable ORDER BY id LIMIT 1`, [supermarket]);
    await t.database.db.query('UPDATE users SET wallet_balance_minor = 100000 WHERE vendor_id = (SELECT vendor_id FROM vendor_hosts WHERE host = $1)', [SOUQ]);
  });
  afterAll(async () => t.close());

  const post = (call: string, body: object, token = ahmed, host = SOUQ) => t.post(call, body, { host, token });
  let keys = 0;
  const plan = (extra: object = {}) => ({
    restaurant_id: supermarket, item_id: milk, quantity: 3, order_mode: 'pickup', frequency: 'everyday',
    start_date: addDays(today(), 2), slot: '09:00', ...extra,
  });
  const subscribe = async (extra: object = {}) => {
    const answer = await post('subscription', { ...plan(extra), idempotency_key: `api-test-${(keys += 1)}` });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    return answer.body.Result as SubscriptionDetail;
  };

  it('requires a signed-in customer of this vendor', async () => {
    const body = { ...plan(), subscription_id: 1, action: 'pause', from_date: today(), idempotency_key: 'api-test-guest' };
    for (const call of CALLS) expect((await t.post(call, body, { host: SOUQ })).status, call).toBe(401);
  });

  it('answers the bill of one delivery and of the first period, with the promo code checked', async () => {
    const res = await post('check_subscription_item_promocode', plan());
    expect(res.body.code).toBe(200);
    const bill = res.body.Result as SubscriptionBill;
    expect(bill.delivery.lines).toEqual([expect.objectContaining({ item_id: milk, quantity: 3, unit_price: 12.5, line_total: 37.5 })]);
    expect(bill.delivery.total).toBeGreaterThanOrEqual(37.5);
    expect(bill).toMatchObject({ first_date: plan().start_date, first_period_deliveries: 30 });
    expect(bill.first_period_total).toBeCloseTo(bill.delivery.total * 30, 6);
    // The cut-off: 20:00 the evening before, Dubai time.
    expect(bill.first_cutoff_at).toBe(new Date(`${addDays(plan().start_date, -1)}T16:00:00.000Z`).toISOString());
    // Every other day from the start: 15 in the first 30 days; Mondays and Thursdays: 8 or 9.
    expect(((await post('check_subscription_item_promocode', plan({ frequency: 'interval', interval_days: 2 }))).body.Result as SubscriptionBill).first_period_deliveries).toBe(15);

    const refused = await post('check_subscription_item_promocode', plan({ coupon_code: 'NOPE' }));
    expect(refused.body).toMatchObject({ code: 107, Result: { delivery: { coupon_refusal: 'invalid', discount: 0 } } });
    expect(typeof refused.body.msg).toBe('string');
  });

  it('refuses what cannot be delivered, each on its field', async () => {
    const field = async (extra: object) => {
      const res = await post('check_subscription_item_promocode', plan(extra));
      expect(res.status, JSON.stringify(extra)).toBe(422);
      return res.body.errors as Record<string, string[]>;
    };
    expect(await field({ item_id: cake })).toEqual({ item_id: ['This item cannot be subscribed to'] });
    expect(await field({ start_date: today() })).toEqual({ start_date: ['The first delivery must be a day whose orders are not yet being prepared'] });
    expect(await field({ start_date: addDays(today(), 90) })).toEqual({ start_date: ['The first delivery must be within the next 60 days'] });
    expect(await field({ slot: '03:00' })).toEqual({ slot: ['The store does not deliver at this time'] });
    expect(await field({ frequency: 'interval' })).toEqual({ interval_days: ['Choose every how many days'] });
    expect(await field({ frequency: 'custom' })).toEqual({ weekdays: ['Choose at least one day of the week'] });
    expect(await field({ order_mode: 'delivery' })).toEqual({ shiping_id: ['Please select a delivery address'] });
    expect(await field({ start_date: '2026-02-30' })).toEqual({ start_date: ['start_date must be a date'] });
    expect((await post('check_subscription_item_promocode', plan({ slot: '09:15' }))).status).toBe(422);
    expect((await post('check_subscription_item_promocode', plan({ quantity: 0 }))).status).toBe(422);
    // Harbor does not offer subscriptions.
    const harbor = await t.signIn(HARBOR);
    const off = await post('check_subscription_item_promocode', plan(), harbor, HARBOR);
    expect(off.body.errors).toEqual({ item_id: ['Subscriptions are not available'] });
  });

  it('creates once per key, lists it, and shows the calendar; another customer finds nothing', async () => {
    const key = 'api-test-once';
    const first = (await post('subscription', { ...plan(), idempotency_key: key })).body.Result as SubscriptionDetail;
    const again = (await post('subscription', { ...plan({ quantity: 5 }), idempotency_key: key })).body.Result as SubscriptionDetail;
    expect(again.subscription_id).toBe(first.subscription_id);
    expect(first).toMatchObject({
      state: 'active', quantity: 3, frequency: 'everyday', slot: '09:00', order_mode: 'pickup', next_date: plan().start_date,
      restaurant_name: 'سوبرماركت الخليج', item_name: expect.stringContaining('حليب'), past: [],
    });
    expect(first.upcoming).toHaveLength(28);
    expect(first.upcoming[0]).toMatchObject({ date: plan().start_date, status: 'planned', quantity: 3 });
    expect(first.upcoming[0]!.amount).toBeGreaterThan(0);
    const list = (await post('subscription_list', {})).body.Result as SubscriptionSummary[];
    expect(list.map((s) => s.subscription_id)).toContain(first.subscription_id);
    expect((await post('subscription_details', { subscription_id: first.subscription_id }, other)).body).toEqual({ code: 101, msg: 'Subscription not found', msg_key: 'subscription.not_found' });
    expect((await post('subscription_list', {}, other)).body).toEqual({ code: 101, msg: 'No subscriptions found', msg_key: 'subscription.none', Result: [] });
    // In English: the store's and item's English names.
    const en = (await post('subscription_details', { subscription_id: first.subscription_id, is_langauge: 'en' })).body.Result as SubscriptionDetail;
    expect(en.item_name).toBe('Fresh full-fat milk 2 L');
  });

  it('pauses from a date and restarts, changes the quantity, cancels; the schedule follows', async () => {
    const s = await subscribe();
    const id = s.subscription_id;
    const start = s.next_date;
    const change = async (call: string, body: object) => post(call, { subscription_id: id, ...body });
    expect((await change('subscription_pause_restart', { action: 'pause', from_date: today() })).body.errors)
      .toEqual({ from_date: ['A pause can start from the next delivery not yet being prepared'] });
    expect((await change('subscription_pause_restart', { action: 'restart', from_date: addDays(start, 3) })).body.errors)
      .toEqual({ from_date: ['This subscription is not paused'] });

    const paused = (await change('subscription_pause_restart', { action: 'pause', from_date: addDays(start, 2) })).body.Result as SubscriptionDetail;
    expect(paused.upcoming.slice(0, 4).map((day) => day.status)).toEqual(['planned', 'planned', 'paused', 'paused']);
    expect(paused.state).toBe('active');
    expect((await change('subscription_pause_restart', { action: 'pause', from_date: addDays(start, 4) })).body.errors)
      .toEqual({ from_date: ['This subscription is already paused'] });
    expect((await change('subscription_pause_restart', { action: 'restart', from_date: addDays(start, 2) })).body.errors)
      .toEqual({ from_date: ['The restart date must be after the pause begins'] });
    const restarted = (await change('subscription_pause_restart', { action: 'restart', from_date: addDays(start, 5) })).body.Result as SubscriptionDetail;
    expect(restarted.upcoming.slice(0, 7).map((day) => day.status)).toEqual(['planned', 'planned', 'paused', 'paused', 'paused', 'planned', 'planned']);
    expect(restarted.pauses).toEqual([{ from: addDays(start, 2), until: addDays(start, 5) }]);

    const more = (await change('update_subscription_quantity', { quantity: 4 })).body.Result as SubscriptionDetail;
    expect(more.quantity).toBe(4);
    expect(more.upcoming[0]!.quantity).toBe(4);

    // Its first cut-off comes: the order is created with the new quantity, and the calendar shows it.
    const due = new Date(new Date(s.next_cutoff_at).getTime() + 60_000);
    const handled = (await runDueDeliveries(t.database.db, due)).filter((o) => o.subscription_id === id);
    expect(handled).toEqual([expect.objectContaining({ date: start, status: 'ordered' })]);
    const after = (await change('subscription_details', {})).body.Result as SubscriptionDetail;
    expect(after.past).toEqual([expect.objectContaining({ date: start, status: 'ordered', order_id: handled[0]!.order_id, quantity: 4, delivered_on: start })]);
    expect(after.next_date).toBe(addDays(start, 1));
    // A pause must now start after the date already cut off.
    expect((await change('subscription_pause_restart', { action: 'pause', from_date: start })).status).toBe(422);

    const cancelled = (await change('subscription_cancel', {})).body.Result as SubscriptionDetail;
    expect(cancelled).toMatchObject({ state: 'cancelled', next_date: '', upcoming: [], next_cutoff_at: '' });
    expect((await change('update_subscription_quantity', { quantity: 2 })).body.errors).toEqual({ subscription_id: ['This subscription has been cancelled'] });
    expect(await runDueDeliveries(t.database.db, new Date(due.getTime() + 7 * 86_400_000)).then((o) => o.filter((x) => x.subscription_id === id))).toEqual([]);
  });

  it('generates the month’s invoice as a PDF: numbered in order per vendor, the same number asked again, the right totals', async () => {
    const s = await subscribe();
    const id = s.subscription_id;
    // Two deliveries ordered, one of them later cancelled: only the first is billed.
    const due = (at: string) => new Date(new Date(at).getTime() + 60_000);
    const first = (await runDueDeliveries(t.database.db, due(s.next_cutoff_at))).find((o) => o.subscription_id === id)!;
    const next = (await post('subscription_details', { subscription_id: id })).body.Result as SubscriptionDetail;
    const second = (await runDueDeliveries(t.database.db, due(next.next_cutoff_at))).find((o) => o.subscription_id === id)!;
    expect([first.status, second.status]).toEqual(['ordered', 'ordered']);
    expect((await post('cancel_order', { order_id: second.order_id })).body.code).toBe(200);
    const { rows: [billed] } = await t.database.db.query<{ total_minor: number }>('SELECT total_minor FROM orders WHERE id = $1', [first.order_id]);

    const month = first.date.slice(0, 7);
    const invoice = async (body: object) => (await post('generate_subscription_invoice', { subscription_id: id, ...body })).body;
    const answer = await invoice({ month });
    expect(answer.code).toBe(200);
    const result = answer.Result as { invoice_number: string; period: string; deliveries: number; total: number; filename: string; pdf_base64: string };
    expect(result).toMatchObject({ period: month, deliveries: 1, total: billed!.total_minor / 100 });
    expect(result.invoice_number).toMatch(/^S-\d{6}$/);
    const pdf = Buffer.from(result.pdf_base64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    // Asked again: the same number. A month that billed no delivery (before the subscription, long after, the
    // first of all months) is refused, in words the storefront translates, and takes no number.
    expect(((await invoice({ month })).Result as { invoice_number: string }).invoice_number).toBe(result.invoice_number);
    for (const empty of ['2099-01', '0001-01', '2020-02']) {
      const refused = await post('generate_subscription_invoice', { subscription_id: id, month: empty });
      expect([refused.status, refused.body]).toEqual([422, {
        code: 422, msg: SUBSCRIPTION_TEXTS.nothingBilled, msg_key: 'subscription.nothing_billed', errors: { month: [SUBSCRIPTION_TEXTS.nothingBilled] },
      }]);
    }
    const { rows: numbered } = await t.database.db.query('SELECT period FROM subscription_invoices WHERE subscription_id = $1', [id]);
    expect(numbered).toEqual([{ period: month }]);
    expect((await post('generate_subscription_invoice', { subscription_id: id, month: '2026-13' })).status).toBe(422);
    expect(await invoice({ month })).toMatchObject({ code: 200 });
    expect((await post('generate_subscription_invoice', { subscription_id: id }, other)).body).toEqual({ code: 101, msg: 'Subscription not found', msg_key: 'subscription.not_found' });
  });
});
