import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner } from '../../../../contract/api/discovery.ts';
import type { StoreCard } from '../../../../contract/api/stores.ts';
import { createTestApp, SOUQ, type TestApp } from '../../../test/test-app.ts';
import { BANNER_NOT_FOUND } from './banner-stores.ts';
import { NO_SERVICE } from './stores.ts';

const SF = { latitude: 37.7749, longitude: -122.4194 };
const NYC = { latitude: 40.7128, longitude: -74.006 };
const DUBAI = { latitude: 25.2048, longitude: 55.2708 };

describe('get_banner_retaurant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const banners = async (host?: string) => (await t.post('get_banner', {}, host ? { host } : {})).body.Result as Banner[];

  it("answers a store banner's store where it serves the point", async () => {
    const [taco] = await banners();
    const answer = await t.post('get_banner_retaurant', { banner_id: taco!.banner_id, ...SF });
    expect(answer.body.code).toBe(200);
    expect((answer.body.Result as StoreCard[]).map((s) => s.slug)).toEqual(['mission-street-taqueria']);
    expect((await t.post('get_banner_retaurant', { banner_id: taco!.banner_id, ...NYC })).body).toEqual({ code: 101, msg: NO_SERVICE, msg_key: 'location.no_service', Result: [] });
  });

  it("answers a category banner's and a brand banner's stores", async () => {
    const db = t.database.db;
    const { rows: [cuisine] } = await db.query<{ id: number; vendor_id: number }>(
      `SELECT c.id, c.vendor_id FROM cuisines c JOIN vendor_hosts h ON h.vendor_id = c.vendor_id WHERE h.host = 'localhost' AND c.name = 'Vegan'`,
    );
    const { rows: [brand] } = await db.query<{ id: number }>('SELECT id FROM brands WHERE vendor_id = $1 ORDER BY id LIMIT 1', [cuisine!.vendor_id]);
    const insert = async (type: string, target: number | null) => (await db.query<{ id: number }>(
      `INSERT INTO banners (vendor_id, title, target_type, target_id) VALUES ($1, $2, $3, $4) RETURNING id`,
      [cuisine!.vendor_id, `${type} banner`, type, target],
    )).rows[0]!.id;
    const vegan = await insert('category', cuisine!.id);
    const byCuisine = (await t.post('get_banner_retaurant', { banner_id: vegan, ...SF })).body.Result as StoreCard[];
    expect(byCuisine.map((s) => s.slug).sort()).toEqual(['green-leaf-vegan', 'spice-route-indian-kitchen']);
    const brandBanner = await insert('brand', brand!.id);
    const byBrand = (await t.post('get_banner_retaurant', { banner_id: brandBanner, ...SF })).body.Result as StoreCard[];
    expect(byBrand.map((s) => s.slug).sort()).toEqual(['burger-dock', 'dogpatch-breakfast-club']);
    const link = await insert('url', null);
    expect((await t.post('get_banner_retaurant', { banner_id: link, ...SF })).body).toEqual({ code: 101, msg: BANNER_NOT_FOUND, Result: [] });
  });

  it('banner_with_category: the banners with where each points', async () => {
    const list = (await t.post('banner_with_category', { is_langauge: 'en' })).body.Result as Array<Record<string, unknown>>;
    const taco = list.find((b) => b.title === 'Taco Tuesday at Mission Street');
    expect(taco).toMatchObject({ target_type: 'restaurant', restaurant_id: await t.storeId('mission-street-taqueria'), category_id: null, brand_id: null, url: '' });
    const vegan = list.find((b) => b.title === 'category banner');
    expect(vegan).toMatchObject({ target_type: 'category', category_name: 'Vegan', brand_id: null });
    expect(list.find((b) => b.title === 'brand banner')).toMatchObject({ target_type: 'brand', brand_id: expect.any(Number), category_id: null });
    const souq = (await t.post('banner_with_category', { is_langauge: 'ar' }, { host: SOUQ })).body.Result as Array<Record<string, unknown>>;
    expect(souq[0]!.title).toBe('تمور الموسم وصلت');
    expect(souq.some((b) => b.title === 'category banner')).toBe(false);
  });

  it("refuses another vendor's, an unknown or an inactive banner, and bad input", async () => {
    const [souqBanner] = await banners(SOUQ);
    expect((await t.post('get_banner_retaurant', { banner_id: souqBanner!.banner_id, ...SF })).body.msg).toBe(BANNER_NOT_FOUND);
    expect((await t.post('get_banner_retaurant', { banner_id: souqBanner!.banner_id, ...DUBAI }, { host: SOUQ })).body.code).toBe(200);
    expect((await t.post('get_banner_retaurant', { banner_id: 999_999, ...SF })).body.msg).toBe(BANNER_NOT_FOUND);
    const [first] = await banners();
    await t.database.db.query('UPDATE banners SET is_active = false WHERE id = $1', [first!.banner_id]);
    expect((await t.post('get_banner_retaurant', { banner_id: first!.banner_id, ...SF })).body.msg).toBe(BANNER_NOT_FOUND);
    expect((await t.post('get_banner_retaurant', { banner_id: 'x', ...SF })).status).toBe(422);
    expect((await t.post('get_banner_retaurant', { banner_id: 1, latitude: 91, longitude: 0 })).status).toBe(422);
  });
});
