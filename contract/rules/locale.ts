/** The languages the storefront knows and how it picks the one a page opens in (the storefront and the server's full page). */

/** Every language the selector can name; the others fall back to English texts. */
export const KNOWN_LOCALES = ['en', 'ar', 'de', 'es', 'fr', 'th', 'ru'] as const;
export type Locale = (typeof KNOWN_LOCALES)[number];

export function isKnownLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (KNOWN_LOCALES as readonly string[]).includes(value);
}

export interface LocaleInputs {
  /** Forced by the embed (`data-locale`). */
  configured?: string | undefined;
  /** The saved `localelang`. */
  saved?: string | undefined;
  /** navigator.languages, most preferred first. */
  browser: readonly string[];
  /** The vendor's languages; empty until the settings arrive. */
  offered: readonly string[];
  /** The vendor's first language. */
  vendorDefault?: string | undefined;
  /** False for vendors who open in their own language whatever the browser says. */
  detectBrowser?: boolean;
}

/**
 * The browser language, then the saved choice (which overrides it, so a
 * switch survives the reload), else English. An embed's `data-locale` is the
 * vendor's own choice and sits just under the customer's saved one. A language
 * the vendor does not offer is skipped; a vendor may turn browser detection off
 * and open in its own first language instead.
 */
export function chooseLocale(inputs: LocaleInputs): Locale {
  const offered = (code: string | undefined): code is Locale =>
    !!code && isKnownLocale(code) && (inputs.offered.length === 0 || inputs.offered.includes(code));
  if (offered(inputs.saved)) return inputs.saved;
  if (offered(inputs.configured)) return inputs.configured;
  if (inputs.detectBrowser !== false) {
    for (const tag of inputs.browser) {
      const code = tag.toLowerCase().split('-')[0];
      if (offered(code)) return code;
    }
  }
  if (offered(inputs.vendorDefault)) return inputs.vendorDefault;
  return 'en';
}
