import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/pool.ts';
import { pngChunk } from '../../media/index.ts';
import { AppIconMaker, LOGO_RETRY_MS, type AppIconRequest } from './app-icon-maker.ts';
import { APP_ICONS, LOGO_MAX_PIXELS } from './app-icons.ts';

/** A small file whose header says it is a greyscale picture of `width` × `height`. */
function claimedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.alloc(64))), pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const request = (logo: string | undefined, version = '0123456789abcdef'): AppIconRequest => ({
  version, slug: 'harbor-eats', logo, background: '#1d3557', theme: { primary: '#1d3557', secondary: '#e63946' },
});

/** A maker whose logos come from `logos` (by address), counting what it fetched and what it logged. */
function makerWith(logos: Record<string, Buffer>) {
  const fetched: string[] = [];
  const warnings: string[] = [];
  let now = 1_000_000;
  const maker = new AppIconMaker({
    db: {} as Db,
    production: true,
    warn: (_details, message) => warnings.push(message),
    fetch: async (address) => {
      fetched.push(address);
      const body = logos[address];
      if (!body) throw new Error('answered 404');
      return { body };
    },
    now: () => now,
  });
  return { maker, fetched, warnings, pass: (ms: number) => (now += ms) };
}

describe("making a vendor's app icons", () => {
  it('fetches and draws a logo once, however many ask for its icons at once', async () => {
    const logo = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#e63946' } }).jpeg().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="5" fill="#e63946"/></svg>');
    const { maker, fetched, warnings } = makerWith({ 'https://cdn.example/logo.jpg': logo, 'https://cdn.example/logo.svg': svg });
    const sets = await Promise.all([1, 2, 3].map(() => maker.iconsOf(request('https://cdn.example/logo.jpg'))));
    expect(new Set(sets).size).toBe(1);
    expect(sets[0]!.lasting).toBe(true);
    await maker.iconsOf(request('https://cdn.example/logo.jpg'));
    expect(fetched).toEqual(['https://cdn.example/logo.jpg']);
    for (const icon of APP_ICONS) {
      expect(await sharp(sets[0]!.icons.get(icon.file)!.png).metadata(), icon.file).toMatchObject({ format: 'png', width: icon.size, height: icon.size });
    }
    // An SVG is drawn at the size asked for (a 10 px drawing, 512 px sharp).
    const drawn = (await maker.iconsOf(request('https://cdn.example/logo.svg', 'fedcba9876543210'))).icons.get('icon-512.png')!.png;
    const { data } = await sharp(drawn).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray((256 * 512 + 256) * 4, (256 * 512 + 256) * 4 + 4)]).toEqual([230, 57, 70, 255]);
    expect(warnings).toEqual([]);
  });

  it("draws the vendor's initials when the logo cannot be fetched or drawn, says so once, and tries again later", async () => {
    const tooBig = claimedPng(5000, 5000);
    expect(5000 * 5000).toBeGreaterThan(LOGO_MAX_PIXELS);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    const { maker, fetched, warnings, pass } = makerWith({ 'https://cdn.example/big.png': tooBig, 'https://cdn.example/logo.gif': gif, 'https://cdn.example/text.png': Buffer.from('text') });
    // The maker keeps its sets by slug and version (here the logo's address stands for the version).
    const gone = () => request('https://cdn.example/gone.png', 'https://cdn.example/gone.png');
    for (const logo of ['https://cdn.example/gone.png', 'https://cdn.example/big.png', 'https://cdn.example/logo.gif', 'https://cdn.example/text.png']) {
      const set = await maker.iconsOf(request(logo, logo));
      expect(set.lasting, logo).toBe(false);
      const apple = await sharp(set.icons.get('apple-touch-icon-180.png')!.png).metadata();
      expect(apple, logo).toMatchObject({ width: 180, height: 180, hasAlpha: false });
    }
    expect(warnings).toHaveLength(4);
    // Asked again: the same icons, not fetched again and not told again, until the retry time has passed.
    await maker.iconsOf(gone());
    expect(fetched.filter((address) => address.endsWith('gone.png'))).toHaveLength(1);
    expect(warnings).toHaveLength(4);
    pass(LOGO_RETRY_MS);
    await maker.iconsOf(gone());
    expect(fetched.filter((address) => address.endsWith('gone.png'))).toHaveLength(2);
    expect(warnings).toHaveLength(5);
  });

  it('draws the initials, kept for good, for a vendor without a logo, opaque where platforms need it', async () => {
    const { maker, fetched } = makerWith({});
    const set = await maker.iconsOf(request(undefined));
    expect(set.lasting).toBe(true);
    expect(fetched).toEqual([]);
    const maskable = await sharp(set.icons.get('maskable-512.png')!.png).ensureAlpha().raw().toBuffer();
    expect([...maskable.subarray(0, 4)]).toEqual([0x1d, 0x35, 0x57, 255]);
  });
});
