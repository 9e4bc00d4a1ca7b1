import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../../contract/api/order-states.ts';
import { buildApp } from '../../../app.ts';
import { readConfig } from '../../../config.ts';
import { seedIfEmpty } from '../../../seed/index.ts';
import { createTestDb, type TestDb } from '../../../test/test-db.ts';
import { stepsFor } from '../../../../contract/rules/order-steps.ts';
import { harborFixture, insertOrder, type FixtureOrder } from '../../../test/orders-fixtures.ts';
import { startSimulator } from './simulator.ts';

describe('demo order simulator', () => {
  let t: TestDb;
  let h: Awaited<ReturnType<typeof harborFixture>>;
  beforeAll(async () => {
    t = await createTestDb();
    await seedIfEmpty(t.db);
    h = await harborFixture(t.db);
  });
  afterAll(async () => t.close());

  const order = (o: Partial<FixtureOrder>) =>
    insertOrder(t.db, { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, lines: [{ itemId: h.margherita, quantity: 1 }], ...o });
  const status = async (id: number) => (await t.db.query<{ status: OrderStatus }>('SELECT status FROM orders WHERE id = $1', [id])).rows[0]!.status;
  const events = async (id: number) =>
    (await t.db.query<{ to_status: OrderStatus; actor: string }>('SELECT to_status, actor FROM order_status_events WHERE order_id = $1 ORDER BY id', [id])).rows;
  const until = async (check: () => Promise<boolean>, ms = 15_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const clear = () => t.db.query("UPDATE orders SET status = 'cancelled' WHERE status NOT IN ('delivered', 'cancelled', 'payment_failed')");

  it('moves each due order one step per tick and leaves fresh, paying and ended orders alone', async () => {
    const due = await order({ status: 'placed', ageSeconds: 120 });
    const dueScheduled = await order({ status: 'scheduled', mode: 'pickup', ageSeconds: 120, scheduledFor: new Date(Date.now() + 86_400_000) });
    const fresh = await order({ status: 'placed', ageSeconds: 10 });
    const paying = await order({ status: 'payment_pending', paymentMethod: 'online', paymentStatus: 'pending', ageSeconds: 120 });
    const done = await order({ status: 'delivered', ageSeconds: 120 });
    const cancelled = await order({ status: 'cancelled', ageSeconds: 120 });
    const sim = startSimulator(t.db, 60);
    try {
      expect(await sim.tick()).toBe(2);
      expect([await status(due), await status(dueScheduled), await status(fresh)]).toEqual(['confirmed', 'placed', 'placed']);
      expect([await status(paying), await status(done), await status(cancelled)]).toEqual(['payment_pending', 'delivered', 'cancelled']);
      // Just moved: not due again for another 60 s.
      expect(await sim.tick()).toBe(0);
      expect((await events(due)).at(-1)).toEqual({ to_status: 'confirmed', actor: 'simulator' });
    } finally {
      await sim.stop();
      await clear();
    }
  });

  it('runs delivery and pickup orders to delivered at a tiny pace, the delivery driven to the door by its driver, then stops', async () => {
    const delivery = await order({ status: 'placed' });
    const pickup = await order({ status: 'scheduled', mode: 'pickup', scheduledFor: new Date(Date.now() + 86_400_000) });
    const sim = startSimulator(t.db, 0.05, undefined, { driverSpeedKmh: 2000 });
    try {
      await until(async () => (await status(delivery)) === 'delivered' && (await status(pickup)) === 'delivered');
    } finally {
      await sim.stop();
    }
    expect((await events(delivery)).map((e) => e.to_status)).toEqual(stepsFor('delivery'));
    expect((await events(pickup)).map((e) => e.to_status)).toEqual(stepsFor('pickup', true));
    expect((await events(pickup)).slice(1).every((e) => e.actor === 'simulator')).toBe(true);
    const { rows: positions } = await t.db.query<{ latitude: number; longitude: number }>(
      'SELECT latitude, longitude FROM driver_positions WHERE order_id = $1 ORDER BY id', [delivery],
    );
    expect(positions.length).toBeGreaterThan(1);
    expect(positions.at(-1)).toEqual({ latitude: 37.7877, longitude: -122.3966 });
    // Stopped: nothing moves any more.
    const later = await order({ status: 'placed', ageSeconds: 5 });
    await new Promise((r) => setTimeout(r, 200));
    expect(await status(later)).toBe('placed');
    await clear();
  });

  it('leaves a held order where it is, its driver too, and takes it on once released', async () => {
    const held = new Set<number>();
    const waiting = await order({ status: 'placed', ageSeconds: 120 });
    const driving = await order({ status: 'on_the_way', ageSeconds: 120 });
    await t.db.query(
      `UPDATE orders SET driver_id = (SELECT min(id) FROM drivers WHERE vendor_id = $1), driver_assigned_at = now() - interval '1 minute' WHERE id = $2`,
      [h.vendorId, driving],
    );
    held.add(waiting).add(driving);
    const positions = async () => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM driver_positions WHERE order_id = $1', [driving])).rows[0]!.n);
    const sim = startSimulator(t.db, 60, undefined, { held });
    try {
      expect([await sim.tick(), await sim.drive()]).toEqual([0, 0]);
      expect([await status(waiting), await status(driving), await positions()]).toEqual(['placed', 'on_the_way', 0]);
      held.clear();
      expect([await sim.tick(), await sim.drive()]).toEqual([1, 1]);
      expect([await status(waiting), await positions()]).toEqual(['confirmed', 1]);
    } finally {
      await sim.stop();
      await clear();
    }
  });

  it('never moves an order twice when two servers tick at once (SKIP LOCKED; matters on PostgreSQL)', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => order({ status: 'placed', ageSeconds: 120 })));
    const a = startSimulator(t.db, 60);
    const b = startSimulator(t.db, 60);
    try {
      const moved = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      expect(moved.reduce((s, n) => s + n, 0)).toBe(12);
      for (const id of ids) {
        expect(await status(id)).toBe('confirmed');
        expect(await events(id)).toHaveLength(2);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await clear();
    }
  });

  it('starts with the app when ORDER_SIMULATOR_SECONDS is set and stops when it closes', async () => {
    expect(readConfig({}).orderSimulatorSeconds).toBe(0);
    expect(readConfig({ ORDER_SIMULATOR_SECONDS: '8' }).orderSimulatorSeconds).toBe(8);
    expect(readConfig({ ORDER_SIMULATOR_SECONDS: 'soon' }).orderSimulatorSeconds).toBe(0);
    expect(readConfig({}).driverSpeedKmh).toBeUndefined();
    expect(readConfig({ DRIVER_SPEED_KMH: '120' }).driverSpeedKmh).toBe(120);
    for (const bad of ['0', 'fast', '1e9', '-5']) expect(() => readConfig({ DRIVER_SPEED_KMH: bad }), bad).toThrow(/DRIVER_SPEED_KMH/);

    const off = await buildApp({ db: t.db, logger: false, production: false });
    const idle = await order({ status: 'placed', ageSeconds: 5 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await status(idle)).toBe('placed');
    await off.close();

    const app = await buildApp({ db: t.db, logger: false, production: false, orderSimulatorSeconds: 0.05, driverSpeedKmh: 2000 });
    await app.ready();
    await until(async () => (await status(idle)) === 'delivered');
    await app.close();
    const after = await order({ status: 'placed', ageSeconds: 5 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await status(after)).toBe('placed');
  });
});
