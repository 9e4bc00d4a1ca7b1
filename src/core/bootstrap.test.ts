// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorSettings } from '../../contract/api/settings.ts';
import { apiStub } from './api/client-stub.test-helpers.ts';

vi.mock('./api/client.ts', async () => (await import('./api/client-stub.test-helpers.ts')).stubbedClient());

const { retryStorefront, takeSettingsFromPage } = await import('./bootstrap.ts');
const { $locale, $savedLocale } = await import('./i18n/locale.ts');
const { $settings, $settingsStatus } = await import('./settings/settings.ts');

/** Settings as the server answers them, in `lang` (only what starting the storefront reads). */
function settingsIn(lang: string): VendorSettings {
  return {
    vendor_id: 1, app_name: lang === 'ar' ? 'هاربر إيتس' : 'Harbor Eats', languages: ['en', 'ar'], default_lang: 'en', primary_lang: 'en',
    detect_browser_language: true, web_settings: {}, app_layout: [],
  } as unknown as VendorSettings;
}

const asked = () => apiStub.calls.filter((call) => call.name === 'get-vendor-settings').map((call) => call.body.is_langauge);

describe("the full page's settings, carried by its HTML", () => {
  beforeEach(() => {
    apiStub.reset(({ body }) => ({ code: 200, settings: settingsIn(String(body.is_langauge)) }));
    $savedLocale.set('');
    $settings.set(null);
  });

  it('are taken instead of asking for them when they are in the language the page opens in', async () => {
    const carried = settingsIn('en');
    takeSettingsFromPage((host) => (host === 'localhost' ? { lang: 'en', settings: carried } : null));
    await retryStorefront();
    expect(asked()).toEqual([]);
    expect($settings.get()).toBe(carried);
    expect($settingsStatus.get()).toBe('ready');
    expect($locale.get()).toBe('en');
  });

  it("are asked for, once and in the customer's language, when the customer chose another", async () => {
    $savedLocale.set('ar');
    takeSettingsFromPage(() => ({ lang: 'en', settings: settingsIn('en') }));
    await retryStorefront();
    expect(asked()).toEqual(['ar']);
    expect($settings.get()?.app_name).toBe('هاربر إيتس');
    expect($locale.get()).toBe('ar');
  });

  it('are asked for where the page carries none (a vendor\'s own page)', async () => {
    takeSettingsFromPage(() => null);
    await retryStorefront();
    expect(asked()).toHaveLength(1);
    expect($settingsStatus.get()).toBe('ready');
  });
});
