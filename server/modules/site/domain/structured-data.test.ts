import { describe, expect, it } from 'vitest';
import type { MenuCategory, MenuItem } from '../../../../contract/api/menu.ts';
import type { VendorSettings } from '../../../../contract/api/settings.ts';
import type { RestaurantDetail } from '../../../../contract/api/stores.ts';
import { fullPageHtml } from './full-page.ts';
import { openingHoursSpecification, storeListStructuredData, storeSchemaType, storeStructuredData } from './structured-data.ts';

const store = {
  restaurant_id: 1, name: 'Golden Gate Pizzeria', slug: 'golden-gate-pizzeria', icon_image: 'https://cdn.example/pizza.png', description: 'Wood-fired.',
  phone: '+1 415 555 0100', address: '12 Columbus Ave, San Francisco', latitude: 37.8, longitude: -122.41, cuisine_name: ['Italian', 'Pizza'],
  opening_hours: [{ weekday: 1, opens: '11:00', closes: '22:00' }, { weekday: 5, opens: '18:00', closes: '02:00' }],
} as unknown as RestaurantDetail;
const item = (fields: Partial<MenuItem>) => ({ item_id: 1, name: 'Margherita', description: '', image: '', price: 14, mrp: 14, item_type: 0, is_available: 1, stock: null, ...fields }) as MenuItem;
const categories: MenuCategory[] = [
  { category_id: 1, name: 'Pizzas', items: [item({ name: 'Margherita', description: 'Tomato, basil.', image: 'javascript:alert(1)' }), item({ item_id: 2, name: 'Diavola', price: 16.5, item_type: 1 })] },
  { category_id: 2, name: 'Empty', items: [] },
];

describe("a page's schema.org data", () => {
  it('is a store with its place, cuisines and hours, and its menu: sections, items and prices in the currency', () => {
    const data = storeStructuredData({ url: 'https://eats.example/restaurant/MQ==', type: 'Restaurant', store, categories, currency: 'USD', decimals: 2 }) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org', '@type': 'Restaurant', name: 'Golden Gate Pizzeria', url: 'https://eats.example/restaurant/MQ==',
      image: 'https://cdn.example/pizza.png', telephone: '+1 415 555 0100', servesCuisine: ['Italian', 'Pizza'],
      address: { '@type': 'PostalAddress', streetAddress: '12 Columbus Ave, San Francisco' },
      geo: { '@type': 'GeoCoordinates', latitude: 37.8, longitude: -122.41 },
    });
    expect(data.hasMenu).toEqual({
      '@type': 'Menu', name: 'Golden Gate Pizzeria', url: 'https://eats.example/restaurant/MQ==',
      hasMenuSection: [{
        '@type': 'MenuSection', name: 'Pizzas',
        hasMenuItem: [
          // A picture address that is no web address is left out.
          { '@type': 'MenuItem', name: 'Margherita', description: 'Tomato, basil.', suitableForDiet: 'https://schema.org/VegetarianDiet', offers: { '@type': 'Offer', price: '14.00', priceCurrency: 'USD' } },
          { '@type': 'MenuItem', name: 'Diavola', offers: { '@type': 'Offer', price: '16.50', priceCurrency: 'USD' } },
        ],
      }],
    });
  });

  it("says opening hours by schema.org's days, splitting hours past midnight at it, and leaves out hours that do not read", () => {
    expect(openingHoursSpecification([...store.opening_hours, { weekday: 6, opens: '22:00', closes: '00:00' }, { weekday: 9, opens: '10:00', closes: '11:00' }, { weekday: 2, opens: '9am', closes: '5pm' }])).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '11:00', closes: '22:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Friday', opens: '18:00', closes: '23:59' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '00:00', closes: '02:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '22:00', closes: '23:59' },
    ]);
  });

  it("names a grocery vendor's stores grocery stores, and home lists its stores by their pages", () => {
    expect(storeSchemaType({ id: 2 })).toBe('GroceryStore');
    expect(storeSchemaType({ id: 1 })).toBe('Restaurant');
    expect(storeSchemaType(undefined)).toBe('Restaurant');
    expect(storeListStructuredData('https://eats.example', 'Harbor Eats', [store], () => '/restaurant/MQ%3D%3D')).toEqual({
      '@context': 'https://schema.org', '@type': 'ItemList', name: 'Harbor Eats',
      itemListElement: [{ '@type': 'ListItem', position: 1, url: 'https://eats.example/restaurant/MQ%3D%3D', name: 'Golden Gate Pizzeria' }],
    });
  });

  it("is written into the head as JSON-LD that the vendor's texts cannot close, with the store's name in the title", () => {
    const hostile = { ...store, name: 'Pizza</script><script>alert(1)</script>' } as RestaurantDetail;
    const data = storeStructuredData({ url: 'https://eats.example/restaurant/MQ==', type: 'Restaurant', store: hostile, categories, currency: 'USD', decimals: 2 });
    const settings = { app_name: 'Harbor Eats', web_settings: { title: 'Harbor Eats: food delivery' } } as unknown as VendorSettings;
    const html = fullPageHtml('<html><head><title>x</title></head><body><sf-storefront></sf-storefront></body></html>', {
      lang: 'en', settings, host: 'eats.example', canonical: 'https://eats.example/restaurant/MQ==', preloads: { modules: [], stylesheet: null },
      heading: hostile.name, structuredData: [data],
    });
    const block = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(block![1]!)).toEqual(data);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>Pizza&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Harbor Eats</title>');
  });
});
