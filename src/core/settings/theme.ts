import type { WebSettings } from '../../../contract/api/settings.ts';
import { cssColourOr as cssColourOrOf, DEFAULT_THEME } from '../../../contract/rules/colours.ts';
import { isNamedColour } from './named-colour.ts';
import { shared } from '../platform/registry.ts';

/** The colour grammar, its named colours as the browser knows them. */
const cssColourOr = (value: unknown, fallback: string): string => cssColourOrOf(value, fallback, isNamedColour);

/** The documented `--sf-*` custom properties and the vendor setting each one comes from. */
export const THEME_PROPERTIES: Record<string, keyof WebSettings> = {
  '--sf-color-primary': 'theme_primary_color',
  '--sf-color-secondary': 'theme_secondary_color',
  '--sf-color-text': 'text_primary_color',
  '--sf-color-text-muted': 'text_secondary_color',
  '--sf-color-footer-bg': 'footer_background_color',
  '--sf-color-footer-text': 'footer_text_color',
  '--sf-color-slider-bg': 'home_slider_background_color',
  '--sf-color-button': 'button_primary_color',
  '--sf-color-button-secondary': 'button_secondary_color',
  '--sf-color-button-text': 'button_text_primary_color',
  '--sf-color-button-text-secondary': 'button_text_secondary_color',
};

/**
 * The custom properties for a vendor's web settings, with the defaults for missing colours and for
 * colours outside the CSS colour grammar (contract/rules/colours.ts), so nothing but a colour reaches the sheet.
 */
export function themeVariables(web: Partial<WebSettings> | undefined): Record<string, string> {
  const settings = web ?? {};
  const primary = cssColourOr(settings.theme_primary_color, DEFAULT_THEME.theme_primary_color);
  const fallbacks: Record<string, string> = {
    ...DEFAULT_THEME,
    button_primary_color: primary,
    button_secondary_color: cssColourOr(settings.theme_secondary_color, DEFAULT_THEME.theme_secondary_color),
    button_text_secondary_color: DEFAULT_THEME.text_primary_color,
  };
  const variables: Record<string, string> = {};
  for (const [property, key] of Object.entries(THEME_PROPERTIES)) {
    variables[property] = cssColourOr(settings[key], fallbacks[key] ?? primary);
  }
  return variables;
}

const themeSheet = shared('theme.sheet', () => (typeof CSSStyleSheet === 'undefined' ? null : new CSSStyleSheet()));

/**
 * Puts the vendor theme on the page at zero specificity (`:where(:root)`), so a
 * host page's own `--sf-*` rules, on the root or on an element, still win.
 */
export function applyTheme(variables: Record<string, string>): void {
  if (!themeSheet) return;
  const body = Object.entries(variables).map(([name, value]) => `${name}: ${value};`).join(' ');
  themeSheet.replaceSync(`:where(:root) { ${body} }`);
  if (!document.adoptedStyleSheets.includes(themeSheet)) {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, themeSheet];
  }
}
