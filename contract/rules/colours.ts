/**
 * The CSS colours a vendor may set (its theme): one strict grammar, applied where a colour is
 * stored, where the server writes it into SVG and where the storefront writes it into CSS. Only
 * these forms pass, written exactly (no surrounding spaces):
 *
 * - hex: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`;
 * - `rgb()` / `rgba()`: three channels (0–255, or 0%–100%) and an optional alpha (0–1, or 0%–100%),
 *   comma-separated (`rgb(1, 2, 3)`) or space-separated with the alpha after a slash
 *   (`rgb(1 2 3 / 50%)`);
 * - `hsl()` / `hsla()`: a hue (0–360, optionally `deg`), saturation and lightness (0%–100%) and an
 *   optional alpha, in the same two spellings;
 * - one of the CSS named colours (`red`, `rebeccapurple`, …), in any letter case: a word that the
 *   caller's test accepts. The server tests it against the list of CSS Color Module Level 4
 *   (named-colours.ts); the storefront asks the browser's own CSS parser (`CSS.supports`), which
 *   knows the same names, so the list does not weigh on every page.
 *
 * Nothing else: no `var()`, `url()`, `transparent`, `currentcolor`, comments, quotes, semicolons,
 * braces or escapes, so a colour can never close an attribute, a declaration or a rule.
 */

/** Longer than any colour of the grammar needs (`rgba(100.5%, 100.5%, 100.5%, 0.5555)` is 37). */
const MAX_COLOUR_LENGTH = 64;
/** Every character any form of the grammar uses; anything else (quotes, `<`, `;`, `{`, `\`, newlines) fails at once. */
const COLOUR_CHARACTERS = /^[#a-z0-9(),.%/ ]+$/i;
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
export const COLOUR_FUNCTION = /^(rgba?|hsla?)\(([^()]*)\)$/i;
/** A number of at most 3 integer and 4 fraction digits, with an optional unit. */
const COMPONENT = /^(\d{1,3}(?:\.\d{1,4})?|\.\d{1,4})(%|deg)?$/i;

type Component = 'channel' | 'hue' | 'percent' | 'alpha';

function component(token: string, kind: Component): boolean {
  const match = COMPONENT.exec(token);
  if (!match) return false;
  const value = Number(match[1]);
  const unit = match[2]?.toLowerCase();
  switch (kind) {
    case 'channel':
      return unit === '%' ? value <= 100 : unit === undefined && value <= 255;
    case 'hue':
      return unit !== '%' && value <= 360;
    case 'percent':
      return unit === '%' && value <= 100;
    case 'alpha':
      return unit === '%' ? value <= 100 : unit === undefined && value <= 1;
  }
}

/** The arguments of a colour function: three components and an optional alpha, comma- or space-separated. */
export function colourArguments(inside: string): { main: string[]; alpha: string | undefined } | undefined {
  const text = inside.trim();
  if (text.includes(',')) {
    if (text.includes('/')) return undefined;
    const parts = text.split(',').map((part) => part.trim());
    return parts.length === 3 || parts.length === 4 ? { main: parts.slice(0, 3), alpha: parts[3] } : undefined;
  }
  const [main = '', alpha, ...rest] = text.split('/');
  if (rest.length > 0) return undefined;
  const tokens = main.trim().split(/ +/);
  return tokens.length === 3 ? { main: tokens, alpha: alpha?.trim() } : undefined;
}

/** Whether a word (letters only, any case) is a CSS named colour. */
export type NamedColourTest = (word: string) => boolean;

/** Whether `value` is a colour of the grammar above, the named colours as `isNamedColour` knows them. */
export function isCssColour(value: unknown, isNamedColour: NamedColourTest): value is string {
  if (typeof value !== 'string' || value.length > MAX_COLOUR_LENGTH || !COLOUR_CHARACTERS.test(value)) return false;
  if (HEX.test(value)) return true;
  if (/^[a-z]+$/i.test(value)) return isNamedColour(value);
  const call = COLOUR_FUNCTION.exec(value);
  const args = call && colourArguments(call[2] ?? '');
  if (!call || !args) return false;
  const kinds: Component[] = call[1]!.toLowerCase().startsWith('rgb') ? ['channel', 'channel', 'channel'] : ['hue', 'percent', 'percent'];
  return args.main.every((token, i) => component(token, kinds[i]!)) && (args.alpha === undefined || component(args.alpha, 'alpha'));
}

/** `value` when it is a colour of the grammar, else `fallback`. */
export function cssColourOr(value: unknown, fallback: string, isNamedColour: NamedColourTest): string {
  return isCssColour(value, isNamedColour) ? value : fallback;
}

/** The theme colours a vendor that sets none gets: the server's default settings and the storefront's fallbacks. */
export const DEFAULT_THEME = {
  theme_primary_color: '#00000e',
  theme_secondary_color: '#d8d4d4',
  text_primary_color: '#000000',
  text_secondary_color: '#d0c8c8',
  footer_background_color: '#ffffff',
  footer_text_color: '#000000',
  home_slider_background_color: '#f5f5f5',
  button_text_primary_color: '#ffffff',
} as const;

/** The theme's colour settings (web_settings), each drawn somewhere by the storefront. */
export const THEME_COLOUR_KEYS = [
  'theme_primary_color', 'theme_secondary_color', 'text_primary_color', 'text_secondary_color', 'footer_background_color',
  'footer_text_color', 'home_slider_background_color', 'button_primary_color', 'button_secondary_color',
  'button_text_primary_color', 'button_text_secondary_color',
] as const;
export type ThemeColourKey = (typeof THEME_COLOUR_KEYS)[number];

/**
 * The colours a vendor's theme is drawn in: each setting when it is a colour of the grammar, else its
 * default (the buttons default to the theme's primary and secondary colours, the secondary button's
 * text to the text colour's default).
 */
export function themeColours(web: Partial<Record<ThemeColourKey, unknown>> | undefined, isNamedColour: NamedColourTest): Record<ThemeColourKey, string> {
  const settings = web ?? {};
  const primary = cssColourOr(settings.theme_primary_color, DEFAULT_THEME.theme_primary_color, isNamedColour);
  const fallbacks: Record<ThemeColourKey, string> = {
    ...DEFAULT_THEME,
    button_primary_color: primary,
    button_secondary_color: cssColourOr(settings.theme_secondary_color, DEFAULT_THEME.theme_secondary_color, isNamedColour),
    button_text_secondary_color: DEFAULT_THEME.text_primary_color,
  };
  const colours = {} as Record<ThemeColourKey, string>;
  for (const key of THEME_COLOUR_KEYS) colours[key] = cssColourOr(settings[key], fallbacks[key], isNamedColour);
  return colours;
}
