import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/index.ts';
import { createTestDb, type TestDb } from '../test/test-db.ts';
import { migrate } from './migrate.ts';

describe('migrations and seed', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => t.close());

  it('records applied migrations and is idempotent', async () => {
    const { rows } = await t.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toContain('001_core');
    expect(await migrate(t.db)).toEqual([]);
  });

  it('seeds two vendors once, with varied catalogue data', async () => {
    expect(await seedIfEmpty(t.db)).toBe(true);
    expect(await seedIfEmpty(t.db)).toBe(false);
    const vendors = await t.db.query<{ id: number; slug: string; price_decimals: number | null }>(
      'SELECT id, slug, price_decimals FROM vendors ORDER BY id',
    );
    expect(vendors.rows.map((v) => v.slug)).toEqual(['harbor-eats', 'souq-al-madina']);
    expect(typeof vendors.rows[0]?.id).toBe('number');
    const hosts = await t.db.query<{ host: string }>('SELECT host FROM vendor_hosts ORDER BY host');
    expect(hosts.rows.map((h) => h.host)).toEqual(['127.0.0.1', 'localhost', 'souq.localhost']);

    const stores = await t.db.query<{ vendor_id: number; n: number; items: number }>(
      `SELECT r.vendor_id, count(DISTINCT r.id)::int AS n, count(i.id)::int AS items
       FROM restaurants r LEFT JOIN items i ON i.vendor_id = r.vendor_id AND i.restaurant_id = r.id
       GROUP BY r.vendor_id ORDER BY r.vendor_id`,
    );
    expect(stores.rows[0]?.n).toBeGreaterThanOrEqual(8);
    expect(stores.rows[1]?.n).toBeGreaterThanOrEqual(5);
    const edge = await t.db.query<{ zero: number; low: number; long_discount: number; off: number; pre: number }>(
      `SELECT count(*) FILTER (WHERE rating = 0)::int AS zero, count(*) FILTER (WHERE rating > 0 AND rating <= 2)::int AS low,
              count(*) FILTER (WHERE length(discount_text) > 50)::int AS long_discount,
              count(*) FILTER (WHERE NOT on_off)::int AS off, count(*) FILTER (WHERE is_pre_order = 1)::int AS pre
       FROM restaurants WHERE vendor_id = $1`,
      [vendors.rows[0]?.id],
    );
    expect(edge.rows[0]).toMatchObject({ zero: 1, long_discount: 1, off: 1, pre: 1 });
    expect(edge.rows[0]?.low).toBeGreaterThanOrEqual(1);

    const options = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM item_option_groups WHERE is_required AND min_select = 1 AND max_select = 1`,
    );
    expect(options.rows[0]?.n).toBeGreaterThan(0);
    const coupons = await t.db.query<{ code: string; expired: boolean }>(
      'SELECT code, expires_at < now() AS expired FROM coupons WHERE vendor_id = $1 ORDER BY code',
      [vendors.rows[0]?.id],
    );
    expect(coupons.rows.find((c) => c.code === 'SUMMER30')?.expired).toBe(true);
    expect(coupons.rows.length).toBeGreaterThanOrEqual(4);
  });

  it('returns bigint money as numbers', async () => {
    const { rows } = await t.db.query<{ price_minor: unknown }>('SELECT price_minor FROM items LIMIT 1');
    expect(typeof rows[0]?.price_minor).toBe('number');
  });

  it('keeps children in their parent vendor (composite foreign keys)', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      "SELECT r.id FROM restaurants r JOIN vendors v ON v.id = r.vendor_id WHERE v.slug = 'harbor-eats' LIMIT 1",
    );
    const souq = await t.db.query<{ id: number }>("SELECT id FROM vendors WHERE slug = 'souq-al-madina'");
    await expect(
      t.db.query("INSERT INTO menu_categories (vendor_id, restaurant_id, name) VALUES ($1, $2, 'x')", [
        souq.rows[0]?.id,
        rows[0]?.id,
      ]),
    ).rejects.toThrow();
  });
});
