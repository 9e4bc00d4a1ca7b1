/**
 * Events for the host page. Each bubbles and is composed, so a listener on
 * `document` hears it wherever it started; it is dispatched on the element whose
 * action caused it, or on `document` when a store changed by itself (another tab).
 */
export interface HostEventMap {
  /** The cart changed: `{ lines, count }`. */
  'sf-cart-change': { count: number; lines: readonly unknown[] };
  /** A customer signed in: `{ user }`. */
  'sf-sign-in': { user: { user_id: number; user_name: string } };
  /** The customer signed out or the session expired: `{ reason }`. */
  'sf-sign-out': { reason: 'user' | 'expired' };
  /** The language is about to change (the page reloads next): `{ locale }`. */
  'sf-locale-change': { locale: string };
  /** The customer switched between delivery and pickup: `{ mode }`. */
  'sf-order-mode-change': { mode: 'delivery' | 'pickup' };
  /** The customer chose a store in the store modal: `{ restaurantId }` (base64). */
  'sf-store-change': { restaurantId: string };
  /** The customer's place changed (location modal, saved address, address form): `{ latitude, longitude, address }`. */
  'sf-location-change': { latitude: number; longitude: number; address: string };
  /** A guest opened something that needs sign-in (the address form, checkout from the cart drawer): `{ reason }`. */
  'sf-sign-in-required': { reason: string };
  /**
   * A store's menu is shown: `{ restaurant_id, name, categories }` (its categories with their items, as the
   * menu answer has them: each with more fields than these).
   */
  'sf-menu-view': {
    restaurant_id: number; name: string;
    categories: ReadonlyArray<{ category_id: number; name: string; items: ReadonlyArray<{ item_id: number; name: string; price: number }> }>;
  };
  /** The customer opened an item to choose its options: `{ restaurant_id, item }` (the menu answer's item). */
  'sf-item-view': { restaurant_id: number; item: { item_id: number; category_id: number; name: string; price: number } };
  /** The cart drawer opened: `{ count }`. */
  'sf-cart-view': { count: number };
  /** A checkout step is shown: `{ step, order_mode }` ('review': the cart with address and time; 'payment': the ways to pay). */
  'sf-checkout-step': { step: 'review' | 'payment'; order_mode: 'delivery' | 'pickup' };
  /** The customer placed the order with a way to pay, before the server answers: `{ payment_method }`. */
  'sf-order-submit': { payment_method: 'wallet' | 'cash' | 'online' };
  /**
   * Sent by the page, not by the storefront: opens the privacy settings of vendor analytics (the full page's
   * footer does; a vendor's own "Privacy settings" link can too).
   */
  'sf-consent-open': Record<string, never>;
  /** The customer left the cart drawer for review-cart: `{ count, total }` (total as a display amount). */
  'sf-checkout-start': { count: number; total: number };
  /** Vendor settings loaded: `{ vendorId, appName }`, or the host is unknown: `{ vendorId: null }`. */
  'sf-ready': { vendorId: number | null; appName: string };
  /** The customer copied a promo code in the offers list: `{ code }`. */
  'sf-promo-copy': { code: string };
  /** The customer chose a promo code to apply at checkout: `{ code }`. */
  'sf-promo-apply': { code: string };
  /** A watched order moved to another state: `{ order_id, status }`. */
  'sf-order-status': { order_id: number; status: string };
  /** The lines of a past order went into the cart: `{ order_id }`. */
  'sf-reorder': { order_id: number };
  /** An order was placed (paid by wallet, cash due, or paid online): `{ order_id, total, payment_method }`. */
  'sf-order-placed': { order_id: number; total: number; payment_method: 'wallet' | 'cash' | 'online' };
  /** An online payment failed or was cancelled; the cart is kept: `{ order_id, reason }`. */
  'sf-payment-failed': { order_id: number; reason: 'failed' | 'cancelled' };
  /** A wallet recharge came back paid and was credited: `{ amount }` (a display amount). */
  'sf-wallet-recharged': { amount: number };
  /** This browser started or joined a group order (docs/behaviour.md#group-orders): `{ group_id, member_id, is_host }`. */
  'sf-group-joined': { group_id: number; member_id: number; is_host: boolean };
  /** The group order this browser is in was locked (by its host, or at its deadline): `{ group_id }`. */
  'sf-group-locked': { group_id: number };
  /** The group order this browser is in was placed as one order: `{ group_id, order_id }`. */
  'sf-group-placed': { group_id: number; order_id: number };
  /** A subscription was made (`<sf-subscribe>`). */
  'sf-subscribed': { subscription_id: number };
  /**
   * The page's setup went wrong (said once, also in the console with its fix): `{ code, message }`.
   * `api-unreachable`: the vendor settings could not be loaded from the configured API (often an ESM app
   * that did not call `configure()`); `tag-taken`: another script defined one of our tags first;
   * `styles`: the stylesheet could not be loaded.
   */
  'sf-error': { code: 'api-unreachable' | 'tag-taken' | 'styles'; message: string };
  /** Checkout asked for the location modal (change or add the delivery address): `{ reason }`; a location modal that opens sets `handled`. */
  'sf-location-open': { reason: 'address'; handled?: boolean };
}

export type HostEventName = keyof HostEventMap;

/**
 * The last events this bundle sent (at most 50), oldest first: for code that arrives later and needs what
 * happened before it (vendor analytics). Only emitHostEvent adds to it.
 */
export const recentHostEvents: readonly Event[] = [];

export function emitHostEvent<K extends HostEventName>(name: K, detail: HostEventMap[K], origin?: EventTarget | null): void {
  const target = origin ?? (typeof document === 'undefined' ? undefined : document);
  const event = new CustomEvent(name, { detail, bubbles: true, composed: true });
  const recent = recentHostEvents as Event[];
  if (recent.push(event) > 50) recent.shift();
  target?.dispatchEvent(event);
}
