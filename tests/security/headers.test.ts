// Finding 8 (production defaults): no security headers. Every answer now carries nosniff, a
// referrer policy and a Content-Security-Policy: a restrictive one for the API, media and
// scripts, the page's own for the full-page storefront (framing as the vendor configures) and
// the demo pages. dist/storefront.js and the media stay loadable from vendors' sites.
import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { forgetVendors } from '../../server/http/vendor.ts';
import { seedIfEmpty } from '../../server/seed/index.ts';
import { createTestDb, type TestDb } from '../../server/test/test-db.ts';
import { siteRoot } from '../../server/test/site-root.ts';
import { injectCall } from '../../server/test/test-app.ts';
import { tagOrigins } from '../../contract/rules/analytics.ts';

/** The demo vendor Harbor Eats names Google Analytics 4 and the Meta Pixel: their documented origins are allowed on its pages, no others. */
const HARBOR_TAGS = tagOrigins(['ga4', 'meta']);

const INLINE_SCRIPT = "window.StorefrontElementsConfig = { locale: 'en' };";
const INLINE_STYLE = 'body { margin: 0; }';
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The directives of a Content-Security-Policy header, by name. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, `no Content-Security-Policy on ${response.raw.req.url}`).toBe('string');
  return new Map(String(header).split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
}

function expectCommonHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Framing is decided by frame-ancestors alone (per vendor for the full page).
  expect(response.headers['x-frame-options']).toBeUndefined();
  // Vendors' pages load the bundle and the media from here.
  expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
}

describe('security headers', () => {
  let database: TestDb;
  let app: FastifyInstance;
  let production: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDb();
    await seedIfEmpty(database.db);
    const root = siteRoot({
      'demo/app.html': `<!doctype html><style>${INLINE_STYLE}</style><sf-storefront></sf-storefront><script src="/dist/storefront.js" defer></script>`,
      'demo/index.html': `<!doctype html><script>${INLINE_SCRIPT}</script><script src="/dist/storefront.js" defer></script>`,
      'dist/storefront.js': 'console.log(1)',
    });
    app = await buildApp({ db: database.db, logger: false, rootDir: root });
    production = await buildApp({ db: database.db, logger: false, rootDir: root, production: true, publicUrl: 'https://shop.example.com' });
  });
  afterAll(async () => {
    await app.close();
    await production.close();
    await database.close();
  });

  const get = (url: string, host = 'localhost:8080', on = app) => on.inject({ method: 'GET', url, headers: { host } });

  it("the full page: its own files only (and the vendor's analytics tags), no inline script, framed only by itself", async () => {
    const page = await get('/restaurant/MQ==');
    expect(page.statusCode).toBe(200);
    expectCommonHeaders(page);
    const policy = csp(page);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", ...HARBOR_TAGS.script]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    // twind's styles are constructable stylesheets: no 'unsafe-inline', only the page's own <style> by hash.
    expect(policy.get('style-src')).toEqual(["'self'", hash(INLINE_STYLE)]);
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
    expect(policy.get('connect-src')).toEqual(["'self'", ...HARBOR_TAGS.connect]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('the full page is framed where the vendor allows, and only that vendor\'s page', async () => {
    await database.db.query(
      "UPDATE vendors SET frame_ancestors = '{https://www.harbor.example,https://*.harbor-partners.example:8443}' WHERE slug = 'harbor-eats'",
    );
    forgetVendors(database.db); // a vendor's row is kept a few seconds: the change is read at once
    try {
      expect(csp(await get('/')).get('frame-ancestors')).toEqual(["'self'", 'https://www.harbor.example', 'https://*.harbor-partners.example:8443']);
      expect(csp(await get('/', 'souq.localhost:8080')).get('frame-ancestors')).toEqual(["'self'"]);
    } finally {
      await database.db.query("UPDATE vendors SET frame_ancestors = '{}' WHERE slug = 'harbor-eats'");
      forgetVendors(database.db);
    }
  });

  it('a frame ancestor that is not an origin is refused when stored', async () => {
    for (const bad of ["'unsafe-inline'", '*', 'https://a.example; script-src *', 'javascript:alert(1)', 'https://a.example/path', 'HTTPS://A.EXAMPLE', '']) {
      const store = inTransaction(database.db, (c) => c.query("UPDATE vendors SET frame_ancestors = ARRAY['https://ok.example', $1] WHERE slug = 'harbor-eats'", [bad]));
      await expect(store, bad).rejects.toThrow(/vendors_frame_ancestors_check/);
    }
  });

  it('a vendor with a Google Maps key gets the Maps sources on its full page, others do not', async () => {
    expect(csp(await get('/')).get('script-src')).not.toContain('https://*.googleapis.com');
    await database.db.query("UPDATE vendors SET settings = settings || '{\"google_map_key\": \"AIza-test\"}' WHERE slug = 'harbor-eats'");
    forgetVendors(database.db);
    try {
      const policy = csp(await get('/'));
      expect(policy.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://*.googleapis.com', 'https://*.gstatic.com']));
      expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://*.googleapis.com']));
      expect(policy.get('style-src')).toEqual(expect.arrayContaining(["'unsafe-inline'", 'https://fonts.googleapis.com']));
      expect(csp(await get('/', 'souq.localhost:8080')).get('script-src')).toEqual(["'self'"]);
    } finally {
      await database.db.query("UPDATE vendors SET settings = settings - 'google_map_key' WHERE slug = 'harbor-eats'");
      forgetVendors(database.db);
    }
  });

  it('a demo host page allows its own inline scripts by hash and nothing else inline', async () => {
    const page = await get('/demo/');
    expect(page.statusCode).toBe(200);
    expectCommonHeaders(page);
    const scripts = csp(page).get('script-src')!;
    expect(scripts).toContain("'self'");
    expect(scripts).toContain(hash(INLINE_SCRIPT));
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(csp(page).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('API answers: nothing may load, run or frame them', async () => {
    for (const response of [await injectCall(app, 'get-vendor-settings', {}), await get('/api/v2/get-language'), await get('/api/v2/nothing-here')]) {
      expectCommonHeaders(response);
      const policy = csp(response);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('script-src')).toBeUndefined();
    }
  });

  it('the bundle and the media stay loadable cross-origin (no same-origin resource policy)', async () => {
    const script = await get('/dist/storefront.js');
    expect(script.statusCode).toBe(200);
    expectCommonHeaders(script);
    const media = await get('/media/store/golden-gate-pizzeria.svg');
    expect(media.statusCode).toBe(200);
    expectCommonHeaders(media);
  });

  it('in production on https: HSTS, insecure requests upgraded, links to PUBLIC_URL allowed', async () => {
    const page = await get('/', 'localhost:8080', production);
    expectCommonHeaders(page);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    const policy = csp(page);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://shop.example.com', ...HARBOR_TAGS.connect]);
    expect(policy.get('img-src')).toContain('https://shop.example.com');
    const api = await injectCall(production, 'get-vendor-settings', {});
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(csp(api).get('default-src')).toEqual(["'none'"]);
  });
});
