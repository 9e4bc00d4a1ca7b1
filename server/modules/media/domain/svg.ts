import { createHash } from 'node:crypto';
import { cssColourOr } from '../../../../contract/rules/colours.ts';
import { isListedNamedColour } from '../../../../contract/rules/named-colours.ts';
import { escapeMarkup } from '../../../markup.ts';

export const MEDIA_KINDS = ['store', 'item', 'logo', 'banner', 'coupon', 'favicon', 'mark'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export interface Theme {
  primary: string;
  secondary: string;
}

/** Up to two initials from a slug like 'golden-gate-pizza' → 'GG'. */
export function initials(slug: string): string {
  const words = slug.split(/[-_\s]+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => [...w][0]) : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/** A stable hue (degrees) from the slug, so an image never changes colour between loads. */
export function hueOf(slug: string): number {
  const hash = createHash('sha256').update(slug).digest();
  return ((hash[0] ?? 0) * 256 + (hash[1] ?? 0)) % 360;
}

/** The slug's colours (also drawn by png.ts from the same hue). */
export function colourOf(slug: string): { fill: string; accent: string } {
  const hue = hueOf(slug);
  return { fill: `hsl(${hue} 55% 45%)`, accent: `hsl(${(hue + 40) % 360} 70% 80%)` };
}

/** Width and height of each kind of picture, in px. */
export const MEDIA_SIZES: Record<MediaKind, [number, number]> = {
  store: [400, 300],
  item: [300, 300],
  logo: [320, 96],
  banner: [1200, 400],
  coupon: [200, 200],
  favicon: [64, 64],
  /** A brand's round mark: initials in the middle of a square, whole inside the circle it is shown in. */
  mark: [128, 128],
};

type Attributes = Record<string, string | number>;

/** Every attribute value is escaped, whatever it holds. */
function attributeList(attributes: Attributes): string {
  return Object.entries(attributes).map(([key, value]) => ` ${key}="${escapeMarkup(String(value))}"`).join('');
}

/** One element without children; its text, when given, is escaped. */
function element(name: string, attributes: Attributes, text?: string): string {
  const open = `<${name}${attributeList(attributes)}`;
  return text === undefined ? `${open}/>` : `${open}>${escapeMarkup(text)}</${name}>`;
}

/**
 * A deterministic placeholder picture: background, one shape, the initials (a logo, the vendor's name
 * beside them). A theme colour outside the CSS colour grammar (contract/rules/colours.ts) is not used:
 * the slug's own colour stands in.
 */
export function renderSvg(kind: MediaKind, slug: string, theme?: Theme, vendorName?: string): string {
  const [w, h] = MEDIA_SIZES[kind];
  const n = (x: number) => Math.round(x * 10) / 10;
  const own = colourOf(slug);
  const themed = theme && (kind === 'logo' || kind === 'favicon');
  const fill = themed ? cssColourOr(theme.primary, own.fill, isListedNamedColour) : own.fill;
  const accent = themed ? cssColourOr(theme.secondary, own.accent, isListedNamedColour) : own.accent;
  const text = initials(slug);
  const r = Math.min(w, h) * 0.32;
  const shape =
    kind === 'mark'
      ? element('circle', { cx: n(w / 2), cy: n(h / 2), r: n(w * 0.44), fill: accent, opacity: '0.35' })
      : kind === 'logo'
      ? element('circle', { cx: n(h / 2), cy: n(h / 2), r: n(h * 0.38), fill: accent })
      : kind === 'coupon'
        ? element('rect', { x: n(w * 0.15), y: n(h * 0.15), width: n(w * 0.7), height: n(h * 0.7), rx: n(w * 0.12), fill: accent, opacity: '0.5' })
        : element('circle', { cx: n(w * 0.78), cy: n(h * 0.28), r, fill: accent, opacity: '0.45' });
  const textX = kind === 'logo' ? h / 2 : w / 2;
  const fontSize = kind === 'logo' ? h * 0.36 : kind === 'mark' ? w * 0.3 : Math.min(w, h) * 0.36;
  const font = { fill: '#fff', 'font-family': 'system-ui, sans-serif' };
  // The name beside the logo's mark (the vendor's own, in its script; else the slug's words), made smaller as it
  // grows so it always fits (about 0.6 em a letter).
  // (Control characters and U+FFFE/U+FFFF, which XML refuses, are dropped.)
  const name = vendorName?.replace(/[\p{Cc}\uFFFE\uFFFF]/gu, '').trim() || slug.replace(/-/g, ' ');
  const nameSize = Math.floor(Math.min(h * 0.3, (w - h - 16) / (Math.max(1, [...name].length) * 0.6)) * 10) / 10;
  const label = kind === 'logo'
    ? element('text', { x: h + 8, y: n(h / 2), 'font-size': n(nameSize), ...font, 'dominant-baseline': 'central' }, name)
    : '';
  const svg = { xmlns: 'http://www.w3.org/2000/svg', width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: 'img', 'aria-label': text };
  return `<svg${attributeList(svg)}>
${element('rect', { width: w, height: h, rx: kind === 'favicon' ? 12 : 0, fill })}
${shape}
${element('text', { x: n(textX), y: n(h / 2), 'font-size': n(fontSize), 'font-weight': 700, ...font, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, text)}
${label}
</svg>
`;
}
