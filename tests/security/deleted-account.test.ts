import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '../../contract/account-texts.ts';
import { addDays } from '../../contract/rules/subscriptions.ts';
import { buildApp } from '../../server/app.ts';
import { createSession } from '../../server/modules/accounts/index.ts';
import { runDueDeliveries } from '../../server/modules/subscriptions/domain/subscription-schedule.ts';
import { createSubscription } from '../../server/modules/subscriptions/domain/subscriptions.ts';
import { findVendorById, type Vendor } from '../../server/modules/vendors/index.ts';
import { openStream } from '../../server/test/event-stream.ts';
import { harborFixture, insertOrder, subscribableItem } from '../../server/test/orders-fixtures.ts';
import { createTestApp, type TestApp } from '../../server/test/test-app.ts';

// Second hardening pass, finding 1: delete_account left the customer's subscriptions active, and at the
// next cut-off the schedule placed and paid an order from the deleted account's wallet; its open event
// streams ran on for up to 20 s.
const DAY = 86_400_000;

describe('a deleted account acts no more', () => {
  let t: TestApp;
  // A second server process on the same database, holding the customer's open stream.
  let other: FastifyInstance;
  let otherOrigin: string;
  let h: Awaited<ReturnType<typeof harborFixture>>;
  let vendor: Vendor;
  let plainItem: number;
  const db = () => t.database.db;
  const one = async <T>(sql: string, params: unknown[]) => (await db().query(sql, params)).rows[0] as T;

  beforeAll(async () => {
    t = await createTestApp({ subscriptionScheduleMs: 0 });
    other = await buildApp({ db: t.database.db, listen: t.database.listen, logger: false, production: false, subscriptionScheduleMs: 0 });
    otherOrigin = await other.listen({ port: 0, host: '127.0.0.1' });
    h = await harborFixture(db());
    plainItem = await subscribableItem(db(), h);
    // The pizzeria open at every hour.
    await db().query('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [h.pizzeria]);
    vendor = (await findVendorById(db(), h.vendorId, () => {}))!;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const balance = async (userId: number) => (await one<{ b: number }>('SELECT wallet_balance_minor AS b FROM users WHERE id = $1', [userId])).b;
  const ordersOf = async (userId: number) => (await db().query<{ id: number; status: string }>('SELECT id, status FROM orders WHERE user_id = $1 ORDER BY id', [userId])).rows;

  let keys = 0;
  /** A daily pickup subscription of the plain item, starting in two days, made now. */
  async function subscribe(userId: number, now: Date): Promise<number> {
    const created = await createSubscription(db(), { vendor, userId, lang: 'en', now, baseUrl: 'http://localhost:8080' }, {
      restaurant_id: h.pizzeria, item_id: plainItem, quantity: 1, order_mode: 'pickup', slot: '12:00', frequency: 'everyday',
      start_date: addDays(now.toISOString().slice(0, 10), 2), idempotency_key: `deleted-account-${(keys += 1)}`,
    });
    if (!('id' in created)) throw new Error('not created');
    return created.id;
  }

  /** Runs the schedule just after each of the next `count` cut-offs of the subscription (a day apart from its first). */
  async function runCutOffs(firstDueAt: Date, count: number): Promise<void> {
    for (let n = 0; n < count; n++) await runDueDeliveries(db(), new Date(firstDueAt.getTime() + n * DAY + 60_000));
  }
  const dueAt = async (subscription: number) =>
    (await one<{ next_due_at: Date }>('SELECT next_due_at FROM subscriptions WHERE id = $1', [subscription])).next_due_at;

  it('is refused while the store has an order under way; then ends its subscriptions, cancels and refunds what the store had not taken, and closes its streams at once', async () => {
    const now = new Date();
    const token = await createSession(db(), h.vendorId, h.sam);
    await db().query('UPDATE users SET wallet_balance_minor = 10000 WHERE id = $1', [h.sam]);
    const subscription = await subscribe(h.sam, now);
    const firstCutOff = await dueAt(subscription);
    const untaken = await insertOrder(db(), {
      vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, mode: 'pickup', paymentMethod: 'wallet', lines: [{ itemId: plainItem, quantity: 2 }],
    });
    const taken = await insertOrder(db(), { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, status: 'preparing', lines: [{ itemId: plainItem, quantity: 1 }] });
    const paidForUntaken = 10000 - (await balance(h.sam));
    expect(paidForUntaken).toBeGreaterThan(0);

    // While an order the store has taken is on its way: refused, in words the storefront translates, nothing changed.
    const refused = await t.post('delete_account', {}, { token });
    expect(refused.body).toEqual({ code: 111, msg: ACCOUNT_TEXTS.orderUnderWay, msg_key: 'account.order_under_way' });
    expect((await one<{ status: string }>('SELECT status FROM subscriptions WHERE id = $1', [subscription])).status).toBe('active');
    expect((await ordersOf(h.sam)).map((o) => o.status)).toEqual(['placed', 'preparing']);

    await db().query(`UPDATE orders SET status = 'delivered' WHERE id = $1`, [taken]);
    const stream = await openStream(otherOrigin, { token });
    await stream.next((frame) => frame.event === 'ready');
    const asked = Date.now();
    expect((await t.post('delete_account', {}, { token })).body).toEqual({ code: 200, msg: 'Account deleted' });
    // The stream on the other process ends within a second, not at its next 20 s heartbeat.
    await stream.next((frame) => frame.event === 'expired', 2_000);
    expect(Date.now() - asked).toBeLessThan(2_000);
    stream.close();

    expect((await one<{ status: string }>('SELECT status FROM subscriptions WHERE id = $1', [subscription])).status).toBe('cancelled');
    expect(await ordersOf(h.sam)).toEqual([{ id: untaken, status: 'cancelled' }, { id: taken, status: 'delivered' }]);
    expect(await balance(h.sam)).toBe(10000);

    // The cut-offs of a week on the schedule's clock: no order and no money moves for the deleted account.
    const ledger = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM wallet_transactions WHERE user_id = $1', [h.sam])).n;
    const movements = await ledger();
    await runCutOffs(firstCutOff, 7);
    expect((await ordersOf(h.sam)).length).toBe(2);
    expect(await ledger()).toBe(movements);
    expect(await balance(h.sam)).toBe(10000);
  });

  it('the schedule never orders for a deleted customer, even for a subscription left active, while a live one orders at the same cut-offs', async () => {
    const now = new Date();
    const user = (await one<{ id: number }>(
      `INSERT INTO users (vendor_id, country_code, mobile_number, user_name, wallet_balance_minor) VALUES ($1, '1', '4155557700', 'Left Behind', 10000) RETURNING id`,
      [h.vendorId],
    )).id;
    const left = await subscribe(user, now);
    const live = await subscribe(h.alex, now);
    await db().query(`UPDATE users SET deleted_at = now(), is_active = false WHERE id = $1`, [user]);
    const first = await dueAt(left);
    expect(first.getTime()).toBe((await dueAt(live)).getTime());
    await runCutOffs(first, 3);
    expect((await ordersOf(h.alex)).length).toBeGreaterThanOrEqual(3);
    expect(await ordersOf(user)).toEqual([]);
    expect(await balance(user)).toBe(10000);
  });
});
