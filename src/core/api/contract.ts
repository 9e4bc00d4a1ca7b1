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

/* ---------- offers (SPEC §2 Offers modal, §3 Promo code, §7 Promos) ---------- */

/** The order mode as the API names it; the browser keeps it as pickupDeliveryFlag 1/0. */
export type OrderModeName = 'delivery' | 'pickup';

export interface Coupon {
  id: number;
  coupon_name: string;
  coupon_code: string;
  coupon_image: string;
  description: string;
  coupon_type: 'Delivery' | 'Pickup' | 'Both';
  /** 'percent' | 'flat'; a free-order coupon is 'free_item' (single item only, SPEC §5). */
  discount_kind: 'percent' | 'flat' | 'free_item';
  discount_percent: number;
  discount_flat: number;
  max_discount: number;
  min_order: number;
  cashback: number;
  /** Store the coupon is limited to, null for every store. */
  restaurant_id: number | null;
  /** ISO instant, '' when it does not expire. */
  expires_at: string;
}

/** couponlisting: active coupons of the type (and 'Both'); a guest sends user_id ''. */
export interface CouponListingRequest extends BaseRequest {
  coupon_type: 'Delivery' | 'Pickup';
  user_id: number | string;
  cityname?: string;
  latitude?: number | string;
  longitude?: number | string;
  /** Only coupons valid at this store (and vendor-wide ones). */
  restaurant_id?: number | string;
}

/* ---------- pricing, checkout and place_order (SPEC §5, issue 4) ---------- */

/** A cart line as the client sends it: ids and quantity are what count; `price` is what the customer saw. */
export interface OrderLineInput {
  item_id: number;
  quantity: number;
  selectCustoizeID: number[];
  /** Unit price (item + options) shown to the customer; compared, never charged. */
  price: number;
}

/** The order being priced: check_restaurant_menu_with_price, coupon_redeem, auto_apply_coupon_redeem, place_order. */
export interface PricingRequest extends BaseRequest {
  restaurant_id: number;
  order_mode: OrderModeName;
  lines: OrderLineInput[];
  coupon_code?: string;
  /** Driver tip in display units (delivery only, default 0). */
  driver_tip?: number;
  /** Saved address the order goes to (delivery). */
  shiping_id?: number | string;
  /** ISO instant of the chosen slot start; '' or absent = as soon as possible. */
  schedule_at?: string;
}

export interface PricedOption {
  option_id: number;
  name: string;
  price: number;
}

export interface PricedLine {
  item_id: number;
  name: string;
  image: string;
  item_type: 0 | 1;
  selectCustoizeID: number[];
  selected_type: string[];
  options: PricedOption[];
  quantity: number;
  /** Server unit price (item + options). */
  unit_price: number;
  /** The price the client sent, echoed. */
  client_price: number;
  price_changed: 0 | 1;
  line_total: number;
  tax: number;
  packaging_charge: number;
  is_available: 0 | 1;
  /** Units left, null for unlimited. */
  stock: number | null;
}

/** Why a coupon does not apply; the client shows its own translated text for each. */
export type CouponRefusal =
  | 'invalid' | 'expired' | 'not_started' | 'wrong_mode' | 'wrong_store' | 'minimum_order'
  | 'single_item_only' | 'limit_reached' | 'used_up';

/** What an order is charged, line by line and in total (display amounts), as the server prices it. */
export interface OrderCharges {
  lines: PricedLine[];
  item_total: number;
  tax: number;
  /** The vendor's tax name (SPEC §9 default 'Service tax'). */
  tax_name: string;
  packaging_charge: number;
  delivery_charge: number;
  /** Straight-line distance from store to address, km; null for pickup. */
  distance_km: number | null;
  coupon_code: string;
  discount: number;
  /** Credited to the wallet once the order is delivered. */
  cashback: number;
  driver_tip: number;
  total: number;
}

export interface PriceBreakdown extends OrderCharges {
  restaurant_id: number;
  order_mode: OrderModeName;
  /** Set when a coupon code was sent and does not apply. */
  coupon_refusal: CouponRefusal | '';
  /** For 'minimum_order': the coupon's minimum item total. */
  coupon_min_order: number;
  /** Any line's price differs from the one the client sent. */
  price_changed: 0 | 1;
  /** Any line is unavailable or short of stock. */
  has_unavailable: 0 | 1;
  /** The customer's wallet balance (for the payment step). */
  wallet_amount: number;
}

/** coupon_redeem {…PricingRequest, coupon_code}: code 200 with the breakdown, else ORDER_CODES.couponRefused with Result.coupon_refusal. */
export type CouponRedeemResponse = Envelope<PriceBreakdown>;

export type PaymentMethod = 'wallet' | 'cash' | 'online';

export interface PlaceOrderRequest extends PricingRequest {
  /** A fresh random key per checkout attempt; a retry or double submit sends the same one. */
  idempotency_key: string;
  payment_method: PaymentMethod;
  /** The total the customer confirmed; a different server total answers priceChanged. */
  expected_total: number;
  /** Online payments come back here (http(s) only; default the calling page's origin) with ?order_id=&payment=paid|failed|cancelled added. */
  return_url?: string;
  /** Tokens of images uploaded with upload-order-images. */
  order_images?: string[];
  note?: string;
}

/**
 * Non-200 codes of the order calls (HTTP 200 envelopes). The client shows its own
 * translated text per code; `msg` carries the spec's English text.
 */
export const ORDER_CODES = {
  notFound: 101,
  /** 'Some of item price has been changed in your cart please go back and confirm.'; Result is the new PriceBreakdown. */
  priceChanged: 102,
  /** 'Few items are not available'; Result is the PriceBreakdown with is_available/stock per line. */
  itemsUnavailable: 103,
  /** 'Restaurant is currently off, Please try after some time'. */
  storeClosed: 104,
  /** 'Your location is out of reach'. */
  outOfReach: 105,
  /** 'Insufficient wallet amount please recharge your wallet'. */
  insufficientWallet: 106,
  /** Result.coupon_refusal says why. */
  couponRefused: 107,
  /** The schedule slot is not one the store takes. */
  invalidSchedule: 108,
  /** The cart is below the store's minimum order value. */
  belowMinimum: 109,
  /** 'You have reached max image upload limit'. */
  imageLimit: 110,
  /** The order cannot move to the asked state (e.g. rating before delivery). */
  notAllowed: 111,
} as const;

export interface PlaceOrderResult {
  order_id: number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  total: number;
  /** Online payments: the hosted payment page to open; '' otherwise. */
  payment_url: string;
  /** The same idempotency key answered an earlier order. */
  replayed: 0 | 1;
}

/* ---------- online payment (test provider) ---------- */

export type PaymentStatus = 'pending' | 'paid' | 'cash_due' | 'failed' | 'cancelled' | 'refunded';

/** check_payment_status {order_id}: the storefront asks after the hosted page returns. */
export interface PaymentStatusResult {
  order_id: number;
  payment_status: PaymentStatus;
  status: OrderStatus;
}

/* ---------- orders (SPEC §4 Order statuses, §7 Orders) ---------- */

/**
 * Order states. payment_pending and payment_failed are never shown to the store
 * nor listed for the customer. Labels: scheduled 'Schedule', placed 'Order Placed',
 * confirmed 'Order Confirmed', preparing 'Preparing Your Food' ('Processing' for
 * grocery vendors), waiting 'Waiting' (ready, waiting for the driver or the
 * customer), on_the_way 'On The Way', arrived 'Arrived', delivered 'Delivered',
 * cancelled 'Cancelled'. Pickup skips on_the_way and arrived.
 */
export type OrderStatus =
  | 'payment_pending' | 'payment_failed' | 'scheduled' | 'placed' | 'confirmed' | 'preparing'
  | 'waiting' | 'on_the_way' | 'arrived' | 'delivered' | 'cancelled';

export interface OrderStatusEvent {
  status: OrderStatus;
  /** ISO instant. */
  at: string;
}

export interface OrderSummary {
  order_id: number;
  restaurant_id: number;
  restaurant_name: string;
  restaurant_image: string;
  order_mode: OrderModeName;
  status: OrderStatus;
  /** ISO instants. */
  created_at: string;
  status_changed_at: string;
  scheduled_for: string;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  item_count: number;
  /** First item names, for the card. */
  item_names: string[];
  total: number;
  /** 0 until rated; the rating 1-5 after. */
  rating: number;
}

export interface OrderDetail extends OrderSummary, OrderCharges {
  delivery_address: string;
  delivery_latitude: number | null;
  delivery_longitude: number | null;
  restaurant_address: string;
  restaurant_phone: string;
  restaurant_latitude: number;
  restaurant_longitude: number;
  /** The states this order goes through, in order (pickup skips the driver states). */
  steps: OrderStatus[];
  history: OrderStatusEvent[];
  review: string;
  images: OrderImage[];
}

/** ongoing_orders / order_history {skip?, limit?}: Result is OrderSummary[]; code 101 when none. */
export interface OrderListRequest extends BaseRequest {
  skip?: number;
  limit?: number;
}

/** view_order_details / get_order_status / check_rating / reorder_details / check_payment_status {order_id}. */
export interface OrderRequest extends BaseRequest {
  order_id: number | string;
}

/** get_order_status: the live part of the order. */
export interface OrderStatusResult {
  order_id: number;
  order_mode: OrderModeName;
  status: OrderStatus;
  status_changed_at: string;
  steps: OrderStatus[];
  history: OrderStatusEvent[];
  /** False once delivered or cancelled: the client stops refreshing. */
  is_open: boolean;
}

/** add_rating {order_id, rating 1-5, review}: only for a delivered order, once. */
export interface AddRatingRequest extends OrderRequest {
  rating: number;
  review?: string;
}

/** check_rating: rated 0 with rating 0 when not yet rated. */
export interface RatingResult {
  order_id: number;
  rated: 0 | 1;
  rating: number;
  review: string;
}

/** reorder_details: the order's lines priced now; price_changed against the price paid, unavailable flagged. */
export interface ReorderResult {
  restaurant_id: number;
  lines: PricedLine[];
}

/** An image attached to an order (SPEC §3 orderUploadImages keeps the tokens of the pending order). */
export interface OrderImage {
  token: string;
  url: string;
}

/** upload-order-images {image: data URL (png/jpeg/webp/gif, ≤ 2 MB)}; at most MAX_ORDER_IMAGES per order. */
export interface UploadOrderImageRequest extends BaseRequest {
  image: string;
}

/** remove-order-image {token}. */
export interface RemoveOrderImageRequest extends BaseRequest {
  token: string;
}

export const MAX_ORDER_IMAGES = 3;

/* ---------- wallet ---------- */

/** GET get_user_wallet_amount: Result.wallet_amount. */
export interface WalletAmount {
  wallet_amount: number;
}

export interface WalletTransaction {
  id: number;
  kind: 'order_payment' | 'order_refund' | 'cashback' | 'recharge' | 'adjustment';
  amount: number;
  balance_after: number;
  order_id: number | null;
  created_at: string;
}

/** get_user_wallet_history: Result.wallet_amount and the transactions, newest first. */
export interface WalletHistory {
  wallet_amount: number;
  transactions: WalletTransaction[];
}
