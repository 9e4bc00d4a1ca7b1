import { atom } from 'nanostores';
import { emitHostEvent } from '../platform/host-events.ts';
import { shared } from '../platform/registry.ts';
import { persistentAtom } from '../platform/storage.ts';

/** Languages with bundled translations. */
export const TRANSLATED_LOCALES = ['en', 'ar', 'de', 'es', 'fr'] as const;
/** Every language the selector can name; the others fall back to English texts. */
export const KNOWN_LOCALES = ['en', 'ar', 'de', 'es', 'fr', 'th', 'ru'] as const;
export type Locale = (typeof KNOWN_LOCALES)[number];

/** Each language's own name, as the selector shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  ar: 'العربية',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  th: 'ไทย',
  ru: 'Русский',
};

export function isKnownLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (KNOWN_LOCALES as readonly string[]).includes(value);
}

export { directionOf } from '../../../contract/rules/direction.ts';

/** The catalog a language renders with: its own, or English. */
export function catalogLocaleOf(locale: string): (typeof TRANSLATED_LOCALES)[number] {
  return (TRANSLATED_LOCALES as readonly string[]).includes(locale) ? (locale as (typeof TRANSLATED_LOCALES)[number]) : 'en';
}

/** A run of names (options, cuisines, items) joined with the language's comma: the Arabic comma in Arabic. */
export function joinList(items: readonly string[], locale: string): string {
  return items.join(locale === 'ar' || locale.startsWith('ar-') ? '، ' : ', ');
}

/** The saved choice (localStorage localelang), kept as plain text. */
export const $savedLocale = persistentAtom<string>('localelang', '', { raw: true, isValid: (v): v is string => v === '' || isKnownLocale(v) });
export const $locale = shared('locale', () => atom<Locale>('en'));

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

/** The switcher shows only when the vendor offers more than one language. */
export function shouldShowSwitcher(offered: readonly string[]): boolean {
  return offered.filter(isKnownLocale).length > 1;
}

/** Switching stores localelang and reloads the page. */
export function switchLocale(locale: Locale, origin?: EventTarget | null, reload: () => void = () => location.reload()): void {
  if (locale === $locale.get()) return;
  $savedLocale.set(locale);
  emitHostEvent('sf-locale-change', { locale }, origin);
  reload();
}
