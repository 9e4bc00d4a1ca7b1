import { i18n, type Messages } from '@lingui/core';
import { loadChunk } from '../platform/chunks.ts';
import { catalogLocaleOf } from './locale.ts';
import { setServerTextTranslation } from './server-texts.ts';

/**
 * Catalogs are separate chunks (the single-file bundle inlines them). English has none to load: the build
 * compiles each message's English text into the code beside its id (vite.config.ts), which the other
 * languages also fall back to.
 */
const catalogs: Partial<Record<string, () => Promise<{ messages: Messages }>>> = {
  ar: () => import('../../locales/ar/messages.po'),
  de: () => import('../../locales/de/messages.po'),
  es: () => import('../../locales/es/messages.po'),
  fr: () => import('../../locales/fr/messages.po'),
};

/**
 * Loads the language's catalog (English for languages without one) and, beside it, the table that puts
 * the server's English texts in that language; makes both current.
 */
export async function activateLocale(locale: string): Promise<void> {
  const catalogLocale = catalogLocaleOf(locale);
  const load = catalogs[catalogLocale];
  const [{ messages }, serverTexts] = load
    ? await Promise.all([loadChunk(`catalog-${catalogLocale}`, load), loadChunk('server-texts', () => import('./server-messages.ts'))])
    : [{ messages: {} }, null];
  // Lingui keys plural and number rules by locale, so Thai keeps Thai rules over English texts.
  i18n.load(locale, messages);
  i18n.activate(locale);
  setServerTextTranslation(serverTexts);
}

export { i18n };
