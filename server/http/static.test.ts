import { inflateSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { seedIfEmpty } from '../seed/index.ts';
import { siteRoot } from '../test/site-root.ts';
import { createTestDb, type TestDb } from '../test/test-db.ts';

describe('static files, media and fallbacks', () => {
  let database: TestDb;
  let app: FastifyInstance;
  let bare: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDb();
    await seedIfEmpty(database.db);
    const root = siteRoot({
      'demo/index.html': '<p>embed host</p>', 'demo/app.html': '<p>full page</p>', 'dist/storefront.js': 'console.log(1)',
      'dist/sf/runtime-Ab12Cd34.js': 'export {};', 'dist/sf/runtime-Ab12Cd34.js.gz': 'gz', 'dist/sf/runtime-Ab12Cd34.js.map': '{}',
      // The storefront's entry for the server, from a build that does not fit this server.
      'dist/server/server-render.js': 'export const nothing = 1;',
    });
    app = await buildApp({ db: database.db, logger: false, rootDir: root });
    // A root without dist/ or demo/ must still start.
    bare = await buildApp({ db: database.db, logger: false, rootDir: siteRoot() });
  });
  afterAll(async () => {
    await app.close();
    await bare.close();
    await database.close();
  });

  it('serves dist/ and demo/', async () => {
    expect((await app.inject('/dist/storefront.js')).body).toBe('console.log(1)');
    expect((await app.inject('/demo/')).body).toBe('<p>embed host</p>');
    expect((await app.inject('/dist/missing.js')).statusCode).toBe(404);
    // The server's own entry to the storefront is read, never sent.
    expect((await app.inject('/dist/server/server-render.js')).statusCode).toBe(404);
    expect((await app.inject('/dist/server/')).statusCode).toBe(404);
    expect((await app.inject('/healthz')).json()).toEqual({ ok: true });
  });

  it("names the script tag's source maps in a header, as is or compressed (the files do not name them)", async () => {
    for (const encoding of ['identity', 'gzip']) {
      const script = await app.inject({ url: '/dist/sf/runtime-Ab12Cd34.js', headers: { 'accept-encoding': encoding } });
      expect(script.statusCode).toBe(200);
      expect(script.headers.sourcemap).toBe('runtime-Ab12Cd34.js.map');
    }
    expect((await app.inject('/dist/sf/runtime-Ab12Cd34.js.map')).body).toBe('{}');
    expect((await app.inject('/dist/storefront.js')).headers.sourcemap).toBeUndefined();
  });

  it('falls back to demo/app.html for history-mode routes only', async () => {
    for (const url of ['/', '/restaurant/MQ==', '/sign-in?next=/orders']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe('<p>full page</p>');
    }
    expect((await app.inject('/favicon.ico')).statusCode).toBe(404);
    expect((await app.inject('/api/v2/unknown')).statusCode).toBe(404);
    expect((await app.inject('/dev/nothing')).statusCode).toBe(404);
  });

  it('answers 404 when the folders do not exist', async () => {
    expect((await bare.inject('/')).statusCode).toBe(404);
    expect((await bare.inject('/dist/storefront.js')).statusCode).toBe(404);
  });

  it('renders deterministic SVG media with cache headers', async () => {
    const a = await app.inject('/media/store/golden-gate-pizzeria.svg');
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toContain('image/svg+xml');
    expect(a.headers['cache-control']).toContain('max-age');
    expect(a.body).toContain('>GG<');
    expect((await app.inject('/media/store/golden-gate-pizzeria.svg')).body).toBe(a.body);
    const logo = await app.inject('/media/logo/harbor-eats.svg');
    expect(logo.body).toContain('#1b2a4a');
    const again = await app.inject({ url: '/media/store/golden-gate-pizzeria.svg', headers: { 'if-none-match': String(a.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await app.inject('/media/evil/x.svg')).statusCode).toBe(404);
    expect((await app.inject('/media/store/..%2Fx.svg')).statusCode).toBe(404);
  });

  it('renders the photos also as small deterministic palette PNGs (drawn off the main thread), logos only as SVG', async () => {
    const a = await app.inject('/media/store/golden-gate-pizzeria.png');
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toBe('image/png');
    expect(a.headers['cache-control']).toContain('max-age');
    const png = a.rawPayload;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([400, 300]);
    expect(png.length).toBeLessThan(4_000);
    // The picture itself: inflating IDAT gives one filter byte and 400 palette indices per row.
    const idat = png.indexOf('IDAT', 0, 'latin1');
    const rows = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    expect(rows.length).toBe(401 * 300);
    expect(rows[1]).toBe(0); // the top-left corner is background, the disc's centre (312, 84) fully covered
    expect(rows[84 * 401 + 1 + 312]).toBe(16);
    expect((await app.inject('/media/store/golden-gate-pizzeria.png')).rawPayload.equals(png)).toBe(true);
    const again = await app.inject({ url: '/media/item/margherita.png', headers: { 'if-none-match': String((await app.inject('/media/item/margherita.png')).headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await app.inject('/media/logo/harbor-eats.png')).statusCode).toBe(404);
    expect((await app.inject('/media/store/..%2Fx.png')).statusCode).toBe(404);
  });

  it('draws the seeded pictures as what they are, on the vendor\'s colours, once, as PNGs that say their size', async () => {
    const { rows } = await database.db.query<{ image: string }>(`SELECT image FROM items WHERE name = 'Margherita' AND vendor_id = (SELECT id FROM vendors WHERE slug = 'harbor-eats')`);
    expect(rows[0]!.image).toBe('/media/item/harbor-eats/pizza/margherita.png');
    const item = await app.inject(rows[0]!.image);
    expect([item.statusCode, item.headers['content-type']]).toEqual([200, 'image/png']);
    expect(item.headers['content-security-policy']).toContain("default-src 'none'");
    expect([item.rawPayload.readUInt32BE(16), item.rawPayload.readUInt32BE(20)]).toEqual([300, 300]);
    const again = await app.inject({ url: rows[0]!.image, headers: { 'if-none-match': String(item.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // Another vendor's colours make another picture of the same; another illustration, another picture.
    expect((await app.inject('/media/item/souq-al-madina/pizza/margherita.png')).rawPayload.equals(item.rawPayload)).toBe(false);
    expect((await app.inject('/media/item/harbor-eats/sushi/margherita.png')).rawPayload.equals(item.rawPayload)).toBe(false);
    const banner = await app.inject('/media/banner/harbor-eats/taco/taco-tuesday.png');
    expect([banner.rawPayload.readUInt32BE(16), banner.rawPayload.readUInt32BE(20)]).toEqual([1200, 400]);
    // Every pizza of a vendor is one picture, whatever its name.
    expect((await app.inject('/media/item/harbor-eats/pizza/quattro-formaggi.png')).rawPayload.equals(item.rawPayload)).toBe(true);
    // Only the kinds, illustrations, names and vendors there are.
    for (const url of ['/media/item/no-such-vendor/pizza/x.png', '/media/logo/harbor-eats/pizza/x.png', '/media/item/harbor-eats/caviar/x.png', '/media/item/Harbor/pizza/x.png',
      '/media/item/harbor-eats/pizza/x.svg', '/media/item/harbor-eats/constructor/x.png', '/media/item/harbor-eats/pizza/..%2Fx.png']) {
      expect((await app.inject(url)).statusCode, url).toBe(404);
    }
  });

  it('answers 404, not the full page, on server paths that are switched off', async () => {
    // `app` runs without the dev OTP page and the test fixtures.
    for (const path of ['/dev/otp', '/test/clock', '/pay', '/pay/test/abc']) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body, path).not.toContain('full page');
    }
  });

  it('hides dev routes in production', async () => {
    const prod = await buildApp({ db: database.db, logger: false, production: true, rootDir: tmpdir() });
    expect((await prod.inject('/dev/otp')).statusCode).toBe(404);
    expect((await prod.inject('/dev/otp.json?mobile_number=1')).statusCode).toBe(404);
    await prod.close();
  });
});
