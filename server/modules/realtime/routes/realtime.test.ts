import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../../contract/api/order-states.ts';
import type { EventsPage } from '../../../../contract/api/realtime.ts';
import { buildApp } from '../../../app.ts';
import { inTransaction } from '../../../db/tx.ts';
import { createSession } from '../../accounts/index.ts';
import { transition } from '../../order-status/index.ts';
import { openStream } from '../../../test/event-stream.ts';
import { harborFixture, insertOrder } from '../../../test/orders-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { STREAMS_PER_SCOPE } from './realtime.ts';

describe('the live channel: a customer hears of their own orders, as it happens and after a dropped connection', () => {
  let t: TestApp;
  let h: Awaited<ReturnType<typeof harborFixture>>;
  let origin: string;
  let samToken: string;
  let alexToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    h = await harborFixture(t.database.db);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    samToken = await createSession(t.database.db, h.vendorId, h.sam);
    alexToken = await createSession(t.database.db, h.vendorId, h.alex);
  });
  afterAll(async () => t.close());

  const newOrder = (userId = h.sam) => insertOrder(t.database.db, { vendorId: h.vendorId, userId, restaurantId: h.pizzeria, lines: [{ itemId: h.margherita, quantity: 1 }] });
  const move = (orderId: number, to: OrderStatus, app: FastifyInstance = t.app) => inTransaction(app.db, (c) => transition(c, h.vendorId, orderId, to, 'store'));
  const page = async (token: string, after: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v2/events?after=${after}`, headers: { host: 'localhost', authorization: `Bearer ${token}` } });
    return { status: response.statusCode, body: response.json<{ code: number; Result: EventsPage }>() };
  };

  it('pushes a status change to the stream of the order\'s customer only, within a second', async () => {
    const order = await newOrder();
    const sam = await openStream(origin, { token: samToken });
    const alex = await openStream(origin, { token: alexToken });
    expect(sam.status).toBe(200);
    await sam.next((frame) => frame.event === 'ready');
    await alex.next((frame) => frame.event === 'ready');
    await move(order, 'confirmed');
    const heard = await sam.next((frame) => frame.event === 'order_status', 1000);
    expect(heard.data).toMatchObject({ kind: 'order_status', order_id: order, data: { from: 'placed', status: 'confirmed' } });
    expect(heard.id).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alex.events()).toEqual([]);
    sam.close();
    alex.close();
  });

  it('resumes after a drop from the last event id (query or Last-Event-ID) with every change made meanwhile, in order', async () => {
    const order = await newOrder();
    const first = await openStream(origin, { token: samToken });
    const ready = await first.next((frame) => frame.event === 'ready');
    first.close();
    await move(order, 'confirmed');
    await move(order, 'preparing');
    for (const resume of [{ after: ready.id! }, { lastEventId: ready.id! }]) {
      const again = await openStream(origin, { token: samToken, ...resume });
      await again.next((frame) => frame.event === 'ready');
      expect(again.events().filter((event) => event.order_id === order).map((event) => event.data.status)).toEqual(['confirmed', 'preparing']);
      again.close();
    }
  });

  it('answers the same events as a JSON page for clients that cannot stream, and tells a client too far behind to reload', async () => {
    const start = await page(samToken, 0);
    expect(start.status).toBe(200);
    expect(start.body.Result.events).toEqual([]);
    const order = await newOrder();
    await move(order, 'cancelled');
    const next = await page(samToken, start.body.Result.last_id);
    expect(next.body.Result.events.map((event) => [event.order_id, event.kind === 'order_status' && event.data.status])).toEqual([[order, 'cancelled']]);
    expect(next.body.Result.last_id).toBe(next.body.Result.events[0]!.id);
    expect((await page(alexToken, start.body.Result.last_id)).body.Result.events).toEqual([]);

    for (let n = 0; n < 101; n++) {
      const extra = await newOrder();
      await move(extra, 'confirmed');
      await move(extra, 'cancelled');
    }
    const behind = await page(samToken, next.body.Result.last_id);
    expect(behind.body.Result).toMatchObject({ events: [], resync: true });
    expect(behind.body.Result.last_id).toBeGreaterThan(next.body.Result.last_id);
  });

  it('refuses guests, stale tokens and bad cursors with a 4xx, and caps the streams of one customer', async () => {
    expect((await openStream(origin, { token: 'x'.repeat(43) })).status).toBe(401);
    const noToken = await t.app.inject({ method: 'GET', url: '/api/v2/events/stream', headers: { host: 'localhost' } });
    expect(noToken.statusCode).toBe(401);
    const badCursor = await t.app.inject({ method: 'GET', url: '/api/v2/events?after=-1', headers: { host: 'localhost', authorization: `Bearer ${samToken}` } });
    expect(badCursor.statusCode).toBe(422);
    const tooFar = await t.app.inject({ method: 'GET', url: '/api/v2/events?after=1e300', headers: { host: 'localhost', authorization: `Bearer ${samToken}` } });
    expect(tooFar.statusCode).toBe(422);

    const open = [];
    for (let n = 0; n < STREAMS_PER_SCOPE; n++) open.push(await openStream(origin, { token: samToken }));
    expect(open.every((stream) => stream.status === 200)).toBe(true);
    const one = open[0]!;
    await one.next((frame) => frame.event === 'ready');
    const extra = await openStream(origin, { token: samToken });
    expect(extra.status).toBe(429);
    for (const stream of open) stream.close();
  });

  it('reaches a customer whose stream is on another server node of the same database', async () => {
    // A second app on the same database: on PostgreSQL its own LISTEN connection, on PGlite the same in-process channel.
    const other = await buildApp({ db: t.database.db, listen: t.database.listen, logger: false, production: false });
    await other.ready();
    const otherOrigin = await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const order = await newOrder();
      const stream = await openStream(otherOrigin, { token: samToken });
      await stream.next((frame) => frame.event === 'ready');
      await move(order, 'confirmed', t.app);
      const heard = await stream.next((frame) => frame.event === 'order_status', 1000);
      expect(heard.data).toMatchObject({ order_id: order, data: { status: 'confirmed' } });
      stream.close();
    } finally {
      await other.close();
    }
  });
});
