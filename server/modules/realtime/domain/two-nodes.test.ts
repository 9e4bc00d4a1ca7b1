import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../accounts/index.ts';
import { seedIfEmpty } from '../../../seed/index.ts';
import { openStream } from '../../../test/event-stream.ts';
import { harborFixture, insertOrder } from '../../../test/orders-fixtures.ts';
import { createTestDb, type TestDb } from '../../../test/test-db.ts';
import { startServerNode, stopServerNode, type ServerNode } from '../../../test/server-nodes.ts';

// Two API server processes on one PostgreSQL (stateless nodes behind a balancer): a customer whose
// stream is on one node hears what happens through the other. Needs a PostgreSQL server
// (DATABASE_URL): two processes cannot share an embedded database. CI runs it on PostgreSQL.
const url = process.env.DATABASE_URL;

describe.runIf(url)('two API server processes on one PostgreSQL', () => {
  let t: TestDb;
  let schema: string;
  let a: ServerNode | undefined;
  let b: ServerNode | undefined;
  beforeAll(async () => {
    t = await createTestDb();
    await seedIfEmpty(t.db);
    schema = (await t.db.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
    // Node b runs the demo order simulator and support agent (the store's side): status changes and
    // answers come from there. Both nodes share the deployment's secrets, as they must.
    const secrets = { OTP_SECRET: 'o'.repeat(40), PAYMENT_LINK_SECRET: 'p'.repeat(40), TRACKING_LINK_SECRET: 't'.repeat(40) };
    // Both nodes run the subscription schedule, five times a second.
    const schedule = { SUBSCRIPTION_SCHEDULE_SECONDS: '0.2' };
    [a, b] = await Promise.all([
      startServerNode(schema, { ...secrets, ...schedule }),
      startServerNode(schema, { ...secrets, ...schedule, ORDER_SIMULATOR_SECONDS: '1', SUPPORT_DEMO_AGENT: '1' }),
    ]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([stopServerNode(a), stopServerNode(b)]);
    await t?.close();
  });

  it('a customer streaming from one node hears, within a second, each status change the other node makes', async () => {
    const h = await harborFixture(t.db);
    const token = await createSession(t.db, h.vendorId, h.sam);
    const stream = await openStream(a!.origin, { token });
    expect(stream.status).toBe(200);
    await stream.next((frame) => frame.event === 'ready');
    const order = await insertOrder(t.db, { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, lines: [{ itemId: h.margherita, quantity: 1 }] });
    for (const status of ['confirmed', 'preparing']) {
      const frame = await stream.next((f) => f.event === 'order_status' && (f.data as { data: { status: string } }).data.status === status, 10_000);
      const received = Date.now();
      const event = frame.data as { order_id: number; at: string };
      expect(event.order_id).toBe(order);
      // From the commit on node b to this reader of node a's stream.
      expect(received - Date.parse(event.at)).toBeLessThan(1000);
    }
    stream.close();
  });

  it('a chat message sent through one node, and the agent\'s answer, reach the customer\'s stream on the other', async () => {
    const h = await harborFixture(t.db);
    const token = await createSession(t.db, h.vendorId, h.alex);
    const stream = await openStream(a!.origin, { token });
    await stream.next((frame) => frame.event === 'ready');
    const sent = await fetch(`${b!.origin}/api/v2/sendmessage`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-storefront-host': 'localhost' },
      body: JSON.stringify({ message: 'Hello from the other node' }),
    }).then((response) => response.json() as Promise<{ code: number; Result: { id: number } }>);
    expect(sent.code).toBe(200);
    const mine = await stream.next((f) => f.event === 'chat_message' && (f.data as { data: { id: number } }).data.id === sent.Result.id, 1000);
    expect(Date.now() - Date.parse((mine.data as { at: string }).at)).toBeLessThan(1000);
    const answer = await stream.next((f) => f.event === 'chat_message' && (f.data as { data: { sender: string } }).data.sender === 'agent', 10_000);
    expect(Date.now() - Date.parse((answer.data as { at: string }).at)).toBeLessThan(1000);
    stream.close();
  });

  it('both nodes run the subscription schedule: each due delivery is ordered once, never twice', async () => {
    const h = await harborFixture(t.db);
    await t.db.query('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [h.pizzeria]);
    await t.db.query('UPDATE restaurants SET minimum_order_value_minor = 0 WHERE id = $1', [h.pizzeria]);
    await t.db.query('UPDATE users SET wallet_balance_minor = 10000000 WHERE id = $1', [h.sam]);
    const { rows: [plain] } = await t.db.query<{ id: number }>(
      `SELECT id FROM items i WHERE restaurant_id = $1 AND NOT EXISTS (SELECT 1 FROM item_option_groups g WHERE g.item_id = i.id) AND stock IS NULL ORDER BY id LIMIT 1`,
      [h.pizzeria],
    );
    // Forty subscriptions whose next delivery (tomorrow at noon, store time) is due now.
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO subscriptions (vendor_id, user_id, restaurant_id, item_id, quantity, order_mode, frequency, start_date, slot_minutes,
         idempotency_key, next_date, next_due_at)
       SELECT $1, $2, $3, $4, 1, 'pickup', 'everyday', d, 720, 'two-nodes-' || n, d, now() - interval '1 minute'
       FROM generate_series(1, 40) n, (SELECT (now() AT TIME ZONE r.time_zone)::date + 1 AS d FROM restaurants r WHERE r.id = $3) day
       RETURNING id`,
      [h.vendorId, h.sam, h.pizzeria, plain!.id],
    );
    const ids = rows.map((row) => row.id);
    const handled = async () => (await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM subscription_deliveries WHERE subscription_id = ANY($1::bigint[])', [ids],
    )).rows[0]!.n;
    const deadline = Date.now() + 20_000;
    while ((await handled()) < ids.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    // A little longer: a duplicate would come now if it ever did.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { rows: [counts] } = await t.db.query<{ deliveries: number; ordered: number; orders: number; keys: number }>(
      `SELECT (SELECT count(*)::int FROM subscription_deliveries WHERE subscription_id = ANY($1::bigint[])) AS deliveries,
              (SELECT count(*)::int FROM subscription_deliveries WHERE subscription_id = ANY($1::bigint[]) AND status = 'ordered') AS ordered,
              (SELECT count(*)::int FROM orders WHERE idempotency_key LIKE 'subscription:%' AND user_id = $2) AS orders,
              (SELECT count(DISTINCT idempotency_key)::int FROM orders WHERE idempotency_key LIKE 'subscription:%' AND user_id = $2) AS keys`,
      [ids, h.sam],
    );
    const { rows: reasons } = await t.db.query('SELECT DISTINCT status, reason FROM subscription_deliveries WHERE subscription_id = ANY($1::bigint[])', [ids]);
    expect(reasons).toEqual([{ status: 'ordered', reason: '' }]);
    expect(counts).toEqual({ deliveries: 40, ordered: 40, orders: 40, keys: 40 });
  }, 60_000);

  it('nearby-stores answers kept on both nodes are stale at once when a store changes: edited, switched off, its zone moved', async () => {
    const h = await harborFixture(t.db);
    const ask = async (node: ServerNode) => {
      const answer = await fetch(`${node.origin}/api/v2/get_nearby_restaurant_v2`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-storefront-host': 'localhost' },
        body: JSON.stringify({ latitude: 37.7749, longitude: -122.4194, total_record: 100, skip: 0, filter_type: 'open_now' }),
      }).then((response) => response.json() as Promise<{ Result: { restaurant_id: number; name: string }[] }>);
      return answer.Result.find((store) => store.restaurant_id === h.pizzeria)?.name ?? 'none';
    };
    const both = async () => [await ask(a!), await ask(b!)];
    await t.db.query('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [h.pizzeria]);
    await t.db.query('UPDATE restaurants SET on_off = true, delivery_polygon = NULL, delivery_radius_km = 10 WHERE id = $1', [h.pizzeria]);
    const name = (await t.db.query<{ name: string }>('SELECT name FROM restaurants WHERE id = $1', [h.pizzeria])).rows[0]!.name;
    // Answers are kept for a minute of store time: the next lines run well inside one (the nodes' clocks are this machine's).
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    expect(await both()).toEqual([name, name]);
    // Kept on each node: a change that raises no version (triggers off for one connection) is not seen by either.
    const quiet = await t.db.connect();
    try {
      await quiet.query("SET session_replication_role = 'replica'");
      await quiet.query("UPDATE restaurants SET name = 'Unseen Elsewhere' WHERE id = $1", [h.pizzeria]);
    } finally {
      await quiet.query("SET session_replication_role = 'origin'");
      quiet.release();
    }
    expect(await both()).toEqual([name, name]);
    await t.db.query("UPDATE restaurants SET name = 'Renamed Elsewhere' WHERE id = $1", [h.pizzeria]);
    expect(await both()).toEqual(['Renamed Elsewhere', 'Renamed Elsewhere']);
    await t.db.query('UPDATE restaurants SET on_off = false WHERE id = $1', [h.pizzeria]);
    expect(await both()).toEqual(['none', 'none']);
    await t.db.query('UPDATE restaurants SET on_off = true WHERE id = $1', [h.pizzeria]);
    expect(await both()).toEqual(['Renamed Elsewhere', 'Renamed Elsewhere']);
    // Its zone moved away from the customer, and back.
    await t.db.query('UPDATE restaurants SET delivery_radius_km = 1 WHERE id = $1', [h.pizzeria]);
    expect(await both()).toEqual(['none', 'none']);
    await t.db.query('UPDATE restaurants SET name = $2, delivery_radius_km = 10 WHERE id = $1', [h.pizzeria, name]);
    expect(await both()).toEqual([name, name]);
  });

  it('a store opened by the clock is open in the next answer of both nodes, which kept it closed a moment before', async () => {
    const h = await harborFixture(t.db);
    const state = async (node: ServerNode) => {
      const answer = await fetch(`${node.origin}/api/v2/get_nearby_restaurant_v2`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-storefront-host': 'localhost' },
        body: JSON.stringify({ latitude: 37.7749, longitude: -122.4194, total_record: 100, skip: 0 }),
      }).then((response) => response.json() as Promise<{ Result: { restaurant_id: number; restaurant_on_off: string }[] }>);
      return answer.Result.find((store) => store.restaurant_id === h.pizzeria)?.restaurant_on_off;
    };
    // Open from the next whole minute of store time (the one after, when this one is about to end), for ten minutes.
    const { rows: [opening] } = await t.db.query<{ at: Date }>(
      `SELECT date_trunc('minute', now() + interval '3 seconds') + interval '1 minute' AS at`,
    );
    await t.db.query('UPDATE restaurants SET on_off = true, delivery_polygon = NULL, delivery_radius_km = 10 WHERE id = $1', [h.pizzeria]);
    await t.db.query('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [h.pizzeria]);
    await t.db.query(
      `INSERT INTO restaurant_hours (vendor_id, restaurant_id, weekday, opens, closes)
       SELECT vendor_id, id, extract(dow FROM l.t)::int, l.t::time, (l.t + interval '10 minutes')::time
       FROM restaurants, LATERAL (SELECT $2::timestamptz AT TIME ZONE time_zone AS t) l WHERE id = $1`,
      [h.pizzeria, opening!.at],
    );
    expect([await state(a!), await state(b!)]).toEqual(['0', '0']);
    await new Promise((resolve) => setTimeout(resolve, opening!.at.getTime() - Date.now() + 50));
    expect([await state(a!), await state(b!)]).toEqual(['1', '1']);
  }, 90_000);
});
