import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetVendors } from '../../../http/vendor.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from '../../../test/test-app.ts';

/** The width, height, channels and the RGBA of the top-left pixel of a PNG. */
async function pictureOf(png: Buffer): Promise<{ format: string | undefined; width: number; height: number; hasAlpha: boolean; corner: number[] }> {
  const meta = await sharp(png).metadata();
  const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { format: meta.format, width: meta.width ?? 0, height: meta.height ?? 0, hasAlpha: meta.hasAlpha ?? false, corner: [...data.subarray(0, 4)] };
}

/** Whether any pixel of a PNG is less than opaque. */
async function hasTransparency(png: Buffer): Promise<boolean> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = info.channels - 1; i < data.length; i += info.channels) if (data[i]! < 255) return true;
  return false;
}

const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

describe("the full page's app icons, drawn from the vendor's logo", () => {
  let t: TestApp;
  /** A vendor's logo on another server (a loopback one: http is taken from loopback hosts outside production). */
  let logos: Server;
  let logoOrigin: string;
  const asked = new Map<string, number>();
  const get = (url: string, host = HARBOR, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host: `${host}:8080`, ...headers } });
  const manifestIcons = async (host = HARBOR) => ((await get('/manifest.webmanifest', host)).json() as { icons: { src: string; sizes: string; purpose: string }[] }).icons;
  const harborId = async () => (await t.database.db.query<{ vendor_id: number }>("SELECT vendor_id FROM vendor_hosts WHERE host = 'localhost'")).rows[0]!.vendor_id;

  /** Harbor's square logo (the icons' source) set to `logo` while `run` runs. */
  async function withHarborLogo(logo: string, run: () => Promise<void>): Promise<void> {
    const { db } = t.database;
    const id = await harborId();
    const before = (await db.query<{ logo: string }>("SELECT settings #>> '{app_layout,0,web_square_logo}' AS logo FROM vendors WHERE id = $1", [id])).rows[0]!.logo;
    const set = async (value: string) => {
      await db.query("UPDATE vendors SET settings = jsonb_set(settings, '{app_layout,0,web_square_logo}', to_jsonb($2::text)) WHERE id = $1", [id, value]);
      forgetVendors(db);
    };
    await set(logo);
    try {
      await run();
    } finally {
      await set(before);
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    const photo = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } }).png().toBuffer();
    logos = createServer((request, response) => {
      asked.set(request.url ?? '', (asked.get(request.url ?? '') ?? 0) + 1);
      if (request.url === '/logo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
      else if (request.url === '/broken.png') response.writeHead(200, { 'content-type': 'image/png' }).end('not a picture');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => logos.listen(0, '127.0.0.1', resolve));
    logoOrigin = `http://127.0.0.1:${(logos.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => logos.close(resolve));
  });

  it('lists them in the manifest and the full page names the one iOS takes, under one version', async () => {
    const icons = await manifestIcons();
    const [version] = /\/app-icons\/([0-9a-f]{16})\//.exec(icons[0]!.src)!.slice(1);
    expect(icons.map(({ src, sizes, purpose }) => [src, sizes, purpose])).toEqual([
      [`/app-icons/${version}/icon-192.png`, '192x192', 'any'],
      [`/app-icons/${version}/icon-512.png`, '512x512', 'any'],
      [`/app-icons/${version}/maskable-512.png`, '512x512', 'maskable'],
      ['http://localhost:8080/media/favicon/harbor-eats.svg', 'any', 'any'],
    ]);
    // The same version on every host the vendor is read from, in every language.
    expect((await get('/manifest.webmanifest?lang=ar', HARBOR)).body).toContain(`/app-icons/${version}/`);
    const page = (await get('/', HARBOR)).body;
    expect(page).toContain(`<link rel="apple-touch-icon" sizes="180x180" href="/app-icons/${version}/apple-touch-icon-180.png" />`);
    // Another vendor, another logo and theme: another version.
    expect((await manifestIcons(SOUQ))[0]!.src).not.toContain(version);
  });

  it('serves each as a PNG of its exact size, kept for good, with an ETag', async () => {
    const icons = await manifestIcons();
    const version = icons[0]!.src.split('/')[2]!;
    const theme = ((await get('/manifest.webmanifest', HARBOR)).json() as { theme_color: string }).theme_color;
    for (const [file, size] of [['icon-192.png', 192], ['icon-512.png', 512], ['maskable-512.png', 512], ['apple-touch-icon-180.png', 180]] as const) {
      const res = await get(`/app-icons/${version}/${file}`);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(await pictureOf(res.rawPayload), file).toMatchObject({ format: 'png', width: size, height: size });
      const again = await get(`/app-icons/${version}/${file}`, HARBOR, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
    // The logo as it is (its rounded corners transparent) for "any"; the maskable one fills its square, opaque
    // to the corners, in the vendor's theme colour; the apple one has no transparency at all.
    const any = (await get(`/app-icons/${version}/icon-512.png`)).rawPayload;
    expect((await pictureOf(any)).corner[3]).toBe(0);
    // The vendor's favicon as the media module draws it, in the vendor's theme (as /media/favicon/… serves it).
    expect((await get('/media/favicon/harbor-eats.svg')).body).toContain(`fill="${theme}"`);
    const { data } = await sharp(any).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray((256 * 512 + 20) * 4, (256 * 512 + 20) * 4 + 4)]).toEqual([...rgb(theme), 255]);
    const maskable = await pictureOf((await get(`/app-icons/${version}/maskable-512.png`)).rawPayload);
    expect(maskable.corner).toEqual([...rgb(theme), 255]);
    const apple = (await get(`/app-icons/${version}/apple-touch-icon-180.png`)).rawPayload;
    expect((await pictureOf(apple)).hasAlpha).toBe(false);
    expect(await hasTransparency(apple)).toBe(false);
  });

  it('answers 404 for a size it does not draw, a version in no form it takes and a host that names no vendor', async () => {
    const version = (await manifestIcons())[0]!.src.split('/')[2]!;
    for (const url of [`/app-icons/${version}/icon-100.png`, `/app-icons/${version}/icon-192.svg`, `/app-icons/${version}/`, '/app-icons/not-a-version/icon-192.png', `/app-icons/${version.toUpperCase()}/icon-192.png`]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await get(`/app-icons/${version}/icon-192.png`, 'nope.example.com')).statusCode).toBe(404);
    // Another vendor's version on this vendor's host, or an older one: sent to this vendor's current icons.
    const souq = (await manifestIcons(SOUQ))[0]!.src;
    const moved = await get(souq);
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe(`/app-icons/${version}/icon-192.png`);
  });

  it("draws another server's logo once, and the vendor's initials when its logo cannot be fetched or drawn", async () => {
    await withHarborLogo(`${logoOrigin}/logo.png`, async () => {
      const icons = await manifestIcons();
      // No SVG to offer: the PNGs only.
      expect(icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', '512x512', 'any']);
      const version = icons[0]!.src.split('/')[2]!;
      for (let round = 0; round < 2; round++) {
        for (const file of ['icon-192.png', 'icon-512.png', 'maskable-512.png', 'apple-touch-icon-180.png']) {
          const res = await get(`/app-icons/${version}/${file}`);
          expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        }
      }
      expect(asked.get('/logo.png')).toBe(1);
      // The half-transparent red logo, fitted: its middle is that red (within rounding), still half transparent.
      const { data, info } = await sharp((await get(`/app-icons/${version}/icon-512.png`)).rawPayload).raw().toBuffer({ resolveWithObject: true });
      const middle = (256 * info.width + 256) * info.channels;
      [200, 30, 30, 128].forEach((value, channel) => expect(Math.abs(data[middle + channel]! - value)).toBeLessThanOrEqual(2));
    });
    for (const logo of [`${logoOrigin}/broken.png`, `${logoOrigin}/missing.png`, 'http://logo.example/logo.png']) {
      await withHarborLogo(logo, async () => {
        const version = (await manifestIcons())[0]!.src.split('/')[2]!;
        for (const [file, size] of [['icon-192.png', 192], ['maskable-512.png', 512], ['apple-touch-icon-180.png', 180]] as const) {
          const res = await get(`/app-icons/${version}/${file}`);
          expect(res.statusCode, `${logo} ${file}`).toBe(200);
          // Not kept for good: the logo is tried again later.
          expect(res.headers['cache-control']).toBe('public, max-age=600');
          expect(await pictureOf(res.rawPayload)).toMatchObject({ format: 'png', width: size, height: size });
        }
        expect(await hasTransparency((await get(`/app-icons/${version}/apple-touch-icon-180.png`)).rawPayload)).toBe(false);
      });
    }
    // Each was asked for once, though three icons of each were.
    expect(asked.get('/broken.png')).toBe(1);
    expect(asked.get('/missing.png')).toBe(1);
  });
});
