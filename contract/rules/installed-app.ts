/**
 * The full page as an installed app: what its service worker keeps for reading offline and how it tells
 * the page (docs/behaviour.md#installable-full-page). Shared by the service worker and the storefront.
 */

/** The service worker's address on the vendor's host (its scope is the whole host). */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * The calls whose last answers are kept to read offline: the vendor's settings, the stores and their
 * menus, offers, the FAQ, and the customer's orders and wallet. Each answer is kept per request (the
 * call, the customer's session, the vendor host and the body) and shown only when the network gives none.
 */
export const OFFLINE_READABLE_CALLS: ReadonlySet<string> = new Set([
  'get-vendor-settings', 'settings', 'get-language',
  'get_nearby_restaurant_v2', 'get_currentlocation_restaurant', 'get_cuisinelist', 'get_banner', 'banner_with_category', 'get_banner_retaurant',
  'brand-list', 'brand-restaurant',
  'get_restaurant_detail', 'get_restaurant_detail_by_slug', 'restaurantTiming', 'get_restaurant_rating', 'get-restaurant-settings', 'get-delivery-zone-setting',
  'restaurantCategoryWithMenu', 'restaurantmenus', 'restaurantcategorymenus', 'restaurant_menus_details',
  'restaurant_menu_category', 'restaurant_categorylisting', 'restaurant_menu_wise_category', 'menuwiseitem',
  'couponlisting', 'get_faq_all',
  'get_user_details_web', 'get_user_details', 'list_shiping_address', 'get_user_address', 'get_user_primary_address',
  'ongoing_orders', 'order_history', 'current_orders_withratings', 'view_order_details', 'get_order_status', 'order_tracking',
  'get_user_wallet_amount', 'get_user_wallet_history', 'subscription_list', 'subscription_details',
]);

/** Calls after which nothing kept for the customer may be shown again (their answers are dropped). */
export const SESSION_ENDING_CALLS: ReadonlySet<string> = new Set(['logout', 'delete_account']);

/** A network slower than this for a kept call: the kept answer is shown meanwhile (one bar of signal). */
export const OFFLINE_NETWORK_TIMEOUT_S = 8;

/** What the service worker and the page say to each other (postMessage). */
export type InstalledAppMessage =
  /** The service worker answered this page with what was kept at `savedAt` (ms since the epoch): the earliest such. */
  | { type: 'sf-shown-from-earlier'; savedAt: number }
  /** The page asks what it was shown from earlier so far (answered with the message above, or nothing). */
  | { type: 'sf-what-from-earlier' }
  /** The page asks a waiting service worker to take over (the customer chose "Reload to update"; Workbox's own message). */
  | { type: 'SKIP_WAITING' };

/** Whether `value` is one of the messages above. */
export function isInstalledAppMessage(value: unknown): value is InstalledAppMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, savedAt } = value as { type?: unknown; savedAt?: unknown };
  if (type === 'sf-shown-from-earlier') return typeof savedAt === 'number' && Number.isFinite(savedAt);
  return type === 'sf-what-from-earlier' || type === 'SKIP_WAITING';
}

/** The call an API address names (`/api/v2/<call>`), or undefined for another address. */
export function callOfPath(pathname: string, apiPath: string): string | undefined {
  if (!pathname.startsWith(`${apiPath}/`)) return undefined;
  const name = pathname.slice(apiPath.length + 1);
  return /^[\w-]{1,64}$/.test(name) ? name : undefined;
}
