import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushKey, PushMessage } from '../../../../contract/api/notifications.ts';
import type { OrderStatus } from '../../../../contract/api/order-states.ts';
import { inTransaction } from '../../../db/tx.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { PushSubscriptionJson, ReceivedPush } from '../../../doubles/push/index.ts';
import { createSession } from '../../accounts/index.ts';
import { publishEvent } from '../../events/index.ts';
import { transition } from '../../order-status/index.ts';
import { harborFixture, insertOrder } from '../../../test/orders-fixtures.ts';
import { createTestApp, SOUQ, type TestApp } from '../../../test/test-app.ts';
import { startPushDelivery, type PushDelivery, type PushDeliveryOptions } from './push-delivery.ts';
import { vendorVapidKeys } from './vapid-keys.ts';

type Failure = Parameters<NonNullable<PushDeliveryOptions['onSendFailed']>>[0];

const until = async (check: () => Promise<boolean> | boolean, what: string, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('order notifications, end to end through the local push service', () => {
  let t: TestApp;
  let doubles: PaymentDoubles;
  let h: Awaited<ReturnType<typeof harborFixture>>;
  let sam: string;
  let alex: string;
  let key: string;
  /** Two senders on one database, as two server processes run them. */
  let senders: PushDelivery[];
  const failures: Failure[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    // The app's own sender is off: the test runs two of its own.
    t = await createTestApp({ pushPollMs: 0 });
    doubles = await startPaymentDoubles();
    h = await harborFixture(t.database.db);
    sam = await createSession(t.database.db, h.vendorId, h.sam);
    alex = await createSession(t.database.db, h.vendorId, h.alex);
    key = ((await t.post('push-key', {})).body.Result as PushKey).public_key;
    senders = [1, 2].map(() => startPushDelivery({
      db: t.database.db, listen: t.database.listen, pollMs: 250, production: false,
      onSendFailed: (failure) => failures.push(failure), onError: (error) => errors.push(error),
    }));
  });
  afterAll(async () => {
    await Promise.all(senders.map((sender) => sender.stop()));
    await doubles?.close();
    await t?.close();
  });

  /** A stand-in browser subscribes at the double (bound to the vendor's key) and saves it with push-subscribe. */
  const subscribeBrowser = async (token: string, lang: string): Promise<PushSubscriptionJson> => {
    const subscription = doubles.push.subscribe({ applicationServerKey: key });
    const saved = await t.post('push-subscribe', { endpoint: subscription.endpoint, ...subscription.keys, is_langauge: lang }, { token });
    expect(saved.status).toBe(200);
    return subscription;
  };
  const received = (subscription: PushSubscriptionJson): ReceivedPush[] => doubles.push.messages(subscription.endpoint) ?? [];
  const order = (userId: number, mode: 'delivery' | 'pickup' = 'delivery') =>
    insertOrder(t.database.db, { vendorId: h.vendorId, userId, restaurantId: h.pizzeria, mode, lines: [{ itemId: h.margherita, quantity: 1 }] });
  const move = (orderId: number, to: OrderStatus) => inTransaction(t.database.db, (c) => transition(c, h.vendorId, orderId, to, 'store'));
  /** Every sender has looked again and claimed nothing: whatever was to be sent was sent. */
  const settled = async () => {
    await pause(300);
    expect(await Promise.all(senders.map((sender) => sender.round()))).toEqual([0, 0]);
  };

  it('sends an order\'s status change once, to the customer\'s subscription, in its language, though two senders run', async () => {
    const browser = await subscribeBrowser(sam, 'en');
    const id = await order(h.sam);
    await move(id, 'confirmed');
    await until(() => received(browser).length > 0, 'the notification');
    await settled();
    const messages = received(browser);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.payload).toEqual({
      title: 'Harbor Eats', body: `Your order #${id} has been confirmed.`, url: `/order-status/${id}`, tag: `order-${id}`, lang: 'en',
    } satisfies PushMessage);
    expect(messages[0]).toMatchObject({ urgency: 'normal', ttl: 3600, topic: `order-${id}`, subject: 'mailto:help@harboreats.example', vapid_key: key });
    const { rows } = await t.database.db.query<{ n: number; delivered: boolean }>(
      `SELECT (SELECT count(*)::int FROM push_claims c JOIN realtime_events e ON e.id = c.event_id WHERE e.order_id = $1) AS n,
              (SELECT last_success_at IS NOT NULL FROM push_subscriptions WHERE endpoint = $2) AS delivered`,
      [id, browser.endpoint],
    );
    expect(rows[0]).toEqual({ n: 1, delivered: true });
    expect([failures, errors]).toEqual([[], []]);
  });

  it('sends each of many changes made at once exactly once between the two senders', async () => {
    const browser = await subscribeBrowser(sam, 'fr');
    const ids = await Promise.all(Array.from({ length: 20 }, () => order(h.sam)));
    await Promise.all(ids.map((id) => move(id, 'confirmed')));
    await until(() => received(browser).length >= ids.length, 'every notification');
    await settled();
    const tags = received(browser).map((m) => (m.payload as PushMessage).tag);
    expect(tags.toSorted()).toEqual(ids.map((id) => `order-${id}`).toSorted());
  });

  it('tells each step in Arabic, titled with the vendor\'s Arabic name; the driver\'s arrival urgently, opening the tracking', async () => {
    const browser = await subscribeBrowser(alex, 'ar');
    const id = await order(h.alex);
    const steps: Array<[OrderStatus, string, string]> = [
      ['confirmed', `تم تأكيد طلبك رقم ${id}.`, `/order-status/${id}`],
      ['preparing', `جارٍ تجهيز طلبك رقم ${id}.`, `/order-status/${id}`],
      ['waiting', `طلبك رقم ${id} جاهز وينتظر السائق.`, `/order-status/${id}`],
      ['on_the_way', `طلبك رقم ${id} في الطريق إليك.`, `/trackorder/${id}`],
      ['arrived', `وصل السائق ومعه طلبك رقم ${id}.`, `/trackorder/${id}`],
      ['delivered', `تم توصيل طلبك رقم ${id}.`, `/order-status/${id}`],
    ];
    for (const [n, [status, body, url]] of steps.entries()) {
      await move(id, status);
      await until(() => received(browser).length > n, `the ${status} notification`);
      expect(received(browser)[n]!.payload, status).toEqual({ title: 'هاربر إيتس', body, url, tag: `order-${id}`, lang: 'ar' });
    }
    await settled();
    expect(received(browser)).toHaveLength(steps.length);
    const arrival = received(browser)[4]!;
    expect([arrival.urgency, arrival.ttl]).toEqual(['high', 900]);
    expect(received(browser).filter((m) => m.urgency === 'high')).toHaveLength(1);
  });

  it('tells support\'s answers, not the customer\'s own messages, opening the chat', async () => {
    const browser = await subscribeBrowser(sam, 'de');
    const message = (sender: 'customer' | 'agent', id: number) => ({ id, sender, message: 'Hallo', at: new Date().toISOString(), read: 0 as const });
    await inTransaction(t.database.db, (c) => publishEvent(c, h.vendorId, h.sam, { kind: 'chat_message', order_id: 0, data: message('customer', 1) }));
    await inTransaction(t.database.db, (c) => publishEvent(c, h.vendorId, h.sam, { kind: 'chat_message', order_id: 0, data: message('agent', 2) }));
    await until(() => received(browser).length > 0, 'the answer');
    await settled();
    expect(received(browser).map((m) => m.payload)).toEqual([
      { title: 'Harbor Eats', body: 'Der Support hat Ihnen geantwortet.', url: '/support-chat', tag: 'support-chat', lang: 'de' },
    ]);
    expect(received(browser)[0]!.ttl).toBe(86_400);
  });

  it('deletes a subscription the push service says is gone (410), keeps one that failed otherwise, and sends to the others all the same', async () => {
    const gone = await subscribeBrowser(sam, 'en');
    const failing = await subscribeBrowser(sam, 'en');
    const fine = await subscribeBrowser(sam, 'es');
    doubles.push.remove(gone.endpoint);
    doubles.push.failNext(failing.endpoint, 500);
    const id = await order(h.sam, 'pickup');
    await move(id, 'confirmed');
    await until(() => received(fine).length > 0, 'the notification');
    await until(() => failures.length > 0, 'the failure');
    await settled();
    expect(received(fine).map((m) => m.payload)).toEqual([
      { title: 'Harbor Eats', body: `Tu pedido n.º ${id} ha sido confirmado.`, url: `/order-status/${id}`, tag: `order-${id}`, lang: 'es' },
    ]);
    const endpoints = async () => (await t.database.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [h.sam])).rows.map((r) => r.endpoint);
    expect(await endpoints()).not.toContain(gone.endpoint);
    expect(await endpoints()).toContain(failing.endpoint);
    expect(failures).toEqual([expect.objectContaining({ vendorId: h.vendorId, origin: doubles.url, status: 500 })]);
    // The failed one is sent the next step (each event once: the failed message is not sent again).
    await move(id, 'preparing');
    await until(() => received(failing).length > 0, 'the next notification');
    expect(received(failing).map((m) => (m.payload as PushMessage).body)).toEqual([`Your order #${id} is being prepared.`]);
    // Pickup reads as pickup.
    await move(id, 'waiting');
    await until(() => received(fine).length > 2, 'the pickup notification');
    expect((received(fine)[2]!.payload as PushMessage).body).toBe(`Tu pedido n.º ${id} está listo para recoger.`);
    failures.length = 0;
  });

  it('sends nothing from before a subscription was saved, nor after its session ended', async () => {
    const pat = await t.signIn('localhost', '4155550100');
    const id = await order(h.alex);
    await move(id, 'confirmed');
    await pause(100);
    const late = await subscribeBrowser(pat, 'en');
    await settled();
    expect(received(late)).toEqual([]);
    // Signed out: nothing more to that browser.
    expect((await t.post('logout', {}, { token: pat })).status).toBe(200);
    await move(id, 'preparing');
    await settled();
    expect(received(late)).toEqual([]);
  });
});

describe('a vendor\'s VAPID keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ pushPollMs: 0 });
  });
  afterAll(async () => t.close());

  it('are made once, whoever asks at the same time', async () => {
    const { rows: [souq] } = await t.database.db.query<{ vendor_id: number }>('SELECT vendor_id FROM vendor_hosts WHERE host = $1', [SOUQ]);
    const asked = await Promise.all([
      ...Array.from({ length: 8 }, () => vendorVapidKeys(t.database.db, souq!.vendor_id)),
      ...Array.from({ length: 4 }, async () => ({ publicKey: ((await t.post('push-key', {}, { host: SOUQ })).body.Result as PushKey).public_key })),
    ]);
    expect(new Set(asked.map((keys) => keys.publicKey)).size).toBe(1);
    const { rows } = await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM push_vapid_keys WHERE vendor_id = $1', [souq!.vendor_id]);
    expect(rows[0]!.n).toBe(1);
    expect((await vendorVapidKeys(t.database.db, souq!.vendor_id)).publicKey).toBe(asked[0]!.publicKey);
  });
});
