import type { ThemeContrastWarning } from '../api/settings.ts';
import { COLOUR_FUNCTION, colourArguments, isCssColour, themeColours, type ThemeColourKey } from './colours.ts';
import { CSS_NAMED_COLOURS, isListedNamedColour } from './named-colours.ts';

/**
 * The contrast of a vendor's theme, measured as WCAG 2.2 measures it: the relative luminance of each sRGB
 * colour and the ratio (L1 + 0.05) / (L2 + 0.05) of the lighter to the darker. The storefront draws text
 * in some theme colours on others (the pairs below); a pair under 4.5:1 fails 1.4.3 (text) and, for the
 * primary colour that also outlines chosen chips and marks focus, 1.4.11 (3:1) before that. The colours
 * are the vendor's, so the storefront cannot fix them: the settings answer names each failing pair
 * (theme_warnings) and the storefront writes it to the vendor page's console.
 */

/** What WCAG 2.2 asks of text and images of text (1.4.3). */
export const TEXT_CONTRAST = 4.5;

/** The page and the cards under the storefront's words. */
const PAGE = '#ffffff';

/** An sRGB colour: channels 0–255, alpha 0–1. */
type Rgba = readonly [number, number, number, number];

const PAGE_RGB: Rgba = [255, 255, 255, 1];

const clamp = (value: number, top: number) => Math.min(top, Math.max(0, value));

/** A channel (0–255 or a percentage), a hue (degrees) or an alpha (0–1 or a percentage) of the grammar. */
function numberOf(token: string, scale: number): number {
  const value = Number.parseFloat(token);
  return token.endsWith('%') ? (value / 100) * scale : value;
}

/** hsl (degrees, saturation and lightness in %) as sRGB channels 0–255, unrounded. */
export function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** A colour of the theme grammar (colours.ts) as sRGB; undefined for anything else. */
export function parseColour(value: string): Rgba | undefined {
  if (!isCssColour(value, isListedNamedColour)) return undefined;
  const hex = CSS_NAMED_COLOURS.get(value.toLowerCase()) ?? (value.startsWith('#') ? value : undefined);
  if (hex) {
    const digits = hex.length <= 5 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1);
    const [r, g, b, a = 255] = (digits.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16));
    return [r!, g!, b!, a / 255];
  }
  const [, name = '', inside = ''] = COLOUR_FUNCTION.exec(value) ?? [];
  const args = colourArguments(inside);
  if (!args) return undefined;
  const alpha = args.alpha === undefined ? 1 : clamp(numberOf(args.alpha, 1), 1);
  const [x = '', y = '', z = ''] = args.main;
  const rgb = name.toLowerCase().startsWith('rgb')
    ? [numberOf(x, 255), numberOf(y, 255), numberOf(z, 255)]
    : hslToRgb(Number.parseFloat(x), Number.parseFloat(y), Number.parseFloat(z));
  return [clamp(rgb[0]!, 255), clamp(rgb[1]!, 255), clamp(rgb[2]!, 255), alpha];
}

/** `colour` as it shows over `under` (an opaque colour): a translucent theme colour is mixed with what it is on. */
function over(colour: Rgba, under: Rgba): Rgba {
  const a = colour[3];
  return [colour[0] * a + under[0] * (1 - a), colour[1] * a + under[1] * (1 - a), colour[2] * a + under[2] * (1 - a), 1];
}

/** WCAG's relative luminance of an opaque sRGB colour. */
function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of text in `text` on `background` (each over the white page), from 1 to 21; undefined when either is no colour of the grammar. */
export function contrastRatio(text: string, background: string): number | undefined {
  const front = parseColour(text);
  const back = parseColour(background);
  if (!front || !back) return undefined;
  const under = over(back, PAGE_RGB);
  const [lighter, darker] = [luminance(over(front, under)), luminance(under)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The pairs the storefront draws: a theme colour as text, on another or on the white page, and what customers read in it. */
export const THEME_CONTRAST_PAIRS: ReadonlyArray<{ text: ThemeColourKey; on: ThemeColourKey | 'page'; what: string }> = [
  { text: 'text_primary_color', on: 'page', what: 'Text' },
  { text: 'text_secondary_color', on: 'page', what: 'Secondary text (times, descriptions, hints)' },
  { text: 'theme_primary_color', on: 'page', what: 'The primary colour as text (links, offers, chosen options)' },
  { text: 'button_text_primary_color', on: 'button_primary_color', what: 'Button text' },
  { text: 'button_text_secondary_color', on: 'button_secondary_color', what: 'Secondary button text' },
  { text: 'footer_text_color', on: 'footer_background_color', what: 'Footer text' },
];

/**
 * The pairs of a vendor's theme (web_settings, with the defaults where it sets nothing or no colour) whose
 * contrast is under 4.5:1, each with the message the vendor reads. None for a readable theme.
 */
export function themeContrastWarnings(web: Partial<Record<ThemeColourKey, unknown>> | undefined): ThemeContrastWarning[] {
  const colours = themeColours(web, isListedNamedColour);
  const warnings: ThemeContrastWarning[] = [];
  for (const { text, on, what } of THEME_CONTRAST_PAIRS) {
    const background = on === 'page' ? PAGE : colours[on];
    const ratio = contrastRatio(colours[text], background);
    if (ratio === undefined || ratio >= TEXT_CONTRAST) continue;
    const shown = Math.floor(ratio * 100) / 100;
    const where = on === 'page' ? 'the white page' : `${on} (${background})`;
    warnings.push({
      text, background: on, text_colour: colours[text], background_colour: background, ratio: shown, minimum: TEXT_CONTRAST,
      message: `Storefront Elements: ${what} in ${text} (${colours[text]}) on ${where} has a contrast of ${shown}:1, `
        + `under the ${TEXT_CONTRAST}:1 WCAG 2.2 asks of text (1.4.3). Customers may not be able to read it: choose colours further apart.`,
    });
  }
  return warnings;
}
