import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner, Brand, Cuisine, SearchItem } from '../../../../contract/api/discovery.ts';
import type { StoreCard } from '../../../../contract/api/stores.ts';
import { createTestApp, SOUQ, type TestApp } from '../../../test/test-app.ts';

const SF = { latitude: 37.7749, longitude: -122.4194 };
const NYC = { latitude: 40.7128, longitude: -74.006 };
const DUBAI = { latitude: 25.2048, longitude: 55.2708 };
const NO_SERVICE = 'Service not available in this area. Please change location and try again.';

describe('discovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (call: string, body: object, host?: string) => t.post(call, body, host ? { host } : {});

  it('lists cuisines, banners and brands per vendor and language', async () => {
    const cuisines = (await post('get_cuisinelist', { is_langauge: 'en' })).body.Result as Cuisine[];
    expect(cuisines[0]).toMatchObject({ name: 'Italian' });
    expect(cuisines[0]!.image).toMatch(/^http:\/\/localhost(:\d+)?\/media\/item\/harbor-eats\/pizza\/italian\.png$/);
    const souq = (await post('get_cuisinelist', { is_langauge: 'en' }, SOUQ)).body.Result as Cuisine[];
    expect(souq.map((c) => c.name)).toContain('Supermarket');
    expect(souq.some((c) => cuisines.some((h) => h.cuisine_id === c.cuisine_id))).toBe(false);

    const banners = (await post('get_banner', {})).body.Result as Banner[];
    expect(banners.map((b) => b.title)).toEqual(['Taco Tuesday at Mission Street', 'Pizza night, 20% off', 'Order cakes for the weekend']);
    expect(banners[0]!.image).toMatch(/\/media\/banner\/harbor-eats\/taco\/taco-tuesday\.png$/);
    expect(banners[0]!.restaurant_id).toBe(await t.storeId('mission-street-taqueria'));
    const souqBanners = (await post('get_banner', { is_langauge: 'en' }, SOUQ)).body.Result as Banner[];
    expect(souqBanners[0]).toMatchObject({ title: 'Date season is here', subtitle: 'Fresh Khalas and Medjool from the farms.', action: 'Shop dates' });
    expect(((await post('get_banner', { is_langauge: 'ar' }, SOUQ)).body.Result as Banner[])[0]).toMatchObject({
      title: 'تمور الموسم وصلت', subtitle: 'خلاص ومجدول طازجة من المزارع.', action: 'تسوّق التمور',
    });
    // A language the banner has no words in: the vendor's own.
    expect(((await post('get_banner', { is_langauge: 'de' }, SOUQ)).body.Result as Banner[])[0]!.action).toBe('تسوّق التمور');

    const brands = (await post('brand-list', {})).body.Result as Brand[];
    expect(brands.map((b) => b.name)).toEqual(['Harbor Originals']);
    expect(brands[0]!.image).toMatch(/\/media\/mark\/harbor-originals\.svg$/);
  });

  it('lists the stores of a brand that serve the point', async () => {
    const [brand] = (await post('brand-list', {})).body.Result as Brand[];
    const stores = await post('brand-restaurant', { brand_id: brand!.brand_id, ...SF });
    expect((stores.body.Result as StoreCard[]).map((s) => s.slug).sort()).toEqual(['burger-dock', 'dogpatch-breakfast-club']);
    expect((await post('brand-restaurant', { brand_id: brand!.brand_id, ...NYC })).body).toEqual({ code: 101, msg: NO_SERVICE, msg_key: 'location.no_service', Result: [] });
    expect((await post('brand-restaurant', { brand_id: brand!.brand_id, ...DUBAI }, SOUQ)).body.msg).toBe('Brand not found');
    expect((await post('brand-restaurant', { brand_id: 'x', ...SF })).status).toBe(422);
  });

  it('searches stores by name or cuisine in both languages, only where they deliver', async () => {
    const byName = (await post('search_restaurants', { search: 'sushi', ...SF })).body.Result as StoreCard[];
    expect(byName.map((s) => s.slug)).toEqual(['sakura-sushi-house']);
    const byCuisine = (await post('search_restaurants', { search: 'vegan', ...SF })).body.Result as StoreCard[];
    expect(byCuisine.map((s) => s.slug).sort()).toEqual(['green-leaf-vegan', 'spice-route-indian-kitchen']);
    const arabic = (await post('search_restaurants', { search: 'بيتزا', ...SF, is_langauge: 'ar' })).body.Result as StoreCard[];
    expect(arabic.map((s) => s.name)).toEqual(['بيتزيريا البوابة الذهبية']);
    expect((await post('search_restaurants', { search: 'sushi', ...NYC })).body).toEqual({ code: 101, msg: 'No stores found', Result: [] });

    const souqAr = (await post('search_restaurants', { search: 'مخبز', ...DUBAI }, SOUQ)).body.Result as StoreCard[];
    const souqEn = (await post('search_restaurants', { search: 'bakery', ...DUBAI, is_langauge: 'en' }, SOUQ)).body.Result as StoreCard[];
    expect(souqAr.length).toBeGreaterThan(0);
    expect(souqEn.map((s) => s.restaurant_id)).toEqual(souqAr.map((s) => s.restaurant_id));
    expect((await post('search_restaurants', { search: '', ...SF })).status).toBe(422);
    expect((await post('search_restaurants', { search: 'sushi', latitude: 'x', longitude: 0 })).status).toBe(422);
  });

  it('searches items near the customer, at most 50', async () => {
    const items = (await post('search_restaurants_item', { search: 'burrito', ...SF })).body.Result as SearchItem[];
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]).toMatchObject({ restaurant_name: 'Mission Street Taqueria', restaurant_slug: 'mission-street-taqueria' });
    expect(items[0]!.customizations.length).toBeGreaterThan(0);
    const many = (await post('search_restaurants_item', { search: 'a', ...SF })).body.Result as SearchItem[];
    expect(many.length).toBe(50);
    expect((await post('search_restaurants_item', { search: 'burrito', ...NYC })).body.code).toBe(101);
    const souq = (await post('search_restaurants_item', { search: 'milk', ...DUBAI, is_langauge: 'en' }, SOUQ)).body.Result as SearchItem[];
    expect(souq[0]!.name).toBe('Fresh full-fat milk 2 L');
  });

  it('groups tagged items by tag', async () => {
    const groups = (await post('tag_wise_restaurant_menu_item', SF)).body.Result as Array<{ tag: string; items: SearchItem[] }>;
    const tags = groups.map((g) => g.tag);
    expect(tags).toEqual(expect.arrayContaining(['Bestseller', 'Spicy', 'New']));
    expect(groups.find((g) => g.tag === 'Spicy')!.items.map((i) => i.name).sort()).toEqual(['Lamb Rogan Josh', 'Spicy Tuna Roll']);
    const onlyNew = (await post('tag_wise_restaurant_menu_item', { ...SF, tag: 'new' })).body.Result as Array<{ tag: string; items: SearchItem[] }>;
    expect(onlyNew.map((g) => g.tag)).toEqual(['New']);
    expect((await post('tag_wise_restaurant_menu_item', NYC)).body.code).toBe(101);
    expect((await post('tag_wise_restaurant_menu_item', { ...SF, tag: 'x'.repeat(51) })).status).toBe(422);
  });

  it('finds the nearest serving store for the current location', async () => {
    const near = await post('get_currentlocation_restaurant', SF);
    expect(near.body.code).toBe(200);
    const all = (await post('get_nearby_restaurant_v2', SF)).body.Result as StoreCard[];
    expect((near.body.Result as StoreCard).restaurant_id).toBe(all[0]!.restaurant_id);
    expect((await post('get_currentlocation_restaurant', NYC)).body).toEqual({ code: 101, msg: NO_SERVICE, msg_key: 'location.no_service' });
    expect((await post('get_currentlocation_restaurant', { latitude: 10 })).status).toBe(422);
  });
});
