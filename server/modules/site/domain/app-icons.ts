import { createHash } from 'node:crypto';
import type { VendorSettings } from '../../../../contract/api/settings.ts';
import { safeWebUrl } from '../../../../contract/rules/urls.ts';
import { drawnLogoOf, type Theme } from '../../media/index.ts';
import { loadSharp } from '../../../sharp.ts';

/**
 * The full page's icons as platforms ask for them, drawn from the vendor's logo: PNGs of the sizes the
 * install criteria and home screens want, on the vendor's own host under an address that names their
 * version (a hash of what they are drawn from), so they can be kept as long as a cache likes.
 */
export const APP_ICONS_PATH = '/app-icons';

/** `any`: the logo as it is; `maskable`: inside the safe zone on an opaque square; `apple-touch-icon`: opaque (iOS draws transparency black). */
export type AppIconPurpose = 'any' | 'maskable' | 'apple-touch-icon';

export const APP_ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'maskable-512.png', size: 512, purpose: 'maskable' },
  { file: 'apple-touch-icon-180.png', size: 180, purpose: 'apple-touch-icon' },
] as const satisfies readonly { file: string; size: number; purpose: AppIconPurpose }[];

export type AppIcon = (typeof APP_ICONS)[number];
export type AppIconFile = AppIcon['file'];

/** The icon a file name names, undefined for any other name. */
export function appIconOf(file: string): AppIcon | undefined {
  return APP_ICONS.find((icon) => icon.file === file);
}

/** A version is this many hex digits. */
export const APP_ICONS_VERSION = /^[0-9a-f]{16}$/;

/** Changed whenever the icons are drawn differently, so that every version changes with them. */
const DRAWING = 1;

/**
 * A maskable icon keeps what matters inside the circle of 80% of its width the platforms leave uncut:
 * the logo fits in the square inside that circle.
 */
export const MASKABLE_LOGO_SHARE = 0.8 / Math.SQRT2;

/** The largest picture a logo may decode to (width × height): anything bigger is refused, not drawn. */
export const LOGO_MAX_PIXELS = 4096 * 4096;

/** The logos the manifest may name, in the order they are taken (square, favicon, flat icon), each once. */
export function appLogos(settings: VendorSettings): string[] {
  const layout = settings.app_layout?.[0];
  const logos: string[] = [];
  for (const src of [layout?.web_square_logo, layout?.web_fav_logo, settings.flat_icon]) {
    const safe = safeWebUrl(src ?? '');
    if (safe && !logos.includes(safe)) logos.push(safe);
  }
  return logos;
}

/** What a vendor's icons are drawn from. */
export interface AppIconInputs {
  /** The logo (the first of appLogos), none when the vendor has none. */
  logo: string | undefined;
  /** The opaque icons' background: the vendor's theme colour, else white. */
  background: string;
  /** The vendor's theme, for the icons drawn from its initials when there is no logo to draw. */
  theme: Theme | undefined;
}

export function appIconInputs(settings: VendorSettings): AppIconInputs {
  const web = settings.web_settings;
  const primary = web?.theme_primary_color ?? '';
  const secondary = web?.theme_secondary_color ?? '';
  return {
    logo: appLogos(settings)[0],
    background: /^#[0-9a-f]{6}$/i.test(primary) ? primary.toLowerCase() : '#ffffff',
    theme: primary && secondary ? { primary, secondary } : undefined,
  };
}

/**
 * The version of the vendor's icons: a hash of what they are drawn from (the logo, the theme) and of how.
 * A logo this server draws counts by its path alone, so the version is the same on every host it is read from.
 */
export function appIconsVersion(settings: VendorSettings): string {
  const { logo, background, theme } = appIconInputs(settings);
  const drawn = logo === undefined ? undefined : drawnLogoOf(logo);
  const source = drawn ? `media:${drawn.kind}/${drawn.slug}` : (logo ?? '');
  return createHash('sha256')
    .update(JSON.stringify([DRAWING, settings.vendor_id, source, background, theme?.primary ?? '', theme?.secondary ?? '']))
    .digest('hex')
    .slice(0, 16);
}

/** The address of one of the vendor's icons on its own host. */
export function appIconPath(settings: VendorSettings, file: AppIconFile): string {
  return `${APP_ICONS_PATH}/${appIconsVersion(settings)}/${file}`;
}


/**
 * The logo drawn at `size`, whole (fitted into the square, transparent around it); an SVG is drawn at
 * the size it is asked for, not scaled up. Throws for what is no PNG, JPEG, WebP or SVG, or decodes to
 * more than LOGO_MAX_PIXELS.
 */
async function fitted(image: Buffer, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  // The header alone says the format and size (an SVG's at 72 dpi, whatever it is drawn at): the bound is on what is decoded.
  const { format, width, height } = await sharp(image, { limitInputPixels: false }).metadata();
  const options = { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error' } as const;
  if (format !== 'png' && format !== 'jpeg' && format !== 'webp' && format !== 'svg') throw new Error(`a logo in ${format} is not drawn`);
  if (!width || !height) throw new Error('the logo has no size');
  const density = format === 'svg' ? Math.min(100_000, Math.max(1, (72 * size) / Math.max(width, height))) : undefined;
  return sharp(image, { ...options, ...(density ? { density } : {}) })
    .rotate()
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/** The logo in the middle of an opaque square of `background`. */
async function onBackground(logo: Buffer, size: number, background: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const square = await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png()
    .toBuffer();
  return sharp(square).flatten({ background }).png({ compressionLevel: 9 }).toBuffer();
}

/** One icon from the logo's bytes (PNG, JPEG, WebP or SVG). */
async function drawAppIcon(image: Buffer, icon: AppIcon, background: string): Promise<Buffer> {
  const sharp = await loadSharp();
  switch (icon.purpose) {
    case 'any':
      return sharp(await fitted(image, icon.size)).png({ compressionLevel: 9 }).toBuffer();
    case 'maskable':
      return onBackground(await fitted(image, Math.round(icon.size * MASKABLE_LOGO_SHARE)), icon.size, background);
    case 'apple-touch-icon':
      return onBackground(await fitted(image, icon.size), icon.size, background);
  }
}

/** Every icon from the logo's bytes; throws when the logo is not one that is drawn (see `fitted`). */
export async function drawAppIcons(image: Buffer, background: string): Promise<Map<AppIconFile, Buffer>> {
  const drawn = await Promise.all(APP_ICONS.map(async (icon) => [icon.file, await drawAppIcon(image, icon, background)] as const));
  return new Map(drawn);
}

/** Every icon as a plain square of `background`: what is left when not even the initials can be drawn. */
export async function plainAppIcons(background: string): Promise<Map<AppIconFile, Buffer>> {
  const sharp = await loadSharp();
  const drawn = await Promise.all(APP_ICONS.map(async ({ file, size }) => [
    file, await sharp({ create: { width: size, height: size, channels: 3, background } }).png().toBuffer(),
  ] as const));
  return new Map(drawn);
}
