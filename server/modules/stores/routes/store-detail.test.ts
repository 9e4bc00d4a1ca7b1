import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryZoneSetting, RestaurantDetail, RestaurantTiming, StoreOrderSettings } from '../../../../contract/api/stores.ts';
import { forgetVendors } from '../../../http/vendor.ts';
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
    expect(d.icon_image).toMatch(/^http:\/\/localhost(:\d+)?\/media\/store\/harbor-eats\/pizza\/golden-gate-pizzeria\.png$/);

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

  it('gives a store\'s delivery area, and for a point whether it delivers there and how far it is', async () => {
    const near = (await post('get-delivery-zone-setting', { restaurant_id: pizza, ...SF })).body.Result as DeliveryZoneSetting;
    expect(near).toMatchObject({ restaurant_id: pizza, kind: 'radius', zone: null, radius_km: 6, delivers_here: true, is_delivery_zone_available: 0 });
    expect(near.distance_km).toBeLessThan(6);
    const far = (await post('get-delivery-zone-setting', { restaurant_id: pizza, ...NYC })).body.Result as DeliveryZoneSetting;
    expect(far.delivers_here).toBe(false);
    expect(far.distance_km).toBeGreaterThan(4000);
    const nowhere = (await post('get-delivery-zone-setting', { restaurant_id: pizza })).body.Result as DeliveryZoneSetting;
    expect(nowhere).toMatchObject({ delivers_here: null, distance_km: null });
    // A drawn area wins over the radius: a small square around the store's own corner of town.
    const { db } = t.database;
    await db.query(`UPDATE restaurants SET delivery_polygon = '[[37.77, -122.42], [37.78, -122.42], [37.78, -122.41], [37.77, -122.41]]' WHERE id = $1`, [bangkok]);
    const zone = (await post('get-delivery-zone-setting', { restaurant_id: bangkok, latitude: 37.775, longitude: -122.415 })).body.Result as DeliveryZoneSetting;
    expect(zone).toMatchObject({ kind: 'zone', zone: [[37.77, -122.42], [37.78, -122.42], [37.78, -122.41], [37.77, -122.41]], delivers_here: true });
    const outside = (await post('get-delivery-zone-setting', { restaurant_id: bangkok, latitude: 37.79, longitude: -122.415 })).body.Result as DeliveryZoneSetting;
    expect(outside.delivers_here).toBe(false);
    expect((await post('check_restaurant_radius', { restaurant_id: bangkok, latitude: 37.79, longitude: -122.415 })).body.code).toBe(101);
    await db.query('UPDATE restaurants SET delivery_polygon = NULL WHERE id = $1', [bangkok]);
    expect((await post('get-delivery-zone-setting', { restaurant_id: gulf })).body.code).toBe(101);
  });

  it('says what a store takes at checkout: order modes, payment methods and who takes online payments, its minimum', async () => {
    const settings = (await post('get-restaurant-settings', { restaurant_id: pizza, is_langauge: 'en' })).body.Result as StoreOrderSettings;
    expect(settings).toEqual({
      restaurant_id: pizza, order_modes: ['delivery', 'pickup'], payment_methods: ['wallet', 'cash', 'online'],
      online_provider: { name: 'test', title: 'Test payment' }, minimum_order_value: 15, minimum_enforced: true, packaging_charge: 0.5,
      delivery_time: expect.any(Number), accepts_scheduled_orders: expect.any(Boolean), tax_name: 'Sales tax',
    });
    // A vendor whose provider does not run here takes no online payment; one without the wallet, no wallet payment.
    const { db } = t.database;
    const harbor = (await db.query<{ vendor_id: number }>('SELECT vendor_id FROM restaurants WHERE id = $1', [pizza])).rows[0]!.vendor_id;
    await db.query(`UPDATE vendors SET settings = settings || '{"payment_provider": "razorpay", "client_wallet_status": "inactive"}' WHERE id = $1`, [harbor]);
    forgetVendors(db);
    const without = (await post('get-restaurant-settings', { restaurant_id: pizza })).body.Result as StoreOrderSettings;
    expect(without).toMatchObject({ payment_methods: ['cash'], online_provider: null });
    await db.query(`UPDATE vendors SET settings = settings - 'payment_provider' || '{"client_wallet_status": "active"}' WHERE id = $1`, [harbor]);
    forgetVendors(db);
    expect((await post('get-restaurant-settings', { restaurant_id: 999_999 })).body.code).toBe(101);
  });
});
