import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushKey, PushStatus } from '../../../../contract/api/notifications.ts';
import { MAX_SUBSCRIPTIONS_PER_CUSTOMER, pruneSubscriptions, SUBSCRIPTION_MSG } from '../domain/subscriptions.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from '../../../test/test-app.ts';

/** A browser's subscription keys, as PushSubscription.toJSON() has them. */
function browserKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

let endpoints = 0;
const pushService = () => `https://push.example.com/send/${(endpoints += 1)}-${randomBytes(8).toString('hex')}`;

describe('the push calls: the vendor\'s key, and a customer\'s browser subscriptions', () => {
  let t: TestApp;
  let sam: string;
  let alex: string;
  beforeAll(async () => {
    t = await createTestApp({ pushPollMs: 0 });
    alex = await t.signIn(HARBOR, '4155550100');
    sam = await t.signIn(HARBOR, '4155550101');
  });
  afterAll(async () => t.close());

  const subscribe = (body: object, token?: string) => t.post('push-subscribe', body, token ? { token } : {});
  const status = async (endpoint: string, token: string) => (await t.post('push-status', { endpoint }, { token })).body.Result as PushStatus;
  const stored = async (endpoint: string) => (await t.database.db.query<{ user_id: number; lang: string; p256dh: string }>(
    'SELECT user_id, lang, p256dh FROM push_subscriptions WHERE endpoint = $1', [endpoint],
  )).rows;

  it('answers each vendor its own VAPID public key, made once and kept, to anyone', async () => {
    const harbor = await t.post('push-key', {});
    expect(harbor.status).toBe(200);
    const key = (harbor.body.Result as PushKey).public_key;
    const point = Buffer.from(key, 'base64url');
    expect([key.length, point.length, point[0]]).toEqual([87, 65, 4]);
    expect((await t.post('push-key', {}, { token: sam })).body.Result).toEqual({ public_key: key });
    const souq = (await t.post('push-key', {}, { host: SOUQ })).body.Result as PushKey;
    expect(souq.public_key).not.toBe(key);
    expect((await t.post('push-key', {}, { host: 'nobody.example' })).status).toBe(404);
  });

  it('saves a signed-in customer\'s subscription in their language, and says so', async () => {
    const endpoint = pushService();
    const saved = await subscribe({ endpoint, ...browserKeys(), is_langauge: 'ar' }, sam);
    expect(saved).toEqual({ status: 200, body: { code: 200, Result: { subscribed: true } } });
    expect(await stored(endpoint)).toEqual([expect.objectContaining({ lang: 'ar' })]);
    expect(await status(endpoint, sam)).toEqual({ subscribed: true });
    // Not for another endpoint, nor for another customer.
    expect(await status(pushService(), sam)).toEqual({ subscribed: false });
    expect(await status(endpoint, alex)).toEqual({ subscribed: false });
    // A language the vendor does not offer is its default.
    const other = pushService();
    await subscribe({ endpoint: other, ...browserKeys(), is_langauge: 'xx' }, sam);
    expect(await stored(other)).toEqual([expect.objectContaining({ lang: 'en' })]);
  });

  it('moves an endpoint saved again to whoever saved it, in their language', async () => {
    const endpoint = pushService();
    const keys = browserKeys();
    await subscribe({ endpoint, ...keys, is_langauge: 'de' }, sam);
    const [first] = await stored(endpoint);
    await subscribe({ endpoint, ...keys, is_langauge: 'fr' }, alex);
    const moved = await stored(endpoint);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ lang: 'fr' });
    expect(moved[0]!.user_id).not.toBe(first!.user_id);
    expect(await status(endpoint, sam)).toEqual({ subscribed: false });
    expect(await status(endpoint, alex)).toEqual({ subscribed: true });
  });

  it('removes the customer\'s own subscription of an endpoint (the profile\'s switch), and nobody else\'s', async () => {
    const endpoint = pushService();
    await subscribe({ endpoint, ...browserKeys() }, sam);
    expect((await t.post('push-unsubscribe', { endpoint }, { token: alex })).body).toEqual({ code: 200, Result: { subscribed: false } });
    expect(await status(endpoint, sam)).toEqual({ subscribed: true });
    expect((await t.post('push-unsubscribe', { endpoint }, { token: sam })).body).toEqual({ code: 200, Result: { subscribed: false } });
    expect(await status(endpoint, sam)).toEqual({ subscribed: false });
    expect(await stored(endpoint)).toEqual([]);
    // Again: nothing to remove, the same answer.
    expect((await t.post('push-unsubscribe', { endpoint }, { token: sam })).body).toEqual({ code: 200, Result: { subscribed: false } });
  });

  it('refuses guests', async () => {
    const endpoint = pushService();
    for (const [call, body] of [['push-subscribe', { endpoint, ...browserKeys() }], ['push-unsubscribe', { endpoint }], ['push-status', { endpoint }]] as const) {
      const answer = await t.post(call, body);
      expect([answer.status, answer.body.msg], call).toEqual([401, 'Session Expired']);
    }
    expect(await stored(endpoint)).toEqual([]);
  });

  it('refuses what is no push subscription with 422 and the field\'s message, never a 500', async () => {
    const keys = browserKeys();
    const refused = async (body: Record<string, unknown>) => {
      const answer = await subscribe({ endpoint: pushService(), ...keys, ...body }, sam);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      return answer.body.errors;
    };
    // Not https: another scheme, or http to anything but this machine.
    for (const endpoint of ['ftp://push.example.com/send/1', 'http://push.example.com/send/1', 'javascript:alert(1)', 'push.example.com/send/1', 'https://user:pw@push.example.com/1']) {
      expect(await refused({ endpoint }), endpoint).toEqual({ endpoint: [SUBSCRIPTION_MSG.endpoint] });
    }
    expect(await refused({ endpoint: `https://push.example.com/${'x'.repeat(2000)}` })).toEqual({ endpoint: ['endpoint must be at most 2000 characters'] });
    expect(await refused({ endpoint: 'https://push.example.com/a\nb' })).toEqual({ endpoint: ['endpoint must not contain control characters'] });
    expect(await refused({ p256dh: 'A'.repeat(101) })).toEqual({ p256dh: ['p256dh must be at most 100 characters'] });
    expect(await refused({ auth: 'A'.repeat(51) })).toEqual({ auth: ['auth must be at most 50 characters'] });
    expect(await refused({ auth: 'ab\u0000cd' })).toEqual({ auth: ['auth must not contain control characters'] });
    expect(await refused({ p256dh: keys.p256dh.slice(1) })).toEqual({ p256dh: [SUBSCRIPTION_MSG.p256dh] });
    expect(await refused({ p256dh: `${keys.p256dh.slice(0, 86)}+` })).toEqual({ p256dh: [SUBSCRIPTION_MSG.p256dh] });
    // 65 bytes that are no point of the curve.
    expect(await refused({ p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url') })).toEqual({ p256dh: [SUBSCRIPTION_MSG.p256dh] });
    expect(await refused({ auth: randomBytes(15).toString('base64url') })).toEqual({ auth: [SUBSCRIPTION_MSG.auth] });
    expect(await refused({ auth: 42 })).toEqual({ auth: ['auth must be text'] });
    expect(await refused({ endpoint: '' })).toEqual({ endpoint: ['endpoint must not be empty'] });
    const missing = await subscribe({}, sam);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(['auth', 'endpoint', 'p256dh']);
    expect((await t.post('push-status', { endpoint: 'x\u0000' }, { token: sam })).status).toBe(422);
  });

  it('takes http only on this machine (the local push double), and padded keys', async () => {
    for (const endpoint of ['http://127.0.0.1:8183/push/send/1', 'http://localhost:8183/push/send/2', 'http://push.localhost/send/3', 'http://[::1]:8183/push/send/4']) {
      expect((await subscribe({ endpoint, ...browserKeys() }, sam)).status, endpoint).toBe(200);
    }
    const keys = browserKeys();
    const endpoint = pushService();
    expect((await subscribe({ endpoint, p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` }, sam)).status).toBe(200);
    expect((await stored(endpoint))[0]!.p256dh).toBe(keys.p256dh);
  });

  /** A new customer of Harbor Eats: their id and a token. */
  const newCustomer = async (mobile: string) => {
    const { rows } = await t.database.db.query<{ id: number }>(
      "INSERT INTO users (vendor_id, country_code, mobile_number, user_name) SELECT vendor_id, '1', $1, 'Pat' FROM vendor_hosts WHERE host = 'localhost' RETURNING id", [mobile],
    );
    return { id: rows[0]!.id, token: await t.signIn(HARBOR, mobile) };
  };

  it('ends with the session that saved it (signing out of a shared browser), and goes with a deleted account', async () => {
    const pat = await newCustomer('4155550178');
    const endpoint = pushService();
    await subscribe({ endpoint, ...browserKeys() }, pat.token);
    expect((await t.post('logout', {}, { token: pat.token })).status).toBe(200);
    const again = await t.signIn(HARBOR, '4155550178');
    expect(await status(endpoint, again)).toEqual({ subscribed: false });
    // The sweep deletes what no notification goes to any more.
    expect(await pruneSubscriptions(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await stored(endpoint)).toEqual([]);
    // Turned on again in the new session.
    await subscribe({ endpoint, ...browserKeys() }, again);
    expect(await status(endpoint, again)).toEqual({ subscribed: true });
    expect((await t.post('delete_account', {}, { token: again })).body).toMatchObject({ code: 200 });
    expect(await stored(endpoint)).toEqual([]);
  });

  it('keeps a customer\'s latest subscriptions only', async () => {
    const { id, token } = await newCustomer('4155550177');
    const saved: string[] = [];
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_CUSTOMER + 2; i++) {
      saved.push(pushService());
      await subscribe({ endpoint: saved.at(-1), ...browserKeys() }, token);
    }
    const { rows: kept } = await t.database.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY id', [id]);
    expect(kept.map((row) => row.endpoint)).toEqual(saved.slice(2));
  });
});

describe('push subscriptions in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ pushPollMs: 0, production: true, devOtpPage: false, publicUrl: 'https://shop.example.com' });
  });
  afterAll(async () => t.close());

  it('take https addresses of named hosts only', async () => {
    const token = await t.signIn(HARBOR);
    const keys = browserKeys();
    for (const endpoint of ['http://127.0.0.1:8183/push/send/1', 'https://localhost/push/1', 'https://127.0.0.1/push/1', 'https://[::1]/push/1', 'https://10.0.0.8/push/1']) {
      const answer = await t.post('push-subscribe', { endpoint, ...keys }, { token });
      expect([answer.status, answer.body.errors], endpoint).toEqual([422, { endpoint: [SUBSCRIPTION_MSG.endpoint] }]);
    }
    expect((await t.post('push-subscribe', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', ...keys }, { token })).status).toBe(200);
  });
});
