/**
 * The wire contract of the spec's v2 API (SPEC §7), shared by the storefront
 * client and the reference server (type-only imports on both sides).
 *
 * Every call is `POST /api/v2/<call>` with a JSON body unless noted, and
 * answers HTTP 200 with an envelope `{ code, msg?, Result? | settings? | user_details? }`.
 * `code` 200 is success; 101 means "none found" where the spec says so;
 * other business refusals answer HTTP 200 with a non-200 `code` and a `msg`.
 * Transport-level failures use HTTP status codes the client handles (SPEC §8):
 * 401 (bad or expired token), 422 (validation: `errors` maps field to messages),
 * 429 (rate limited, `msg`), 500 ('Server error').
 *
 * Money on the wire: display amounts as decimal numbers in the vendor currency
 * (e.g. 12.5); the server stores integer minor units and converts at the edge.
 */

export const API_VERSION_PATH = '/api/v2';

/** The body every call may carry; the server resolves the vendor from `host` or the request. */
export interface BaseRequest {
  /** Host name the storefront runs on; the server resolves the vendor from it. */
  host?: string;
  vendor_id?: number | string;
  /** Language of texts in the answer (sic: the spec's spelling). */
  is_langauge?: string;
}

export interface Envelope<T = unknown> {
  code: number;
  msg?: string;
  Result?: T;
}

export interface ValidationErrorBody {
  code: 422;
  msg: string;
  /** Field name to messages; the client shows the first message (SPEC §8). */
  errors: Record<string, string[]>;
}

/* ---------- settings (get-vendor-settings) ---------- */

export interface GetVendorSettingsRequest extends BaseRequest {
  latitude?: number | string;
  longitude?: number | string;
  order_web?: string;
}

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
  /** Fraction digits for prices; null means "not forced" (the spec's special vendor). */
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
  product_type: { id: number; name: string };
  store_selection: number;
  manual_store_selection_by_customer: number;
  is_delivery_zone_available: number;
  is_system_available: number;
  system_latitude: number;
  system_longitude: number;
  /** The string 'true' or 'false' (SPEC §2: the switch shows only for the string 'true'). */
  is_pickup_enable: string;
  terminology: { takeaway_text: string };
  active_restaurant: number;
  subscription_status: number;
  client_wallet_status: string;
  is_enable_schedule_order_after_business_hours: number;
  android_customer_app_url: string;
  ios_customer_app_url: string;
  show_contact_developer: 'Yes' | 'No';
  primary_lang: string;
  secondary_lang: string;
  /** Languages the storefront offers, e.g. ['en','ar']; the switcher shows when more than one. */
  languages: string[];
  /** Language used when neither the browser nor the saved choice gives one. */
  default_lang: string;
  /**
   * Whether the browser's language picks the storefront language (SPEC §1). A vendor
   * that opens in its own language whatever the browser says (Arabic-first) sets false.
   */
  detect_browser_language: boolean;
  support_field: { phone: string; whatsapp: string; email: string };
  pages: { privacypolicy_url: string; help_url: string; terms_url: string };
  static_pages: StaticPage[];
  intercom_details: { is_enable: number; intercom_configuration_appid: string };
  messaging: {
    api_key: string; auth_domain: string; database_url: string; project_id: string;
    storage_bucket: string; sender_id: string; app_id: string;
  };
  web_settings: WebSettings;
}

/** get-vendor-settings answers `{ code: 200, settings }`; an unknown host answers `{ code: 101, settings: {} }`. */
export interface GetVendorSettingsResponse {
  code: number;
  msg?: string;
  settings: VendorSettings | Record<string, never>;
}

/* ---------- account (SPEC §4, §6: user_role '1', type 'customer') ---------- */

export interface UserDetails {
  user_id: number;
  user_name: string;
  mobile_number: string;
  country_code: string;
  email: string;
  wallet_amount: number;
  created_at: string;
}

export interface CustomerIdentity extends BaseRequest {
  mobile_number: string;
  country_code: string;
  user_role: '1';
  type: 'customer';
}

/** check_mobile_number: code 200 when registered, 101 'Mobile Number is not exist' otherwise. */
export type CheckMobileNumberRequest = CustomerIdentity;

/** login: sends an OTP to a registered number; code 200 msg 'OTP sent'. */
export type LoginRequest = CustomerIdentity;

/** registration: creates the customer and sends an OTP; code 200. */
export interface RegistrationRequest extends CustomerIdentity {
  user_name: string;
  email: string;
}

/** verify_otp: code 200 with token and user_details, or code 101 msg 'Invalid OTP'. */
export interface VerifyOtpRequest extends CustomerIdentity {
  otp: string;
}

export interface VerifyOtpResponse {
  code: number;
  msg?: string;
  token?: string;
  user_details?: UserDetails;
}

/** get_user_details_web (bearer): `{ code: 200, user_details }`. */
export interface GetUserDetailsRequest extends BaseRequest {
  latitude?: number | string;
  longitude?: number | string;
}

export interface GetUserDetailsResponse {
  code: number;
  msg?: string;
  user_details?: UserDetails;
}

/** logout (bearer): revokes the token. */
export interface LogoutRequest extends BaseRequest {
  user_id: number | string;
  devicetype: 'I';
  devicetoken: string;
  unquie_id: '';
}

/* ---------- stores ---------- */

/** get_nearby_restaurant_v2: the restaurant-list filters of SPEC §7. */
export interface RestaurantListRequest extends BaseRequest {
  cityname?: string;
  latitude: number | string;
  longitude: number | string;
  delivery_type_time_slots?: 'delivery' | 'pickup';
  state?: string;
  total_record?: number;
  date?: string;
  cuisine_id?: string | number;
  skip?: number;
  starttime?: string;
  sort_type?: string | number;
  user_id?: string | number;
  filter_type?: string | number;
  cost_range?: string;
}

/** A store card (SPEC §3). */
export interface StoreCard {
  restaurant_id: number;
  name: string;
  slug: string;
  icon_image: string;
  /** '0' closed, '1' open. */
  restaurant_on_off: '0' | '1';
  /** '1' veg, '2' non-veg. */
  restaurant_type: '1' | '2';
  rating: number;
  cuisine_name: string[];
  /** Minutes, e.g. 30. */
  delivery_time: number;
  /** Display text, e.g. '25-35 min'. */
  delivery_times: string;
  two_person_price: number;
  discount_text: string;
  is_show_customer_app: number;
  show_customer_app: 'distence' | 'time';
  is_pre_order: number;
  /** Kilometres from the customer, computed in SQL. */
  distance: number;
  latitude: number;
  longitude: number;
  address: string;
}

export type RestaurantListResponse = Envelope<StoreCard[]>;

/* ---------- store detail (SPEC §3 Restaurant detail, §7 Stores) ---------- */

export interface OpeningHours {
  /** 0 Sunday … 6 Saturday, in the store's time zone. */
  weekday: number;
  /** 'HH:MM' local time; closes ≤ opens means past midnight. */
  opens: string;
  closes: string;
}

/** get_restaurant_detail {restaurant_id} / get_restaurant_detail_by_slug {slug}: code 101 'Store not found' when unknown. */
export interface RestaurantDetail extends StoreCard {
  minimum_order_value: number;
  /** Non-zero: the minimum order value is not enforced (SPEC §5). */
  minimum_admin_commision: number;
  packaging_charge: number;
  description: string;
  phone: string;
  time_zone: string;
  opening_hours: OpeningHours[];
  delivery_radius_km: number;
  /** The store takes orders ahead while closed (SPEC: is_pre_order or the vendor's after-hours scheduling). */
  accepts_scheduled_orders: number;
}

export interface RestaurantRequest extends BaseRequest {
  restaurant_id: number | string;
  latitude?: number | string;
  longitude?: number | string;
}

export interface RestaurantBySlugRequest extends BaseRequest {
  slug: string;
  latitude?: number | string;
  longitude?: number | string;
}

/** restaurantTiming {restaurant_id}. */
export interface RestaurantTiming {
  time_zone: string;
  is_open_now: boolean;
  hours: OpeningHours[];
  /** ISO time of the next opening when closed, else ''. */
  next_opening: string;
}

/* ---------- menus ---------- */

export interface MenuOption {
  option_id: number;
  name: string;
  price: number;
}

export interface MenuOptionGroup {
  group_id: number;
  name: string;
  /** Fewest options to choose (0 = optional). */
  min: number;
  /** Most options to choose. */
  max: number;
  required: 0 | 1;
  options: MenuOption[];
}

export interface MenuItem {
  item_id: number;
  restaurant_id: number;
  category_id: number;
  name: string;
  description: string;
  image: string;
  price: number;
  mrp: number;
  /** 0 veg, 1 non-veg. */
  item_type: 0 | 1;
  is_available: 0 | 1;
  /** Stock limit; null is unlimited. */
  stock: number | null;
  /** Tax percent on the item. */
  item_tax: number;
  packaging_charge: number;
  unit: string;
  customizations: MenuOptionGroup[];
}

export interface MenuCategory {
  category_id: number;
  name: string;
  items: MenuItem[];
}

/** restaurantCategoryWithMenu {restaurant_id}: Result is the categories with their items. */
export type MenuResponse = Envelope<MenuCategory[]>;

/** get_items_status {restaurant_id, item_ids}: current availability and stock. */
export interface ItemStatus {
  item_id: number;
  is_available: 0 | 1;
  stock: number | null;
}

/* ---------- discovery ---------- */

export interface Cuisine {
  cuisine_id: number;
  name: string;
  image: string;
}

export interface Banner {
  banner_id: number;
  title: string;
  image: string;
  restaurant_id: number | null;
}

export interface Brand {
  brand_id: number;
  name: string;
  image: string;
}

/** search_restaurants_item: items near the customer, with their store. */
export interface SearchItem extends MenuItem {
  restaurant_name: string;
  restaurant_slug: string;
}

/* ---------- addresses (SPEC §3 Saved address, New address form) ---------- */

export type AddressTag = 'Home' | 'Office' | 'Other';

export interface SavedAddress {
  shiping_id: number;
  adress_clarification: AddressTag;
  flat_no: string;
  house_name: string;
  Shiping_address: string;
  landmark: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  zip_code: string;
  is_primary: 0 | 1;
}

export interface NewAddressRequest extends BaseRequest {
  city: string;
  address_clarification: AddressTag;
  landmark: string;
  address: string;
  state: string;
  flat_no: string;
  house_name: string;
  latitude: number | string;
  longitude: number | string;
  zip_code: string;
}

export interface UpdateAddressRequest extends NewAddressRequest {
  shiping_id: number | string;
}

/** set_primary_address: Result.restaurant_id is the store serving it (null when none). */
export interface SetPrimaryAddressResult {
  restaurant_id: number | null;
}

/** get_nearby_restaurant_v2 sort_type values. */
export type StoreSort = 'rating' | 'distance' | 'cost_low' | 'cost_high';
/** get_nearby_restaurant_v2 filter_type values. */
export type StoreFilter = 'veg' | 'non_veg' | 'offers' | 'open_now' | 'pre_order';

/** tag_wise_restaurant_menu_item: items near the customer grouped by tag ('Bestseller', 'New', 'Spicy', …). */
export interface TagGroup {
  tag: string;
  items: SearchItem[];
}
