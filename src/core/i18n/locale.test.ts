// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { localeOfAddress, savedLocaleOfCookies } from '../../../contract/rules/page-locale.ts';
import { $locale, $savedLocale, chooseLocale, directionOf, shouldShowSwitcher, switchLocale } from './locale.ts';

const ALL = ['en', 'ar', 'de', 'es', 'fr', 'th', 'ru'];

describe('choosing the language', () => {
  it('takes the browser language when the vendor offers it', () => {
    expect(chooseLocale({ browser: ['de-DE', 'en'], offered: ALL })).toBe('de');
  });

  it('lets the saved choice override the browser', () => {
    expect(chooseLocale({ browser: ['de-DE'], saved: 'fr', offered: ALL })).toBe('fr');
  });

  it('falls back to English', () => {
    expect(chooseLocale({ browser: ['ja-JP'], offered: ALL })).toBe('en');
    expect(chooseLocale({ browser: [], offered: [] })).toBe('en');
  });

  it('skips languages the vendor does not offer', () => {
    expect(chooseLocale({ browser: ['de'], saved: 'fr', offered: ['en', 'ar'] })).toBe('en');
  });

  it("opens in the vendor's own language when it turns browser detection off", () => {
    expect(chooseLocale({ browser: ['en-US'], offered: ['ar', 'en'], vendorDefault: 'ar', detectBrowser: false })).toBe('ar');
    expect(chooseLocale({ browser: ['en-US'], saved: 'en', offered: ['ar', 'en'], vendorDefault: 'ar', detectBrowser: false })).toBe('en');
  });

  it("puts the embed's data-locale under the customer's saved choice", () => {
    expect(chooseLocale({ browser: ['en'], configured: 'ar', offered: ALL })).toBe('ar');
    expect(chooseLocale({ browser: ['en'], configured: 'ar', saved: 'de', offered: ALL })).toBe('de');
  });

  it("reads a language an address or the full page's cookie names, and only a known one", () => {
    expect(localeOfAddress('?lang=ar&utm_source=mail')).toBe('ar');
    expect(localeOfAddress('?utm_source=mail&lang=de')).toBe('de');
    for (const search of ['', '?lang=', '?lang=ja', '?lang=AR', '?lang=ar%22%3E', '?language=ar']) expect(localeOfAddress(search)).toBeUndefined();
    expect(savedLocaleOfCookies('a=1; sf_lang=fr; b=2')).toBe('fr');
    expect(savedLocaleOfCookies('sf_lang=xx')).toBeUndefined();
    expect(savedLocaleOfCookies(undefined)).toBeUndefined();
  });

  it('shows the switcher only with more than one language', () => {
    expect(shouldShowSwitcher(['en'])).toBe(false);
    expect(shouldShowSwitcher(['en', 'ar'])).toBe(true);
  });

  it('writes Arabic right to left', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });

  it('stores localelang and reloads on a switch, and does nothing when unchanged', () => {
    $locale.set('en');
    const reload = vi.fn();
    switchLocale('en', null, reload);
    expect(reload).not.toHaveBeenCalled();
    switchLocale('ar', null, reload);
    expect(reload).toHaveBeenCalledOnce();
    expect($savedLocale.get()).toBe('ar');
    expect(localStorage.getItem('localelang')).toBe('ar');
  });
});
