import { isKnownLocale, type Locale } from './locale.ts';

/*
 * How a full page's language is named outside the storefront's own storage (only the full page and the
 * server read these, so they are not in the code every element loads).
 */

/**
 * The cookie the full page keeps the customer's chosen language in (beside `localelang`), so the page the
 * server sends next opens in it: the language's code and nothing else, on the page's own site.
 */
export const SAVED_LOCALE_COOKIE = 'sf_lang';

/** The language a request's Cookie header names by SAVED_LOCALE_COOKIE, when it is a known one. */
export function savedLocaleOfCookies(header: string | undefined): Locale | undefined {
  const value = new RegExp(`(?:^|;\\s*)${SAVED_LOCALE_COOKIE}=([a-z]{2})(?:;|$)`).exec(header ?? '')?.[1];
  return isKnownLocale(value) ? value : undefined;
}

/**
 * The query parameter a full page's address names its language by (`/faq?lang=ar`): each language of a
 * page has its own address, which search engines list as its alternates (`hreflang`) and a shared link
 * keeps. The page opens in it and the storefront keeps it as the customer's choice.
 */
export const LOCALE_PARAM = 'lang';

/** The language an address's query (`?a=1&lang=ar`) names by LOCALE_PARAM, when it is a known one. */
export function localeOfAddress(search: string): Locale | undefined {
  const value = new RegExp(`(?:^\\?|&)${LOCALE_PARAM}=([^&#]*)`).exec(search)?.[1];
  return isKnownLocale(value) ? value : undefined;
}
