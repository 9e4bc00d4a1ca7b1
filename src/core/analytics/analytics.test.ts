// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "handleDisabledFileLoadingAsSuccess": true } }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '../../../contract/api/orders.ts';
import type { VendorSettings } from '../../../contract/api/settings.ts';
import { NO_ANALYTICS, type AnalyticsSettings } from '../../../contract/rules/analytics.ts';
import { apiStub } from '../api/client-stub.test-helpers.ts';
import { cartLine, priced } from '../checkout/checkout.fixtures.ts';
import { item } from '../menu/menu.fixtures.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const { startAnalytics, chooseConsent } = await import('./analytics.ts');
const { $consent, $consentSettingsOpen, consentKey, readConsent } = await import('./consent.ts');
const { $cart, setCart, clearCart } = await import('../cart/cart.ts');
const { emitHostEvent } = await import('../platform/host-events.ts');

const VENDOR = 7;
const GA4 = 'G-TEST1234';
const PIXEL = '1234567890123456';

function settings(analytics: Partial<AnalyticsSettings>): VendorSettings {
  return {
    vendor_id: VENDOR, currency_code: 'USD', pages: { privacypolicy_url: '', help_url: '', terms_url: '' },
    analytics: { ...NO_ANALYTICS, ga4_measurement_id: GA4, meta_pixel_id: PIXEL, consent_required: true, ...analytics },
  } as VendorSettings;
}

/** What reached Google: the gtag commands in the dataLayer, as arrays. */
const commands = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const events = () => commands().filter(([kind]) => kind === 'event').map(([, name, params]) => ({ name, params: params as Record<string, unknown> }));
const scripts = () => [...document.head.querySelectorAll('script')].map((script) => script.src);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const order: OrderDetail = {
  order_id: 901, restaurant_id: 1, restaurant_name: 'Golden Gate Pizzeria', restaurant_image: '', order_mode: 'delivery', status: 'placed',
  created_at: '2026-11-28T10:00:00Z', status_changed_at: '2026-11-28T10:00:00Z', scheduled_for: '', payment_method: 'cash', payment_status: 'cash_due',
  item_count: 2, item_names: ['Margherita'], total: 29.62, rating: 0,
  lines: [priced(cartLine({ item_id: 10, quantity: 2, price: 12 }))], item_total: 24, tax: 2.62, tax_name: 'Sales tax', packaging_charge: 0,
  delivery_charge: 3, distance_km: 1.2, coupon_code: 'WELCOME', discount: 0, cashback: 0, driver_tip: 0,
  delivery_address: '500 Howard St', delivery_latitude: 37.7, delivery_longitude: -122.4, restaurant_address: '1520 Stockton St',
  restaurant_phone: '+14155550100', restaurant_latitude: 37.8, restaurant_longitude: -122.41, steps: [], history: [], review: '', images: [],
};

let stop = () => {};
beforeEach(() => {
  delete window.dataLayer;
  delete window.gtag;
  delete window.fbq;
  delete window._fbq;
  delete window.__tcfapi;
  document.head.replaceChildren();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  setCart([]);
  $consent.set({ choice: null, source: null });
  $consentSettingsOpen.set(false);
  apiStub.reset((call) => (call.name === 'view_order_details' ? { code: 200, Result: order } : { code: 200 }));
});
afterEach(() => {
  stop();
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: undefined, configurable: true });
});

const start = (analytics: Partial<AnalyticsSettings> = {}, ownsDocument = true, earlier: Event[] = []) => {
  stop = startAnalytics(settings(analytics), { ownsDocument, earlier, now: () => Date.parse('2026-11-28T10:00:00Z') });
};

describe('vendor analytics, consent first', () => {
  it('until the customer chooses: Consent Mode denied, no tag loaded, nothing sent, and the banner in the page', async () => {
    start();
    expect(commands()[0]).toEqual(['consent', 'default', {
      analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', wait_for_update: 500,
    }]);
    expect(scripts()).toEqual([]);
    expect($consent.get()).toEqual({ choice: null, source: 'asking' }); // the banner asks
    setCart([cartLine()]);
    await settle();
    expect(events()).toEqual([]);
    // Nothing kept for analytics: no storage of its own (the cart is the cart's), no cookie.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('sf-'))).toEqual([]);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    // What the customer did before choosing is sent once they agree (it waited in the page's memory).
    chooseConsent(VENDOR, { analytics: true, marketing: false });
    expect(events().map(({ name }) => name)).toEqual(['add_to_cart']);
  });

  it('accepted: remembered for the vendor, Consent Mode granted, the tags loaded once, and the cart reported', async () => {
    start();
    chooseConsent(VENDOR, { analytics: true, marketing: true }, Date.parse('2026-11-28T10:00:00Z'));
    expect(readConsent(localStorage.getItem(consentKey(VENDOR)), Date.now())).toEqual({ analytics: true, marketing: true });
    expect(commands()).toContainEqual(['consent', 'update', { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' }]);
    expect(scripts()).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA4}`, 'https://connect.facebook.net/en_US/fbevents.js']);
    expect(commands()).toContainEqual(['config', GA4]);
    expect(window.fbq!.queue).toEqual([['init', PIXEL], ['track', 'PageView']]);

    setCart([cartLine({ quantity: 1 })]);
    setCart([cartLine({ quantity: 3 })]);
    setCart([]);
    await settle();
    expect(events().map(({ name, params }) => [name, (params.items as Array<{ quantity: number }>)[0]!.quantity, params.value])).toEqual([
      ['add_to_cart', 1, 12], ['add_to_cart', 2, 24], ['remove_from_cart', 3, 36],
    ]);
    expect(events()[0]!.params).toMatchObject({ currency: 'USD', send_to: GA4, items: [{ item_id: '10', item_name: 'Margherita', price: 12, quantity: 1 }] });
    expect(window.fbq!.queue).toContainEqual(['track', 'AddToCart', expect.objectContaining({ currency: 'USD', value: 12, content_ids: ['10'] }), undefined]);
    chooseConsent(VENDOR, { analytics: true, marketing: true });
    expect(scripts()).toHaveLength(2);
  });

  it('rejected, or refused by the browser (GPC): no tag, no event, and with GPC no banner either', async () => {
    start();
    setCart([cartLine({ quantity: 1 })]);
    await settle();
    chooseConsent(VENDOR, { analytics: false, marketing: false });
    setCart([cartLine()]);
    await settle();
    expect(scripts()).toEqual([]);
    expect(events()).toEqual([]);
    stop();

    document.body.replaceChildren();
    localStorage.clear();
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    start();
    expect($consent.get()).toEqual({ choice: { analytics: false, marketing: false }, source: 'browser' }); // no banner
    setCart([cartLine({ quantity: 4 })]);
    await settle();
    expect(events()).toEqual([]);
    expect(scripts()).toEqual([]);
  });

  it('a vendor that asks no consent measures at once; the customer can still refuse from the settings', async () => {
    start({ consent_required: false, meta_pixel_id: '' });
    expect($consent.get().source).toBe('vendor'); // no banner
    expect(scripts()).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA4}`]);
    document.dispatchEvent(new CustomEvent('sf-consent-open'));
    expect($consentSettingsOpen.get()).toBe(true);
    expect($consent.get().source).toBe('vendor'); // the settings open, the banner does not
    chooseConsent(VENDOR, { analytics: false, marketing: false });
    setCart([cartLine()]);
    await settle();
    expect(events()).toEqual([]);
  });

  it("on a vendor's own page with a consent manager: no banner, no tag loaded, events only as its consent allows", async () => {
    window.dataLayer = [];
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied' });
    start({}, false);
    expect($consent.get()).toEqual({ choice: { analytics: false, marketing: false }, source: 'host' });
    expect($consent.get().source).toBe('host'); // no banner
    setCart([cartLine()]);
    await settle();
    expect(events()).toEqual([]);
    window.gtag('consent', 'update', { analytics_storage: 'granted' }); // the page's consent manager, after the customer agreed there
    setCart([cartLine({ quantity: 3 })]);
    await settle();
    expect(events().map(({ name }) => name)).toEqual(['add_to_cart']);
    expect(scripts()).toEqual([]); // the vendor's site owns its tags
  });

  it("on a vendor's own page without a consent manager: the banner asks, the page's Consent Mode is left alone, and what waited is sent on Accept", async () => {
    window.dataLayer = [];
    start({ meta_pixel_id: '' }, false);
    expect($consent.get().source).toBe('asking');
    setCart([cartLine({ quantity: 1 })]);
    await settle();
    expect(commands()).toEqual([]);
    chooseConsent(VENDOR, { analytics: true, marketing: false });
    expect(commands().map(([kind, name]) => [kind, name])).toEqual([['event', 'add_to_cart']]);
    expect(scripts()).toEqual([]); // the vendor's site owns its tags
  });

  it('the purchase: once per order from the order as charged, the cart it empties not reported as removals', async () => {
    start({ consent_required: false });
    setCart([cartLine({ quantity: 2 })]);
    await settle();
    clearCart();
    emitHostEvent('sf-order-placed', { order_id: 901, total: 29.62, payment_method: 'cash' });
    await settle();
    await settle();
    expect(events().map(({ name }) => name)).toEqual(['add_to_cart', 'purchase']);
    expect(events()[1]!.params).toEqual({
      currency: 'USD', transaction_id: '901', value: 29.62, tax: 2.62, shipping: 3, coupon: 'WELCOME', send_to: GA4,
      items: [{ item_id: '10', item_name: 'Margherita', price: 12, quantity: 2 }],
    });
    expect(window.fbq!.queue).toContainEqual(['track', 'Purchase', expect.objectContaining({ value: 29.62 }), { eventID: 'order_901' }]);
    // Back from a payment page, or reloaded: the same order is not sent again.
    stop();
    start({ consent_required: false });
    emitHostEvent('sf-order-placed', { order_id: 901, total: 29.62, payment_method: 'cash' });
    await settle();
    expect(events().filter(({ name }) => name === 'purchase')).toHaveLength(1);
  });

  it('the menu, an item, the cart and the checkout steps, with events sent before analytics arrived', async () => {
    const menu = [{ category_id: 3, name: 'Pizza', items: [item({ item_id: 10, name: 'Margherita', price: 12 }), item({ item_id: 11, name: 'Diavola', price: 14 })] }];
    const early = new CustomEvent('sf-menu-view', { detail: { restaurant_id: 1, name: 'Golden Gate Pizzeria', categories: menu } });
    start({ consent_required: false, meta_pixel_id: '' }, true, [early]);
    emitHostEvent('sf-item-view', { restaurant_id: 1, item: menu[0]!.items[1]! });
    setCart([cartLine({ item_id: 11, name: 'Diavola', price: 14, quantity: 1, selected_type: ['Large'], selectCustoizeID: [5] })]);
    await settle();
    emitHostEvent('sf-cart-view', { count: 1 });
    emitHostEvent('sf-checkout-start', { count: 1, total: 14 });
    emitHostEvent('sf-checkout-step', { step: 'review', order_mode: 'delivery' });
    emitHostEvent('sf-checkout-step', { step: 'payment', order_mode: 'pickup' });
    emitHostEvent('sf-order-submit', { payment_method: 'online' });
    expect(events().map(({ name }) => name)).toEqual([
      'view_item_list', 'select_item', 'view_item', 'add_to_cart', 'view_cart', 'begin_checkout', 'add_shipping_info', 'add_payment_info',
    ]);
    const [list, , view, add, , , shipping, payment] = events().map(({ params }) => params);
    expect(list).toMatchObject({ item_list_id: 'menu_1', item_list_name: 'Golden Gate Pizzeria', items: [{ item_id: '10', index: 0, item_category: 'Pizza' }, { item_id: '11', index: 1 }] });
    expect(view).toMatchObject({ value: 14, items: [{ item_id: '11', item_name: 'Diavola', item_category: 'Pizza' }] });
    expect(add).toMatchObject({ items: [{ item_id: '11', item_variant: 'Large', item_category: 'Pizza', quantity: 1 }] });
    expect(shipping).toMatchObject({ shipping_tier: 'pickup', value: 14 });
    expect(payment).toMatchObject({ payment_type: 'online' });
    expect($cart.get()).toHaveLength(1);
  });

  it('a refund, once, when a cancelled order was paid back; a cancelled cash order is no refund', async () => {
    start({ consent_required: false, meta_pixel_id: '' });
    apiStub.reset((call) => ({ code: 200, Result: { ...order, order_id: Number(call.body.order_id), status: 'cancelled', payment_status: call.body.order_id === 902 ? 'refunded' : 'cancelled' } }));
    emitHostEvent('sf-order-status', { order_id: 902, status: 'cancelled' });
    emitHostEvent('sf-order-status', { order_id: 903, status: 'cancelled' });
    emitHostEvent('sf-order-status', { order_id: 904, status: 'preparing' });
    await settle();
    emitHostEvent('sf-order-status', { order_id: 902, status: 'cancelled' });
    await settle();
    expect(events()).toEqual([{ name: 'refund', params: expect.objectContaining({ transaction_id: '902', value: 29.62, currency: 'USD' }) }]);
    expect(apiStub.calls.map((call) => call.body.order_id)).toEqual([902, 903, 902]);
  });

  it('no event carries anything about the customer', async () => {
    start({ consent_required: false });
    setCart([cartLine()]);
    await settle();
    emitHostEvent('sf-checkout-step', { step: 'payment', order_mode: 'delivery' });
    clearCart();
    emitHostEvent('sf-order-placed', { order_id: 901, total: 29.62, payment_method: 'cash' });
    await settle();
    await settle();
    const sent = JSON.stringify([window.dataLayer, window.fbq!.queue]);
    for (const personal of ['500 Howard St', '+14155550100', '1520 Stockton St', 'address', 'phone', 'email', 'user_id', 'user_name']) expect(sent).not.toContain(personal);
  });
});
