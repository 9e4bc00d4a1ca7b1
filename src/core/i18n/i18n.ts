import { i18n, type Messages } from '@lingui/core';
import { loadChunk } from '../platform/chunks.ts';
import { catalogLocaleOf } from './locale.ts';

/** Catalogs are separate chunks in the ESM build; the script-tag bundle inlines them. */
const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages.po'),
  ar: () => import('../../locales/ar/messages.po'),
  de: () => import('../../locales/de/messages.po'),
  es: () => import('../../locales/es/messages.po'),
  fr: () => import('../../locales/fr/messages.po'),
};

/** Loads the language's catalog (English for languages without one) and makes it current. */
export async function activateLocale(locale: string): Promise<void> {
  const catalogLocale = catalogLocaleOf(locale);
  const { messages } = await loadChunk(`catalog-${catalogLocale}`, catalogs[catalogLocale]!);
  // Lingui keys plural and number rules by locale, so Thai keeps Thai rules over English texts.
  i18n.load(locale, messages);
  i18n.activate(locale);
}

export { i18n };
