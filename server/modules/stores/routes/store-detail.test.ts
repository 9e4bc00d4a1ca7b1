import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestaurantDetail, RestaurantTiming } from '../../../../contract/api/stores.ts';
import { createTestApp, SOUQ, type TestApp } from '../../../test/test-app.ts';

const SF = { latitude: 37.7749, longitude: -122.4194 };
const NYC = { latitude: 40.7128, longitude: -74.006 };

describe('store detail, timing, rating and radius', () => {
  let t: TestApp;
  let pizza: number;
  let bangkok: number;
  let gulf: number;
  beforeAll(async () => {
    t = await createTestApp();
    pizza = await t.storeId('golden-gate-pizzeria');
    bangkok = await t.storeId('bangkok-corner');
    gulf = await t.storeId('gulf-supermarket', SOUQ);
  });
  afterAll(async () => t.close());

  const post = (call: string, body: object, host?: string) => t.post(call, body, host ? { host } : {});

  it('answers RestaurantDetail by id (number or numeric string) and by slug', async () => {
    const { status, body } = await post('get_restaurant_detail', { restaurant_id: pizza, ...SF, is_langauge: 'en' });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    const d = body.Result as RestaurantDetail;
    expect(d).toMatchObject({
      restaurant_id: pizza, name: 'Golden Gate Pizzeria', slug: 'golden-gate-pizzeria', minimum_order_value: 15,
      minimum_admin_commision: 0, packaging_charge: 0.5, time_zone: 'America/Los_Angeles', delivery_radius_km: 6,
      cuisine_name: ['Italian', 'Pizza'], two_person_price: 38, accepts_scheduled_orders: 1,
    });
    expect(d.opening_hours).toHaveLength(7);
    expect(d.opening_hours[0]).toEqual({ weekday: 0, opens: '11:00', closes: '23:00' });
    expect(d.distance).toBeGreaterThan(2.5);
    expect(d.icon_image).toMatch(/^http:\/\/localhost(:\d+)?\/media\/store\/golden-gate-pizzeria\.png$/);

    const asString = await post('get_restaurant_detail', { restaurant_id: String(pizza) });
    expect((asString.body.Result as RestaurantDetail).distance).toBe(0);
    const bySlug = await post('get_restaurant_detail_by_slug', { slug: 'golden-gate-pizzeria', is_langauge: 'ar' });
    expect((bySlug.body.Result as RestaurantDetail).name).toBe('بيتزيريا البوابة الذهبية');
  });

  it("answers 'Store not found' for unknown stores and another vendor's store", async () => {
    const notFound = { code: 101, msg: 'Store not found', msg_key: 'store.not_found' };
    expect((await post('get_restaurant_detail', { restaurant_id: 999999 })).body).toEqual(notFound);
    expect((await post('get_restaurant_detail', { restaurant_id: gulf })).body).toEqual(notFound);
    expect((await post('get_restaurant_detail', { restaurant_id: pizza }, SOUQ)).body).toEqual(notFound);
    expect((await post('get_restaurant_detail_by_slug', { slug: 'gulf-supermarket' })).body).toEqual(notFound);
    for (const call of ['get_restaurant_on_off', 'restaurantTiming', 'get_restaurant_rating']) {
      expect((await post(call, { restaurant_id: gulf })).body).toEqual(notFound);
    }
    expect((await post('check_restaurant_radius', { restaurant_id: gulf, ...SF })).body).toEqual(notFound);
  });

  it('refuses non-numeric ids and bad coordinates with 422', async () => {
    for (const [body, field] of [
      [{ restaurant_id: 'abc' }, 'restaurant_id'],
      [{ restaurant_id: -3 }, 'restaurant_id'],
      [{}, 'restaurant_id'],
      [{ restaurant_id: pizza, latitude: 'north', longitude: 1 }, 'latitude'],
    ] as Array<[object, string]>) {
      const res = await post('get_restaurant_detail', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toHaveProperty(field);
    }
    expect((await post('get_restaurant_detail', { restaurant_id: 'abc' })).body.msg).toBe('restaurant_id must be a positive whole number');
    expect((await post('get_restaurant_detail_by_slug', {})).status).toBe(422);
    expect((await post('check_restaurant_radius', { restaurant_id: pizza, latitude: 95, longitude: 0 })).status).toBe(422);
    expect((await post('check_restaurant_radius', { restaurant_id: pizza })).status).toBe(422);
  });

  it('reports on/off, timing and rating', async () => {
    const off = await post('get_restaurant_on_off', { restaurant_id: bangkok });
    expect(off.body).toEqual({ code: 200, Result: { restaurant_on_off: '0' } });
    const timing = (await post('restaurantTiming', { restaurant_id: bangkok })).body.Result as RestaurantTiming;
    // Switched off by the store: closed, with no scheduled reopening.
    expect(timing).toMatchObject({ is_open_now: false, next_opening: '' });

    const rating = await post('get_restaurant_rating', { restaurant_id: pizza });
    expect(rating.body).toEqual({ code: 200, Result: { rating: 4.6, rating_count: Math.round(4.6 * 37) } });
  });

  it('gives the next opening in UTC for a store closed by its hours', async () => {
    // Hours that never cover "now": one slot starting in two hours, store time zone UTC.
    const { db } = t.database;
    await db.query("UPDATE restaurants SET time_zone = 'UTC' WHERE id = $1", [pizza]);
    await db.query('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [pizza]);
    const { rows } = await db.query<{ weekday: number; opens: string; closes: string; expected: string }>(
      `SELECT extract(dow FROM s)::int AS weekday, to_char(s, 'HH24:MI') AS opens, to_char(s + interval '1 hour', 'HH24:MI') AS closes,
         to_char(s, 'YYYY-MM-DD"T"HH24:MI:00"Z"') AS expected
       FROM (SELECT date_trunc('minute', now() AT TIME ZONE 'UTC') + interval '2 hours' AS s) x`,
    );
    const slot = rows[0]!;
    await db.query(
      'INSERT INTO restaurant_hours (vendor_id, restaurant_id, weekday, opens, closes) SELECT vendor_id, id, $2, $3, $4 FROM restaurants WHERE id = $1',
      [pizza, slot.weekday, slot.opens, slot.closes],
    );
    const timing = (await post('restaurantTiming', { restaurant_id: pizza })).body.Result as RestaurantTiming;
    expect(timing.is_open_now).toBe(false);
    expect(timing.time_zone).toBe('UTC');
    expect(timing.next_opening).toBe(slot.expected);
    expect(new Date(timing.next_opening).toISOString()).toBe(slot.expected.replace('Z', '.000Z'));
    expect((await post('get_restaurant_on_off', { restaurant_id: pizza })).body.Result).toEqual({ restaurant_on_off: '0' });
  });

  it('checks the delivery radius', async () => {
    expect((await post('check_restaurant_radius', { restaurant_id: pizza, ...SF })).body.code).toBe(200);
    expect((await post('check_restaurant_radius', { restaurant_id: pizza, ...NYC })).body).toEqual({
      code: 101, msg: 'Your location is out of reach', msg_key: 'location.out_of_reach',
    });
  });
});
