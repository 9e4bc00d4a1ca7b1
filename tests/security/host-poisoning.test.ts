// Finding 8 (production defaults): absolute URLs in answers were built from the Host header when
// PUBLIC_URL was not set, so a forged Host changed the links. They are now built on PUBLIC_URL
// (which production requires); without it, only a loopback host of the request counts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderResult } from '../../contract/api/checkout.ts';
import { buildApp } from '../../server/app.ts';
import { createSession } from '../../server/modules/accounts/index.ts';
import { seedIfEmpty } from '../../server/seed/index.ts';
import { createTestDb, type TestDb } from '../../server/test/test-db.ts';

const FORGED = ['evil.example', 'evil.example:8080', 'localhost:8080@evil.example', 'localhost.evil.example'];

describe('links in answers do not follow a forged Host header', () => {
  let database: TestDb;
  let development: FastifyInstance;
  let configured: FastifyInstance;
  let production: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDb();
    await seedIfEmpty(database.db);
    development = await buildApp({ db: database.db, logger: false, production: false });
    configured = await buildApp({ db: database.db, logger: false, production: false, publicUrl: 'http://api.shop.example:8080' });
    production = await buildApp({ db: database.db, logger: false, production: true, publicUrl: 'https://api.shop.example' });
    proxied = await buildApp({ db: database.db, logger: false, production: false, trustProxy: true });
  });
  afterAll(async () => {
    for (const app of [development, configured, production, proxied]) await app.close();
    await database.close();
  });

  /** The logo link the settings answer gives a request with this Host (the vendor named by X-Storefront-Host). */
  async function logo(app: FastifyInstance, host: string, extra: Record<string, string> = {}): Promise<string> {
    const response = await app.inject({
      method: 'POST', url: '/api/v2/get-vendor-settings', payload: {}, headers: { host, 'x-storefront-host': 'localhost', ...extra },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ settings: { app_logo: string } }>().settings.app_logo;
  }

  it('in production the links are on PUBLIC_URL, whatever the Host', async () => {
    for (const host of [...FORGED, 'localhost:8080']) {
      expect(await logo(production, host), host).toBe('https://api.shop.example/media/logo/harbor-eats.svg');
    }
  });

  it('with PUBLIC_URL set outside production, the same', async () => {
    for (const host of [...FORGED, 'souq.localhost:8080']) {
      expect(await logo(configured, host), host).toBe('http://api.shop.example:8080/media/logo/harbor-eats.svg');
    }
  });

  it('without PUBLIC_URL (development), a loopback host counts and any other does not', async () => {
    expect(await logo(development, 'localhost:8080')).toBe('http://localhost:8080/media/logo/harbor-eats.svg');
    expect(await logo(development, 'souq.localhost:8181')).toBe('http://souq.localhost:8181/media/logo/harbor-eats.svg');
    expect(await logo(development, '127.0.0.1:8080')).toBe('http://127.0.0.1:8080/media/logo/harbor-eats.svg');
    for (const host of FORGED) {
      const link = await logo(development, host);
      expect(new URL(link).hostname, host).toBe('localhost');
      expect(link, host).not.toContain('evil');
    }
  });

  it('behind a trusted proxy, a forged X-Forwarded-Host or X-Forwarded-Proto does not count either', async () => {
    const link = await logo(proxied, 'localhost:8080', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'javascript' });
    expect(new URL(link).hostname).toBe('localhost');
    expect(new URL(link).protocol).toBe('http:');
  });

  it('nor does the payment link place_order answers', async () => {
    const { rows } = await database.db.query<{ id: number; vendor_id: number }>(
      "SELECT u.id, u.vendor_id FROM users u JOIN vendor_hosts h ON h.vendor_id = u.vendor_id WHERE h.host = 'localhost' ORDER BY u.id LIMIT 1",
    );
    const token = await createSession(database.db, rows[0]!.vendor_id, rows[0]!.id);
    const store = (await database.db.query<{ id: number }>("SELECT id FROM restaurants WHERE slug = 'golden-gate-pizzeria'")).rows[0]!.id;
    await database.db.query('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [store]);
    const item = (await database.db.query<{ id: number }>(
      `SELECT i.id FROM items i WHERE i.restaurant_id = $1 AND i.is_available AND (i.stock IS NULL OR i.stock > 0)
         AND NOT EXISTS (SELECT 1 FROM item_option_groups g WHERE g.item_id = i.id) ORDER BY i.id LIMIT 1`,
      [store],
    )).rows[0]!.id;
    const headers = { host: 'evil.example', 'x-storefront-host': 'localhost', authorization: `Bearer ${token}` };
    const call = (name: string, payload: object) => development.inject({ method: 'POST', url: `/api/v2/${name}`, headers, payload });
    const pricing = { restaurant_id: store, order_mode: 'pickup', lines: [{ item_id: item, quantity: 3, selectCustoizeID: [], price: 0 }] }; // over the store's minimum
    const bill = (await call('check_restaurant_menu_with_price', pricing)).json<{ Result: { total: number; lines: Array<{ unit_price: number }> } }>().Result;
    const placed = await call('place_order', {
      ...pricing, lines: [{ ...pricing.lines[0], price: bill.lines[0]!.unit_price }], idempotency_key: 'host-poisoning-1',
      payment_method: 'online', expected_total: bill.total, return_url: 'http://localhost:8080/',
    });
    expect(placed.json().code, placed.body).toBe(200);
    const link = placed.json<{ Result: PlaceOrderResult }>().Result.payment_url;
    expect(new URL(link).hostname).toBe('localhost');
    expect(link).not.toContain('evil');
  });
});
