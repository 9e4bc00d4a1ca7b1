import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestaurantDetail, RestaurantTiming } from '../../contract/api/stores.ts';
import { buildApp } from '../app.ts';
import { testClock } from '../clock.ts';
import { createClockWorld, type ClockWorld } from '../test/clock-app.ts';
import { HARBOR, SOUQ } from '../test/test-app.ts';
import { pointAlong, routeLength } from '../../contract/rules/geo.ts';
import { cutoffInstant, DEFAULT_CUTOFF } from '../../contract/rules/subscriptions.ts';
import { orderRoute } from '../modules/orders/index.ts';
import { createSubscription } from '../modules/subscriptions/domain/subscriptions.ts';
import { findVendorById } from '../modules/vendors/index.ts';
import { harborFixture, insertOrder, subscribableItem } from '../test/orders-fixtures.ts';
import { closedPeriod } from './test-fixtures.ts';

const LA_0300 = '2027-03-02T03:00:00-08:00'; // 15:00 in Dubai
const LA_1500 = '2027-03-02T15:00:00-08:00'; // 03:00 in Dubai

describe('test fixture routes', () => {
  let w: ClockWorld;
  beforeAll(async () => {
    w = await createClockWorld();
  });
  afterAll(async () => w.close());

  const setState = (app: FastifyInstance, host: string, restaurant_id: number, state: string) =>
    app.inject({ method: 'POST', url: '/test/store-hours', payload: { host, restaurant_id, state } });

  it('exist only when asked for, and never in production', async () => {
    const plain = (await w.appAt(LA_0300)).app;
    // A server path that is off is a 404, not the full-page storefront.
    expect((await plain.inject({ method: 'GET', url: '/test/clock' })).statusCode).toBe(404);
    expect((await plain.inject({ method: 'POST', url: '/test/store-hours', payload: {} })).statusCode).toBe(404);
    const db = w.database.db;
    await expect(buildApp({ db, logger: false, production: true, testFixtures: true })).rejects.toThrow(/production/);
    await expect(buildApp({ db, logger: false, production: true, clock: testClock(new Date(LA_0300)) })).rejects.toThrow(/production/);
  });

  it('POST /test/bench-vendor makes a vendor of that many stores once, on a .localhost name only', async () => {
    const { app } = await w.appAt(LA_0300, { testFixtures: true });
    const seed = (payload: object) => app.inject({ method: 'POST', url: '/test/bench-vendor', headers: { host: HARBOR }, payload });
    const first = await seed({ bench_host: 'fixture-stores.localhost', stores: 30 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ code: 200, Result: { created: true } });
    expect((await seed({ bench_host: 'fixture-stores.localhost', stores: 30 })).json()).toMatchObject({ Result: { created: false } });
    const nearby = await app.inject({
      method: 'POST', url: '/api/v2/get_nearby_restaurant_v2', headers: { host: 'fixture-stores.localhost' },
      payload: { latitude: 30.2672, longitude: -97.7431, total_record: 100, skip: 0 },
    });
    expect(nearby.json<{ Result: unknown[] }>().Result).toHaveLength(30);
    for (const payload of [{ bench_host: 'example.com', stores: 3 }, { bench_host: 'x.localhost', stores: 501 }, { bench_host: 'x.localhost' }]) {
      expect((await seed(payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('GET /test/clock tells the store time', async () => {
    const { app } = await w.appAt(LA_0300, { testFixtures: true });
    const answer = (await app.inject({ method: 'GET', url: '/test/clock' })).json<{ now: string; test_clock: string }>();
    expect(answer.test_clock).toBe('2027-03-02T11:00:00.000Z');
    expect(Date.parse(answer.now) - Date.parse(answer.test_clock)).toBeGreaterThanOrEqual(0);
    expect(Date.parse(answer.now) - Date.parse(answer.test_clock)).toBeLessThan(60_000);
  });

  for (const instant of [LA_0300, LA_1500]) {
    it(`makes a store open, or closed and taking orders ahead, at ${instant}`, async () => {
      const { app, clock } = await w.appAt(instant, { testFixtures: true });
      // Al Baraka Butchery: Souq does not schedule after hours and the store does not pre-order by itself.
      for (const [host, slug] of [[HARBOR, 'dogpatch-breakfast-club'], [SOUQ, 'al-baraka-butchery']] as const) {
        const id = w.ids[slug]!;
        const closed = await setState(app, host, id, 'closed');
        expect(closed.statusCode, closed.body).toBe(200);
        const detail = (await w.post<RestaurantDetail>(app, 'get_restaurant_detail', { restaurant_id: id }, host)).Result!;
        expect(detail).toMatchObject({ restaurant_on_off: '0', accepts_scheduled_orders: 1 });
        expect(detail.opening_hours).toHaveLength(7);
        const timing = (await w.post<RestaurantTiming>(app, 'restaurantTiming', { restaurant_id: id }, host)).Result!;
        const opensIn = Date.parse(timing.next_opening) - clock.now().getTime();
        expect(opensIn).toBeGreaterThan(60 * 60_000);
        expect(opensIn).toBeLessThanOrEqual(91 * 60_000);

        const open = await setState(app, host, id, 'open');
        expect(open.statusCode, open.body).toBe(200);
        const after = (await w.post<RestaurantDetail>(app, 'get_restaurant_detail', { restaurant_id: id }, host)).Result!;
        expect(after).toMatchObject({ restaurant_on_off: '1', opening_hours: [] });
      }
    });
  }

  it('POST /test/drive-order holds a delivery order on its way with the first driver, standing where it is told', async () => {
    const { app } = await w.appAt(LA_0300, { testFixtures: true });
    const db = w.database.db;
    const h = await harborFixture(db);
    const order = (mode: 'delivery' | 'pickup') =>
      insertOrder(db, { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, mode, lines: [{ itemId: h.margherita, quantity: 1 }] });
    const drive = (payload: object) => app.inject({ method: 'POST', url: '/test/drive-order', payload: { host: HARBOR, ...payload } });
    const id = await order('delivery');
    const route = (await orderRoute(db, h.vendorId, id))!;
    for (const along of [0.4, 1]) {
      const answer = await drive({ order_id: id, along });
      expect(answer.statusCode, answer.body).toBe(200);
      const { point } = pointAlong(route, routeLength(route) * along);
      expect(answer.json()).toMatchObject({ Result: { order_id: id, ...point } });
      const { rows: [row] } = await db.query<{ status: string; driver_id: number; first: number; latitude: number; longitude: number }>(
        `SELECT o.status, o.driver_id, (SELECT min(id) FROM drivers d WHERE d.vendor_id = o.vendor_id) AS first, p.latitude, p.longitude
         FROM orders o JOIN LATERAL (SELECT * FROM driver_positions p WHERE p.order_id = o.id ORDER BY p.id DESC LIMIT 1) p ON true WHERE o.id = $1`,
        [id],
      );
      expect(row).toMatchObject({ status: 'on_the_way', driver_id: row!.first, ...point });
    }
    expect((await drive({ order_id: await order('pickup'), along: 0.5 })).statusCode).toBe(404);
    expect((await drive({ order_id: 999_999, along: 0.5 })).statusCode).toBe(404);
    expect((await drive({ order_id: id, along: 1.5 })).statusCode).toBe(422);
  });

  it('POST /test/subscription-start moves a subscription to begin on a date however far ahead, never on one already cut off', async () => {
    const { app, clock } = await w.appAt(LA_0300, { testFixtures: true });
    const db = w.database.db;
    const h = await harborFixture(db);
    const item = await subscribableItem(db, h);
    const vendor = (await findVendorById(db, h.vendorId, () => {}))!;
    const created = await createSubscription(db, { vendor, userId: h.alex, lang: 'en', now: clock.now(), baseUrl: 'http://localhost' }, {
      restaurant_id: h.pizzeria, item_id: item, quantity: 1, order_mode: 'pickup', slot: '12:00', frequency: 'custom', weekdays: [1, 4],
      start_date: '2027-03-05', idempotency_key: 'fixture-start-1',
    });
    if (!('id' in created)) throw new Error('not created');
    const move = (start_date: string, subscription_id = created.id) =>
      app.inject({ method: 'POST', url: '/test/subscription-start', payload: { host: HARBOR, subscription_id, start_date } });
    // 2040-07-15 is a Sunday: the first Monday or Thursday after it is the 16th.
    const moved = await move('2040-07-15');
    expect(moved.statusCode, moved.body).toBe(200);
    const { rows: [row] } = await db.query<{ start_date: string; next_date: string; next_due_at: Date }>(
      `SELECT to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(next_date, 'YYYY-MM-DD') AS next_date, next_due_at FROM subscriptions WHERE id = $1`,
      [created.id],
    );
    expect(row).toEqual({ start_date: '2040-07-15', next_date: '2040-07-16', next_due_at: cutoffInstant('2040-07-16', DEFAULT_CUTOFF, 'America/Los_Angeles') });
    // Monday 1 March: its order was due the evening before, before the clock's 2 March.
    expect((await move('2027-03-01')).statusCode).toBe(409);
    expect((await move('2040-02-30')).statusCode).toBe(404);
    expect((await move('2040-07-15', 999_999)).statusCode).toBe(404);
    expect((await move('soon')).statusCode).toBe(422);
  });

  it("refuses unknown stores, another vendor's store and unknown states", async () => {
    const { app } = await w.appAt(LA_0300, { testFixtures: true });
    expect((await setState(app, HARBOR, 999_999, 'open')).statusCode).toBe(404);
    expect((await setState(app, HARBOR, w.ids['gulf-supermarket']!, 'open')).statusCode).toBe(404);
    expect((await setState(app, HARBOR, w.ids['golden-gate-pizzeria']!, 'busy')).statusCode).toBe(422);
  });
});

describe('closedPeriod', () => {
  it('opens on the half hour more than an hour after now, for eight hours, past midnight when it must', () => {
    const zone = 'America/Los_Angeles';
    expect(closedPeriod(new Date('2027-03-02T09:59:00-08:00'), zone)).toEqual({ opens: '11:00', closes: '19:00' });
    expect(closedPeriod(new Date('2027-03-02T10:00:00-08:00'), zone)).toEqual({ opens: '11:30', closes: '19:30' });
    expect(closedPeriod(new Date('2027-03-02T23:45:00-08:00'), zone)).toEqual({ opens: '01:00', closes: '09:00' });
    expect(closedPeriod(new Date('2027-03-02T03:00:00-08:00'), 'Asia/Dubai')).toEqual({ opens: '16:30', closes: '00:30' });
  });
});
