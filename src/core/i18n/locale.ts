import { atom } from 'nanostores';
import { isKnownLocale, type Locale } from '../../../contract/rules/locale.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { shared } from '../platform/registry.ts';
import { persistentAtom } from '../platform/storage.ts';

/** Languages with bundled translations. */
export const TRANSLATED_LOCALES = ['en', 'ar', 'de', 'es', 'fr'] as const;
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

export { directionOf } from '../../../contract/rules/direction.ts';
export { chooseLocale, isKnownLocale, type Locale } from '../../../contract/rules/locale.ts';

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
