import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../../contract/api/order-states.ts';
import type { OrderTracking, TrackingLink } from '../../../../contract/api/tracking.ts';
import { ORDER_CODES } from '../../../../contract/constants.ts';
import { routeLength } from '../../../../contract/rules/geo.ts';
import { inTransaction } from '../../../db/tx.ts';
import { issueDriverToken, transition } from '../../order-status/index.ts';
import { createSession } from '../../accounts/index.ts';
import { startSimulator } from '../domain/simulator.ts';
import { signTrackingLink } from '../domain/tracking.ts';
import { openStream } from '../../../test/event-stream.ts';
import { harborFixture, insertOrder } from '../../../test/orders-fixtures.ts';
import { createTestApp, SOUQ, type TestApp } from '../../../test/test-app.ts';

describe('following an order on its way: the driver, the map, the time left, and links for those without an account', () => {
  let t: TestApp;
  let h: Awaited<ReturnType<typeof harborFixture>>;
  let origin: string;
  let sam: string;
  let alex: string;
  beforeAll(async () => {
    t = await createTestApp();
    h = await harborFixture(t.database.db);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    sam = await createSession(t.database.db, h.vendorId, h.sam);
    alex = await createSession(t.database.db, h.vendorId, h.alex);
  });
  afterAll(async () => t.close());

  const newOrder = (mode: 'delivery' | 'pickup' = 'delivery') =>
    insertOrder(t.database.db, { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, mode, lines: [{ itemId: h.margherita, quantity: 1 }] });
  const moveTo = async (orderId: number, ...steps: OrderStatus[]) => {
    for (const to of steps) await inTransaction(t.database.db, (c) => transition(c, h.vendorId, orderId, to, 'store'));
  };
  const tracking = async (body: object, token?: string) => (await t.post('order_tracking', body, token ? { token } : {})).body;

  it('before the driver sets off: the whole way from the store, no driver, no time yet; on the way: the least busy driver and the minutes left', async () => {
    const order = await newOrder();
    const before = (await tracking({ order_id: order }, sam)).Result as OrderTracking;
    expect(before.order).toMatchObject({ order_id: order, status: 'placed', is_open: true });
    expect(before.store.name).toBe('Golden Gate Pizzeria');
    expect(before.destination).toMatchObject({ latitude: 37.7877, longitude: -122.3966, address: '4B, Howard Plaza, 500 Howard St' });
    expect(before.route).toHaveLength(4);
    expect(before.route[0]).toEqual({ latitude: before.store.latitude, longitude: before.store.longitude });
    expect(before.distance_left_km).toBeCloseTo(routeLength(before.route) / 1000, 1);
    expect(before).toMatchObject({ driver: null, position: null, eta_minutes: null });
    expect((await t.post('track_of_driver_customer', { order_id: order }, { token: sam })).body).toMatchObject({ code: 101, msg: 'No driver yet' });

    await moveTo(order, 'confirmed', 'preparing', 'waiting', 'on_the_way');
    const going = (await tracking({ order_id: order }, sam)).Result as OrderTracking;
    expect(going.driver).toEqual({ name: 'Jordan Lee', vehicle: 'Scooter', vehicle_number: '7HBR412', phone: '+14155550140' });
    expect(going.eta_minutes).toBeGreaterThan(0);
    const arabic = (await tracking({ order_id: order, is_langauge: 'ar' }, sam)).Result as OrderTracking;
    expect(arabic.driver).toMatchObject({ name: 'جوردان لي', vehicle: 'دراجة نارية' });
    // A second order on its way goes to the other driver.
    const second = await newOrder();
    await moveTo(second, 'confirmed', 'preparing', 'waiting', 'on_the_way');
    expect(((await tracking({ order_id: second }, sam)).Result as OrderTracking).driver?.name).toBe('Maria Santos');
    expect((await t.post('get-order-distance', { order_id: order }, { token: sam })).body.Result).toEqual({ distance_km: going.distance_left_km, eta_minutes: going.eta_minutes });

    // Pickup: no route, no driver.
    const pickup = await newOrder('pickup');
    expect((await tracking({ order_id: pickup }, sam)).Result).toMatchObject({ destination: null, route: [], distance_left_km: null, driver: null });
    // Not the customer's order, or no sign-in.
    expect((await tracking({ order_id: order }, alex)).code).toBe(101);
    expect((await t.post('get-order-distance', { order_id: order }, { token: alex })).body.code).toBe(101);
    expect((await t.call('order_tracking', { order_id: order })).statusCode).toBe(401);
    expect((await t.call('order_tracking', {}, { token: sam })).statusCode).toBe(422);
  });

  it('the demo driver moves along the route, every position reaching the stream, and the order arrives at the door', async () => {
    const order = await newOrder();
    await moveTo(order, 'confirmed', 'preparing', 'waiting', 'on_the_way');
    const stream = await openStream(origin, { token: sam });
    await stream.next((frame) => frame.event === 'ready');
    // Half the way gone: backdate the start.
    const route = ((await tracking({ order_id: order }, sam)).Result as OrderTracking).route;
    const seconds = routeLength(route) / (30_000 / 3600) / 2;
    await t.database.db.query(`UPDATE orders SET driver_assigned_at = now() - make_interval(secs => $2) WHERE id = $1`, [order, seconds]);
    const simulator = startSimulator(t.database.db, 3600);
    try {
      await simulator.drive();
      const moved = await stream.next((frame) => frame.event === 'driver_position' && (frame.data as { order_id: number }).order_id === order);
      expect(moved.id).toBeUndefined();
      const data = (moved.data as { data: { distance_left_km: number; eta_minutes: number } }).data;
      expect(data.distance_left_km).toBeCloseTo(routeLength(route) / 2000, 1);
      const shown = (await tracking({ order_id: order }, sam)).Result as OrderTracking;
      expect(shown.position).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number) });
      expect(shown.distance_left_km).toBe(data.distance_left_km);
      // Reported again only a second later (several server processes share the drivers).
      expect(await simulator.drive()).toBe(0);

      await t.database.db.query(`UPDATE orders SET driver_assigned_at = now() - interval '2 hours' WHERE id = $1`, [order]);
      await t.database.db.query(`UPDATE driver_positions SET recorded_at = now() - interval '1 minute' WHERE order_id = $1`, [order]);
      await simulator.drive();
      await stream.next((frame) => frame.event === 'order_status' && (frame.data as { data: { status: string } }).data.status === 'arrived');
      const arrived = (await tracking({ order_id: order }, sam)).Result as OrderTracking;
      expect(arrived).toMatchObject({ distance_left_km: 0, eta_minutes: 0, order: { status: 'arrived' } });
      expect(arrived.position).toMatchObject({ latitude: 37.7877, longitude: -122.3966 });
    } finally {
      await simulator.stop();
      stream.close();
    }
  });

  it('a tracking link follows that one order without an account, hides the written address, and says when it is wrong or old', async () => {
    const order = await newOrder();
    const other = await newOrder();
    const link = (await t.post('tracking_link', { order_id: order }, { token: sam })).body.Result as TrackingLink;
    expect(link.token).toMatch(new RegExp(`^${order}\\.\\d+\\.[A-Za-z0-9_-]{32}$`));
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect((await t.post('tracking_link', { order_id: order }, { token: alex })).body.code).toBe(101);

    const seen = (await tracking({ tracking: link.token })).Result as OrderTracking;
    expect(seen.order.order_id).toBe(order);
    expect(seen.destination).toMatchObject({ address: '', latitude: 37.7877 });

    const stream = await openStream(origin, { token: '', tracking: link.token });
    expect(stream.status).toBe(200);
    await stream.next((frame) => frame.event === 'ready');
    await moveTo(other, 'confirmed');
    await moveTo(order, 'confirmed');
    const heard = await stream.next((frame) => frame.event === 'order_status');
    expect(heard.data).toMatchObject({ order_id: order, data: { status: 'confirmed' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.events().map((event) => event.order_id)).toEqual([order]);
    stream.close();

    const [id, expires, mac] = link.token.split('.');
    const forged = [`${other}.${expires}.${mac}`, `${id}.${Number(expires) + 1}.${mac}`, `${id}.${expires}.${'A'.repeat(32)}`, 'nonsense', `${id}.${expires}`];
    for (const token of forged) {
      expect((await tracking({ tracking: token })).code, token).toBe(ORDER_CODES.trackingLinkInvalid);
      expect((await openStream(origin, { token: '', tracking: token })).status, token).toBe(403);
    }
    const old = signTrackingLink(t.app.runtime.secrets.trackingLink, h.vendorId, order, new Date(Date.now() - 25 * 3600_000));
    expect(await tracking({ tracking: old.token })).toMatchObject({ code: ORDER_CODES.trackingLinkExpired, msg: 'This tracking link has expired' });
    expect((await openStream(origin, { token: '', tracking: old.token })).status).toBe(410);
    // Another vendor's host does not take this vendor's link.
    expect((await t.post('order_tracking', { tracking: link.token }, { host: SOUQ })).body.code).toBe(ORDER_CODES.trackingLinkInvalid);
    expect((await t.call('order_tracking', { tracking: 'x'.repeat(201) })).statusCode).toBe(422);
  });

  it('a driver app reports positions with its own token, only for its own order on the way', async () => {
    const order = await newOrder();
    const report = (token: string, body: object) => t.post('driver_position', { order_id: order, latitude: 37.78, longitude: -122.41, ...body }, { token });
    const { rows: [jordan] } = await t.database.db.query<{ id: number }>("SELECT id FROM drivers WHERE vendor_id = $1 AND name = 'Jordan Lee'", [h.vendorId]);
    const { rows: [maria] } = await t.database.db.query<{ id: number }>("SELECT id FROM drivers WHERE vendor_id = $1 AND name = 'Maria Santos'", [h.vendorId]);
    const jordanToken = await issueDriverToken(t.database.db, h.vendorId, jordan!.id);
    const mariaToken = await issueDriverToken(t.database.db, h.vendorId, maria!.id);

    expect((await report('y'.repeat(43), {})).status).toBe(401);
    expect((await report(sam, {})).status).toBe(401); // a customer's token is no driver's
    expect((await report(jordanToken, {})).body).toMatchObject({ code: ORDER_CODES.notAllowed, msg: 'This order is not on the way' });
    await t.database.db.query("UPDATE orders SET status = 'cancelled' WHERE vendor_id = $1 AND status IN ('on_the_way', 'arrived')", [h.vendorId]);
    await moveTo(order, 'confirmed', 'preparing', 'waiting', 'on_the_way');
    const driver = ((await tracking({ order_id: order }, sam)).Result as OrderTracking).driver!.name;
    const [mine, theirs] = driver === 'Jordan Lee' ? [jordanToken, mariaToken] : [mariaToken, jordanToken];
    expect((await report(theirs, {})).body.code).toBe(ORDER_CODES.notAllowed);
    const answer = await report(mine, { heading: 90 });
    expect(answer.body).toMatchObject({ code: 200, Result: { distance_left_km: expect.any(Number), eta_minutes: expect.any(Number) } });
    expect((await t.post('track_of_driver_customer', { order_id: order }, { token: sam })).body.Result).toMatchObject({
      driver: { name: driver }, position: { latitude: 37.78, longitude: -122.41, heading: 90 },
    });
    // Clients that cannot stream get the latest position at the end of each page of events.
    const page = await t.app.inject({ method: 'GET', url: '/api/v2/events?after=0', headers: { host: 'localhost', authorization: `Bearer ${sam}` } });
    expect(page.json<{ Result: { events: unknown[] } }>().Result.events).toContainEqual(expect.objectContaining({
      id: 0, kind: 'driver_position', order_id: order, data: expect.objectContaining({ latitude: 37.78, longitude: -122.41, heading: 90 }),
    }));
    for (const bad of [{ latitude: 91 }, { longitude: 'east' }, { heading: 360 }, { heading: 1.5 }]) {
      expect((await report(mine, bad)).status, JSON.stringify(bad)).toBe(422);
    }
  });
});
