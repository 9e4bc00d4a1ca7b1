import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorSettings } from '../../../../contract/api/settings.ts';
import { REPO_ROOT } from '../../../config.ts';
import { forgetVendors } from '../../../http/vendor.ts';
import { forgetKeptPages } from './kept-pages.ts';
import { siteRoot } from '../../../test/site-root.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from '../../../test/test-app.ts';

/** The settings block of a full page, parsed as the storefront parses it. */
function settingsBlock(html: string): { lang: string; host: string; settings: VendorSettings } | null {
  const match = /<script type="application\/json" id="sf-settings" data-lang="([^"]*)" data-host="([^"]*)">([^<]*)<\/script>/.exec(html);
  return match ? { lang: match[1]!, host: match[2]!, settings: JSON.parse(match[3]!) as VendorSettings } : null;
}

describe("the vendor's site: the full page's head, robots.txt and sitemap.xml", () => {
  let t: TestApp;
  const page = (url: string, host: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host: `${host}:8080`, ...headers } });
  const harborId = async () => (await t.database.db.query<{ vendor_id: number }>("SELECT vendor_id FROM vendor_hosts WHERE host = 'localhost'")).rows[0]!.vendor_id;

  beforeAll(async () => {
    // The shell as the repository has it, and a list of preloads as the build writes it (one entry a path no build makes).
    const rootDir = siteRoot({
      'demo/app.html': readFileSync(`${REPO_ROOT}/demo/app.html`, 'utf8'),
      'dist/full-page-preloads.json': JSON.stringify({
        modules: { en: ['sf/runtime-AbCdEf12.js', 'sf/messages-en-AbCdEf12.js', '../../etc/passwd"><script>'], ar: ['sf/runtime-AbCdEf12.js', 'sf/messages-ar-AbCdEf12.js'] },
        stylesheet: 'sf/utilities-AbCdEf12.css',
      }),
    });
    t = await createTestApp({ rootDir });
  });
  afterAll(async () => t.close());

  it("writes the vendor's language, title, description, canonical address and settings into the full page", async () => {
    const res = await page('/restaurant/MQ==?utm_source=mail', HARBOR, { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // The vendor's analytics tags (Google Analytics 4, the Meta Pixel): their documented origins, no others.
    const directive = (name: string) => String(res.headers['content-security-policy']).split('; ').find((text) => text.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toMatch(/ https:\/\/\*\.googletagmanager\.com https:\/\/connect\.facebook\.net$/);
    expect(directive('connect-src')).toContain('https://*.google-analytics.com');
    expect(directive('connect-src')).toContain('https://www.facebook.com');
    const souq = await page('/', SOUQ);
    expect(String(souq.headers['content-security-policy'])).not.toMatch(/googletagmanager|google-analytics|facebook/);
    expect(res.headers.vary).toContain('Accept-Language');
    const html = res.body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Harbor Eats: food delivery in San Francisco</title>');
    expect(html).toContain('<meta name="description" content="Order from the best restaurants');
    expect(html).toContain('<link rel="canonical" href="http://localhost:8080/restaurant/MQ==" />');
    expect(html).toContain('<meta property="og:url" content="http://localhost:8080/restaurant/MQ==" />');
    // A path that reads like another site's address stays a path of this one.
    expect((await page('//other.example/x', HARBOR)).body).toContain('<link rel="canonical" href="http://localhost:8080//other.example/x" />');
    // The same settings get-vendor-settings answers in that language: the storefront takes them instead.
    const block = settingsBlock(html);
    const asked = await t.post('get-vendor-settings', { is_langauge: 'en' });
    expect(block).toEqual({ lang: 'en', host: 'localhost', settings: (asked.body as unknown as { settings: VendorSettings }).settings });
  });

  it('names each language of a page by its own address: hreflang alternates, and the canonical address of the language asked for', async () => {
    const plain = (await page('/faq?utm_source=mail', HARBOR, { 'accept-language': 'de' })).body;
    expect(plain).toContain('<html lang="de" dir="ltr">');
    expect(plain).toContain('<link rel="canonical" href="http://localhost:8080/faq" />');
    for (const code of ['en', 'ar', 'de', 'es', 'fr']) {
      expect(plain).toContain(`<link rel="alternate" hreflang="${code}" href="http://localhost:8080/faq?lang=${code}" />`);
    }
    expect(plain).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost:8080/faq" />');
    // The address's language wins over the browser's and the saved one; its own address is the canonical one.
    const arabic = (await page('/faq?lang=ar&utm_source=mail', HARBOR, { 'accept-language': 'de', cookie: 'sf_lang=fr' })).body;
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(settingsBlock(arabic)).toMatchObject({ lang: 'ar' });
    expect(arabic).toContain('<link rel="canonical" href="http://localhost:8080/faq?lang=ar" />');
    expect(arabic).toContain('<meta property="og:url" content="http://localhost:8080/faq?lang=ar" />');
    // A language the vendor does not offer, or no language at all, names nothing: the page opens as it would.
    for (const asked of ['ja', 'ar"><script>', '']) {
      const other = (await page(`/faq?lang=${encodeURIComponent(asked)}`, HARBOR, { cookie: 'sf_lang=fr' })).body;
      expect(other).toContain('<html lang="fr" dir="ltr">');
      expect(other).toContain('<link rel="canonical" href="http://localhost:8080/faq" />');
      expect(other).not.toContain('<script>"');
    }
  });

  it('announces the first load of its language, and nothing that is not a file of the build', async () => {
    const html = (await page('/', HARBOR)).body;
    expect(html).toContain('<link rel="modulepreload" href="/dist/sf/runtime-AbCdEf12.js" />');
    expect(html).toContain('<link rel="modulepreload" href="/dist/sf/messages-en-AbCdEf12.js" />');
    expect(html).not.toContain('passwd');
    expect(html).toContain('<link rel="preload" as="fetch" type="text/css" crossorigin="anonymous" href="/dist/sf/utilities-AbCdEf12.css" />');
    const arabic = (await page('/', SOUQ, { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' })).body;
    expect(arabic).toContain('<link rel="modulepreload" href="/dist/sf/messages-ar-AbCdEf12.js" />');
    expect(arabic).not.toContain('messages-en');
  });

  it("opens in the browser's language when the vendor offers it, as the storefront chooses, else in the vendor's", async () => {
    const arabic = (await page('/faq', HARBOR, { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' })).body;
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(settingsBlock(arabic)).toMatchObject({ lang: 'ar', host: 'localhost' });
    expect(settingsBlock(arabic)!.settings.app_name).toBe('هاربر إيتس');
    // q=0 refuses a language; a language the vendor does not offer is skipped.
    expect((await page('/faq', HARBOR, { 'accept-language': 'ar;q=0, ja, fr;q=0.8' })).body).toContain('<html lang="fr" dir="ltr">');
    // No header: the vendor's own first language.
    expect((await page('/', HARBOR)).body).toContain('<html lang="en" dir="ltr">');
    // A vendor that opens in its own language whatever the browser says (Souq: Arabic).
    const souq = (await page('/', SOUQ, { 'accept-language': 'en-US,en;q=0.9' })).body;
    expect(souq).toContain('<html lang="ar" dir="rtl">');
    expect(settingsBlock(souq)).toMatchObject({ lang: 'ar', host: 'souq.localhost' });
  });

  it('opens in the language the customer chose on this site (its cookie) over the browser\'s, when the vendor offers it', async () => {
    const chosen = await page('/faq', HARBOR, { 'accept-language': 'en-US,en;q=0.9', cookie: 'theme=dark; sf_lang=de' });
    expect(chosen.body).toContain('<html lang="de" dir="ltr">');
    expect(chosen.headers.vary).toContain('Cookie');
    expect((await page('/', SOUQ, { cookie: 'sf_lang=de' })).body).toContain('<html lang="ar" dir="rtl">');
    for (const cookie of ['sf_lang=xx', 'sf_lang=de%3Cscript', 'xsf_lang=de']) {
      // Unknown, not a language code, another cookie's name (and above, a language the vendor does not offer): not taken.
      expect((await page('/faq', HARBOR, { 'accept-language': 'en', cookie })).body, cookie).toContain('<html lang="en" dir="ltr">');
    }
  });

  it("escapes the vendor's texts where they are written: hostile settings stay text, in the head and in the settings block", async () => {
    const hostile = '</title><script>alert(1)</script> "$&" \u2028 <!-- & $\'';
    const db = t.database.db;
    const vendorId = await harborId();
    const { rows: [before] } = await db.query<{ settings: unknown }>('SELECT settings FROM vendors WHERE id = $1', [vendorId]);
    await db.query(
      `UPDATE vendors SET settings = jsonb_set(jsonb_set(settings, '{web_settings,title}', to_jsonb($1::text)), '{web_settings,meta_description}', to_jsonb($1::text)) WHERE id = $2`,
      [hostile, vendorId],
    );
    forgetVendors(db);
    try {
      const html = (await page('/', HARBOR)).body;
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('</title><script>');
      expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;$&amp;&quot;');
      // As many elements closed as opened: no `</script>` from the vendor's texts ends the settings block early.
      expect(html.match(/<\/script>/gi)?.length).toBe(html.match(/<script\b/gi)?.length);
      expect(settingsBlock(html)!.settings.web_settings.title).toBe(hostile);
    } finally {
      await db.query('UPDATE vendors SET settings = $1 WHERE id = $2', [before!.settings, vendorId]);
      forgetVendors(db);
    }
  });

  it('answers 503 for an element to draw while the storefront is not built', async () => {
    const res = await page('/render/sf-menu?store=MQ%3D%3D', HARBOR);
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('The storefront is not built yet: run npm run build.');
  });

  it('serves the plain shell to a host that names no vendor, and to a Host header that is no host', async () => {
    for (const host of ['nope.example.com:8080', 'localhost:8080/evil', 'user@localhost']) {
      const res = await t.app.inject({ url: '/', headers: { host } });
      expect(res.statusCode, host).toBe(200);
      expect(res.body, host).not.toContain('sf-settings');
      expect(res.body, host).toContain('<sf-storefront>');
    }
  });

  it("lists the vendor's pages and the menu of every active store in its sitemap, on its own host", async () => {
    const res = await page('/sitemap.xml', HARBOR);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const urls = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(urls.slice(0, 2)).toEqual(['http://localhost:8080/', 'http://localhost:8080/faq']);
    const { rows } = await t.database.db.query<{ id: number }>('SELECT id FROM restaurants WHERE vendor_id = $1 AND is_active ORDER BY id', [await harborId()]);
    const menus = urls.filter((url) => url!.includes('/restaurant/'));
    expect(menus).toEqual(rows.map((row) => `http://localhost:8080/restaurant/${encodeURIComponent(btoa(String(row.id)))}`));
    const pages = urls.filter((url) => url!.includes('/pages/'));
    expect(pages.length).toBeGreaterThan(0);
    expect(new Set(urls).size).toBe(urls.length);
    // A store closed by its vendor is not listed.
    await t.database.db.query('UPDATE restaurants SET is_active = false WHERE id = $1', [rows[0]!.id]);
    try {
      expect((await page('/sitemap.xml', HARBOR)).body).not.toContain(`/restaurant/${encodeURIComponent(btoa(String(rows[0]!.id)))}<`);
    } finally {
      await t.database.db.query('UPDATE restaurants SET is_active = true WHERE id = $1', [rows[0]!.id]);
    }
    expect((await page('/sitemap.xml', 'nope.example.com')).statusCode).toBe(404);
  });

  it('offers the full page as an installable app: a manifest per vendor, in the page\'s language and direction', async () => {
    const home = await page('/', HARBOR, { 'accept-language': 'en' });
    expect(home.body).toContain('<link rel="manifest" href="/manifest.webmanifest?lang=en" />');
    expect(home.body).toContain('<meta name="theme-color" content="#');
    const harbor = await page('/manifest.webmanifest?lang=en', HARBOR);
    expect(harbor.statusCode).toBe(200);
    expect(harbor.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(harbor.json()).toMatchObject({
      id: '/', name: 'Harbor Eats', short_name: 'Harbor Eats', lang: 'en', dir: 'ltr', start_url: '/', scope: '/', display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    // The icons drawn from the logo at the sizes platforms ask for (app-icons.test.ts), and the scalable logo itself.
    const icons = (harbor.json() as { icons: unknown[] }).icons;
    expect(icons).toEqual([
      { src: expect.stringMatching(/^\/app-icons\/[0-9a-f]{16}\/icon-192\.png$/), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: expect.stringMatching(/^\/app-icons\/[0-9a-f]{16}\/icon-512\.png$/), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: expect.stringMatching(/^\/app-icons\/[0-9a-f]{16}\/maskable-512\.png$/), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: 'http://localhost:8080/media/favicon/harbor-eats.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ]);
    const souq = (await page('/manifest.webmanifest?lang=ar', SOUQ)).json() as Record<string, unknown>;
    expect(souq).toMatchObject({ name: 'سوق المدينة', lang: 'ar', dir: 'rtl' });
    // A language the vendor does not have: its own.
    expect(((await page('/manifest.webmanifest?lang=xx', SOUQ)).json() as Record<string, unknown>).lang).toBe('ar');
    expect((await page('/manifest.webmanifest', 'nope.example.com')).statusCode).toBe(404);
  });

  it("lets crawlers read the storefront, keeps them out of the server's own paths and names the sitemap", async () => {
    const res = await page('/robots.txt', SOUQ);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(['User-agent: *', 'Disallow: /api/', 'Disallow: /pay/', 'Disallow: /dev/', 'Disallow: /test/', '', 'Sitemap: http://souq.localhost:8080/sitemap.xml', ''].join('\n'));
    expect(res.body).not.toContain('/dist/');
    expect((await page('/robots.txt', 'nope.example.com')).statusCode).toBe(404);
  });
});

/**
 * A stand-in for the storefront's server entry (the build's dist/server/server-render.js): it names the
 * calls of '/' and '/restaurant/…' and draws what it was given, so the test sees what the server passed.
 */
const RENDER_STAND_IN = `
export const SERVED_STYLES = ':host { display: block; }';
export const serverRenderReady = async () => {};
export function firstCalls(page, path) {
  if (path === '/boom') throw new Error('the storefront failed');
  if (path === '/') return { stores: { name: 'get_nearby_restaurant_v2', body: { latitude: page.settings.system_latitude, longitude: page.settings.system_longitude, cuisine_id: '', sort_type: '', filter_type: '', cost_range: '', cityname: '', state: '', delivery_type_time_slots: 'delivery', total_record: 48, skip: 0 } }, banners: { name: 'get_banner', body: {} } };
  if (path.startsWith('/restaurant/')) return { storeDetail: { name: 'get_restaurant_detail', body: { restaurant_id: Number(atob(decodeURIComponent(path.slice(12)))), latitude: '', longitude: '' } } };
  return null;
}
export const SERVED_ELEMENTS = { 'sf-menu': ['store', 'slug'] };
export function elementCalls(page, tag, attributes) {
  if (tag !== 'sf-menu') return null;
  let id = 0;
  try { id = Number(atob(attributes.store ?? '')) || 0; } catch {}
  return id > 0 ? { storeDetail: { name: 'get_restaurant_detail', body: { restaurant_id: id, latitude: '', longitude: '' } } } : {};
}
export function renderElement(page, tag, attributes, screen) {
  const names = (screen.answers.menu?.Result ?? []).flatMap((category) => category.items).map((item) => item.name);
  return { html: '<template shadowrootmode="open"><div class="sf-root">' + page.lang + ' ' + page.host + ' ' + names.join(', ').replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</div></template>', parts: [] };
}
let drawn = 0;
export function renderFullPageScreen(page, screen) {
  drawn += 1;
  const names = [...(screen.answers.stores?.Result ?? []), ...(screen.answers.menu?.Result ?? []).flatMap((category) => category.items)].map((item) => item.name);
  return { html: '<template shadowrootmode="open"><style>' + SERVED_STYLES + '</style><div class="sf-root" style="height:300px;">' + page.lang + ' ' + page.origin + ' #' + drawn + ' ' + names.join(', ').replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</div></template>', parts: ['screen-menu'] };
}
`;

describe('the full page drawn on the server', () => {
  let t: TestApp;
  const page = (url: string, host: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host: `${host}:8080`, ...headers } });
  const structuredData = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
  const screenBlock = (html: string) => {
    const match = /<script type="application\/json" id="sf-screen">([^<]*)<\/script>/.exec(html);
    return match ? (JSON.parse(match[1]!) as { path: string; lang: string; calls: Record<string, unknown>; answers: Record<string, { Result?: unknown }>; parts: string[] }) : null;
  };

  beforeAll(async () => {
    t = await createTestApp({
      rootDir: siteRoot({
        'demo/app.html': readFileSync(`${REPO_ROOT}/demo/app.html`, 'utf8'),
        'dist/server/server-render.js': RENDER_STAND_IN,
        'dist/full-page-preloads.json': JSON.stringify({ modules: { en: ['sf/runtime-AbCdEf12.js'] }, stylesheet: null }),
      }),
    });
  });
  afterAll(async () => t.close());

  it("draws home's first screen from the answers the storefront's own calls get, and carries them for the storefront", async () => {
    const res = await page('/', HARBOR, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    const stores = (await t.post('get_nearby_restaurant_v2', { latitude: 37.7749, longitude: -122.4194, total_record: 48, skip: 0, delivery_type_time_slots: 'delivery' })).body.Result as Array<{ name: string }>;
    // Inside the element, as its shadow root: the stores by name, on the page's own origin.
    expect(res.body).toMatch(/<sf-storefront><template shadowrootmode="open"><style>:host \{ display: block; \}<\/style><div class="sf-root" style="height:300px;">en http:\/\/localhost:8080 [^<]+<\/div><\/template><\/sf-storefront>/);
    expect(res.body).toContain(stores[0]!.name.replace(/&/g, '&amp;'));
    const block = screenBlock(res.body)!;
    expect(block).toMatchObject({ path: '/', lang: 'en', parts: ['screen-menu'] });
    expect(Object.keys(block.answers).sort()).toEqual(['banners', 'stores']);
    expect(block.answers.banners).toEqual((await t.post('get_banner', { is_langauge: 'en' })).body);
    // Home's schema.org data: the stores it lists, each by its page.
    expect(structuredData(res.body)).toEqual([{
      '@context': 'https://schema.org', '@type': 'ItemList', name: 'Harbor Eats',
      itemListElement: stores.map((store, index) => ({ '@type': 'ListItem', position: index + 1, url: expect.stringMatching(/^http:\/\/localhost:8080\/restaurant\/[A-Za-z0-9%]+$/), name: store.name })),
    }]);
    // The style element and attribute the screen holds are allowed by their hashes, nothing else inline.
    const csp = String(res.headers['content-security-policy']);
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(csp).toContain(`style-src 'self' ${hash('body { margin: 0; }')} ${hash(':host { display: block; }')} 'unsafe-hashes' ${hash('height:300px;')}`);
    expect(csp).not.toContain("'unsafe-inline'");
    // The first paint waits for no script, and shares the network with none: the script tag asks for them.
    expect(res.body).not.toContain('rel="modulepreload"');
    expect((await page('/orders', HARBOR)).body).toContain('<link rel="modulepreload" href="/dist/sf/runtime-AbCdEf12.js" />');
  });

  it("draws a store's menu in the page's language, its menu asked for once the detail names the store", async () => {
    const res = await page('/restaurant/MQ==', HARBOR, { 'accept-language': 'ar' });
    const block = screenBlock(res.body)!;
    expect(block.lang).toBe('ar');
    expect(Object.keys(block.answers).sort()).toEqual(['menu', 'menuOutline', 'storeDetail']);
    expect(res.body).toContain('مارغريتا');
    // For search engines and shared links: the store's name in the title, its picture, and the store with its menu as schema.org data.
    const store = (block.answers.storeDetail as unknown as { Result: { name: string; icon_image: string } }).Result;
    expect(res.body).toContain(`<title>${store.name} | هاربر إيتس</title>`);
    expect(res.body).toContain(`<meta property="og:image" content="${store.icon_image}" />`);
    const data = structuredData(res.body);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ '@type': 'Restaurant', name: store.name, url: 'http://localhost:8080/restaurant/MQ==', hasMenu: { '@type': 'Menu' } });
    const items = (data[0] as { hasMenu: { hasMenuSection: Array<{ hasMenuItem: Array<{ name: string; offers: unknown }> }> } }).hasMenu.hasMenuSection.flatMap((section) => section.hasMenuItem);
    expect(items.find((item) => item.name === 'مارغريتا')!.offers).toEqual({ '@type': 'Offer', price: '14.00', priceCurrency: 'USD' });
    // A grocery vendor's store is a grocery store.
    const souqStore = (await t.post('get_nearby_restaurant_v2', { latitude: 25.2048, longitude: 55.2708, total_record: 1, skip: 0, delivery_type_time_slots: 'delivery' }, { host: SOUQ })).body.Result as Array<{ restaurant_id: number }>;
    const souqPage = await page(`/restaurant/${encodeURIComponent(btoa(String(souqStore[0]!.restaurant_id)))}`, SOUQ);
    expect(structuredData(souqPage.body)[0]).toMatchObject({ '@type': 'GroceryStore', currenciesAccepted: 'AED' });
    // A store that is not the vendor's: its refusal is the answer, and there is no menu to ask for.
    const other = screenBlock((await page(`/restaurant/${encodeURIComponent(btoa('999999'))}`, HARBOR)).body)!;
    expect(other.answers.storeDetail).toMatchObject({ code: 101 });
    expect(other.answers.menu).toBeUndefined();
  });

  it('keeps a screen it drew a few seconds for the same page, drawn once for visits that arrive together', async () => {
    const drawing = (html: string) => /localhost:8080 #(\d+) /.exec(html)?.[1];
    const menu = (lang: string) => page('/restaurant/Mg==', HARBOR, { 'accept-language': lang });
    const together = (await Promise.all([menu('en'), menu('en'), menu('en')])).map((res) => drawing(res.body));
    expect(together[0]).toBeDefined();
    expect(new Set(together).size).toBe(1);
    expect(drawing((await menu('en')).body)).toBe(together[0]);
    // Another language is another screen; a fixture that changes a store forgets them all.
    const arabic = drawing((await menu('ar')).body);
    expect(arabic).not.toBe(together[0]);
    forgetKeptPages(t.database.db);
    expect(drawing((await menu('ar')).body)).not.toBe(arabic);
  });

  it("draws an element for a vendor's own page: the element, its shadow root and the answers it was drawn from", async () => {
    const res = await t.app.inject({ url: '/render/sf-menu?store=MQ%3D%3D&lang=ar&host=localhost', headers: { host: 'api.example:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).toMatch(/^<sf-menu store="MQ=="><template shadowrootmode="open"><div class="sf-root">ar localhost [^<]*مارغريتا[^<]*<\/div><\/template><script type="application\/json" data-sf-served>/);
    const block = JSON.parse(/data-sf-served>([^<]*)<\/script><\/sf-menu>$/.exec(res.body)![1]!) as { lang: string; answers: Record<string, unknown>; parts: string[] };
    expect(block).toMatchObject({ lang: 'ar', parts: [] });
    expect(Object.keys(block.answers).sort()).toEqual(['menu', 'menuOutline', 'storeDetail']);
    // A language the vendor does not offer: the one the storefront would choose (Souq opens in Arabic).
    expect((await t.app.inject({ url: `/render/sf-menu?store=MQ%3D%3D&lang=de&host=${SOUQ}` })).body).toContain('<div class="sf-root">ar ');
    // Attribute values are the vendor's page's text: escaped.
    const hostile = await t.app.inject({ url: `/render/sf-menu?store=${encodeURIComponent('"><img src=x onerror=alert(1)>')}&host=localhost` });
    expect(hostile.statusCode).toBe(200); // the element then says 'Store not found' itself
    expect(hostile.body).toMatch(/^<sf-menu store="&quot;&gt;&lt;img src=x onerror=alert\(1\)&gt;">/);
    expect(hostile.body).not.toContain('<img');
  });

  it('refuses to draw what it cannot, with the reason', async () => {
    const unknown = await t.app.inject({ url: '/render/sf-checkout?host=localhost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('No element to draw named sf-checkout: sf-menu can be.');
    // Names every object has are no elements either.
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect((await t.app.inject({ url: `/render/${name}?host=localhost` })).statusCode, name).toBe(404);
    }
    expect((await t.app.inject({ url: '/render/sf-menu?store=MQ%3D%3D&host=nope.example' })).json()).toMatchObject({ code: 404, msg: 'Vendor not found' });
    expect((await t.app.inject({ url: '/render/sf-menu?store=%01' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/render/sf-menu?lang=xx' })).statusCode).toBe(422);
  });

  it("serves the page without a screen where the server does not draw one, or where drawing fails", async () => {
    for (const path of ['/orders', '/boom']) {
      const res = await page(path, HARBOR);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<sf-storefront></sf-storefront>');
      expect(screenBlock(res.body)).toBeNull();
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-hashes');
    }
  });
});
