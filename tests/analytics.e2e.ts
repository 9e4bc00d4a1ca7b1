import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import type { OrderDetail } from '../contract/api/orders.ts';
import { analyticsDoubles, dataLayerEvents, isAnalyticsRequest } from './helpers/analytics-doubles.ts';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { addPrimaryAddress, api, apiRegister, holdOrder, uniqueMobile } from './helpers/customer.ts';
import { HARBOR, vendorUrl } from './helpers/hosts.ts';
import { startNear, startSignedIn } from './helpers/pages.ts';
import { cheapestCustomisableItem, encodeStoreId, openStoreWithPlainItem, requiredChoices } from './helpers/stores.ts';
import { expect, test } from './helpers/test.ts';

/*
 * Vendor analytics with the customer's say (docs/analytics.md). The demo vendor Harbor Eats names Google
 * Analytics 4 and the Meta Pixel and asks its customers first; the tags are local doubles
 * (helpers/analytics-doubles.ts). This file's store (no other file changes it): sakura-sushi-house.
 */
test.use({ consent: 'undecided' });
test.describe.configure({ timeout: 90_000 });

const STORE = 'sakura-sushi-house';
const HARBOR_CENTRE = { latitude: 37.7749, longitude: -122.4194 };

/** Finds an item without options by the menu's search and adds it, `times` times. */
async function addPlainItem(menu: Locator, name: string, times = 1): Promise<void> {
  await menu.locator('[part~="search"]').fill(name);
  const add = menu.locator('[part~="item"]').filter({ hasText: name }).first().locator('[part~="add-button"]');
  for (let added = 0; added < times; added += 1) await add.click();
}

/** Keys the page keeps for analytics (the consent record is the customer's own choice, kept to honour it), and its cookies. */
async function analyticsStorage(page: Page): Promise<{ keys: string[]; cookies: string }> {
  return page.evaluate(() => ({
    keys: [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) => key.startsWith('sf-analytics') || key.startsWith('_')),
    cookies: document.cookie,
  }));
}

test.describe('analytics with consent', () => {
  test('a first visit asks first, in English and Arabic at 390 px, by keyboard; refused, nothing is measured or kept', async ({ page }) => {
    const doubles = await analyticsDoubles(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await startNear(page, HARBOR_CENTRE);
    await page.goto(vendorUrl(HARBOR, '/'));
    const banner = page.getByRole('region', { name: 'Your privacy' });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await expect(banner.getByRole('button')).toHaveText(['Accept all', 'Reject all', 'Settings']);
    await expectNoA11yViolations(page);
    // The banner is the page's first stop for the keyboard (its privacy policy link, then its choices); the page stays usable behind it.
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: 'Accept all' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: 'Reject all' })).toBeFocused();
    expect(doubles.requests).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();

    await page.reload();
    await expect(page.locator('sf-storefront [part~="card"]').first()).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(500);
    await expect(page.getByRole('region', { name: 'Your privacy' })).toHaveCount(0);
    expect(doubles.requests).toEqual([]);
    expect(await analyticsStorage(page)).toEqual({ keys: [], cookies: '' });

    // The footer's Privacy settings open the choice again: a dialog, closed by Escape.
    await page.locator('sf-storefront [part~="privacy-settings"]').click();
    const settings = page.getByRole('dialog', { name: 'Privacy settings' });
    await expect(settings).toBeVisible();
    await expect(settings.getByRole('checkbox', { name: /^Measurement/ })).not.toBeChecked();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    // In Arabic, right to left, for a customer who has not chosen yet.
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('sf-consent')).forEach((key) => localStorage.removeItem(key)));
    await page.goto(vendorUrl(HARBOR, '/?lang=ar'));
    const arabic = page.getByRole('region', { name: 'خصوصيتك' });
    await expect(arabic).toBeVisible({ timeout: 20_000 });
    await expect(arabic.getByRole('button')).toHaveText(['قبول الكل', 'رفض الكل', 'الإعدادات']);
    expect(await arabic.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(doubles.requests).toEqual([]);
  });

  test('a browser that sends Global Privacy Control is not asked and not measured', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => { if (isAnalyticsRequest(request)) sent.push(request.url()); });
    await analyticsDoubles(page);
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }));
    const { store, item } = await openStoreWithPlainItem(HARBOR, STORE, 'en', 'cheapest');
    await startNear(page, store);
    await page.goto(vendorUrl(HARBOR, `/restaurant/${encodeStoreId(store.restaurant_id)}`));
    const menu = page.locator('sf-storefront');
    await addPlainItem(menu, item.name);
    await expect(page.getByRole('button', { name: /^Cart, 1 item/ })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('region', { name: 'Your privacy' })).toHaveCount(0);
    expect(await dataLayerEvents(page)).toEqual([]);
    expect(sent).toEqual([]);
    await menu.locator('[part~="privacy-settings"]').click();
    await expect(page.getByRole('dialog', { name: 'Privacy settings' })).toContainText('Global Privacy Control');
  });

  test("accepted, an order placed: each ecommerce event once and in order, the purchase as the order's details say, nothing about the customer", async ({ page }) => {
    const doubles = await analyticsDoubles(page);
    const { store, item } = await openStoreWithPlainItem(HARBOR, STORE, 'en', 'cheapest');
    const { item: customised } = await cheapestCustomisableItem(HARBOR, store.restaurant_id, 'en');
    const name = 'Analytics Customer';
    const mobile = uniqueMobile('415');
    const session = await apiRegister(HARBOR, mobile, name);
    await addPrimaryAddress(HARBOR, session.token, { latitude: store.latitude + 0.002, longitude: store.longitude + 0.002 });
    await startNear(page, store);
    await startSignedIn(page, session);

    await page.goto(vendorUrl(HARBOR, `/restaurant/${encodeStoreId(store.restaurant_id)}`));
    await page.getByRole('region', { name: 'Your privacy' }).getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(() => doubles.requests.filter((request) => !request.includes('collect') && !request.includes('/tr?'))).toEqual([
      'www.googletagmanager.com/gtag/js?id=G-HARBOR2026', 'connect.facebook.net/en_US/fbevents.js',
    ]);
    const menu = page.locator('sf-storefront');
    // An item with options (opened, chosen, added), then enough of a plain one for the store's minimum order.
    await menu.locator('[part~="search"]').fill(customised.name);
    await menu.locator('[part~="item"]').filter({ hasText: customised.name }).first().locator('[part~="add-button"]').click();
    const dialog = page.getByRole('dialog', { name: customised.name });
    for (const { group, count } of requiredChoices(customised)) {
      const fieldset = dialog.locator('fieldset').filter({ hasText: group.name });
      for (const option of group.options.slice(0, count)) await fieldset.getByLabel(option.name, { exact: false }).check();
    }
    await dialog.locator('[part~="confirm-button"]').click();
    await expect(dialog).toBeHidden();
    const quantity = Math.max(1, Math.ceil(store.minimum_order_value / item.price));
    await addPlainItem(menu, item.name, quantity);
    // In the cart: the item with options taken out again.
    await page.getByRole('button', { name: new RegExp(`^Cart, ${quantity + 1} items`) }).click();
    await page.getByRole('button', { name: `Remove ${customised.name}` }).click();
    await page.getByRole('button', { name: 'View Cart' }).click();
    await expect(page.getByRole('heading', { name: 'Review cart' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /^Cash on delivery/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('dialog', { name: 'Place order' }).getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order-status\/\d+$/, { timeout: 20_000 });
    const orderId = Number(/order-status\/(\d+)/.exec(page.url())![1]);

    await expect.poll(async () => (await dataLayerEvents(page)).map((event) => event.name)).toEqual([
      'view_item_list', 'select_item', 'view_item', 'add_to_cart', ...Array<string>(quantity).fill('add_to_cart'), 'view_cart', 'remove_from_cart',
      'begin_checkout', 'add_shipping_info', 'add_payment_info', 'purchase',
    ]);
    const events = await dataLayerEvents(page);
    const order = (await api(HARBOR, 'view_order_details', { order_id: orderId }, session.token)).Result as OrderDetail;
    const purchase = events.at(-1)!.params;
    expect(purchase).toMatchObject({
      transaction_id: String(orderId), currency: 'USD', value: order.total, tax: order.tax, shipping: order.delivery_charge,
      items: order.lines.map((line) => ({ item_id: String(line.item_id), item_name: line.name, price: line.unit_price, quantity: line.quantity })),
    });
    const named = (event: string) => events.find((candidate) => candidate.name === event)!.params;
    expect(named('view_item')).toMatchObject({ items: [{ item_id: String(customised.item_id), item_name: customised.name }] });
    expect(named('remove_from_cart')).toMatchObject({ items: [{ item_id: String(customised.item_id), quantity: 1 }] });
    expect(named('add_shipping_info')).toMatchObject({ shipping_tier: 'delivery' });
    expect(named('add_payment_info')).toMatchObject({ payment_type: 'cash' });
    // The tags' doubles were told: Google's hits for each event, Meta's Purchase.
    await expect.poll(() => doubles.hits().filter((hit) => hit.includes('en=purchase'))).toHaveLength(1);
    await expect.poll(() => doubles.hits().filter((hit) => hit.includes('ev=Purchase'))).toHaveLength(1);
    // Nothing about the customer in any event or hit.
    const sent = JSON.stringify([events, doubles.requests, await page.evaluate(() => (window as unknown as { fbq: { queue: unknown[] } }).fbq.queue)]);
    for (const personal of [name, mobile, 'Test Street', session.token]) expect(sent).not.toContain(personal);

    // The order's screen again (a reload, as after a return from a payment page): no second purchase.
    await page.reload();
    await page.waitForTimeout(1_000);
    expect((await dataLayerEvents(page)).filter((event) => event.name === 'purchase')).toEqual([]);
  });

  test('paid online: back from the payment page the purchase is sent once; cancelled before the store takes it, the refund once', async ({ page }) => {
    const doubles = await analyticsDoubles(page);
    const { store, item } = await openStoreWithPlainItem(HARBOR, STORE, 'en', 'cheapest');
    const session = await apiRegister(HARBOR, uniqueMobile('415'), 'Online Analytics');
    await addPrimaryAddress(HARBOR, session.token, { latitude: store.latitude + 0.002, longitude: store.longitude + 0.002 });
    await startNear(page, store);
    await startSignedIn(page, session);
    await page.goto(vendorUrl(HARBOR, `/restaurant/${encodeStoreId(store.restaurant_id)}`));
    await page.getByRole('region', { name: 'Your privacy' }).getByRole('button', { name: 'Accept all' }).click();
    const quantity = Math.max(1, Math.ceil(store.minimum_order_value / item.price));
    await addPlainItem(page.locator('sf-storefront'), item.name, quantity);
    await page.getByRole('button', { name: new RegExp(`^Cart, ${quantity} item`) }).click();
    await page.getByRole('button', { name: 'View Cart' }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /^Pay online/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('dialog', { name: 'Place order' }).getByRole('button', { name: 'Place order' }).click();
    // The test provider's hosted page (this origin): the order waits for its payment; held where the store has not taken it.
    await expect(page).toHaveURL(/\/pay\/test\//, { timeout: 20_000 });
    const orderId = await page.evaluate(() => (JSON.parse(localStorage.getItem('place_order_data') ?? '{}') as { pending_order_id?: number }).pending_order_id ?? 0);
    await holdOrder(HARBOR, orderId);
    // Paid, and back: a new page of the storefront, which tells the purchase.
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(new RegExp(`/order-status/${orderId}$`), { timeout: 20_000 });
    await expect.poll(async () => (await dataLayerEvents(page)).map((event) => event.name)).toEqual(['purchase']);
    const order = (await api(HARBOR, 'view_order_details', { order_id: orderId }, session.token)).Result as OrderDetail;
    expect((await dataLayerEvents(page))[0]!.params).toMatchObject({ transaction_id: String(orderId), value: order.total, currency: 'USD' });
    await page.reload();
    await page.waitForTimeout(1_000);
    expect(await dataLayerEvents(page)).toEqual([]);

    // Cancelled while the store has not taken it: paid online, so paid back, and told once.
    await page.goto(vendorUrl(HARBOR, `/order-details/${orderId}`));
    await page.locator('sf-storefront [part~="order-details"]').getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel order' }).click();
    await expect.poll(async () => (await dataLayerEvents(page)).map((event) => event.name)).toEqual(['refund']);
    expect((await dataLayerEvents(page))[0]!.params).toMatchObject({ transaction_id: String(orderId), value: order.total, currency: 'USD' });
    await expect.poll(() => doubles.hits().filter((hit) => hit.includes('en=refund'))).toHaveLength(1);
    expect(doubles.hits().filter((hit) => hit.includes('en=purchase'))).toHaveLength(1);
  });

  test("the demo's vendor page: the banner, the vendor's own Privacy settings button in its footer, and its log of what analytics was told", async ({ page }) => {
    const doubles = await analyticsDoubles(page);
    const { store, item } = await openStoreWithPlainItem(HARBOR, STORE, 'en', 'cheapest');
    await startNear(page, store);
    await page.goto(vendorUrl(HARBOR, `/demo/menu.html?store=${encodeStoreId(store.restaurant_id)}`));
    await page.getByRole('region', { name: 'Your privacy' }).getByRole('button', { name: 'Accept all' }).click();
    await addPlainItem(page.locator('sf-menu'), item.name);
    await page.getByText('What this page told analytics').click();
    await expect(page.locator('#analytics-log li')).toHaveText([/^view_item_list · 1 × /, new RegExp(`^add_to_cart · USD ${item.price} · 1 × ${item.name}$`)]);
    // The vendor's page runs its own tags (here none): the storefront loaded nothing.
    expect(doubles.requests).toEqual([]);
    await page.locator('sf-consent').getByRole('button', { name: 'Privacy settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Privacy settings' });
    await expect(settings.getByRole('checkbox', { name: /^Measurement/ })).toBeChecked();
    await settings.getByRole('checkbox', { name: /^Marketing/ }).uncheck();
    await settings.getByRole('button', { name: 'Save choices' }).click();
    await expect(settings).toBeHidden();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('sf-consent:1') ?? '{}'))).toMatchObject({ analytics: true, marketing: false });
    await expectNoA11yViolations(page);
  });

  test("embedded on a vendor's page with its own tag manager and consent: events in its dataLayer, no second tag, no banner", async ({ page }) => {
    const doubles = await analyticsDoubles(page);
    const { store, item } = await openStoreWithPlainItem(HARBOR, STORE, 'en', 'cheapest');
    await startNear(page, store);
    // The vendor's own site, another origin: Google Tag Manager with the vendor's consent manager granting measurement.
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbor Eats menu</title>
      <script>
        window.dataLayer = window.dataLayer || [];
        function gtag() { dataLayer.push(arguments); }
        gtag('consent', 'default', { analytics_storage: 'granted', ad_storage: 'denied' });
        dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      </script>
      <script async src="https://www.googletagmanager.com/gtm.js?id=GTM-HOST123"></script></head><body>
      <sf-cart-button></sf-cart-button><sf-menu store="${encodeStoreId(store.restaurant_id)}"></sf-menu>
      <script src="${HARBOR.origin}/dist/storefront.js" data-host="${HARBOR.host}" defer></script></body></html>`;
    const site = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      await addPlainItem(page.locator('sf-menu'), item.name);
      await expect.poll(async () => (await dataLayerEvents(page)).map((event) => event.name)).toEqual(['view_item_list', 'add_to_cart']);
      expect((await dataLayerEvents(page))[1]!.params).toMatchObject({ currency: 'USD', items: [{ item_id: String(item.item_id), item_name: item.name }] });
      await page.waitForTimeout(500);
      expect(doubles.requests).toEqual(['www.googletagmanager.com/gtm.js?id=GTM-HOST123']);
      await expect(page.getByRole('region', { name: 'Your privacy' })).toHaveCount(0);
    } finally {
      site.close();
    }
  });
});
