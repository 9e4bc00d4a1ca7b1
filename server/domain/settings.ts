import type { VendorSettings, WebSettings } from '../../contract/api/settings.ts';
import type { Vendor } from './vendors.ts';

/** Default web settings; a vendor's stored settings override them. */
const DEFAULT_WEB: WebSettings = {
  website_url: '',
  theme_primary_color: '#00000e',
  theme_secondary_color: '#d8d4d4',
  text_primary_color: '#000000',
  text_secondary_color: '#d0c8c8',
  footer_background_color: '#ffffff',
  footer_text_color: '#000000',
  home_slider_background_color: '#f5f5f5',
  button_primary_color: '#00000e',
  button_secondary_color: '#d8d4d4',
  button_text_primary_color: '#ffffff',
  button_text_secondary_color: '#ffffff',
  meta_description: '',
  title: '',
  keywords: '',
  google_client_id: '',
  fb_app_id: '',
  footer_text: '',
  instagram: '',
  facebook_link: '',
  twitter: '',
  youtube: '',
};

const PRODUCT_TYPES: Record<number, string> = { 1: 'Food', 2: 'Grocery' };

function defaults(vendor: Vendor): Omit<VendorSettings, 'vendor_id'> {
  return {
    country_code: vendor.country_code,
    currency: vendor.currency_symbol,
    currency_code: vendor.currency_code,
    price_decimals: vendor.price_decimals,
    copyright_name: '',
    tax_name_primary_lang: 'Service tax',
    restaurant_name: 'Vendor',
    app_name: 'Storefront Elements',
    app_logo: '',
    flat_icon: '',
    app_layout: [{ web_fav_logo: '', web_horizontal_logo: '', web_square_logo: '' }],
    login_signup_page_image: '',
    google_map_key: '',
    product_type: { id: vendor.product_type, name: PRODUCT_TYPES[vendor.product_type] ?? 'Food' },
    store_selection: 1,
    manual_store_selection_by_customer: 0,
    is_delivery_zone_available: 0,
    is_system_available: 1,
    system_latitude: vendor.system_latitude,
    system_longitude: vendor.system_longitude,
    is_pickup_enable: 'false',
    terminology: { takeaway_text: 'Takeaway' },
    active_restaurant: 0,
    subscription_status: 0,
    client_wallet_status: 'inactive',
    is_enable_schedule_order_after_business_hours: 0,
    android_customer_app_url: '',
    ios_customer_app_url: '',
    show_contact_developer: 'No',
    primary_lang: vendor.primary_lang,
    secondary_lang: vendor.secondary_lang,
    languages: vendor.languages,
    default_lang: vendor.default_lang,
    detect_browser_language: true,
    support_field: { phone: '', whatsapp: '', email: '' },
    pages: { privacypolicy_url: '', help_url: '', terms_url: '' },
    static_pages: [],
    intercom_details: { is_enable: 0, intercom_configuration_appid: '' },
    messaging: {
      api_key: '', auth_domain: '', database_url: '', project_id: '', storage_bucket: '', sender_id: '', app_id: '',
    },
    web_settings: DEFAULT_WEB,
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; arrays and scalars replace. */
export function deepMerge<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override)) return (override === undefined ? base : override) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    out[key] = isPlainObject(value) && isPlainObject(out[key]) ? deepMerge(out[key], value) : value;
  }
  return out as T;
}

/** Makes `/media/…` paths absolute so they load from embeds on other domains. */
export function absolute(baseUrl: string, path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? baseUrl + path : path;
}

/** The VendorSettings of contract.ts, texts in `lang` where translated. */
export function buildSettings(vendor: Vendor, lang: string, activeRestaurants: number, baseUrl: string): VendorSettings {
  let merged = deepMerge(defaults(vendor), vendor.settings);
  if (lang !== vendor.default_lang) merged = deepMerge(merged, vendor.i18n[lang] ?? {});
  // Typed columns are the source of truth for what the server computes with.
  const settings: VendorSettings = {
    ...merged,
    vendor_id: vendor.id,
    currency: vendor.currency_symbol,
    currency_code: vendor.currency_code,
    price_decimals: vendor.price_decimals,
    country_code: vendor.country_code,
    product_type: { id: vendor.product_type, name: PRODUCT_TYPES[vendor.product_type] ?? 'Food' },
    system_latitude: vendor.system_latitude,
    system_longitude: vendor.system_longitude,
    primary_lang: vendor.primary_lang,
    secondary_lang: vendor.secondary_lang,
    languages: vendor.languages,
    default_lang: vendor.default_lang,
    active_restaurant: activeRestaurants,
  };
  settings.app_logo = absolute(baseUrl, settings.app_logo);
  settings.flat_icon = absolute(baseUrl, settings.flat_icon);
  settings.login_signup_page_image = absolute(baseUrl, settings.login_signup_page_image);
  settings.app_layout = settings.app_layout.map((l) => ({
    web_fav_logo: absolute(baseUrl, l.web_fav_logo),
    web_horizontal_logo: absolute(baseUrl, l.web_horizontal_logo),
    web_square_logo: absolute(baseUrl, l.web_square_logo),
  }));
  return settings;
}

/** Language names in their own script (get-language). */
export const LANGUAGE_NAMES: Record<string, { name: string; dir: 'ltr' | 'rtl' }> = {
  en: { name: 'English', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
  de: { name: 'Deutsch', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  fr: { name: 'Français', dir: 'ltr' },
  th: { name: 'ไทย', dir: 'ltr' },
  ru: { name: 'Русский', dir: 'ltr' },
};
