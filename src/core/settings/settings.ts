import { atom, computed } from 'nanostores';
import type { VendorSettings, VendorSettingsAnswer } from '../../../contract/api/settings.ts';
import { appNameOf } from '../../../contract/rules/app-name.ts';
import { callApi } from '../api/client.ts';
import { $locale } from '../i18n/locale.ts';
import type { MoneyFormat } from '../i18n/money.ts';
import { shared } from '../platform/registry.ts';

/** The tax name when the vendor sets none. */
export const DEFAULT_TAX_NAME = 'Service tax';

export type SettingsStatus = 'idle' | 'loading' | 'ready' | 'empty' | 'failed';

export const $settings = shared('settings', () => atom<VendorSettings | null>(null));
export const $settingsStatus = shared('settings.status', () => atom<SettingsStatus>('idle'));

export function isEmptySettings(settings: VendorSettingsAnswer['settings'] | undefined): boolean {
  return !settings || Object.keys(settings).length === 0;
}

/** Requests the vendor settings for the configured host in `locale`. */
export async function fetchSettings(locale: string, place: { latitude?: number | null; longitude?: number | null }): Promise<VendorSettings | null> {
  const response = await callApi('get-vendor-settings', {
    is_langauge: locale,
    latitude: place.latitude ?? '',
    longitude: place.longitude ?? '',
    order_web: 'web',
  });
  return response.code === 200 && !isEmptySettings(response.settings) ? (response.settings as VendorSettings) : null;
}

export const $appName = shared('settings.appName', () =>
  computed($settings, (settings) => appNameOf(settings)),
);

export const $taxName = shared('settings.taxName', () =>
  computed($settings, (settings) => settings?.tax_name_primary_lang || DEFAULT_TAX_NAME),
);

export const $moneyFormat = shared('settings.money', () =>
  computed([$settings, $locale], (settings, locale): MoneyFormat => ({
    locale,
    currency: settings?.currency ?? '$',
    priceDecimals: settings ? settings.price_decimals : 2,
  })),
);
