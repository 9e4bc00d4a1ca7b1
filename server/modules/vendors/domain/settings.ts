import { MAX_LINE_QUANTITY } from '../../../../contract/api/checkout.ts';
import { MAX_AMOUNT } from '../../../../contract/api/common.ts';
import type { VendorSettings, WebSettings } from '../../../../contract/api/settings.ts';
import { analyticsSettingsOf, hasAnalytics, type AnalyticsSettings } from '../../../../contract/rules/analytics.ts';
import { DEFAULT_THEME, isCssColour, THEME_COLOUR_KEYS } from '../../../../contract/rules/colours.ts';
import { isListedNamedColour } from '../../../../contract/rules/named-colours.ts';
import { themeContrastWarnings } from '../../../../contract/rules/contrast.ts';
import { DEFAULT_CUTOFF, type SubscriptionCutoff } from '../../../../contract/rules/subscriptions.ts';
import { safeUrl, type UrlUse } from '../../../../contract/rules/urls.ts';
import type { Vendor } from './vendors.ts';

/** Default web settings; a vendor's stored settings override them. */
const DEFAULT_WEB: WebSettings = {
  website_url: '',
  ...DEFAULT_THEME,
  button_primary_color: DEFAULT_THEME.theme_primary_color,
  button_secondary_color: DEFAULT_THEME.theme_secondary_color,
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

function defaults(vendor: Vendor): Omit<VendorSettings, 'vendor_id' | 'theme_warnings'> {
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
    wallet_recharge: rechargeTerms(vendor),
    order_limits: orderLimitSettings(vendor),
    subscription_terms: subscriptionSettings(subscriptionTerms(vendor)),
    is_enable_schedule_order_after_business_hours: 0,
    android_customer_app_url: '',
    ios_customer_app_url: '',
    show_contact_developer: 'No',
    password_login: 'No',
    primary_lang: vendor.primary_lang,
    secondary_lang: vendor.secondary_lang,
    languages: vendor.languages,
    default_lang: vendor.default_lang,
    detect_browser_language: true,
    support_field: { phone: '', whatsapp: '', email: '' },
    pages: { privacypolicy_url: '', help_url: '', terms_url: '' },
    static_pages: [],
    intercom_details: { is_enable: 0, intercom_configuration_appid: '' },
    support_chat: { is_enable: 0 },
    messaging: {
      api_key: '', auth_domain: '', database_url: '', project_id: '', storage_bucket: '', sender_id: '', app_id: '',
    },
    web_settings: DEFAULT_WEB,
  };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The recharge terms of a vendor that sets none (major units). */
const DEFAULT_RECHARGE = { minimum: 1, limit: 1000, amounts: [10, 25, 50, 100] };
/** No setting may say more than this (major units). */
const MAX_RECHARGE = 1_000_000;

/** The limits of a vendor that sets none, in display units of its currency. */
export const DEFAULT_ORDER_LIMITS = {
  max_driver_tip: 100,
  max_line_quantity: MAX_LINE_QUANTITY,
  max_order_total: 10_000,
} as const;

/**
 * The vendor's limits on one order (settings.order_limits, display units of its currency), bounded where
 * they enter: what it leaves out, or sets out of bounds, takes the default. Pricing applies them.
 */
export function orderLimitSettings(vendor: Pick<Vendor, 'settings'>): VendorSettings['order_limits'] {
  const stored = isPlainObject(vendor.settings.order_limits) ? vendor.settings.order_limits : {};
  const setting = (value: unknown, fallback: number, min: number, max: number) =>
    typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
  const d = DEFAULT_ORDER_LIMITS;
  return {
    max_driver_tip: setting(stored.max_driver_tip, d.max_driver_tip, 0, MAX_AMOUNT),
    max_line_quantity: Math.floor(setting(stored.max_line_quantity, d.max_line_quantity, 1, MAX_LINE_QUANTITY)),
    max_order_total: setting(stored.max_order_total, d.max_order_total, 1, MAX_AMOUNT),
  };
}

/** The vendor's tax name in `lang` ('Service tax' unless the vendor names it). */
export function taxName(vendor: Pick<Vendor, 'i18n' | 'settings'>, lang: string): string {
  const translated = vendor.i18n[lang]?.tax_name_primary_lang;
  const own = vendor.settings.tax_name_primary_lang;
  if (typeof translated === 'string' && translated) return translated;
  return typeof own === 'string' && own ? own : 'Service tax';
}

/**
 * The vendor's recharge terms (settings.wallet_recharge), bounded where they enter: numbers finite and
 * between 0 and a million, the minimum at least the currency's smallest unit, the limit at least the
 * minimum, at most six one-tap amounts between the two, in order. Anything else takes the default.
 */
export function rechargeTerms(vendor: Pick<Vendor, 'settings' | 'currency_exponent'>): VendorSettings['wallet_recharge'] {
  const stored = isPlainObject(vendor.settings.wallet_recharge) ? vendor.settings.wallet_recharge : {};
  const unit = 10 ** -vendor.currency_exponent;
  const number = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_RECHARGE ? value : fallback;
  const minimum = Math.max(unit, number(stored.minimum, DEFAULT_RECHARGE.minimum));
  const limit = Math.max(minimum, number(stored.limit, DEFAULT_RECHARGE.limit));
  const asked = Array.isArray(stored.amounts) ? stored.amounts : DEFAULT_RECHARGE.amounts;
  const amounts = [...new Set(asked.map((a) => number(a, -1)).filter((a) => a >= minimum && a <= limit))].sort((a, b) => a - b).slice(0, 6);
  return { minimum, limit, amounts };
}

export interface SubscriptionTerms {
  cutoff: SubscriptionCutoff;
  closed_days: 'skip' | 'next_open_day';
}

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The vendor's subscription terms (settings.subscription_terms), bounded where they enter: the cut-off
 * 0 to 6 days before the delivery (a slot is taken at most 7 days ahead) at a 'HH:MM' time; closed days
 * 'skip' or 'next_open_day'. Anything else takes the default (the evening before at 20:00, skip).
 */
export function subscriptionTerms(vendor: Pick<Vendor, 'settings'>): SubscriptionTerms {
  const stored = isPlainObject(vendor.settings.subscription_terms) ? vendor.settings.subscription_terms : {};
  const days = stored.cutoff_days_before;
  const time = stored.cutoff_time;
  return {
    cutoff: {
      days_before: typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= 6 ? days : DEFAULT_CUTOFF.days_before,
      time: typeof time === 'string' && CLOCK_TIME.test(time) ? time : DEFAULT_CUTOFF.time,
    },
    closed_days: stored.closed_days === 'next_open_day' ? 'next_open_day' : 'skip',
  };
}

function subscriptionSettings(terms: SubscriptionTerms): VendorSettings['subscription_terms'] {
  return { cutoff_days_before: terms.cutoff.days_before, cutoff_time: terms.cutoff.time, closed_days: terms.closed_days };
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

/**
 * An image URL as answers carry it: the image URL rule (http, https or a same-site path; anything
 * else is '') with same-site paths (`/media/…`) made absolute, so they load from embeds on other domains.
 */
export function absolute(baseUrl: string, path: string): string {
  const url = safeUrl(path, 'image');
  if (url === undefined) return '';
  return url.startsWith('/') ? baseUrl + url : url;
}

/** Told of each stored setting that was refused (a colour outside the grammar, a URL outside the URL rule). */
export type SettingWarning = (problem: { field: string; value: unknown }) => void;

const COLOUR_FIELDS = THEME_COLOUR_KEYS satisfies ReadonlyArray<keyof WebSettings>;

const WEB_LINK_FIELDS = ['website_url', 'instagram', 'facebook_link', 'twitter', 'youtube'] as const satisfies ReadonlyArray<keyof WebSettings>;
const IMAGE_FIELDS = ['app_logo', 'flat_icon', 'login_signup_page_image'] as const satisfies ReadonlyArray<keyof VendorSettings>;
const LAYOUT_IMAGE_FIELDS = ['web_fav_logo', 'web_horizontal_logo', 'web_square_logo'] as const;
const APP_LINK_FIELDS = ['android_customer_app_url', 'ios_customer_app_url'] as const satisfies ReadonlyArray<keyof VendorSettings>;
const PAGE_LINK_FIELDS = ['privacypolicy_url', 'help_url', 'terms_url'] as const satisfies ReadonlyArray<keyof VendorSettings['pages']>;

const ANALYTICS_IDS = ['ga4_measurement_id', 'gtm_container_id', 'meta_pixel_id'] as const satisfies ReadonlyArray<keyof AnalyticsSettings>;

type Loose = Record<string, unknown>;

/** A stored URL under the URL rule: unset ('') stays unset, a refused one becomes '' and is reported. */
function cleanUrl(record: Loose, key: string, use: UrlUse, field: string, warn: SettingWarning): void {
  const value = record[key];
  if (value === undefined || value === '') return;
  const url = safeUrl(value, use);
  if (url === undefined) warn({ field, value });
  record[key] = url ?? '';
}

function cleanObject(parent: Loose, key: string, clean: (copy: Loose) => void): void {
  const value = parent[key];
  if (!isPlainObject(value)) return;
  const copy = { ...value };
  clean(copy);
  parent[key] = copy;
}

/**
 * Vendor settings (whole, or a stored part of them) with every colour under the colour grammar and
 * every URL under the URL rule: a refused colour becomes the default colour, a refused URL '', a
 * static page whose address is refused is left out; each refusal is reported to `warn`. Unset
 * values ('') stay unset.
 */
export function cleanSettings<T extends object>(settings: T, warn: SettingWarning): T {
  const out: Loose = Object.fromEntries(Object.entries(settings));
  for (const key of IMAGE_FIELDS) cleanUrl(out, key, 'image', key, warn);
  for (const key of APP_LINK_FIELDS) cleanUrl(out, key, 'link', key, warn);
  if (Array.isArray(out.app_layout)) {
    out.app_layout = out.app_layout.map((layout: unknown, i) => {
      if (!isPlainObject(layout)) return layout;
      const copy = { ...layout };
      for (const key of LAYOUT_IMAGE_FIELDS) cleanUrl(copy, key, 'image', `app_layout.${i}.${key}`, warn);
      return copy;
    });
  }
  cleanObject(out, 'pages', (pages) => {
    for (const key of PAGE_LINK_FIELDS) cleanUrl(pages, key, 'link', `pages.${key}`, warn);
  });
  cleanObject(out, 'analytics', (analytics) => {
    const clean = analyticsSettingsOf(analytics, '', (field, value) => warn({ field, value }));
    for (const key of ANALYTICS_IDS) if (analytics[key] !== undefined) analytics[key] = clean[key];
  });
  cleanObject(out, 'messaging', (messaging) => cleanUrl(messaging, 'database_url', 'link', 'messaging.database_url', warn));
  if (Array.isArray(out.static_pages)) {
    out.static_pages = out.static_pages.filter((page: unknown, i) => {
      const url = isPlainObject(page) ? page.url : undefined;
      if (url === '' || safeUrl(url, 'link') !== undefined) return true;
      warn({ field: `static_pages.${i}.url`, value: url });
      return false;
    });
  }
  cleanObject(out, 'web_settings', (web) => {
    for (const key of WEB_LINK_FIELDS) cleanUrl(web, key, 'link', `web_settings.${key}`, warn);
    for (const key of COLOUR_FIELDS) {
      const value = web[key];
      if (value === undefined || isCssColour(value, isListedNamedColour)) continue;
      if (value !== '') warn({ field: `web_settings.${key}`, value });
      web[key] = DEFAULT_WEB[key];
    }
  });
  return out as T;
}

/**
 * The settings a vendor is stored with, checked where they enter (the seed): throws, naming every
 * refused colour and URL, in the settings or in a language's overrides.
 */
export function checkStoredSettings(slug: string, settings: object, i18n: Record<string, unknown>): void {
  const refused: string[] = [];
  const collect = (prefix: string): SettingWarning => ({ field }) => refused.push(prefix + field);
  cleanSettings(settings, collect(''));
  for (const [lang, overrides] of Object.entries(i18n)) {
    if (isPlainObject(overrides)) cleanSettings(overrides, collect(`i18n.${lang}.`));
  }
  if (refused.length > 0) throw new Error(`Vendor ${slug}: refused settings (colour, URL or analytics id not allowed): ${refused.join(', ')}`);
}

/**
 * The VendorSettings of contract.ts, texts in `lang` where translated. The vendor's settings were
 * cleaned when it was loaded (findVendorByHost, findVendorById) and the defaults are clean, so
 * their merge is too: cleaning replaces a refused value rather than dropping it.
 */
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
    wallet_recharge: rechargeTerms(vendor),
    order_limits: orderLimitSettings(vendor),
    subscription_terms: subscriptionSettings(subscriptionTerms(vendor)),
    theme_warnings: themeContrastWarnings(merged.web_settings),
  };
  const analytics = analyticsSettingsOf(vendor.settings.analytics, vendor.country_code);
  if (hasAnalytics(analytics)) settings.analytics = analytics;
  else delete settings.analytics;
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
