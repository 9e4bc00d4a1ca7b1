// Finding 4: the vendor's static page URLs and social links were placed in `href` as stored, so a
// `javascript:` URL ran in the storefront. Every URL that comes from data now passes one sanitiser
// (contract/rules/urls.ts) on the server where it is stored and served, and in the storefront where
// it is drawn (see src/app/Footer.test.tsx). The same rule holds for image URLs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorSettings } from '../../contract/api/settings.ts';
import { harborEats } from '../../server/seed/harbor-eats.ts';
import { loadVendor } from '../../server/seed/load.ts';
import { createTestApp, HARBOR, type TestApp } from '../../server/test/test-app.ts';

/** Every hostile value carries this mark: an answer holding it served a hostile URL. */
const MARK = 'HOSTILE';
const SF = { latitude: 37.7749, longitude: -122.4194 };

describe('URLs from data (finding 4)', () => {
  let t: TestApp;
  let pizza: number;
  const sql = async (text: string, params: unknown[] = []) => (await t.database.db.query(text, params)).rows;
  const settings = async (lang: string) =>
    (await t.call('get-vendor-settings', { is_langauge: lang, order_web: 'web' }, { host: HARBOR })).json().settings as VendorSettings;

  beforeAll(async () => {
    t = await createTestApp();
    pizza = await t.storeId('golden-gate-pizzeria');
    const [row] = await sql(`SELECT id, settings, i18n FROM vendors WHERE slug = 'harbor-eats'`);
    const stored = row!.settings as VendorSettings;
    const i18n = row!.i18n as Record<string, Record<string, unknown>>;
    // Stored behind the seed's back, as a bad admin tool or a hand-made row would.
    const hostile = {
      ...stored,
      app_logo: `javascript:alert("${MARK}")`,
      flat_icon: `data:image/svg+xml,<svg onload=alert("${MARK}")>`,
      login_signup_page_image: `/\\evil.example/${MARK}.png`,
      app_layout: [{ web_fav_logo: ` javascript:alert("${MARK}")`, web_horizontal_logo: `//evil.example/${MARK}.svg`, web_square_logo: `vbscript:${MARK}` }],
      android_customer_app_url: `java\tscript:alert("${MARK}")`,
      ios_customer_app_url: 'https://apps.apple.com/app/harbor-eats',
      pages: { privacypolicy_url: `javascript:alert("${MARK}")`, help_url: 'https://harboreats.example/help', terms_url: `\u001fjavascript:${MARK}` },
      static_pages: [
        ...stored.static_pages,
        { page_name: 'Evil', slug: 'evil', identifier: 'evil', is_external_link: true, url: `javascript:alert("${MARK}")` },
        { page_name: 'Evil too', slug: 'evil-too', identifier: 'evil2', is_external_link: true, url: `JaVaScRiPt:${MARK}` },
      ],
      messaging: { ...stored.messaging, database_url: `javascript:${MARK}` },
      web_settings: {
        ...stored.web_settings,
        website_url: `vbscript:${MARK}`,
        instagram: `javascript:alert("${MARK}")`,
        facebook_link: `data:text/html,<script>${MARK}</script>`,
        youtube: ` https://youtube.com/${MARK}`,
      },
    };
    i18n.ar = {
      ...i18n.ar,
      static_pages: [{ page_name: 'شر', slug: 'evil', identifier: 'evil', is_external_link: true, url: `javascript:alert("${MARK}")` }],
      web_settings: { ...(i18n.ar?.web_settings as object), twitter: `javascript:${MARK}` },
    };
    await sql(`UPDATE vendors SET settings = $1, i18n = $2 WHERE slug = 'harbor-eats'`, [JSON.stringify(hostile), JSON.stringify(i18n)]);
    const harbor = `(SELECT vendor_id FROM vendor_hosts WHERE host = 'localhost')`;
    await sql(`UPDATE restaurants SET icon_image = $1 WHERE id = $2`, [`javascript:alert("${MARK}")`, pizza]);
    await sql(`UPDATE items SET image = $1 WHERE restaurant_id = $2`, [`data:image/svg+xml,${MARK}`, pizza]);
    await sql(`UPDATE banners SET image = $1 WHERE vendor_id = ${harbor}`, [` javascript:${MARK}`]);
    await sql(`UPDATE cuisines SET image = $1 WHERE vendor_id = ${harbor}`, [`vbscript:${MARK}`]);
    await sql(`UPDATE brands SET image = $1 WHERE vendor_id = ${harbor}`, [`//evil.example/${MARK}.png`]);
    await sql(`UPDATE coupons SET image = $1 WHERE vendor_id = ${harbor}`, [`javascript:${MARK}`]);
  });
  afterAll(async () => t.close());

  it('leaves hostile static pages, social links, store-app links and images out of the settings answer', async () => {
    const en = await settings('en');
    expect(JSON.stringify(en)).not.toContain(MARK);
    expect(en.static_pages.map((page) => page.slug)).toEqual(['about-us', 'refund-policy', 'shipping-delivery', 'careers']);
    expect(en.static_pages.find((page) => page.slug === 'about-us')!.url).toBe('/demo/pages/about.html');
    expect(en.web_settings).toMatchObject({ instagram: '', facebook_link: '', youtube: '', website_url: '', twitter: 'https://twitter.com/harboreats' });
    expect(en).toMatchObject({ app_logo: '', flat_icon: '', login_signup_page_image: '', android_customer_app_url: '' });
    expect(en.app_layout).toEqual([{ web_fav_logo: '', web_horizontal_logo: '', web_square_logo: '' }]);
    expect(en.ios_customer_app_url).toBe('https://apps.apple.com/app/harbor-eats');
    expect(en.pages).toEqual({ privacypolicy_url: '', help_url: 'https://harboreats.example/help', terms_url: '' });
  });

  it('applies the same rule to a language\'s own settings and to the settings asked by vendor id', async () => {
    const ar = await settings('ar');
    expect(JSON.stringify(ar)).not.toContain(MARK);
    expect(ar.static_pages).toEqual([]);
    expect(ar.web_settings.twitter).toBe('');
    const [vendor] = await sql(`SELECT vendor_id AS id FROM vendor_hosts WHERE host = 'localhost'`);
    const byId = await t.app.inject({ method: 'GET', url: `/api/v2/settings?vendor_id=${vendor!.id}`, headers: { host: `${HARBOR}:8080` } });
    expect(byId.statusCode).toBe(200);
    expect(byId.body).not.toContain(MARK);
  });

  it('serves no hostile image URL in store, menu, cuisine, banner, brand or coupon answers', async () => {
    const answers = await Promise.all([
      t.call('get_nearby_restaurant_v2', SF),
      t.call('restaurantCategoryWithMenu', { restaurant_id: pizza }),
      t.call('get_restaurant_detail', { restaurant_id: pizza }),
      t.call('get_cuisinelist', {}),
      t.call('get_banner', {}),
      t.call('brand-list', {}),
      t.call('couponlisting', { coupon_type: 'Delivery', user_id: '' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).not.toContain(MARK);
    }
    const cards = answers[0]!.json().Result as Array<{ restaurant_id: number; icon_image: string }>;
    expect(cards.find((card) => card.restaurant_id === pizza)!.icon_image).toBe('');
    // The stores left alone keep their pictures, made absolute on this server.
    expect(cards.find((card) => card.restaurant_id !== pizza)!.icon_image).toMatch(/^http:\/\/localhost:8080\/media\/store\//);
  });

  it('refuses a vendor whose settings carry a hostile URL where vendors are stored', async () => {
    const bad = {
      ...harborEats,
      slug: 'hostile-links',
      hosts: ['hostile-links.localhost'],
      settings: { ...harborEats.settings, web_settings: { ...harborEats.settings.web_settings!, instagram: 'javascript:alert(1)' } },
      i18n: { ar: { static_pages: [{ page_name: 'x', slug: 'x', identifier: 'x', is_external_link: true, url: 'data:text/html,x' }] } },
    };
    await expect(loadVendor(t.database.db, bad)).rejects.toThrow(/web_settings\.instagram.*i18n\.ar\.static_pages\.0\.url/);
    expect(await sql(`SELECT 1 FROM vendors WHERE slug = 'hostile-links'`)).toEqual([]);
  });
});
