import type { ThemeContrastWarning, WebSettings } from '../../../contract/api/settings.ts';
import { themeColours, type ThemeColourKey } from '../../../contract/rules/colours.ts';
import { isNamedColour } from './named-colour.ts';
import { shared } from '../platform/registry.ts';

/** The documented `--sf-*` custom properties and the vendor setting each one comes from. */
export const THEME_PROPERTIES: Record<string, ThemeColourKey> = {
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
  const colours = themeColours(web, isNamedColour);
  return Object.fromEntries(Object.entries(THEME_PROPERTIES).map(([property, key]) => [property, colours[key]]));
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

const warned = shared('theme.warned', () => new Set<string>());

/**
 * Tells the vendor, in the page's console and once a page, each pair of their theme's colours too close to
 * read (the settings answer's theme_warnings, measured by contract/rules/contrast.ts).
 */
export function warnUnreadableTheme(warnings: readonly ThemeContrastWarning[] | undefined): void {
  for (const { message } of warnings ?? []) {
    if (warned.has(message)) continue;
    warned.add(message);
    console.warn(message);
  }
}
