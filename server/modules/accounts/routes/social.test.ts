import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderUnavailable, socialVerifier } from '../domain/social-verify.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from '../../../test/test-app.ts';

const CLIENT_ID = 'harbor-web.apps.googleusercontent.com';
const FB_APP = { id: '1234567890', secret: 'test-app-secret' };

const b64 = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** A Google-style ID token signed with `key`. */
function idToken(key: KeyObject, claims: Record<string, unknown> = {}, kid = 'test-key'): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: '1100220033', email: 'gina@example.com', email_verified: true,
    name: 'Gina Google', iat: now, exp: now + 600, ...claims,
  };
  const signed = `${b64({ alg: 'RS256', kid, typ: 'JWT' })}.${b64(payload)}`;
  return `${signed}.${b64(sign('RSA-SHA256', Buffer.from(signed), key))}`;
}

/** The local doubles: Google's certificates (PEM by key id) and the Graph API. */
function startDoubles(publicPem: string): Promise<Server> {
  const fbUsers: Record<string, { debug: object; me: object }> = {
    'fb-good': { debug: { app_id: FB_APP.id, is_valid: true, user_id: '555' }, me: { id: '555', name: 'Fay Book', email: 'fay@example.com' } },
    'fb-other-app': { debug: { app_id: '999', is_valid: true, user_id: '556' }, me: { id: '556', name: 'X' } },
    'fb-expired': { debug: { app_id: FB_APP.id, is_valid: false, user_id: '557' }, me: { id: '557', name: 'X' } },
    'fb-swapped': { debug: { app_id: FB_APP.id, is_valid: true, user_id: '558' }, me: { id: '559', name: 'X' } },
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const json = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'max-age=60' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/certs') return json(200, { 'test-key': publicPem });
    if (url.pathname === '/graph/debug_token') {
      if (url.searchParams.get('access_token') !== `${FB_APP.id}|${FB_APP.secret}`) return json(400, { error: { message: 'bad app token' } });
      const user = fbUsers[url.searchParams.get('input_token') ?? ''];
      return json(200, { data: user ? user.debug : { is_valid: false } });
    }
    if (url.pathname === '/graph/me') {
      const user = fbUsers[url.searchParams.get('access_token') ?? ''];
      return user ? json(200, user.me) : json(400, { error: { message: 'Invalid OAuth access token' } });
    }
    return json(404, {});
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('social sign-in', () => {
  let t: TestApp;
  let doubles: Server;
  let base: string;
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

  beforeAll(async () => {
    doubles = await startDoubles(keys.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    base = `http://127.0.0.1:${(doubles.address() as AddressInfo).port}`;
    t = await createTestApp({ socialEndpoints: { googleCertsUrl: `${base}/certs`, facebookGraphUrl: `${base}/graph` } });
    await t.database.db.query(
      `INSERT INTO vendor_social_sign_in (vendor_id, google_client_id, facebook_app_id, facebook_app_secret)
       SELECT vendor_id, $2, $3, $4 FROM vendor_hosts WHERE host = $1`,
      [HARBOR, CLIENT_ID, FB_APP.id, FB_APP.secret],
    );
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => doubles.close(resolve));
  });

  it('shows the vendor its ids in the settings, never the secret', async () => {
    const res = await t.call('get-vendor-settings', { is_langauge: 'en' });
    const settings = res.json<{ settings: Record<string, unknown> }>().settings;
    expect(settings).toMatchObject({ google_client_id: CLIENT_ID, facebook_app_id: FB_APP.id });
    expect(res.body).not.toContain(FB_APP.secret);
    const souq = await t.call('get-vendor-settings', { is_langauge: 'en' }, { host: SOUQ });
    expect(souq.json<{ settings: Record<string, unknown> }>().settings).toMatchObject({ google_client_id: '', facebook_app_id: '' });
  });

  it('creates a customer without a mobile number from a Google ID token, then signs the same one in', async () => {
    const first = await t.post('google_login', { id_token: idToken(keys.privateKey) });
    expect(first.status).toBe(200);
    const body = first.body as unknown as { code: number; token: string; user_details: { user_id: number; mobile_number: string; email: string; user_name: string } };
    expect(body.code).toBe(200);
    expect(body.user_details).toMatchObject({ user_name: 'Gina Google', email: 'gina@example.com', mobile_number: '' });
    const me = await t.post('get_user_details_web', {}, { token: body.token });
    expect(me.status).toBe(200);

    const again = await t.post('google_login', { id_token: idToken(keys.privateKey, { name: 'Renamed' }) });
    expect((again.body as unknown as typeof body).user_details.user_id).toBe(body.user_details.user_id);
  });

  // With PostgreSQL (DATABASE_URL) the sign-ins run in parallel transactions; PGlite runs them one by one.
  it('creates one customer when the first sign-ins of an identity come at once', async () => {
    const token = idToken(keys.privateKey, { sub: '7700880099', email: 'twin@example.com', name: 'Twin' });
    const answers = await Promise.all([1, 2, 3].map(() => t.post('google_login', { id_token: token })));
    const ids = answers.map((a) => (a.body as unknown as { user_details: { user_id: number } }).user_details.user_id);
    expect(new Set(ids).size).toBe(1);
    const { rows } = await t.database.db.query("SELECT count(*)::int AS n FROM users WHERE email = 'twin@example.com'");
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('refuses a Google token of another audience, issuer or key, an expired one, and where not configured', async () => {
    const refused = { code: 101, msg: 'Sign-in could not be verified. Please try again.' };
    expect((await t.post('google_login', { id_token: idToken(keys.privateKey, { aud: 'someone-else' }) })).body).toEqual(refused);
    expect((await t.post('google_login', { id_token: idToken(keys.privateKey, { iss: 'https://evil.example' }) })).body).toEqual(refused);
    expect((await t.post('google_login', { id_token: idToken(stranger.privateKey) })).body).toEqual(refused);
    const past = Math.floor(Date.now() / 1000) - 7200;
    expect((await t.post('google_login', { id_token: idToken(keys.privateKey, { iat: past, exp: past + 600 }) })).body).toEqual(refused);
    expect((await t.post('google_login', { id_token: 'not.a.token' })).body).toEqual(refused);
    const souq = await t.post('google_login', { id_token: idToken(keys.privateKey) }, { host: SOUQ });
    expect(souq.body).toEqual({ code: 101, msg: 'This sign-in is not available' });
  });

  it('signs in by a Facebook access token checked with debug_token and /me', async () => {
    const first = await t.post('facebook_login', { access_token: 'fb-good' });
    const body = first.body as unknown as { code: number; token: string; user_details: { user_id: number; mobile_number: string; email: string; user_name: string } };
    expect(body).toMatchObject({ code: 200, user_details: { user_name: 'Fay Book', email: 'fay@example.com', mobile_number: '' } });
    const again = await t.post('facebook_login', { access_token: 'fb-good' });
    expect((again.body as unknown as typeof body).user_details.user_id).toBe(body.user_details.user_id);

    for (const token of ['fb-other-app', 'fb-expired', 'fb-swapped', 'fb-unknown']) {
      expect((await t.post('facebook_login', { access_token: token })).body.code, token).toBe(101);
    }
    expect((await t.post('facebook_login', { access_token: 'fb-good' }, { host: SOUQ })).body).toEqual({ code: 101, msg: 'This sign-in is not available' });
  });

  it('answers 503 when the provider cannot be reached, never 500', async () => {
    const offline = socialVerifier({ googleCertsUrl: 'http://127.0.0.1:9/certs', facebookGraphUrl: 'http://127.0.0.1:9' });
    await expect(offline.google(idToken(keys.privateKey), CLIENT_ID)).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(offline.facebook('fb-good', FB_APP)).rejects.toBeInstanceOf(ProviderUnavailable);

    const down = await createTestApp({ socialEndpoints: { googleCertsUrl: `${base}/missing`, facebookGraphUrl: `${base}/nowhere` } });
    try {
      await down.database.db.query(
        `INSERT INTO vendor_social_sign_in (vendor_id, google_client_id, facebook_app_id, facebook_app_secret)
         SELECT vendor_id, $2, $3, $4 FROM vendor_hosts WHERE host = $1`,
        [HARBOR, CLIENT_ID, FB_APP.id, FB_APP.secret],
      );
      const google = await down.post('google_login', { id_token: idToken(keys.privateKey) });
      expect(google.status).toBe(503);
      expect(google.body.msg).toBe('Sign-in is not available right now. Please try again later.');
    } finally {
      await down.close();
    }
  });
});
