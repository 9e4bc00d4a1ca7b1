import { createECDH, createPrivateKey, sign } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentDoubles, type PaymentDoubles } from '../server.ts';
import { checkVapid, type PushSubscriptionJson, type ReceivedPush } from './index.ts';

/** A VAPID key pair as web-push makes them (base64url). */
const vapid = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:help@harboreats.example';

/** A push message as the server sends it: web-push's request (encrypted body, VAPID header), posted with fetch. */
async function push(subscription: PushSubscriptionJson, payload: string, options: webpush.RequestOptions = {}, change?: (headers: Record<string, string>) => void) {
  const details = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey }, TTL: 60, ...options,
  });
  const headers = Object.fromEntries(Object.entries(details.headers).filter(([name]) => name !== 'Content-Length').map(([name, value]) => [name, String(value)]));
  change?.(headers);
  return fetch(subscription.endpoint, { method: 'POST', headers, body: details.body ? new Uint8Array(details.body) : null });
}

/** A JWT signed by hand with `privateKey` (base64url P-256 scalar, public point `publicKey`), with these claims. */
function jwt(claims: Record<string, unknown>, keys = vapid): string {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  return `${signed}.${sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

describe('the push service double: the receiving side of Web Push', () => {
  let doubles: PaymentDoubles;
  let base: string;
  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    base = doubles.url;
  });
  afterAll(async () => doubles.close());

  const newSubscription = async (body: object = {}) => {
    const response = await fetch(`${base}/push/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(201);
    return response.json() as Promise<PushSubscriptionJson>;
  };
  const idOf = (subscription: PushSubscriptionJson) => doubles.push.idOf(subscription.endpoint)!;
  const messages = async (subscription: PushSubscriptionJson) => {
    const response = await fetch(`${base}/push/messages/${idOf(subscription)}`);
    return response.json() as Promise<{ id: string; gone: boolean; messages: ReceivedPush[] }>;
  };

  it('hands out a browser subscription as PushSubscription.toJSON() has it: its endpoint, a P-256 key and a 16-byte auth secret', async () => {
    const subscription = await newSubscription();
    expect(subscription).toEqual({ endpoint: expect.stringMatching(new RegExp(`^${base}/push/send/[0-9a-f]+$`)), expirationTime: null, keys: expect.any(Object) });
    const key = Buffer.from(subscription.keys.p256dh, 'base64url');
    expect([key.length, key[0]]).toEqual([65, 4]);
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    expect(() => browser.computeSecret(key)).not.toThrow();
    expect(Buffer.from(subscription.keys.auth, 'base64url')).toHaveLength(16);
  });

  it('takes a message web-push sends (VAPID, aes128gcm), decrypts it with the subscription\'s keys and lists it', async () => {
    const subscription = await newSubscription({ applicationServerKey: vapid.publicKey });
    const payload = JSON.stringify({ title: 'Harbor Eats', body: 'Your order #7 has been confirmed.', url: '/order-status/7', tag: 'order-7', lang: 'en' });
    const sent = await push(subscription, payload, { urgency: 'high', topic: 'order-7' });
    expect(sent.status).toBe(201);
    expect(sent.headers.get('location')).toBe(`${base}/push/messages/${idOf(subscription)}/1`);
    const listed = await messages(subscription);
    expect(listed).toEqual({
      id: idOf(subscription), gone: false,
      messages: [{
        n: 1, received_at: expect.any(String), ttl: 60, urgency: 'high', topic: 'order-7', subject: SUBJECT, vapid_key: vapid.publicKey,
        text: payload, payload: JSON.parse(payload) as unknown,
      }],
    });
    // A text that is not JSON is kept as text.
    expect((await push(subscription, 'plain words')).status).toBe(201);
    expect((await messages(subscription)).messages[1]).toMatchObject({ n: 2, urgency: 'normal', topic: null, text: 'plain words', payload: null });
  });

  it('refuses what a push service refuses, and takes nothing of it', async () => {
    const subscription = await newSubscription({ applicationServerKey: vapid.publicKey });
    const refusals: Array<[string, Promise<Response>, number]> = [
      ['no TTL', push(subscription, 'x', {}, (h) => delete h.TTL), 400],
      ['an unknown urgency', push(subscription, 'x', {}, (h) => (h.Urgency = 'now')), 400],
      ['no Authorization', push(subscription, 'x', {}, (h) => delete h.Authorization), 401],
      ['another scheme', push(subscription, 'x', {}, (h) => (h.Authorization = `WebPush ${jwt({ aud: base, exp: 9e9, sub: SUBJECT })}`)), 401],
      ['another encoding', push(subscription, 'x', {}, (h) => (h['Content-Encoding'] = 'aesgcm')), 415],
      ['a body that is not encrypted for the subscription', fetch(subscription.endpoint, {
        method: 'POST', body: new Uint8Array(64), headers: { TTL: '60', 'Content-Encoding': 'aes128gcm', Authorization: `vapid t=${jwt({ aud: base, exp: Math.floor(Date.now() / 1000) + 60, sub: SUBJECT })}, k=${vapid.publicKey}` },
      }), 400],
    ];
    for (const [what, answer, status] of refusals) expect((await answer).status, what).toBe(status);
    expect((await messages(subscription)).messages).toEqual([]);
    const other = webpush.generateVAPIDKeys();
    const signedByOther = await fetch(subscription.endpoint, {
      method: 'POST', headers: { TTL: '60', 'Content-Encoding': 'aes128gcm', Authorization: `vapid t=${jwt({ aud: base, exp: Math.floor(Date.now() / 1000) + 60, sub: SUBJECT }, other)}, k=${other.publicKey}` },
      body: new Uint8Array(32),
    });
    expect(signedByOther.status).toBe(403);
    expect((await messages(subscription)).messages).toEqual([]);
    // Over 4096 bytes.
    expect((await push(subscription, 'x'.repeat(5000))).status).toBe(413);
  });

  it('checks the VAPID JWT: signed by k with ES256, for the push service\'s origin, expiring within 24 hours', () => {
    const now = 1_800_000_000;
    const header = (claims: Record<string, unknown>, keys = vapid, k = keys.publicKey) => `vapid t=${jwt(claims, keys)}, k=${k}`;
    const good = { aud: base, exp: now + 3600, sub: SUBJECT };
    expect(checkVapid(header(good), base, now)).toEqual({ ok: true, publicKey: vapid.publicKey, subject: SUBJECT, expires: now + 3600 });
    expect(checkVapid(`vapid k=${vapid.publicKey}, t=${jwt(good)}`, base, now).ok).toBe(true);
    const reasons = (claims: Record<string, unknown>, keys = vapid, k?: string) => {
      const checked = checkVapid(header(claims, keys, k), base, now);
      return checked.ok ? 'taken' : checked.reason;
    };
    expect(reasons({ ...good, aud: 'https://fcm.googleapis.com' })).toMatch(/^aud is/);
    expect(reasons({ ...good, exp: now - 1 })).toBe('the JWT has expired');
    expect(reasons({ ...good, exp: now + 24 * 3600 + 60 })).toBe('exp is more than 24 hours ahead');
    expect(reasons({ aud: base, sub: SUBJECT })).toBe('exp is missing');
    expect(reasons({ ...good, sub: 'http://harboreats.example' })).toMatch(/^sub is not/);
    expect(reasons(good, webpush.generateVAPIDKeys(), vapid.publicKey)).toBe('the JWT is not signed by the key k');
    expect(reasons(good, vapid, 'not-a-key')).toMatch(/^k is not/);
    // A JWT real push services are sent by web-push, for this origin.
    const made = webpush.getVapidHeaders(base, SUBJECT, vapid.publicKey, vapid.privateKey, 'aes128gcm');
    expect(checkVapid(made.Authorization, base).ok).toBe(true);
  });

  it('answers 410 once a subscription is removed (DELETE, as when the browser\'s permission is taken back), and still lists what it took', async () => {
    const subscription = await newSubscription();
    expect((await push(subscription, 'before')).status).toBe(201);
    const removed = await fetch(`${base}/push/subscriptions/${idOf(subscription)}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await push(subscription, 'after')).status).toBe(410);
    expect(await messages(subscription)).toMatchObject({ gone: true, messages: [{ text: 'before' }] });
    expect((await fetch(`${base}/push/send/unknown`, { method: 'POST', body: 'x' })).status).toBe(410);
    expect((await fetch(`${base}/push/messages/unknown`)).status).toBe(404);
  });

  it('fails the next messages when told to, as a push service having a bad moment', async () => {
    const subscription = await newSubscription();
    doubles.push.failNext(subscription.endpoint, 503);
    expect((await push(subscription, 'first')).status).toBe(503);
    expect((await push(subscription, 'second')).status).toBe(201);
    expect((await messages(subscription)).messages.map((m) => m.text)).toEqual(['second']);
  });

  it('lets any origin read it (a browser test\'s page)', async () => {
    const preflight = await fetch(`${base}/push/subscriptions`, { method: 'OPTIONS', headers: { origin: 'http://localhost:8181', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const subscription = await newSubscription();
    expect((await fetch(`${base}/push/messages/${idOf(subscription)}`)).headers.get('access-control-allow-origin')).toBe('*');
  });
});
