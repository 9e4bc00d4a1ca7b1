import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_WRITE_LIMITS, WRITES_TOO_MANY, type CustomerWrite } from '../../contract/rules/write-limits.ts';
import { buildApp } from '../../server/app.ts';
import { countHit } from '../../server/db/counters.ts';
import { createTestApp, HARBOR, type TestApp } from '../../server/test/test-app.ts';

// Second hardening pass, finding 5: 200 chat messages in 6 s were all taken, each waking the demo agent
// and the customer's event streams; no write a customer can repeat had a limit.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Each limited write, with a request its schema takes (the limit is checked before anything else). */
const WRITES: Record<CustomerWrite, { call: string; body: Record<string, unknown> }> = {
  chat_message: { call: 'sendmessage', body: { message: 'Hello' } },
  store_feedback: { call: 'store_feedback', body: { restaurant_id: 1, rating: 5 } },
  bug_report: { call: 'customer_report_bug', body: { description: 'The button does nothing' } },
  order_image: { call: 'upload-order-images', body: { image: PNG } },
  recharge_start: { call: 'wallet_recharge', body: { amount: 10 } },
  subscription_invoice: { call: 'generate_subscription_invoice', body: { subscription_id: 1, month: '2026-11' } },
  delivery_quote: { call: 'get_porter_delivery_charge', body: { restaurant_id: 1, latitude: 37.79, longitude: -122.41 } },
};

describe("a customer's repeatable writes are limited, across server processes", () => {
  let t: TestApp;
  // A second server process on the same database.
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    other = await buildApp({ db: t.database.db, logger: false, production: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const post = (app: FastifyInstance, call: string, body: object, token: string) =>
    app.inject({ method: 'POST', url: `/api/v2/${call}`, headers: { host: `${HARBOR}:8080`, authorization: `Bearer ${token}` }, payload: body });

  /** The customer of that mobile number at Harbor Eats. */
  async function customerOf(mobile: string): Promise<{ vendorId: number; userId: number }> {
    const { rows } = await t.database.db.query<{ vendor_id: number; id: number }>(
      'SELECT u.vendor_id, u.id FROM users u JOIN vendor_hosts h ON h.vendor_id = u.vendor_id WHERE h.host = $1 AND u.mobile_number = $2',
      [HARBOR, mobile],
    );
    return { vendorId: Number(rows[0]!.vendor_id), userId: Number(rows[0]!.id) };
  }

  it('takes 30 chat messages a minute from one customer, on either node, and refuses the next with 429 in words the storefront translates', async () => {
    const token = await t.signIn(HARBOR, '4155550100');
    const { max } = CUSTOMER_WRITE_LIMITS.chat_message;
    for (let i = 0; i < max; i++) {
      const sent = await post(i % 2 ? other : t.app, 'sendmessage', { message: `Message ${i}` }, token);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    for (const app of [t.app, other]) {
      const refused = await post(app, 'sendmessage', { message: 'One more' }, token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 429, msg: WRITES_TOO_MANY, msg_key: 'limits.too_many' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const { rows } = await t.database.db.query<{ n: number }>("SELECT count(*)::int AS n FROM support_messages WHERE body LIKE 'One more%'");
    expect(rows[0]!.n).toBe(0);
    // Another customer is not held back by the first one's count.
    const someoneElse = await t.signIn(HARBOR, '4155550101');
    expect((await post(t.app, 'sendmessage', { message: 'Hi' }, someoneElse)).statusCode).toBe(200);
  });

  it.each(Object.keys(WRITES) as CustomerWrite[])('%s has its limit per customer', async (write) => {
    const token = await t.signIn(HARBOR, '4155550100');
    const customer = await customerOf('4155550100');
    const { max, windowMinutes } = CUSTOMER_WRITE_LIMITS[write];
    for (let i = 0; i < max; i++) await countHit(t.database.db, `rate:customer-${write}:${customer.vendorId}:${customer.userId}`, windowMinutes * 60_000);
    const { call, body } = WRITES[write];
    const refused = await post(other, call, body, token);
    expect([refused.statusCode, refused.json()]).toEqual([429, { code: 429, msg: WRITES_TOO_MANY, msg_key: 'limits.too_many' }]);
  });
});
