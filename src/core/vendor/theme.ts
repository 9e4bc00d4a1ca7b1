import type { VendorSettings, WebSettings } from '../../../contract/api/settings.ts';
import { cssColourOr } from '../../../contract/rules/colours.ts';
import { assetUrl } from '../platform/config.ts';
import { shared } from '../platform/registry.ts';

/** Default theme colours. */
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

function setMeta(name: string, content: string): void {
  if (!content) return;
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * The document's title in full-page mode: home (and a screen without heading) the vendor's web title, else
 * the app name; any other screen its heading, then the app name ("Golden Gate Pizzeria | Harbor Eats").
 */
export function documentTitle(settings: VendorSettings | null, appName: string, screenHeading = ''): string {
  const heading = screenHeading.replace(/\s+/g, ' ').trim();
  return heading ? `${heading} | ${appName}` : settings?.web_settings?.title || appName;
}

/** Full-page mode: page title, description, keywords and favicon from the vendor settings. */
export function applyPageMeta(settings: VendorSettings, appName: string): void {
  document.title = documentTitle(settings, appName);
  setMeta('description', settings.web_settings?.meta_description ?? '');
  setMeta('keywords', settings.web_settings?.keywords ?? '');
  const favicon = assetUrl(settings.app_layout?.[0]?.web_fav_logo ?? '');
  if (favicon) {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = favicon;
  }
}
