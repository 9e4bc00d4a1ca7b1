import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreCard } from '../../../../contract/api/stores.ts';
import { createTestApp, SOUQ, type TestApp } from '../../../test/test-app.ts';

const SF = { latitude: 37.7749, longitude: -122.4194 };
const DUBAI = { latitude: 25.2048, longitude: 55.2708 };

describe('get_nearby_restaurant_v2', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const list = async (body: object, host?: string) => {
    const res = await t.call('get_nearby_restaurant_v2', body, host ? { host } : {});
    return { status: res.statusCode, body: res.json<{ code: number; msg?: string; Result: StoreCard[] }>() };
  };

  it('lists Harbor Eats stores nearest first with the StoreCard shape', async () => {
    const { status, body } = await list({ ...SF, is_langauge: 'en', total_record: 1000, skip: 0 });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.Result.length).toBeGreaterThanOrEqual(8);
    const distances = body.Result.map((s) => s.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const card = body.Result.find((s) => s.slug === 'golden-gate-pizzeria')!;
    expect(card).toMatchObject({
      name: 'Golden Gate Pizzeria',
      restaurant_type: '2',
      rating: 4.6,
      cuisine_name: ['Italian', 'Pizza'],
      delivery_time: 30,
      delivery_times: '25-35 min',
      two_person_price: 38,
      is_pre_order: 0,
    });
    expect(card.icon_image).toMatch(/\/media\/store\/harbor-eats\/pizza\/golden-gate-pizzeria\.png$/);
    expect(card.distance).toBeGreaterThan(2.5);
    expect(card.distance).toBeLessThan(3.5);
    expect(body.Result.find((s) => s.slug === 'bangkok-corner')?.restaurant_on_off).toBe('0');
    expect(body.Result.find((s) => s.slug === 'sweet-tide-desserts')?.is_pre_order).toBe(1);
  });

  it('accepts coordinates as strings (contract: number | string)', async () => {
    const { body } = await list({ latitude: '37.7749', longitude: '-122.4194' });
    expect(body.code).toBe(200);
  });

  it('translates names and cuisines', async () => {
    const { body } = await list({ ...SF, is_langauge: 'ar' });
    const card = body.Result.find((s) => s.slug === 'golden-gate-pizzeria')!;
    expect(card.name).toBe('بيتزيريا البوابة الذهبية');
    expect(card.cuisine_name).toEqual(['إيطالي', 'بيتزا']);
    expect(card.delivery_times).toContain('دقيقة');
  });

  it('answers 101 out of the delivery area', async () => {
    const { status, body } = await list({ latitude: 40.7128, longitude: -74.006 });
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 101,
      msg: 'Service not available in this area. Please change location and try again.', msg_key: 'location.no_service',
      Result: [],
    });
  });

  it('uses each store radius for delivery and 50 km for pickup', async () => {
    // Oakland: ~13 km from the SF stores, beyond every delivery radius, within pickup range.
    const oakland = { latitude: 37.8044, longitude: -122.2712 };
    expect((await list({ ...oakland, delivery_type_time_slots: 'delivery' })).body.code).toBe(101);
    const pickup = await list({ ...oakland, delivery_type_time_slots: 'pickup' });
    expect(pickup.body.code).toBe(200);
    expect(pickup.body.Result.length).toBeGreaterThanOrEqual(8);
  });

  it('finds a store by its reach at the edge of its radius or polygon, never outside, and never with a malformed polygon', async () => {
    const { rows: [store] } = await t.database.db.query<{ id: number; latitude: number; longitude: number; radius: number }>(
      `SELECT r.id, r.latitude, r.longitude, r.delivery_radius_km::float8 AS radius FROM restaurants r JOIN vendors v ON v.id = r.vendor_id
       WHERE v.slug = 'harbor-eats' AND r.slug = 'golden-gate-pizzeria'`,
    );
    const { id, latitude, longitude, radius } = store!;
    const served = async (point: { latitude: number; longitude: number }) =>
      (await list({ ...point, total_record: 1000 })).body.Result.some((card) => card.restaurant_id === id);
    // Due north and due east of the store, 1% inside and 1% outside its radius (6371 km Earth).
    const degrees = (km: number) => (km / 6371) * (180 / Math.PI);
    const east = (km: number) => degrees(km) / Math.cos((latitude * Math.PI) / 180);
    expect(await served({ latitude: latitude + degrees(radius * 0.99), longitude })).toBe(true);
    expect(await served({ latitude: latitude + degrees(radius * 1.01), longitude })).toBe(false);
    expect(await served({ latitude, longitude: longitude + east(radius * 0.99) })).toBe(true);
    expect(await served({ latitude, longitude: longitude + east(radius * 1.01) })).toBe(false);

    // A polygon wins over the radius: a thin strip running 30 km east of the store serves its far end only.
    const far = { latitude, longitude: longitude + east(30) };
    const strip = [[latitude - 0.01, longitude + east(25)], [latitude - 0.01, longitude + east(35)], [latitude + 0.01, longitude + east(35)], [latitude + 0.01, longitude + east(25)]];
    await t.database.db.query('UPDATE restaurants SET delivery_polygon = $2 WHERE id = $1', [id, JSON.stringify(strip)]);
    try {
      expect(await served(far)).toBe(true);
      expect(await served({ latitude, longitude })).toBe(false);
      await t.database.db.query('UPDATE restaurants SET delivery_polygon = $2 WHERE id = $1', [id, JSON.stringify([[1, 'x'], [2, 3], [4, 5]])]);
      expect(await served(far)).toBe(false);
      expect(await served({ latitude, longitude })).toBe(false);
    } finally {
      await t.database.db.query('UPDATE restaurants SET delivery_polygon = NULL WHERE id = $1', [id]);
    }
    expect(await served({ latitude, longitude })).toBe(true);
  });

  it('takes pickup stores up to 50 km away in any direction, the reach of the spatial index included', async () => {
    const { rows: [store] } = await t.database.db.query<{ id: number; latitude: number; longitude: number }>(
      `SELECT r.id, r.latitude, r.longitude FROM restaurants r JOIN vendors v ON v.id = r.vendor_id
       WHERE v.slug = 'harbor-eats' AND r.slug = 'golden-gate-pizzeria'`,
    );
    const { id, latitude, longitude } = store!;
    const degrees = (km: number) => (km / 6371) * (180 / Math.PI);
    const pickup = async (point: { latitude: number; longitude: number }) =>
      (await list({ ...point, delivery_type_time_slots: 'pickup', total_record: 1000 })).body.Result.some((card) => card.restaurant_id === id);
    expect(await pickup({ latitude: latitude - degrees(49.5), longitude })).toBe(true);
    expect(await pickup({ latitude: latitude - degrees(50.5), longitude })).toBe(false);
    expect(await pickup({ latitude, longitude: longitude - degrees(49.5) / Math.cos((latitude * Math.PI) / 180) })).toBe(true);
  });

  it('pages with total_record and skip', async () => {
    const all = (await list(SF)).body.Result;
    const page = (await list({ ...SF, total_record: 3, skip: 2 })).body.Result;
    expect(page.map((s) => s.restaurant_id)).toEqual(all.slice(2, 5).map((s) => s.restaurant_id));
  });

  it('sorts by rating and cost, and filters by cuisine', async () => {
    const byRating = (await list({ ...SF, sort_type: 'rating' })).body.Result.map((s) => s.rating);
    expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
    const cheap = (await list({ ...SF, sort_type: 'cost_low' })).body.Result.map((s) => s.two_person_price);
    expect(cheap).toEqual([...cheap].sort((a, b) => a - b));
    const dear = (await list({ ...SF, sort_type: 'cost_high' })).body.Result.map((s) => s.two_person_price);
    expect(dear).toEqual([...dear].sort((a, b) => b - a));

    const { rows } = await t.database.db.query<{ id: number }>(
      "SELECT c.id FROM cuisines c JOIN vendors v ON v.id = c.vendor_id WHERE v.slug = 'harbor-eats' AND c.name = 'Vegan'",
    );
    const vegan = (await list({ ...SF, cuisine_id: String(rows[0]?.id) })).body.Result;
    expect(vegan.map((s) => s.slug).sort()).toEqual(['green-leaf-vegan', 'spice-route-indian-kitchen']);
    const veg = (await list({ ...SF, filter_type: 'veg' })).body.Result;
    expect(veg.length).toBeGreaterThan(0);
    expect(veg.every((s) => s.restaurant_type === '1')).toBe(true);
    const range = (await list({ ...SF, cost_range: '20-35' })).body.Result;
    expect(range.length).toBeGreaterThan(0);
    expect(range.every((s) => s.two_person_price >= 20 && s.two_person_price <= 35)).toBe(true);
  });

  it('rejects bad filters and coordinates with 422', async () => {
    const cases: Array<[object, string]> = [
      [{ ...SF, sort_type: 'price' }, 'sort_type'],
      [{ ...SF, filter_type: 'cheap' }, 'filter_type'],
      [{ ...SF, cost_range: 'cheap' }, 'cost_range'],
      [{ ...SF, cuisine_id: 'abc' }, 'cuisine_id'],
      [{ ...SF, total_record: 0 }, 'total_record'],
      [{ ...SF, total_record: 5000 }, 'total_record'],
      [{ ...SF, skip: -1 }, 'skip'],
      [{ ...SF, latitude: 91 }, 'latitude'],
      [{ ...SF, longitude: 'east' }, 'longitude'],
      [{ longitude: 1 }, 'latitude'],
      [{ ...SF, delivery_type_time_slots: 'drone' }, 'delivery_type_time_slots'],
    ];
    for (const [body, field] of cases) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((res.body as unknown as { errors: object }).errors)).toContain(field);
    }
    const lat = await list({ ...SF, latitude: 91 });
    expect(lat.body.msg).toBe('Latitude must be between -90 and 90');
  });

  it('keeps tenants apart: Souq never sees Harbor Eats stores and vice versa', async () => {
    const souqAtSF = await list(SF, SOUQ);
    expect(souqAtSF.body.code).toBe(101);
    const souqPickupSF = await list({ ...SF, delivery_type_time_slots: 'pickup' }, SOUQ);
    expect(souqPickupSF.body.Result).toEqual([]);
    const souq = await list({ ...DUBAI, is_langauge: 'ar' }, SOUQ);
    expect(souq.body.code).toBe(200);
    expect(souq.body.Result.map((s) => s.name)).toContain('سوبرماركت الخليج');
    const harborIds = new Set((await list({ ...SF, delivery_type_time_slots: 'pickup' })).body.Result.map((s) => s.restaurant_id));
    expect(souq.body.Result.some((s) => harborIds.has(s.restaurant_id))).toBe(false);
    expect((await list(DUBAI)).body.code).toBe(101);
    const en = await list({ ...DUBAI, is_langauge: 'en' }, SOUQ);
    expect(en.body.Result[0]?.name).toBe('Gulf Supermarket');
    expect(en.body.Result[0]?.cuisine_name).toEqual(['Supermarket']);
  });

  it('applies the remaining filters: non_veg, offers, open_now, pre_order', async () => {
    const all = (await list(SF)).body.Result;
    const nonVeg = (await list({ ...SF, filter_type: 'non_veg' })).body.Result;
    expect(nonVeg.length).toBeGreaterThan(0);
    expect(nonVeg.every((s) => s.restaurant_type === '2')).toBe(true);
    const offers = (await list({ ...SF, filter_type: 'offers' })).body.Result;
    expect(offers.length).toBe(all.filter((s) => s.discount_text !== '').length);
    // A store without opening hours is open at any hour, so open_now has a store to find whatever the time of day
    // (every seeded store has hours: at night the answer would be empty, and an empty answer passes the checks below).
    const { db } = t.database;
    const pizzeria = all.find((s) => s.slug === 'golden-gate-pizzeria')!.restaurant_id;
    const hours = await db.query<{ vendor_id: number; weekday: number; opens: string; closes: string }>(
      'DELETE FROM restaurant_hours WHERE restaurant_id = $1 RETURNING vendor_id, weekday, opens, closes', [pizzeria]);
    try {
      const open = (await list({ ...SF, filter_type: 'open_now' })).body;
      expect((open.Result ?? []).map((s) => s.slug)).toContain('golden-gate-pizzeria');
      expect((open.Result ?? []).every((s) => s.restaurant_on_off === '1')).toBe(true);
      expect((open.Result ?? []).some((s) => s.slug === 'bangkok-corner')).toBe(false);
    } finally {
      for (const h of hours.rows) {
        await db.query('INSERT INTO restaurant_hours (vendor_id, restaurant_id, weekday, opens, closes) VALUES ($1, $2, $3, $4, $5)',
          [h.vendor_id, pizzeria, h.weekday, h.opens, h.closes]);
      }
    }
    const pre = (await list({ ...SF, filter_type: 'pre_order' })).body.Result;
    expect(pre.map((s) => s.slug)).toEqual(['sweet-tide-desserts']);
    // Filters combine; an empty result is the "none here" answer.
    const none = await list({ ...SF, filter_type: 'pre_order', sort_type: 'rating', cost_range: '900-1000' });
    expect(none.body.code).toBe(101);
  });

  it('refuses negative page sizes and empty or malformed coordinates', async () => {
    for (const body of [
      { ...SF, total_record: -5 },
      { ...SF, skip: 'two' },
      { ...SF, latitude: '' },
      { ...SF, longitude: '12,5' },
      { ...SF, latitude: '37.7749N' },
      { ...SF, cuisine_id: -1 },
    ]) {
      expect((await list(body)).status, JSON.stringify(body)).toBe(422);
    }
  });

  it('delivers inside a polygon zone when a store has one, whatever its radius', async () => {
    const { db } = t.database;
    const sakura = (await list(SF)).body.Result.find((s) => s.slug === 'sakura-sushi-house')!;
    // A square around Oakland, ~13 km from the store: beyond its radius but inside its zone.
    const oakland = { latitude: 37.8044, longitude: -122.2712 };
    const zone = [[37.78, -122.30], [37.78, -122.24], [37.83, -122.24], [37.83, -122.30]];
    await db.query('UPDATE restaurants SET delivery_polygon = $2 WHERE id = $1', [sakura.restaurant_id, JSON.stringify(zone)]);
    try {
      const inZone = await list(oakland);
      expect(inZone.body.Result.map((s) => s.slug)).toEqual(['sakura-sushi-house']);
      // SF centre is within the radius but outside the zone: the zone wins.
      expect((await list(SF)).body.Result.some((s) => s.slug === 'sakura-sushi-house')).toBe(false);
      const radius = async (point: object) =>
        (await t.call('check_restaurant_radius', { restaurant_id: sakura.restaurant_id, ...point })).json<{ code: number; msg?: string }>();
      expect((await radius(oakland)).code).toBe(200);
      expect(await radius(SF)).toEqual({ code: 101, msg: 'Your location is out of reach', msg_key: 'location.out_of_reach' });
      // Pickup ignores delivery zones.
      expect((await list({ ...SF, delivery_type_time_slots: 'pickup' })).body.Result.some((s) => s.slug === 'sakura-sushi-house')).toBe(true);
    } finally {
      await db.query('UPDATE restaurants SET delivery_polygon = NULL WHERE id = $1', [sakura.restaurant_id]);
    }
  });
});

describe('sf_point_in_polygon (SQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const inside = async (poly: unknown, lat: number, lng: number) => {
    const { rows } = await t.database.db.query<{ ok: boolean }>('SELECT sf_point_in_polygon($1::jsonb, $2, $3) AS ok', [
      poly === null ? null : JSON.stringify(poly), lat, lng,
    ]);
    return rows[0]?.ok;
  };

  it('handles convex and concave polygons, edges and malformed zones', async () => {
    const square = [[0, 0], [0, 10], [10, 10], [10, 0]];
    expect(await inside(square, 5, 5)).toBe(true);
    expect(await inside(square, 15, 5)).toBe(false);
    expect(await inside(square, -1, -1)).toBe(false);
    // A "U": the notch between the arms is outside.
    const u = [[0, 0], [0, 10], [10, 10], [10, 7], [3, 7], [3, 3], [10, 3], [10, 0]];
    expect(await inside(u, 5, 5)).toBe(false);
    expect(await inside(u, 5, 1)).toBe(true);
    expect(await inside(u, 5, 9)).toBe(true);
    expect(await inside(u, 1, 5)).toBe(true);
    for (const bad of [null, {}, [], [[0, 0], [1, 1]], [[0, 0], [0, 'x'], [1, 1]], [1, 2, 3], [[0], [1], [2]]]) {
      expect(await inside(bad, 0.5, 0.5), JSON.stringify(bad)).toBe(false);
    }
  });
});
