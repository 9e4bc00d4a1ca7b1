import { BoundedCache } from '../../../bounded-cache.ts';
import { loadSharp } from '../../../sharp.ts';
import { drawArt, type ArtName } from './art.ts';
import type { MediaKind, Theme } from './svg.ts';

/**
 * Pictures drawn, by what they are drawn from (kind, illustration, vendor and its colours, never the file's name):
 * each is rasterised once per process, and every pizza of a vendor is one picture (a few hundred kept, about 8 KB each).
 */
const drawn = new BoundedCache<string, Promise<Buffer>>(600);

/**
 * The illustrated picture as a palette PNG (drawn once, then kept): a browser decodes a PNG off the main
 * thread, where an SVG of the same is drawn on it, so a long list of cards scrolls without a picture to
 * draw per frame.
 */
export function artPicture(kind: MediaKind, art: ArtName, vendor: string, theme: Theme | undefined): Promise<Buffer> {
  const key = JSON.stringify([kind, art, vendor, theme?.primary ?? '', theme?.secondary ?? '']);
  const kept = drawn.get(key);
  if (kept) return kept;
  const png = loadSharp().then((sharp) => sharp(Buffer.from(drawArt(kind, art, vendor, theme))).png({ palette: true, quality: 90, compressionLevel: 9, effort: 7 }).toBuffer());
  drawn.set(key, png);
  png.catch(() => drawn.delete(key));
  return png;
}
