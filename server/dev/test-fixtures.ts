import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { OpeningHours } from '../../contract/api/stores.ts';
import { localTime, SLOT_MINUTES } from '../../contract/rules/schedule.ts';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/tx.ts';
import { findStore, restaurantTiming, STORE_NOT_FOUND } from '../modules/stores/index.ts';
import type { Vendor } from '../modules/vendors/index.ts';
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
