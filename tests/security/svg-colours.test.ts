// Finding 1: a vendor's theme colours were written into the logo and favicon SVG unescaped, so a
// colour could carry a script served from the API's own origin. Colours now pass one CSS colour
// grammar where they are stored and where they are used, every attribute of the generated markup is
// escaped, and SVG answers forbid script through their headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorSettings } from '../../contract/api/settings.ts';
import { renderSvg } from '../../server/modules/media/index.ts';
import { harborEats } from '../../server/seed/harbor-eats.ts';
import { loadVendor } from '../../server/seed/load.ts';
import { createTestApp, HARBOR, type TestApp } from '../../server/test/test-app.ts';

const HOSTILE = 'red"/><script>alert(1)</script><rect fill="';
const HOSTILE_CSS = 'red; } body { background: url(https://evil.example/x) } a {';

describe('theme colours in served SVG (finding 1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Stored behind the seed's back, as a bad admin tool or a hand-made row would.
    await t.database.db.query(
      `UPDATE vendors SET settings = jsonb_set(jsonb_set(jsonb_set(settings,
         '{web_settings,theme_primary_color}', to_jsonb($1::text)),
         '{web_settings,theme_secondary_color}', to_jsonb($1::text)),
         '{web_settings,footer_text_color}', to_jsonb($2::text))
       WHERE slug = 'harbor-eats'`,
      [HOSTILE, HOSTILE_CSS],
    );
  });
  afterAll(async () => t.close());

  for (const kind of ['logo', 'favicon']) {
    it(`serves the ${kind} without the stored markup, in the default colour, with headers that forbid script`, async () => {
      const res = await t.app.inject({ method: 'GET', url: `/media/${kind}/harbor-eats.svg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).not.toContain('<script');
      expect(res.body).not.toContain('alert(1)');
      expect(res.body).toContain('fill="#00000e"');
      expect(res.body).toContain('fill="#d8d4d4"');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  }

  it('sends the headers with every media answer, a placeholder of another kind included', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/store/golden-gate-pizzeria.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers the settings with the default colours in place of stored values that are not colours', async () => {
    const res = await t.call('get-vendor-settings', { is_langauge: 'en', order_web: 'web' }, { host: HARBOR });
    const web = (res.json().settings as VendorSettings).web_settings;
    expect(web.theme_primary_color).toBe('#00000e');
    expect(web.theme_secondary_color).toBe('#d8d4d4');
    expect(web.footer_text_color).toBe('#000000');
    expect(web.button_primary_color).toBe('#c8412c'); // a valid stored colour is kept
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain('evil.example');
  });

  it('refuses a vendor whose settings carry such a colour where vendors are stored', async () => {
    const bad = {
      ...harborEats,
      slug: 'hostile-colours',
      hosts: ['hostile-colours.localhost'],
      settings: { ...harborEats.settings, web_settings: { ...harborEats.settings.web_settings!, theme_primary_color: HOSTILE } },
    };
    await expect(loadVendor(t.database.db, bad)).rejects.toThrow(/web_settings\.theme_primary_color/);
    const { rows } = await t.database.db.query(`SELECT 1 FROM vendors WHERE slug = 'hostile-colours'`);
    expect(rows).toEqual([]);
  });

  it('escapes every attribute of the generated markup, whatever the theme holds', () => {
    const svg = renderSvg('logo', 'harbor-eats', { primary: HOSTILE, secondary: '"><g onload="alert(1)' });
    expect(svg).not.toContain('<script');
    expect(svg).not.toMatch(/<g\b/);
    expect(svg).not.toMatch(/\bonload=/);
    for (const [, value] of svg.matchAll(/="([^"]*)"/g)) expect(value).not.toMatch(/[<>]/);
  });
});
