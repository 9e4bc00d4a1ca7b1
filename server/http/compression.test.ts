import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { seedIfEmpty } from '../seed/index.ts';
import { siteRoot } from '../test/site-root.ts';
import { createTestDb, type TestDb } from '../test/test-db.ts';

describe('what goes over the wire compressed, and what the browser may keep', () => {
  let database: TestDb;
  let app: FastifyInstance;
  const script = `/* the bundle */ ${'customElements.define("sf-x", class extends HTMLElement {});\n'.repeat(200)}`;
  beforeAll(async () => {
    database = await createTestDb();
    await seedIfEmpty(database.db);
    const chunk = 'export const messages = {};\n'.repeat(100);
    const root = siteRoot({
      'dist/storefront.js': script,
      'dist/esm/chunks/messages-CzThkUpn.js': chunk,
      'dist/sf/runtime-B8xyU9rz.js': chunk,
      'dist/sf/utilities-diJ-gR6F.css': '.flex{display:flex}\n'.repeat(100),
      'demo/app.html': `<!doctype html><html><head><title>x</title></head><body><sf-storefront></sf-storefront>${'<p>the full page</p>\n'.repeat(100)}</body></html>`,
    });
    // As the build writes them beside the script.
    writeFileSync(join(root, 'dist/storefront.js.br'), brotliCompressSync(script));
    writeFileSync(join(root, 'dist/storefront.js.gz'), gzipSync(script));
    app = await buildApp({ db: database.db, logger: false, rootDir: root });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('sends the built script as its brotli or gzip file by Accept-Encoding, and plain to a client that takes neither', async () => {
    const br = await app.inject({ url: '/dist/storefront.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await app.inject({ url: '/dist/storefront.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/dist/storefront.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets a hashed chunk or stylesheet be kept for a year, and the entry script for an hour then revalidated', async () => {
    for (const path of ['/dist/esm/chunks/messages-CzThkUpn.js', '/dist/sf/runtime-B8xyU9rz.js', '/dist/sf/utilities-diJ-gR6F.css']) {
      const hashed = await app.inject(path);
      expect(hashed.statusCode, path).toBe(200);
      expect(hashed.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
    }
    const entry = await app.inject('/dist/storefront.js');
    expect(entry.headers['cache-control']).toBe('public, max-age=3600');
    expect(entry.headers.etag).toBeTruthy();
  });

  it('lets pages on any origin load the built files (modules and the stylesheet are fetched in CORS mode)', async () => {
    for (const path of ['/dist/storefront.js', '/dist/sf/runtime-B8xyU9rz.js', '/dist/sf/utilities-diJ-gR6F.css']) {
      const file = await app.inject({ url: path, headers: { origin: 'https://vendor.example' } });
      expect(file.headers['access-control-allow-origin'], path).toBe('*');
    }
  });

  it('compresses API answers over 1 KB, not the small ones', async () => {
    const list = await app.inject({
      method: 'POST', url: '/api/v2/get_nearby_restaurant_v2', headers: { host: 'localhost', 'accept-encoding': 'br, gzip' },
      payload: { latitude: 37.7749, longitude: -122.4194, total_record: 100, skip: 0 },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const json = JSON.parse(brotliDecompressSync(list.rawPayload).toString()) as { code: number; Result: unknown[] };
    expect(json.code).toBe(200);
    expect(json.Result.length).toBeGreaterThan(3);
    const small = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the full page as the browser takes it, and says it varies by it', async () => {
    const asked = (encoding: string) => app.inject({ url: '/restaurant/MQ==', headers: { host: 'localhost', 'accept-encoding': encoding } });
    const br = await asked('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    const page = brotliDecompressSync(br.rawPayload).toString();
    expect(page).toContain('<p>the full page</p>');
    expect(br.rawPayload.length).toBeLessThan(page.length / 4);
    const gzip = await asked('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(page);
    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });
});
