import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreCard } from '../../../../contract/api/stores.ts';
import { createClockWorld, type ClockWorld } from '../../../test/clock-app.ts';
import { createTestApp, HARBOR, type TestApp } from '../../../test/test-app.ts';
import { findVendorByHost } from '../../vendors/index.ts';
import { listNearby, storeListVersion } from '../domain/stores.ts';

// Nearby-stores answers are kept in memory (listNearby), so every change they are made of must reach the
// very next answer: each rule of freshness is here, asked once before the change (the answer kept) and once after.
const SF = { latitude: 37.7749, longitude: -122.4194 };

describe('nearby stores: what is kept and what makes it stale at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const sql = (text: string, values: unknown[] = []) => t.database.db.query(text, values);
  const storeId = async (slug: string) => Number((await sql('SELECT id FROM restaurants WHERE slug = $1', [slug])).rows[0].id);
  const nearby = async (body: object = {}) => {
    const answer = (await t.call('get_nearby_restaurant_v2', { ...SF, total_record: 100, skip: 0, ...body })).json<{ code: number; Result: StoreCard[] }>();
    return answer.Result;
  };
  const card = async (slug: string, body: object = {}) => (await nearby(body)).find((store) => store.slug === slug);

  it('keeps an answer: asked again, it comes from memory, not from the stores', async () => {
    const db = t.database.db;
    const vendor = (await findVendorByHost(db, HARBOR, () => {}))!;
    const id = await storeId('golden-gate-pizzeria');
    // One instant for every question (the system clock could cross a minute between them).
    const at = new Date();
    const name = async () => (await listNearby(db, vendor, { ...SF, lang: 'en', mode: 'delivery', limit: 100, skip: 0, sort: 'distance' }, at))
      .find((row) => row.id === id)?.name;
    expect(await name()).toBe('Golden Gate Pizzeria');
    // A change that raises no version (triggers off for this one connection) is not seen: the answer was kept.
    const client = await db.connect();
    try {
      await client.query("SET session_replication_role = 'replica'");
      await client.query("UPDATE restaurants SET name = 'Unseen Pizzeria' WHERE id = $1", [id]);
    } finally {
      await client.query("SET session_replication_role = 'origin'");
      client.release();
    }
    expect(await name()).toBe('Golden Gate Pizzeria');
    await sql("UPDATE restaurants SET name = 'Golden Gate Pizzeria' WHERE id = $1", [id]);
    expect(await name()).toBe('Golden Gate Pizzeria');
  });

  it('raises the version once per transaction, when it commits', async () => {
    const db = t.database.db;
    const vendor = (await findVendorByHost(db, HARBOR, () => {}))!;
    const before = await storeListVersion(db, vendor.id);
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE restaurants SET rating = rating WHERE vendor_id = $1', [vendor.id]);
      await client.query('UPDATE cuisines SET name = name WHERE vendor_id = $1', [vendor.id]);
      // Not yet: the version's row is taken only while committing.
      const { rows: [meanwhile] } = await client.query('SELECT version FROM store_list_versions WHERE vendor_id = $1', [vendor.id]);
      expect(Number(meanwhile.version)).toBe(before);
      await client.query('COMMIT');
    } finally {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
    }
    expect(await storeListVersion(db, vendor.id)).toBe(before + 1);
  });

  it('a store edited (its name, its translation, its offer) is seen by the next answer', async () => {
    const id = await storeId('golden-gate-pizzeria');
    await card('golden-gate-pizzeria');
    await sql("UPDATE restaurants SET name = 'Golden Gate Pizza Co', discount_text = '10% off today' WHERE id = $1", [id]);
    expect(await card('golden-gate-pizzeria')).toMatchObject({ name: 'Golden Gate Pizza Co', discount_text: '10% off today' });
    await sql(`UPDATE restaurants SET i18n = jsonb_set(i18n, '{ar,name}', '"بيتزا البوابة"') WHERE id = $1`, [id]);
    expect((await card('golden-gate-pizzeria', { is_langauge: 'ar' }))?.name).toBe('بيتزا البوابة');
  });

  it('a store switched off or on is closed or open in the next answer, and in the "open now" list', async () => {
    const id = await storeId('golden-gate-pizzeria');
    await sql('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [id]); // no hours: open around the clock
    expect((await card('golden-gate-pizzeria'))?.restaurant_on_off).toBe('1');
    expect(await card('golden-gate-pizzeria', { filter_type: 'open_now' })).toBeDefined();
    await sql('UPDATE restaurants SET on_off = false WHERE id = $1', [id]);
    expect((await card('golden-gate-pizzeria'))?.restaurant_on_off).toBe('0');
    expect(await card('golden-gate-pizzeria', { filter_type: 'open_now' })).toBeUndefined();
    await sql('UPDATE restaurants SET on_off = true WHERE id = $1', [id]);
    expect((await card('golden-gate-pizzeria'))?.restaurant_on_off).toBe('1');
  });

  it('opening hours changed are seen by the next answer', async () => {
    const id = await storeId('golden-gate-pizzeria');
    await sql('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [id]);
    expect((await card('golden-gate-pizzeria'))?.restaurant_on_off).toBe('1');
    // Open one minute a week, at a minute that is not now.
    const { rows } = await sql(`SELECT extract(dow FROM now() AT TIME ZONE time_zone + interval '3 days')::int AS weekday FROM restaurants WHERE id = $1`, [id]);
    await sql("INSERT INTO restaurant_hours (vendor_id, restaurant_id, weekday, opens, closes) SELECT vendor_id, id, $2, '03:00', '03:01' FROM restaurants WHERE id = $1", [id, rows[0].weekday]);
    expect((await card('golden-gate-pizzeria'))?.restaurant_on_off).toBe('0');
    await sql('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [id]);
    expect((await card('golden-gate-pizzeria'))?.restaurant_on_off).toBe('1');
  });

  it('a delivery zone changed (the polygon, the radius) is seen by the next answer', async () => {
    const id = await storeId('golden-gate-pizzeria');
    expect(await card('golden-gate-pizzeria')).toBeDefined();
    // A zone a few streets away: the customer is outside it.
    await sql(`UPDATE restaurants SET delivery_polygon = '[[37.80, -122.45], [37.81, -122.45], [37.81, -122.44], [37.80, -122.44]]' WHERE id = $1`, [id]);
    expect(await card('golden-gate-pizzeria')).toBeUndefined();
    // A zone around the customer.
    await sql(`UPDATE restaurants SET delivery_polygon = '[[37.77, -122.42], [37.78, -122.42], [37.78, -122.41], [37.77, -122.41]]' WHERE id = $1`, [id]);
    expect(await card('golden-gate-pizzeria')).toBeDefined();
    await sql('UPDATE restaurants SET delivery_polygon = NULL, delivery_radius_km = 1 WHERE id = $1', [id]);
    expect(await card('golden-gate-pizzeria')).toBeUndefined();
    await sql('UPDATE restaurants SET delivery_radius_km = 10 WHERE id = $1', [id]);
    expect(await card('golden-gate-pizzeria')).toBeDefined();
  });

  it('a store closed for good, or opened, is gone from or in the next answer', async () => {
    const id = await storeId('golden-gate-pizzeria');
    expect(await card('golden-gate-pizzeria')).toBeDefined();
    await sql('UPDATE restaurants SET is_active = false WHERE id = $1', [id]);
    expect(await card('golden-gate-pizzeria')).toBeUndefined();
    await sql('UPDATE restaurants SET is_active = true WHERE id = $1', [id]);
    expect(await card('golden-gate-pizzeria')).toBeDefined();
  });

  it('a cuisine renamed, or taken off a store, is seen by the next answer', async () => {
    const id = await storeId('golden-gate-pizzeria');
    expect((await card('golden-gate-pizzeria'))?.cuisine_name).toEqual(['Italian', 'Pizza']);
    await sql("UPDATE cuisines SET name = 'Pizzas' WHERE name = 'Pizza' AND vendor_id = (SELECT vendor_id FROM restaurants WHERE id = $1)", [id]);
    expect((await card('golden-gate-pizzeria'))?.cuisine_name).toEqual(['Italian', 'Pizzas']);
    await sql("DELETE FROM restaurant_cuisines rc USING cuisines c WHERE c.id = rc.cuisine_id AND c.name = 'Italian' AND rc.restaurant_id = $1", [id]);
    expect((await card('golden-gate-pizzeria'))?.cuisine_name).toEqual(['Pizzas']);
  });

  it('a brand\'s stores changed are seen by the next brand list', async () => {
    const db = t.database.db;
    const vendor = (await findVendorByHost(db, HARBOR, () => {}))!;
    const id = await storeId('golden-gate-pizzeria');
    const brand = Number((await sql("INSERT INTO brands (vendor_id, name, slug) VALUES ($1, 'Fresh Brand', 'fresh-brand') RETURNING id", [vendor.id])).rows[0].id);
    const branded = async () => (await listNearby(db, vendor, { ...SF, lang: 'en', mode: 'delivery', limit: 100, skip: 0, sort: 'distance', brandId: brand }, new Date())).map((row) => row.id);
    expect(await branded()).toEqual([]);
    await sql('INSERT INTO brand_restaurants (vendor_id, brand_id, restaurant_id) VALUES ($1, $2, $3)', [vendor.id, brand, id]);
    expect(await branded()).toEqual([id]);
    await sql('UPDATE brands SET is_active = false WHERE id = $1', [brand]);
    expect(await branded()).toEqual([]);
  });

  // Two transactions at once need PostgreSQL (PGlite is one session).
  it.runIf(process.env.DATABASE_URL)('a transaction over two stores and a rating of one of them do not deadlock on the version', async () => {
    const db = t.database.db;
    const [first, second] = [await storeId('golden-gate-pizzeria'), await storeId('mission-street-taqueria')];
    const [backOffice, rating] = [await db.connect(), await db.connect()];
    try {
      await backOffice.query('BEGIN');
      await backOffice.query('UPDATE restaurants SET discount_text = discount_text WHERE id = $1', [first]);
      await rating.query('BEGIN');
      await rating.query("SET LOCAL lock_timeout = '3s'");
      // Had the back office's first change locked the version's row, this would wait for it, and it for this.
      await rating.query('UPDATE restaurants SET rating = rating WHERE id = $1', [second]);
      const secondChange = backOffice.query('UPDATE restaurants SET discount_text = discount_text WHERE id = $1', [second]);
      await rating.query('COMMIT');
      await secondChange;
      await backOffice.query('COMMIT');
    } finally {
      await backOffice.query('ROLLBACK').catch(() => {});
      await rating.query('ROLLBACK').catch(() => {});
      backOffice.release();
      rating.release();
    }
  });

  it('the version moves for each vendor apart, and with TRUNCATE for all', async () => {
    const db = t.database.db;
    const { rows } = await sql('SELECT id FROM vendors ORDER BY id');
    const [first, second] = rows.map((row) => Number(row.id)) as [number, number];
    const before = [await storeListVersion(db, first), await storeListVersion(db, second)];
    await sql('UPDATE restaurants SET rating = rating WHERE vendor_id = $1', [first]);
    expect([await storeListVersion(db, first), await storeListVersion(db, second)]).toEqual([before[0]! + 1, before[1]]);
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      await client.query('TRUNCATE brand_restaurants');
      const { rows: [moved] } = await client.query('SELECT version FROM store_list_versions WHERE vendor_id = $1', [second]);
      expect(Number(moved.version)).toBe(before[1]! + 1);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('opening hours are whole minutes', async () => {
    const id = await storeId('golden-gate-pizzeria');
    await expect(sql("INSERT INTO restaurant_hours (vendor_id, restaurant_id, weekday, opens, closes) SELECT vendor_id, id, 1, '09:00:30', '17:00' FROM restaurants WHERE id = $1", [id]))
      .rejects.toThrow(/restaurant_hours_whole_minutes/);
  });
});

describe('nearby stores: the clock opens and closes stores in the next answer', () => {
  let w: ClockWorld;
  beforeAll(async () => {
    w = await createClockWorld();
  });
  afterAll(async () => w.close());

  // Golden Gate Pizzeria opens 11:00 and closes 23:00 in Los Angeles. The app's clock is moved by hand from the last
  // instant before one of those minutes to the minute itself: the answer kept before it is not served after it.
  it.each([
    ['opened', '2027-03-02T10:59:59.999-08:00', '2027-03-02T11:00:00-08:00', '0', '1'],
    ['closed', '2027-03-02T22:59:59.999-08:00', '2027-03-02T23:00:00-08:00', '1', '0'],
  ])('a store %s by the clock', async (_, last, minute, before, after) => {
    let now = new Date(last);
    const app = await w.appOn({ now: () => now, testStart: new Date(last) });
    const ask = async (filter = '') => (await w.post<StoreCard[]>(app, 'get_nearby_restaurant_v2', { ...SF, total_record: 100, skip: 0, filter_type: filter })).Result ?? [];
    const pizzeria = async () => (await ask()).find((store) => store.slug === 'golden-gate-pizzeria')?.restaurant_on_off;
    const openNow = async () => (await ask('open_now')).some((store) => store.slug === 'golden-gate-pizzeria');
    expect(await pizzeria()).toBe(before);
    expect(await openNow()).toBe(before === '1');
    now = new Date(minute);
    expect(await pizzeria()).toBe(after);
    expect(await openNow()).toBe(after === '1');
  });
});
