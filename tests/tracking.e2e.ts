import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { addPrimaryAddress, api, apiOrder, apiRegister, uniqueMobile } from './helpers/customer.ts';
import { HARBOR, SOUQ, vendorUrl, type VendorHost } from './helpers/hosts.ts';
import { startNear, startSignedIn } from './helpers/pages.ts';
import { openStoreWithPlainItem } from './helpers/stores.ts';
import { DATABASE_JOURNEY, expect, test } from './helpers/test.ts';

// Live tracking as a customer meets it: an order followed from Order Placed to Delivered with the
// driver moving on the map drawn without tiles (the demo vendors have no map key), embedded on the
// vendor's page and on the full page, through a tracking link in a signed-out browser, and across a
// dropped connection. The server's simulator moves an order a step a second and drives at 400 km/h
// (playwright.config.ts), so a trip across town takes seconds. This file's stores: green-leaf-vegan
// (Harbor Eats) and al-baraka-butchery (Souq); no other file orders from them but the screenshot tests, whose
// orders stand held on their way (either of a vendor's drivers may take this file's orders).

interface Placed {
  orderId: number;
  session: { token: string; user: unknown };
}

/** A delivery order for now, `offset` degrees north-east of the store, by a new customer. */
async function deliveryOrder(vendor: VendorHost, slug: string, lang: string, offset = 0.008): Promise<Placed> {
  const { store, item } = await openStoreWithPlainItem(vendor, slug, lang);
  const session = await apiRegister(vendor, uniqueMobile(vendor === SOUQ ? '50' : '415'), 'Tracking Tester');
  const shipingId = await addPrimaryAddress(vendor, session.token, { latitude: store.latitude + offset, longitude: store.longitude + offset });
  const quantity = Math.max(1, Math.ceil((store.minimum_order_value + 1) / item.price));
  const orderId = await apiOrder(vendor, session.token, store.restaurant_id, item, { mode: 'delivery', shipingId }, quantity);
  return { orderId, session };
}

const tracking = (page: Page) => page.locator('sf-tracking, sf-storefront').first();
const driverMarker = (page: Page) => tracking(page).locator('[part~="map-driver"]');
const positionOf = async (marker: Locator) => `${await marker.getAttribute('data-x')},${await marker.getAttribute('data-y')}`;
/** Where the driver's marker is this instant, or null when there is none (it goes when the order is delivered): never waits for one. */
const positionNow = (page: Page) => driverMarker(page).evaluateAll((markers) => {
  const marker = markers[0];
  return marker ? `${marker.getAttribute('data-x')},${marker.getAttribute('data-y')}` : null;
});

/** Watches the driver's marker until the order is delivered; answers the distinct positions seen. */
async function watchTrip(page: Page, delivered: string): Promise<Set<string>> {
  const seen = new Set<string>();
  const status = tracking(page).locator('[part~="current-status"]');
  const deadline = Date.now() + 90_000;
  while ((await status.textContent()) !== delivered) {
    if (Date.now() > deadline) throw new Error(`not ${delivered} within 90 s; positions seen: ${[...seen].join(' ')}`);
    const at = await positionNow(page);
    if (at) seen.add(at);
    await page.waitForTimeout(250);
  }
  return seen;
}

test.describe('live tracking', () => {
  // Each trip is a new customer's own order and mostly waits on the simulator: the trips may run in
  // different workers at once rather than one after another at the end of the run.
  test.describe.configure({ mode: 'parallel', timeout: 150_000 });

  test('embedded on the vendor page, English: from Order Placed to Delivered with the driver moving on the drawn map', DATABASE_JOURNEY, async ({ page }) => {
    const { orderId, session } = await deliveryOrder(HARBOR, 'green-leaf-vegan', 'en');
    await startSignedIn(page, session);
    await page.goto(vendorUrl(HARBOR, `/demo/track.html?id=${orderId}`));
    const view = page.locator('sf-tracking');
    await expect(view.getByRole('heading', { name: `Track order #${orderId}` })).toBeVisible({ timeout: 20_000 });
    await expect(view.getByRole('img', { name: 'Map of the delivery: the store, the delivery point and the driver' })).toHaveAttribute('data-map', 'drawn');
    await expect(view.getByRole('list', { name: 'Order progress' }).getByRole('listitem').first()).toContainText('Order Placed');

    // On the way: the driver's card, a call link, the trip in words, and no violation.
    await expect(driverMarker(page)).toBeVisible({ timeout: 60_000 });
    await expect(view.getByRole('link', { name: /^Call (Jordan Lee|Maria Santos)$/ })).toHaveAttribute('href', /^tel:\+1415555014\d$/);
    await expect(view.locator('[part~="trip-summary"]')).toHaveText(/^(Jordan Lee|Maria Santos) (is [\d.,]+ (km|m) away, arriving in about \d+ minutes?|has arrived with your order)$/);
    await expectNoA11yViolations(page, { include: ['sf-tracking'] });

    const positions = await watchTrip(page, 'Delivered');
    expect(positions.size, `the driver was seen at ${[...positions].join(' ')}`).toBeGreaterThan(1);
    for (const reached of ['On The Way', 'Arrived', 'Delivered']) {
      await expect(view.locator('[part~="step-label"]').filter({ hasText: reached })).toBeVisible();
    }
    await expect(view.locator('[part~="share"]')).toHaveCount(0);
  });

  test('سوق المدينة, embedded, Arabic: the same trip, right to left, in Arabic', async ({ page }) => {
    const { orderId, session } = await deliveryOrder(SOUQ, 'al-baraka-butchery', 'ar');
    await startSignedIn(page, session);
    await page.goto(vendorUrl(SOUQ, `/demo/track.html?id=${orderId}`));
    const view = page.locator('sf-tracking');
    await expect(view.getByRole('heading', { name: `تتبع الطلب رقم ${orderId}` })).toBeVisible({ timeout: 20_000 });
    expect(await view.locator('[part~="base"]').evaluate((base) => getComputedStyle(base).direction)).toBe('rtl');
    await expect(driverMarker(page)).toBeVisible({ timeout: 60_000 });
    await expect(view.getByRole('link', { name: /^اتصل بـ (خالد المنصوري|يوسف الشامسي)$/ })).toBeVisible();
    await expect(view.locator('[part~="trip-summary"]')).toHaveText(/(على بعد|وصل)/);
    await expectNoA11yViolations(page, { include: ['sf-tracking'] });
    const positions = await watchTrip(page, 'تم التوصيل');
    expect(positions.size).toBeGreaterThan(1);
  });

  test('a tracking link, opened in a signed-out browser, follows the order on the full page; a broken link says so', async ({ browser }) => {
    const { orderId, session } = await deliveryOrder(HARBOR, 'green-leaf-vegan', 'en');
    const link = await api(HARBOR, 'tracking_link', { order_id: orderId }, session.token);
    const token = link.Result!.token;
    const stranger = await browser.newContext();
    const page = await stranger.newPage();
    try {
      await startNear(page, { latitude: 37.77, longitude: -122.42 });
      await page.goto(vendorUrl(HARBOR, `/trackorder/${orderId}?t=${encodeURIComponent(token)}`));
      const view = page.locator('sf-storefront');
      await expect(view.getByRole('heading', { name: `Track order #${orderId}` })).toBeVisible({ timeout: 20_000 });
      await expect(view.locator('[part~="map-legend"]')).toContainText('Delivery point');
      await expect(view.locator('[part~="share"]')).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('token') ?? '')).toBe('');
      const positions = await watchTrip(page, 'Delivered');
      expect(positions.size).toBeGreaterThan(1);
      await expectNoA11yViolations(page, { include: ['sf-storefront'] });

      await page.goto(vendorUrl(HARBOR, `/trackorder/${orderId}?t=${encodeURIComponent(`${token.slice(0, -3)}xyz`)}`));
      await expect(view.getByRole('heading', { name: 'This tracking link is not valid' })).toBeVisible({ timeout: 20_000 });
    } finally {
      await stranger.close();
    }
  });

  test('going offline mid-trip and coming back shows where the driver is now and every status reached meanwhile', async ({ page, context }) => {
    const { orderId, session } = await deliveryOrder(HARBOR, 'green-leaf-vegan', 'en', 0.012);
    await startSignedIn(page, session);
    await startNear(page, { latitude: 37.77, longitude: -122.42 });
    await page.goto(vendorUrl(HARBOR, `/trackorder/${orderId}`));
    const view = page.locator('sf-storefront');
    await expect(driverMarker(page)).toBeVisible({ timeout: 60_000 });
    const status = view.locator('[part~="current-status"]');

    await context.setOffline(true);
    await page.waitForTimeout(500);
    const frozen = await positionOf(driverMarker(page));
    await page.waitForTimeout(3000);
    // Nothing reaches a browser that is offline.
    expect(await positionOf(driverMarker(page))).toBe(frozen);
    await context.setOffline(false);

    // Back: the driver is somewhere else (or has arrived), and the order goes on to Delivered.
    await expect.poll(async () => (await status.textContent()) !== 'On The Way' || (await positionOf(driverMarker(page))) !== frozen, { timeout: 10_000 }).toBe(true);
    await expect(status).toHaveText('Delivered', { timeout: 60_000 });
    const steps = view.locator('[part~="step"]');
    for (const reached of ['On The Way', 'Arrived', 'Delivered']) {
      await expect(steps.filter({ hasText: reached }).locator('time')).toHaveCount(1);
    }
  });
});
