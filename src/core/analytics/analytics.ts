/**
 * Vendor analytics, fetched only for a vendor whose settings name a tag (with its element, `<sf-consent>`,
 * which the page gets then and which starts it): it decides whose consent rules
 * (consent.ts), tells Google's Consent Mode before any tag loads, loads the vendor's tags where the
 * storefront owns the page (and on the vendor's own pages when asked to), and turns what the customer
 * does — the storefront's host events — into the ecommerce events of events.ts, sent only with consent.
 */
import type { OrderDetail } from '../../../contract/api/orders.ts';
import type { VendorSettings } from '../../../contract/api/settings.ts';
import { namedTags, type AnalyticsTag } from '../../../contract/rules/analytics.ts';
import { callApi } from '../api/client.ts';
import { $cart, type CartLine } from '../cart/cart.ts';
import { $promocode } from '../cart/order-mode.ts';
import { recentHostEvents, type HostEventMap } from '../platform/host-events.ts';
import { isRouterActive } from '../platform/router.ts';
import { shared } from '../platform/registry.ts';
import { safeStorage } from '../platform/storage.ts';
import {
  $consent, $consentSettingsOpen, ACCEPTED, consentKey, consentModeOf, gtagConsentOf, readConsent, REFUSED, tcfConsentOf,
  writeConsent, type ConsentChoice,
} from './consent.ts';
import {
  cartChangeEvents, cartEvent, itemEvents, menuListEvent, META_EVENTS, metaParams, purchaseEvent, refundEvent, type EcommerceEvent,
} from './events.ts';
import { dataLayer, gtag, loadTag, metaPixel } from './tags.ts';

/** Orders whose purchase (and refund) were sent from this browser, newest last; a few dozen are enough to never send one twice. */
const SENT_ORDERS_KEPT = 50;
/** Categories of the items seen in menus, kept for the tab's later events (a return from a payment page). */
const CATEGORIES_KEPT = 2000;
const CATEGORIES_KEY = 'sf-analytics-categories';

/** The host events turned into ecommerce events (those sent before this code arrived are read from recentHostEvents). */
const WATCHED_EVENTS = [
  'sf-menu-view', 'sf-item-view', 'sf-cart-view', 'sf-checkout-start', 'sf-checkout-step', 'sf-order-submit', 'sf-order-placed', 'sf-order-status',
] as const satisfies ReadonlyArray<keyof HostEventMap>;
type WatchedEvent = (typeof WATCHED_EVENTS)[number];

export interface AnalyticsOptions {
  /** The storefront owns the document (the full page): it loads the tags itself. */
  ownsDocument: boolean;
  /** Host events sent before this code loaded, oldest first. */
  earlier: readonly Event[];
  now: () => number;
}

/**
 * Starts analytics once per page (again for new settings only after a reload: the language switch
 * reloads). Answers a function that stops it: every listener it added is removed.
 */
export function startAnalytics(
  // The full page's router runs from its first render, before its settings arrive: it owns the document.
  settings: VendorSettings, options: AnalyticsOptions = { ownsDocument: isRouterActive(), earlier: [...recentHostEvents], now: Date.now },
): () => void {
  const config = settings.analytics;
  if (state.started || !config) return () => {};
  state.started = true;
  const stops: Array<() => void> = [() => { state.started = false; }];
  const listen = (target: EventTarget, name: string, listener: (event: Event) => void, capture = false) => {
    target.addEventListener(name, listener, capture);
    stops.push(() => target.removeEventListener(name, listener, capture));
  };
  const tags = namedTags(config);
  const { now } = options;
  const currency = settings.currency_code;
  const local = safeStorage();
  const session = safeStorage('sessionStorage');
  const google = tags.some(({ tag }) => tag !== 'meta');

  // Whose consent rules: the host page's consent manager (on a vendor's own page), the browser's GPC, the
  // customer's remembered choice, or a vendor that asks none. Otherwise the banner asks.
  const hostConsent = options.ownsDocument ? null : gtagConsentOf(window.dataLayer ?? []);
  const hostManaged = hostConsent !== null || (!options.ownsDocument && typeof window.__tcfapi === 'function');
  const privacySignal = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  if (hostManaged) {
    $consent.set({ choice: hostConsent, source: 'host' });
    window.__tcfapi?.('addEventListener', 2, (data, success) => {
      if (success && (data.eventStatus === 'tcloaded' || data.eventStatus === 'useractioncomplete')) $consent.set({ choice: tcfConsentOf(data), source: 'host' });
    });
  } else if (privacySignal) {
    $consent.set({ choice: REFUSED, source: 'browser' });
  } else {
    const remembered = readConsent(local?.getItem(consentKey(settings.vendor_id)) ?? null, now());
    if (remembered) $consent.set({ choice: remembered, source: 'customer' });
    else if (!config.consent_required) $consent.set({ choice: ACCEPTED, source: 'vendor' });
    else $consent.set({ choice: null, source: 'asking' });
  }
  // Where the storefront loads the tags, Google's start from these signals: denied until the customer agrees.
  // On a vendor's own page that only takes the events, Consent Mode is the page's own: its tags are not ours to set.
  const loads = options.ownsDocument || config.embedded === 'tags';
  const consentMode = google && loads && !hostManaged;
  if (consentMode) gtag('consent', 'default', { ...consentModeOf($consent.get().choice), wait_for_update: 500 });

  // What happened before the customer chose waits in this page's memory: sent if they agree, dropped if not.
  const undecided: Array<() => void> = [];
  // A host page's gtag consent changes with its own updates in its dataLayer: read again before each event.
  const followHost = () => {
    if (hostConsent === null) return;
    const choice = gtagConsentOf(window.dataLayer ?? []);
    if (JSON.stringify(choice) !== JSON.stringify($consent.get().choice)) $consent.set({ choice, source: 'host' });
  };
  const whenDecided = (act: () => void) => {
    followHost();
    if ($consent.get().choice) act();
    else if (undecided.length < 100) undecided.push(act);
  };
  const loaded = new Set<AnalyticsTag>();
  const allowed = (tag: AnalyticsTag, choice: ConsentChoice | null) => Boolean(tag === 'meta' ? choice?.marketing : choice?.analytics);
  let lastChoice = $consent.get().choice;
  stops.push($consent.subscribe(({ choice, source }) => {
    if (consentMode && choice !== lastChoice) gtag('consent', 'update', consentModeOf(choice));
    lastChoice = choice;
    if (loads && source !== 'host') {
      for (const { tag, id } of tags) {
        if (loaded.has(tag) || !allowed(tag, choice)) continue;
        loaded.add(tag);
        loadTag(tag, id);
      }
    }
    if (choice) undecided.splice(0).forEach((act) => act());
  }));
  listen(document, 'sf-consent-open', () => $consentSettingsOpen.set(true));

  // Categories of the items the customer saw, for events that carry only item ids (the cart, the order).
  const categories = new Map<number, string>(readCategories(session));
  const categoryOf = (itemId: number) => categories.get(itemId);
  const storeNames = new Map<number, string>();
  const learnMenu = (menu: HostEventMap['sf-menu-view']['categories']) => {
    for (const category of menu) for (const item of category.items) categories.set(item.item_id, category.name);
    while (categories.size > CATEGORIES_KEPT) categories.delete(categories.keys().next().value!);
    if ($consent.get().choice?.analytics) session?.setItem(CATEGORIES_KEY, JSON.stringify([...categories]));
  };

  const send = (event: EcommerceEvent) => whenDecided(() => {
    const choice = $consent.get().choice;
    if (choice?.analytics && google) {
      if (config.ga4_measurement_id) gtag('event', event.name, { ...event.params, send_to: config.ga4_measurement_id });
      if (config.gtm_container_id) {
        dataLayer().push({ ecommerce: null }); // the previous event's ecommerce object is not merged into this one
        dataLayer().push({ event: event.name, ecommerce: event.params });
      }
    }
    const metaEvent = META_EVENTS[event.name];
    if (choice?.marketing && config.meta_pixel_id && metaEvent && window.fbq) {
      const id = event.params.transaction_id;
      metaPixel()('track', metaEvent, metaParams(event), id ? { eventID: `order_${id}` } : undefined);
    }
  });
  const sendAll = (events: readonly EcommerceEvent[]) => events.forEach(send);

  // Once per order: the purchase and the refund, whatever reloads and returns from payment pages happen.
  const sentKey = `sf-analytics-orders:${settings.vendor_id}`;
  const sentOnce = (kind: 'purchase' | 'refund', orderId: number): boolean => {
    if (!$consent.get().choice?.analytics && !$consent.get().choice?.marketing) return false;
    const mark = `${kind}:${orderId}`;
    let sent: string[] = [];
    try {
      const stored: unknown = JSON.parse(local?.getItem(sentKey) ?? '[]');
      if (Array.isArray(stored)) sent = stored.filter((entry): entry is string => typeof entry === 'string');
    } catch {
      // unreadable: started again
    }
    if (sent.includes(mark)) return false;
    local?.setItem(sentKey, JSON.stringify([...sent, mark].slice(-SENT_ORDERS_KEPT)));
    return true;
  };
  const orderDetail = async (orderId: number): Promise<OrderDetail | null> => {
    try {
      const answer = await callApi('view_order_details', { order_id: orderId });
      return answer.code === 200 && answer.Result ? answer.Result : null;
    } catch {
      return null;
    }
  };

  // The cart: what each change made here added or removed. A change mirrored from another tab was
  // reported there; the cart emptied by a placed order is a purchase, not removals.
  let lines: readonly CartLine[] = $cart.get();
  let mirrored = false;
  let placed = false;
  let checkoutStarted = false;
  // Captured: heard before the cart's own listener mirrors the change (and announces it).
  listen(window, 'storage', (event) => {
    if ((event as StorageEvent).key !== 'cart' && (event as StorageEvent).key !== null) return;
    mirrored = true;
    queueMicrotask(() => { mirrored = false; });
  }, true);
  listen(document, 'sf-cart-change', () => {
    const from = lines;
    const to = $cart.get();
    lines = to;
    checkoutStarted = false;
    // Told after the order's own announcement, which follows in the same task.
    if (!mirrored) queueMicrotask(() => placed || sendAll(cartChangeEvents(from, to, categoryOf, currency)));
  });

  const on = <K extends WatchedEvent>(event: Event & { type: string }, name: K, act: (detail: HostEventMap[K]) => void) => {
    if (event.type === name) act((event as CustomEvent<HostEventMap[K]>).detail);
  };
  const beginCheckout = () => {
    if (checkoutStarted || $cart.get().length === 0) return;
    checkoutStarted = true;
    send(cartEvent('begin_checkout', $cart.get(), categoryOf, currency, { coupon: $promocode.get() }));
  };
  const handle = (event: Event) => {
    on(event, 'sf-menu-view', ({ restaurant_id, name, categories: menu }) => {
      learnMenu(menu);
      send(menuListEvent(restaurant_id, name, menu, currency));
      storeNames.set(restaurant_id, name);
    });
    on(event, 'sf-item-view', ({ restaurant_id, item }) => sendAll(itemEvents(restaurant_id, storeNames.get(restaurant_id) ?? '', item, categoryOf(item.item_id), currency)));
    on(event, 'sf-cart-view', () => send(cartEvent('view_cart', $cart.get(), categoryOf, currency)));
    on(event, 'sf-checkout-start', beginCheckout);
    on(event, 'sf-checkout-step', ({ step, order_mode }) => {
      if (step === 'review') beginCheckout();
      else send(cartEvent('add_shipping_info', $cart.get(), categoryOf, currency, { coupon: $promocode.get(), orderMode: order_mode }));
    });
    on(event, 'sf-order-submit', ({ payment_method }) => send(cartEvent('add_payment_info', $cart.get(), categoryOf, currency, { coupon: $promocode.get(), paymentMethod: payment_method })));
    on(event, 'sf-order-placed', ({ order_id }) => {
      placed = true;
      setTimeout(() => { placed = false; });
      checkoutStarted = false;
      whenDecided(() => {
        if (!sentOnce('purchase', order_id)) return;
        void orderDetail(order_id).then((order) => {
          if (order) send(purchaseEvent(order, categoryOf, currency));
        });
      });
    });
    on(event, 'sf-order-status', ({ order_id, status }) => {
      if (status !== 'cancelled') return;
      void orderDetail(order_id).then((order) => {
        if (order?.payment_status === 'refunded' && sentOnce('refund', order_id)) send(refundEvent(order, categoryOf, currency));
      });
    });
  };
  for (const event of options.earlier) handle(event);
  for (const name of WATCHED_EVENTS) listen(document, name, handle);
  return () => stops.splice(0).forEach((stop) => stop());
}

const state = shared('analytics', () => ({ started: false }));

function readCategories(session: Storage | undefined): Array<[number, string]> {
  try {
    const stored: unknown = JSON.parse(session?.getItem(CATEGORIES_KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((entry): entry is [number, string] => Array.isArray(entry) && typeof entry[0] === 'number' && typeof entry[1] === 'string')
      : [];
  } catch {
    return [];
  }
}

/** The customer's choice, from the banner or the settings: remembered for the vendor and followed at once. */
export function chooseConsent(vendorId: number, choice: ConsentChoice, now = Date.now()): void {
  try {
    safeStorage()?.setItem(consentKey(vendorId), writeConsent(choice, now));
  } catch {
    // not remembered (storage refused): the choice still holds for this page
  }
  $consent.set({ choice, source: 'customer' });
  $consentSettingsOpen.set(false);
}
