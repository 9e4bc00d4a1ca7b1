import type { FastifyRequest } from 'fastify';
import { chooseLocale, type Locale } from '../../../../contract/rules/locale.ts';
import { acceptedLanguages } from '../../../http/accept-language.ts';
import type { Vendor } from '../../vendors/index.ts';

/**
 * The language a page or an element the server draws opens in, as the storefront itself would choose
 * (contract/rules/locale.ts): `chosen` (the customer's saved choice, or the language a render asks for)
 * when the vendor offers it, else the browser's languages unless the vendor turned detection off, else
 * the vendor's first language. From the vendor's own row, so the settings are built once, in it.
 */
export function pageLanguage(request: FastifyRequest, vendor: Vendor, chosen: string | undefined): Locale {
  return chooseLocale({
    saved: chosen,
    browser: acceptedLanguages(request.headers['accept-language']),
    offered: vendor.languages,
    vendorDefault: vendor.default_lang,
    detectBrowser: (vendor.settings as { detect_browser_language?: unknown }).detect_browser_language !== false,
  });
}
