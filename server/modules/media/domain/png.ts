import { crc32, deflateSync } from 'node:zlib';
import { hslToRgb } from '../../../../contract/rules/contrast.ts';
import { BoundedCache } from '../../../bounded-cache.ts';
import { hueOf, MEDIA_SIZES, type MediaKind } from './svg.ts';

/**
 * The demo's photos (stores, items, banners, coupons) as small palette PNGs: the slug's colour with a soft
 * disc, the same picture as the SVG without its initials (the cards draw them with alt=""). A browser
 * decodes a PNG off the main thread (decoding="async"), where an SVG is drawn on it, so a list of 1000
 * cards scrolls without a picture to draw per frame. About 1.5 KB each (a banner 2.3 KB).
 */
export const PHOTO_KINDS: ReadonlySet<MediaKind> = new Set(['store', 'item', 'banner', 'coupon']);

/** hsl (degrees, 0–1, 0–1) to 8-bit sRGB. */
function hslTo8Bit(hue: number, saturation: number, lightness: number): [number, number, number] {
  return hslToRgb(hue, saturation * 100, lightness * 100).map(Math.round) as [number, number, number];
}

/** One chunk of a PNG file: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** Shades between the background and the disc, so its edge is smooth. */
const SHADES = 16;

/** Pictures drawn lately, by kind and slug: a list of 1000 cards asks for each once per visitor. */
const DRAWN_MAX = 2_000;
const drawn = new BoundedCache<string, Buffer>(DRAWN_MAX);

/** The picture of `slug` (drawn once, then from memory while it is among the last DRAWN_MAX asked for). */
export function renderPng(kind: MediaKind, slug: string): Buffer {
  const key = `${kind}/${slug}`;
  const known = drawn.get(key);
  if (known) return known;
  const png = drawPng(kind, slug);
  drawn.set(key, png);
  return png;
}

function drawPng(kind: MediaKind, slug: string): Buffer {
  const [width, height] = MEDIA_SIZES[kind];
  const hue = hueOf(slug);
  const fill = hslTo8Bit(hue, 0.55, 0.45);
  const accent = hslTo8Bit((hue + 40) % 360, 0.7, 0.8);
  // The disc at 45% opacity over the background, as the SVG draws it; palette entry i is i/SHADES of the way.
  const palette = Buffer.alloc(3 * (SHADES + 1));
  for (let i = 0; i <= SHADES; i++) {
    const coverage = (0.45 * i) / SHADES;
    for (let c = 0; c < 3; c++) palette[3 * i + c] = Math.round(fill[c]! * (1 - coverage) + accent[c]! * coverage);
  }
  const cx = width * 0.78;
  const cy = height * 0.28;
  const radius = Math.min(width, height) * 0.32;
  // One filter byte (0, none) then one palette index per pixel, row by row; 0 (background) outside the
  // disc's bounding box, so only the pixels near the disc are worked out.
  const rows = Buffer.alloc((width + 1) * height);
  const [top, bottom] = [Math.max(0, Math.floor(cy - radius - 1)), Math.min(height, Math.ceil(cy + radius + 1))];
  const [left, right] = [Math.max(0, Math.floor(cx - radius - 1)), Math.min(width, Math.ceil(cx + radius + 1))];
  for (let y = top; y < bottom; y++) {
    const row = y * (width + 1);
    for (let x = left; x < right; x++) {
      const edge = radius - Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      rows[row + 1 + x] = Math.round(Math.max(0, Math.min(1, edge + 0.5)) * SHADES);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8-bit palette indices, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('PLTE', palette),
    pngChunk('IDAT', deflateSync(rows, { level: 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
