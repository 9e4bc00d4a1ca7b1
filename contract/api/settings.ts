/**
 * Vendor settings: the white label (theme, texts, languages, pages) keyed by the
 * storefront's host name, and the vendor's languages.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { AnalyticsSettings } from '../rules/analytics.ts';
import type { DeliveryPartnerName } from '../rules/delivery-partners.ts';
import { BaseFields, get, HostName, OptionalPointFields, post, RowId, Text } from './common.ts';

export interface StaticPage {
  page_name: string;
  slug: string;
  identifier: string;
  is_external_link: boolean;
  url: string;
}

export interface WebSettings {
  website_url: string;
  theme_primary_color: string;
  theme_secondary_color: string;
  text_primary_color: string;
  text_secondary_color: string;
  footer_background_color: string;
  footer_text_color: string;
  home_slider_background_color: string;
  button_primary_color: string;
  button_secondary_color: string;
  button_text_primary_color: string;
  button_text_secondary_color: string;
  meta_description: string;
  title: string;
  keywords: string;
  google_client_id: string;
  fb_app_id: string;
  footer_text: string;
  instagram: string;
  facebook_link: string;
  twitter: string;
  youtube: string;
}

export interface VendorSettings {
  vendor_id: number;
  country_code: string;
  /** Currency symbol shown before amounts, e.g. '$'. */
  currency: string;
  /** ISO 4217 code used for Intl formatting, e.g. 'USD'. */
  currency_code: string;
  /** Fraction digits for prices; null means "not forced" (prices show 0 to 2 decimals). */
  price_decimals: number | null;
  /** Name in the footer copyright line; empty means the app name. */
  copyright_name: string;
  tax_name_primary_lang: string;
  restaurant_name: string;
  app_name: string;
  app_logo: string;
  flat_icon: string;
  app_layout: Array<{ web_fav_logo: string; web_horizontal_logo: string; web_square_logo: string }>;
  login_signup_page_image: string;
  google_map_key: string;
  /** Social sign-in: the vendor's Google client id and Facebook app id; '' where not configured (no button). */
  google_client_id?: string;
  facebook_app_id?: string;
  product_type: { id: number; name: string };
  store_selection: number;
  manual_store_selection_by_customer: number;
  is_delivery_zone_available: number;
  is_system_available: number;
  system_latitude: number;
  system_longitude: number;
  /** The string 'true' or 'false' (the order-mode switch shows only for the string 'true'). */
  is_pickup_enable: string;
  terminology: { takeaway_text: string };
  active_restaurant: number;
  subscription_status: number;
  client_wallet_status: string;
  /**
   * Wallet recharges (major units): the smallest recharge, the most a wallet may hold after one
   * ('Wallet Recharge Limit exceeded' past it), and the amounts offered as one-tap choices.
   */
  wallet_recharge: { minimum: number; limit: number; amounts: number[] };
  /**
   * The vendor's limits on one order (display units for money): the most a driver tip, a cart line's
   * quantity and an order's total may be. The server refuses an order past one (docs/behaviour.md#order-limits);
   * the checkout keeps a tip within its limit before it is sent.
   */
  order_limits: { max_driver_tip: number; max_line_quantity: number; max_order_total: number };
  /**
   * Subscriptions (when subscription_status = 1): each delivery's order is created at the cut-off,
   * cutoff_days_before days before it at cutoff_time on the store's clock (a quantity change or a pause
   * counts from the next delivery not yet cut off); a day the store does not take the slot is skipped,
   * or moved to the store's next day that does ('next_open_day').
   */
  subscription_terms: { cutoff_days_before: number; cutoff_time: string; closed_days: 'skip' | 'next_open_day' };
  /** The theme's colour pairs too close to read (empty for a readable theme); the storefront writes each to the console. */
  theme_warnings: ThemeContrastWarning[];
  is_enable_schedule_order_after_business_hours: number;
  android_customer_app_url: string;
  ios_customer_app_url: string;
  show_contact_developer: 'Yes' | 'No';
  /** 'Yes': customers may also sign up with a password and sign in by it (docs/behaviour.md#sign-up-and-passwords); 'No': one-time codes only. */
  password_login: 'Yes' | 'No';
  primary_lang: string;
  secondary_lang: string;
  /** Languages the storefront offers, e.g. ['en','ar']; the switcher shows when more than one. */
  languages: string[];
  /** Language used when neither the browser nor the saved choice gives one. */
  default_lang: string;
  /**
   * Whether the browser's language picks the storefront language. A vendor
   * that opens in its own language whatever the browser says (Arabic-first) sets false.
   */
  detect_browser_language: boolean;
  support_field: { phone: string; whatsapp: string; email: string };
  pages: { privacypolicy_url: string; help_url: string; terms_url: string };
  static_pages: StaticPage[];
  intercom_details: { is_enable: number; intercom_configuration_appid: string };
  /**
   * The support chat widget (not named by the spec, which says only "when enabled"): 1 shows it to
   * signed-in customers; with Intercom enabled, the widget opens the vendor's Intercom instead.
   */
  support_chat: { is_enable: number };
  messaging: {
    api_key: string; auth_domain: string; database_url: string; project_id: string;
    storage_bucket: string; sender_id: string; app_id: string;
  };
  web_settings: WebSettings;
  /**
   * The vendor's analytics tags and whether customers are asked first (docs/analytics.md; rules in
   * contract/rules/analytics.ts); left out for a vendor that names no tag, so a page tells at a glance.
   */
  analytics?: AnalyticsSettings;
  /**
   * The delivery partners whose quotes the checkout offers beside the stores' own delivery, in the
   * vendor's order (contract/api/delivery-partners.ts): those the vendor enabled whose account quotes
   * in the vendor's currency. Left out when there is none.
   */
  delivery_partners?: DeliveryPartnerName[];
}

/** get-vendor-settings answers `{ code: 200, settings }`; an unknown host answers `{ code: 101, settings: {} }`. */
/**
 * A pair of the vendor's theme colours the storefront draws as text on background, under the contrast WCAG 2.2
 * asks of text (contract/rules/contrast.ts): the vendor's to change, told in the settings answer and on the page.
 */
export interface ThemeContrastWarning {
  /** The setting drawn as text. */
  text: string;
  /** The setting it is drawn on, or 'page' (the white page and cards). */
  background: string;
  text_colour: string;
  background_colour: string;
  /** The contrast ratio, rounded down to two decimals (2.93 for 2.93:1). */
  ratio: number;
  /** What WCAG asks (4.5 for text). */
  minimum: number;
  /** In English, for the vendor (the page's console). */
  message: string;
}

export interface VendorSettingsAnswer {
  code: number;
  msg?: string;
  settings: VendorSettings | Record<string, never>;
}

export interface LanguageChoice {
  code: string;
  /** The language's name in its own script. */
  name: string;
  dir: 'ltr' | 'rtl';
}

export const GetVendorSettingsRequest = Type.Object({
  ...BaseFields,
  ...OptionalPointFields,
  order_web: Type.Optional(Text({ maxLength: 50 })),
});
export type GetVendorSettingsRequest = Static<typeof GetVendorSettingsRequest>;

/** GET settings?vendor_id=&is_langauge=: the settings of a vendor named by id. */
export const SettingsQuery = Type.Object({
  vendor_id: RowId,
  is_langauge: Type.Optional(Text({ maxLength: 10 })),
});
export type SettingsQuery = Static<typeof SettingsQuery>;

/** GET get-language?order_web=: the vendor's languages. */
export const LanguageQuery = Type.Object({
  order_web: Type.Optional(Text({ maxLength: 50 })),
  host: Type.Optional(HostName),
});
export type LanguageQuery = Static<typeof LanguageQuery>;

export const settingsCalls = {
  'get-vendor-settings': post(GetVendorSettingsRequest).answers<VendorSettingsAnswer>(),
  settings: get(SettingsQuery).answers<VendorSettingsAnswer>(),
  'get-language': get(LanguageQuery).answers<{ code: number; Result: LanguageChoice[] }>(),
} as const;
