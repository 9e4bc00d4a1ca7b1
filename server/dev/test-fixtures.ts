import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { OpeningHours } from '../../contract/api/stores.ts';
import type { OrderStatus } from '../../contract/api/order-states.ts';
import { pointAlong, routeLength } from '../../contract/rules/geo.ts';
import { localTime, SLOT_MINUTES } from '../../contract/rules/schedule.ts';
import { cutoffInstant, isDate, nextPlannedDay, type SubscriptionPlan } from '../../contract/rules/subscriptions.ts';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/tx.ts';
import { nextStep, transition } from '../modules/order-status/index.ts';
import { orderRoute, recordPosition } from '../modules/orders/index.ts';
import { findStore, restaurantTiming, STORE_NOT_FOUND } from '../modules/stores/index.ts';
import { subscriptionTerms, type Vendor } from '../modules/vendors/index.ts';
import { HttpError } from '../http/errors.ts';
import { seedBenchVendor } from '../seed/bench.ts';
import { forgetVendors, vendorContext } from '../http/vendor.ts';
import { forgetKeptPages } from '../modules/site/index.ts';

/**
 * Test-only routes, registered only when the server is started with SF_TEST_FIXTURES=1 (and
 * refused in production). They let a test say what state its store is in, so what it checks
 * does not depend on the hour the suite happens to run at.
 *
 *   GET  /test/clock         → { now, test_clock }  the server's store time (see clock.ts)
 *   POST /test/store-hours   { host, restaurant_id, state: 'open' | 'closed' }
 *   POST /test/bench-vendor  { bench_host: '<name>.localhost', stores }  a vendor with that many stores
 *                            around downtown Austin (seedBenchVendor), once per host
 *   POST /test/hold-order    { host, order_id }  the demo's order simulator leaves this order of the host's
 *                            vendor where it is, as a store that has not looked at it yet (a test cancels it)
 *   POST /test/drive-order   { host, order_id, along }  holds a delivery order of the host's vendor, takes it through
 *                            its steps to 'on_the_way' with the vendor's first driver, and puts the driver `along`
 *                            (0 to 1) of the way to the door: a trip that stands still (the screenshot tests)
 *   POST /test/subscription-start { host, subscription_id, start_date }  moves a subscription of the host's vendor
 *                            to begin on that date, however far ahead, as if booked for it (the screenshot tests'
 *                            calendar shows the same month every day of the year)
 *   POST /test/stripe-account { host }  the host's vendor takes payments through Stripe with a test
 *                            account (sk_test_…), the SDK going where STRIPE_API_URL says (a local double)
 *
 * 'open': switched on and without opening hours, which means open at every hour of every day.
 * 'closed': switched on, closed now, and opening on the half hour between one hour and an hour
 * and a half from now, every day, for eight hours; it takes orders ahead (is_pre_order), so its checkout offers schedule slots
 * from the next opening on. The store's state holds for at least an hour of store time.
 * Both replace the store's seeded hours for the rest of the server's life.
 */
export type StoreState = 'open' | 'closed';

const BenchVendorBody = Type.Object({
  bench_host: Type.String({ pattern: '^[a-z0-9-]{1,40}\\.localhost$' }),
  stores: Type.Integer({ minimum: 1, maximum: 500 }),
});

const StripeAccountBody = Type.Object({ host: Type.Optional(Type.String({ maxLength: 255 })) });

const HoldOrderBody = Type.Object({ host: Type.Optional(Type.String({ maxLength: 255 })), order_id: Type.Integer({ minimum: 1 }) });

const DriveOrderBody = Type.Object({
  host: Type.Optional(Type.String({ maxLength: 255 })),
  order_id: Type.Integer({ minimum: 1 }),
  along: Type.Number({ minimum: 0, maximum: 1 }),
});

const SubscriptionStartBody = Type.Object({
  host: Type.Optional(Type.String({ maxLength: 255 })),
  subscription_id: Type.Integer({ minimum: 1 }),
  start_date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
});

const StoreHoursBody = Type.Object({
  host: Type.Optional(Type.String({ maxLength: 255 })),
  restaurant_id: Type.Integer({ minimum: 1 }),
  state: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
});

/** A closed store opens more than this long after now (on the next half hour after it). */
const OPENS_AFTER_MINUTES = 60;
const OPEN_FOR_MINUTES = 8 * 60;

const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** The daily period of a store 'closed' at `at`: it opens on the half hour more than an hour later. */
export function closedPeriod(at: Date, timeZone: string): { opens: string; closes: string } {
  // localTime drops the seconds: counting from the next whole minute keeps the gap above the hour.
  const { minutes } = localTime(at, timeZone);
  const opens = Math.ceil((minutes + 1 + OPENS_AFTER_MINUTES) / SLOT_MINUTES) * SLOT_MINUTES;
  return { opens: hhmm(opens), closes: hhmm(opens + OPEN_FOR_MINUTES) };
}

/** Puts the vendor's store in `state` at `at` (store time); undefined when the vendor has no such store. */
export async function setStoreState(db: Db, vendor: Vendor, storeId: number, state: StoreState, at: Date): Promise<OpeningHours[] | undefined> {
  return inTransaction(db, async (c) => {
    const { rows } = await c.query<{ time_zone: string }>(
      'SELECT time_zone FROM restaurants WHERE vendor_id = $1 AND id = $2 AND is_active FOR UPDATE', [vendor.id, storeId],
    );
    const store = rows[0];
    if (!store) return undefined;
    await c.query('DELETE FROM restaurant_hours WHERE vendor_id = $1 AND restaurant_id = $2', [vendor.id, storeId]);
    if (state === 'open') {
      await c.query('UPDATE restaurants SET on_off = true, updated_at = now() WHERE vendor_id = $1 AND id = $2', [vendor.id, storeId]);
      return [];
    }
    const { opens, closes } = closedPeriod(at, store.time_zone);
    await c.query(
      `INSERT INTO restaurant_hours (vendor_id, restaurant_id, weekday, opens, closes)
       SELECT $1, $2, d, $3::time, $4::time FROM generate_series(0, 6) d`,
      [vendor.id, storeId, opens, closes],
    );
    await c.query('UPDATE restaurants SET on_off = true, is_pre_order = 1, updated_at = now() WHERE vendor_id = $1 AND id = $2', [vendor.id, storeId]);
    return [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens, closes }));
  });
}

export const testFixtureRoutes: FastifyPluginAsync<{ heldOrders: Set<number> }> = async (app, { heldOrders }) => {
  const { db, runtime } = app;
  if (runtime.production) throw new Error('Test fixture routes are refused in production');
  await app.register(vendorContext, { db });
  const fixtures = app.withTypeProvider<TypeBoxTypeProvider>();

  fixtures.get('/test/clock', async () => ({
    now: runtime.clock.now().toISOString(),
    test_clock: runtime.clock.testStart?.toISOString() ?? null,
  }));

  fixtures.post('/test/bench-vendor', { schema: { body: BenchVendorBody } }, async (request) => {
    const { bench_host: host, stores } = request.body;
    const seeded = await seedBenchVendor(db, { host, stores, itemsPerMenu: 12 });
    return { code: 200, Result: { vendor_id: seeded.vendorId, created: seeded.created } };
  });

  fixtures.post('/test/stripe-account', { schema: { body: StripeAccountBody } }, async (request) => {
    const { vendor } = request;
    await db.query(
      `INSERT INTO vendor_payment_accounts (vendor_id, provider, secret_key, webhook_secret) VALUES ($1, 'stripe', $2, $3)
       ON CONFLICT (vendor_id, provider) DO NOTHING`,
      [vendor.id, `sk_test_${vendor.slug.replace(/\W/g, '_')}`, `whsec_test_${vendor.slug.replace(/\W/g, '_')}`],
    );
    await db.query(`UPDATE vendors SET settings = settings || '{"payment_provider": "stripe"}' WHERE id = $1`, [vendor.id]);
    forgetVendors(db);
    forgetKeptPages(db);
    return { code: 200, Result: { vendor_id: vendor.id, provider: 'stripe' } };
  });

  fixtures.post('/test/hold-order', { schema: { body: HoldOrderBody } }, async (request) => {
    const { rows } = await db.query('SELECT id FROM orders WHERE vendor_id = $1 AND id = $2', [request.vendor.id, request.body.order_id]);
    if (!rows[0]) throw new HttpError(404, 'Order not found');
    heldOrders.add(request.body.order_id);
    return { code: 200, Result: { order_id: request.body.order_id } };
  });

  // The simulator takes the order on again from where it stands (the next state within its interval).
  fixtures.post('/test/release-order', { schema: { body: HoldOrderBody } }, async (request) => {
    if (!heldOrders.delete(request.body.order_id)) throw new HttpError(404, 'Order not held');
    return { code: 200, Result: { order_id: request.body.order_id } };
  });

  fixtures.post('/test/drive-order', { schema: { body: DriveOrderBody } }, async (request) => {
    const { vendor, body } = request;
    const heldBefore = heldOrders.has(body.order_id);
    return inTransaction(db, async (c) => {
      const { rows } = await c.query<{ status: OrderStatus }>(
        `SELECT status FROM orders WHERE vendor_id = $1 AND id = $2 AND order_mode = 'delivery' AND delivery_latitude IS NOT NULL FOR UPDATE`,
        [vendor.id, body.order_id],
      );
      if (!rows[0]) throw new HttpError(404, 'No delivery order to a door');
      // Held from here (the row is locked): the simulator leaves it and its driver where this puts them.
      heldOrders.add(body.order_id);
      // The vendor's first driver, whoever else is on the way: the same one every run.
      await c.query(
        'UPDATE orders SET driver_id = (SELECT min(id) FROM drivers WHERE vendor_id = $1) WHERE vendor_id = $1 AND id = $2 AND driver_id IS NULL',
        [vendor.id, body.order_id],
      );
      for (let status: OrderStatus | undefined = rows[0].status; status !== 'on_the_way';) {
        status = nextStep(status, 'delivery');
        if (!status || status === 'arrived' || status === 'delivered') throw new HttpError(409, `order ${body.order_id} is past its trip`);
        await transition(c, vendor.id, body.order_id, status, 'simulator');
      }
      const route = (await orderRoute(c, vendor.id, body.order_id)) ?? [];
      const { point, heading } = pointAlong(route, routeLength(route) * body.along);
      const left = await recordPosition(c, vendor.id, body.order_id, { ...point, heading });
      if (typeof left === 'string') throw new HttpError(409, `order ${body.order_id}: ${left}`);
      return { code: 200, Result: { order_id: body.order_id, ...point, ...left } };
    }).catch((error: unknown) => {
      // Nothing was done (rolled back): an order held by this call alone is let go again.
      if (!heldBefore) heldOrders.delete(body.order_id);
      throw error;
    });
  });

  fixtures.post('/test/subscription-start', { schema: { body: SubscriptionStartBody } }, async (request) => {
    const { vendor, body } = request;
    const { rows } = await db.query<SubscriptionPlan & { time_zone: string }>(
      `SELECT s.frequency, s.interval_days, s.weekdays::int[] AS weekdays, r.time_zone FROM subscriptions s
       JOIN restaurants r ON r.vendor_id = s.vendor_id AND r.id = s.restaurant_id
       WHERE s.vendor_id = $1 AND s.id = $2 AND s.status = 'active'`,
      [vendor.id, body.subscription_id],
    );
    const plan = rows[0];
    if (!plan || !isDate(body.start_date)) throw new HttpError(404, 'No active subscription, or no such date');
    const first = nextPlannedDay({ ...plan, start_date: body.start_date }, body.start_date);
    if (!first) throw new HttpError(409, 'No delivery on that plan');
    const due = cutoffInstant(first, subscriptionTerms(vendor).cutoff, plan.time_zone);
    if (due.getTime() <= runtime.clock.now().getTime()) throw new HttpError(409, 'The first delivery is cut off already');
    await db.query(
      'UPDATE subscriptions SET start_date = $3, next_date = $4, next_due_at = $5, updated_at = now() WHERE vendor_id = $1 AND id = $2',
      [vendor.id, body.subscription_id, body.start_date, first, due],
    );
    return { code: 200, Result: { subscription_id: body.subscription_id, start_date: body.start_date, next_date: first } };
  });

  fixtures.post('/test/store-hours', { schema: { body: StoreHoursBody } }, async (request, reply) => {
    const { vendor, body } = request;
    const at = runtime.clock.now();
    const hours = await setStoreState(db, vendor, body.restaurant_id, body.state, at);
    if (!hours) throw new HttpError(404, STORE_NOT_FOUND);
    forgetKeptPages(db);
    // Read back through the API's own rules: the fixture must have made what it promises.
    const row = await findStore(db, vendor, { id: body.restaurant_id }, vendor.default_lang, at);
    if (!row) throw new HttpError(404, STORE_NOT_FOUND);
    const timing = await restaurantTiming(db, vendor.id, row, at);
    if (timing.is_open_now !== (body.state === 'open')) {
      return reply.code(500).send({ code: 500, msg: `store ${body.restaurant_id} is not ${body.state} after the fixture`, timing });
    }
    return { code: 200, Result: { restaurant_id: body.restaurant_id, state: body.state, at: at.toISOString(), ...timing } };
  });
};
