import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorSettingsAnswer } from '../../../../contract/api/settings.ts';
import type { VendorSettings } from '../../../../contract/api/settings.ts';
import { forgetVendors } from '../../../http/vendor.ts';
import { checkStoredSettings } from '../../vendors/index.ts';
import { createTestApp, SOUQ, type TestApp } from '../../../test/test-app.ts';

describe('vendor resolution and settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const settingsOf = async (body: object, host?: string) => {
    const res = await t.call('get-vendor-settings', body, host ? { host } : {});
    expect(res.statusCode).toBe(200);
    return res.json<VendorSettingsAnswer>();
  };

  it('resolves Harbor Eats from the Host header (localhost and 127.0.0.1)', async () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      const res = await settingsOf({ is_langauge: 'en' }, host);
      const s = res.settings as VendorSettings;
      expect(res.code).toBe(200);
      expect(s.app_name).toBe('Harbor Eats');
      expect(s.currency_code).toBe('USD');
      expect(s.product_type).toEqual({ id: 1, name: 'Food' });
      expect(s.is_pickup_enable).toBe('true');
      expect(s.terminology.takeaway_text).toBe('Pickup');
      expect(s.languages).toEqual(['en', 'ar', 'de', 'es', 'fr', 'th', 'ru']);
      expect(s.active_restaurant).toBeGreaterThanOrEqual(8);
      expect(s.web_settings.theme_primary_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(s.app_logo).toMatch(/^http:\/\/.+\/media\/logo\/harbor-eats\.svg$/);
    }
  });

  it('resolves Souq from body.host, then X-Storefront-Host, in Arabic by default', async () => {
    const byBody = await settingsOf({ host: 'souq.localhost' });
    const s = byBody.settings as VendorSettings;
    expect(s.app_name).toBe('سوق المدينة');
    expect(s.currency).toBe('د.إ');
    expect(s.primary_lang).toBe('ar');
    expect(s.product_type.id).toBe(2);
    expect(s.store_selection).toBe(0);
    expect(s.is_pickup_enable).toBe('false');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/get-vendor-settings',
      headers: { host: 'localhost:8080', 'x-storefront-host': SOUQ },
      payload: { is_langauge: 'en' },
    });
    const en = res.json<VendorSettingsAnswer>().settings as VendorSettings;
    expect(en.app_name).toBe('Souq Al Madina');
    expect(en.web_settings.title).toContain('grocery');
    expect(en.web_settings.theme_primary_color).toBe(s.web_settings.theme_primary_color);
  });

  it('translates Harbor Eats texts to Arabic and keeps untranslated ones', async () => {
    const s = (await settingsOf({ is_langauge: 'ar' })).settings as VendorSettings;
    expect(s.app_name).toBe('هاربر إيتس');
    expect(s.terminology.takeaway_text).toBe('استلام');
    expect(s.web_settings.keywords).toContain('food delivery');
    const unknownLang = (await settingsOf({ is_langauge: 'xx' })).settings as VendorSettings;
    expect(unknownLang.app_name).toBe('Harbor Eats');
  });

  it("carries the vendor's order limits as they apply: its own where valid, the defaults elsewhere", async () => {
    expect(((await settingsOf({}, 'localhost')).settings as VendorSettings).order_limits)
      .toEqual({ max_driver_tip: 100, max_line_quantity: 99, max_order_total: 10_000 });
    const db = t.database.db;
    await db.query(`UPDATE vendors SET settings = settings || '{"order_limits": {"max_driver_tip": 8, "max_line_quantity": 500, "max_order_total": 250}}'
      WHERE id = (SELECT vendor_id FROM vendor_hosts WHERE host = 'localhost')`);
    forgetVendors(db);
    try {
      expect(((await settingsOf({}, 'localhost')).settings as VendorSettings).order_limits)
        .toEqual({ max_driver_tip: 8, max_line_quantity: 99, max_order_total: 250 });
    } finally {
      await db.query(`UPDATE vendors SET settings = settings - 'order_limits' WHERE id = (SELECT vendor_id FROM vendor_hosts WHERE host = 'localhost')`);
      forgetVendors(db);
    }
  });

  it("names the vendor's analytics tags as stored and checked, leaves them out for a vendor with none, and refuses a hostile id", async () => {
    const harbor = (await settingsOf({}, 'localhost')).settings as VendorSettings;
    expect(harbor.analytics).toEqual({ ga4_measurement_id: 'G-HARBOR2026', gtm_container_id: '', meta_pixel_id: '1202611271234567', consent_required: true, embedded: 'events' });
    expect('analytics' in ((await settingsOf({ host: 'souq.localhost' })).settings as VendorSettings)).toBe(false);
    const db = t.database.db;
    // A stored id outside its pattern never reaches a page: the tag is left out (here the only one, so no analytics at all).
    await db.query(`UPDATE vendors SET settings = jsonb_set(settings, '{analytics}', '{"ga4_measurement_id": "G-X\\"><script>alert(1)</script>", "meta_pixel_id": "javascript:1"}')
      WHERE id = (SELECT vendor_id FROM vendor_hosts WHERE host = 'localhost')`);
    forgetVendors(db);
    try {
      expect('analytics' in ((await settingsOf({}, 'localhost')).settings as VendorSettings)).toBe(false);
      expect(() => checkStoredSettings('hostile', { analytics: { gtm_container_id: 'GTM-1234"' } }, {})).toThrow(/refused settings .*analytics\.gtm_container_id/);
    } finally {
      await db.query(`UPDATE vendors SET settings = jsonb_set(settings, '{analytics}', '{"ga4_measurement_id": "G-HARBOR2026", "gtm_container_id": "", "meta_pixel_id": "1202611271234567", "consent_required": true, "embedded": "events"}')
        WHERE id = (SELECT vendor_id FROM vendor_hosts WHERE host = 'localhost')`);
      forgetVendors(db);
    }
  });

  it("warns of each theme colour pair under WCAG's 4.5:1, none for the demo vendors' themes, in every language", async () => {
    for (const [host, lang] of [['localhost', 'en'], ['localhost', 'ar'], ['souq.localhost', 'ar'], ['souq.localhost', 'en']] as const) {
      expect(((await settingsOf({ is_langauge: lang }, host)).settings as VendorSettings).theme_warnings, `${host} ${lang}`).toEqual([]);
    }
    const db = t.database.db;
    const harbor = `(SELECT vendor_id FROM vendor_hosts WHERE host = 'localhost')`;
    const { rows: [before] } = await db.query<{ web: object }>(`SELECT settings -> 'web_settings' AS web FROM vendors WHERE id = ${harbor}`);
    await db.query(`UPDATE vendors SET settings = jsonb_set(settings, '{web_settings}', settings -> 'web_settings' || '{"button_primary_color": "#f5c518"}') WHERE id = ${harbor}`);
    forgetVendors(db);
    try {
      const warnings = ((await settingsOf({}, 'localhost')).settings as VendorSettings).theme_warnings;
      expect(warnings).toEqual([expect.objectContaining({
        text: 'button_text_primary_color', background: 'button_primary_color', text_colour: '#ffffff', background_colour: '#f5c518', minimum: 4.5,
      })]);
      expect(warnings[0]!.ratio).toBeLessThan(2);
      expect(warnings[0]!.message).toMatch(/^Storefront Elements: Button text .* under the 4\.5:1 WCAG 2\.2 asks of text \(1\.4\.3\)/);
    } finally {
      await db.query(`UPDATE vendors SET settings = jsonb_set(settings, '{web_settings}', $1::jsonb) WHERE id = ${harbor}`, [JSON.stringify(before!.web)]);
      forgetVendors(db);
    }
  });

  it('answers an unknown host with code 101 and empty settings', async () => {
    const res = await settingsOf({}, 'nope.example.com');
    expect(res).toEqual({ code: 101, msg: 'Vendor not found', settings: {} });
    const other = await t.call('login', { mobile_number: '4155550100', country_code: '1' }, { host: 'nope.example.com' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 404, msg: 'Vendor not found' });
  });

  it('refuses a vendor_id that does not belong to the host', async () => {
    const souq = (await settingsOf({}, SOUQ)).settings as VendorSettings;
    const res = await settingsOf({ vendor_id: souq.vendor_id });
    expect(res.code).toBe(101);
    const ok = await settingsOf({ vendor_id: souq.vendor_id }, SOUQ);
    expect(ok.code).toBe(200);
  });

  it('serves GET settings by vendor id and GET get-language', async () => {
    const souq = (await settingsOf({}, SOUQ)).settings as VendorSettings;
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/settings?vendor_id=${souq.vendor_id}&is_langauge=en` });
    expect(res.json().settings.app_name).toBe('Souq Al Madina');
    const missing = await t.app.inject({ method: 'GET', url: '/api/v2/settings?vendor_id=999999' });
    expect(missing.statusCode).toBe(404);

    const langs = await t.app.inject({ method: 'GET', url: '/api/v2/get-language?order_web=1', headers: { host: 'souq.localhost' } });
    expect(langs.json()).toEqual({
      code: 200,
      Result: [
        { code: 'ar', name: 'العربية', dir: 'rtl' },
        { code: 'en', name: 'English', dir: 'ltr' },
      ],
    });
    const harbor = await t.app.inject({ method: 'GET', url: '/api/v2/get-language', headers: { host: 'localhost' } });
    expect(harbor.json().Result.map((l: { name: string }) => l.name)).toEqual([
      'English', 'العربية', 'Deutsch', 'Español', 'Français', 'ไทย', 'Русский',
    ]);
  });

  it('answers CORS preflight for any origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/get-vendor-settings',
      headers: { origin: 'https://vendor.example', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toContain('X-Storefront-Host');
    const post = await t.call('get-vendor-settings', {});
    expect(post.headers['access-control-allow-origin']).toBe('*');
  });
});
