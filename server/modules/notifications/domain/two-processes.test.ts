import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushKey, PushMessage } from '../../../../contract/api/notifications.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import { createSession } from '../../accounts/index.ts';
import { seedIfEmpty } from '../../../seed/index.ts';
import { harborFixture, insertOrder } from '../../../test/orders-fixtures.ts';
import { createTestDb, type TestDb } from '../../../test/test-db.ts';
import { startServerNode, stopServerNode, type ServerNode } from '../../../test/server-nodes.ts';

// Two API server processes on one PostgreSQL, each running its sender of notifications as production
// does: every step of an order is sent once, by one of them. Needs a PostgreSQL server (DATABASE_URL):
// two processes cannot share an embedded database.
const url = process.env.DATABASE_URL;

describe.runIf(url)('notifications from two API server processes on one PostgreSQL', () => {
  let t: TestDb;
  let doubles: PaymentDoubles;
  let a: ServerNode | undefined;
  let b: ServerNode | undefined;
  beforeAll(async () => {
    t = await createTestDb();
    await seedIfEmpty(t.db);
    doubles = await startPaymentDoubles();
    const schema = (await t.db.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
    const secrets = { OTP_SECRET: 'o'.repeat(40), PAYMENT_LINK_SECRET: 'p'.repeat(40), TRACKING_LINK_SECRET: 't'.repeat(40) };
    // Node b moves the orders (the store's side); both send notifications.
    [a, b] = await Promise.all([startServerNode(schema, secrets), startServerNode(schema, { ...secrets, ORDER_SIMULATOR_SECONDS: '1' })]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([stopServerNode(a), stopServerNode(b)]);
    await doubles?.close();
    await t?.close();
  });

  it('sends each step of an order once, whichever process hears it first', async () => {
    const h = await harborFixture(t.db);
    const token = await createSession(t.db, h.vendorId, h.sam);
    const call = (node: ServerNode, name: string, body: object) => fetch(`${node.origin}/api/v2/${name}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-storefront-host': 'localhost' }, body: JSON.stringify(body),
    }).then((response) => response.json() as Promise<{ code: number; Result: unknown }>);
    // Both processes answer the same key.
    const [keyA, keyB] = await Promise.all([call(a!, 'push-key', {}), call(b!, 'push-key', {})]);
    expect(keyA.Result).toEqual(keyB.Result);
    const browser = doubles.push.subscribe({ applicationServerKey: (keyA.Result as PushKey).public_key });
    expect((await call(a!, 'push-subscribe', { endpoint: browser.endpoint, ...browser.keys, is_langauge: 'en' })).code).toBe(200);
    const id = await insertOrder(t.db, { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, mode: 'pickup', lines: [{ itemId: h.margherita, quantity: 1 }] });
    const bodies = () => (doubles.push.messages(browser.endpoint) ?? []).map((m) => (m.payload as PushMessage).body);
    const deadline = Date.now() + 30_000;
    while (!bodies().some((body) => body.includes('picked up')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // Past both processes' next look, for a second sending that never comes.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(bodies()).toEqual([
      `Your order #${id} has been confirmed.`,
      `Your order #${id} is being prepared.`,
      `Your order #${id} is ready to pick up.`,
      `You have picked up order #${id}.`,
    ]);
  }, 60_000);
});
