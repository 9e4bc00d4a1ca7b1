// The look, guarded: screenshots of the main screens (a store's menu, the cart drawer, home's banners, brands
// and a store's card, checkout's two steps, an order on its way on the drawn map, an order's status once done,
// the wallet, a subscription) compared with committed baselines (tests/visual.e2e.ts-snapshots/), so a change to
// a colour, a spacing or a layout is seen and approved in review (`npx playwright test tests/visual.e2e.ts
// --update-snapshots` writes the new ones). Each screen at 390 and 1280 px, in English (Harbor Eats) and Arabic
// (سوق المدينة). Nothing here depends on the hour or the day: the stores shown are made open at every hour (no
// schedule slot is shown); home is narrowed to one of them; the order on its way is held with its driver standing
// two fifths of the way (POST /test/drive-order); the subscription is moved to a fixed month far ahead (POST
// /test/subscription-start). What varies by design is masked: a store's rating (other files rate orders), an
// order's number, every date and time (in a box of one width), the invoice's months (they count back from today)
// and the footer's year. This file's stores are those of the menu, tracking and subscription files, which
// only ever make them open.
import type { Locator, Page } from '@playwright/test';
import type { RestaurantDetail } from '../contract/api/stores.ts';
import type { VendorHost } from './helpers/hosts.ts';
import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import {
  addPrimaryAddress, api, apiFundWallet, apiOrder, apiPickupOrderDone, apiRegister, orderStoppedOnItsWay, subscriptionStartingOn, uniqueMobile,
} from './helpers/customer.ts';
import { startNear, startSignedIn, storeCardsShown } from './helpers/pages.ts';
import { encodeStoreId, openStoreWithPlainItem } from './helpers/stores.ts';
import { expect, takenOver, test } from './helpers/test.ts';

const SCREENS = [
  { vendor: HARBOR, lang: 'en', store: 'mission-street-taqueria' },
  { vendor: SOUQ, lang: 'ar', store: 'al-baraka-butchery' },
] as const;

/** Waits until the page is still: its fonts and the pictures in view are in, nothing is busy. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('sf-storefront [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(async () => {
    await document.fonts.ready;
    const root = document.querySelector('sf-storefront')?.shadowRoot;
    const inView = [...(root?.querySelectorAll('img') ?? [])].filter((image) => {
      const box = image.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.width > 0;
    });
    await Promise.all(inView.map((image) => (image.complete ? undefined : new Promise((resolve) => {
      image.addEventListener('load', resolve, { once: true });
      image.addEventListener('error', resolve, { once: true });
    }))));
  });
}

/** How a screenshot is taken and compared: still, 20 pixels' tolerance (one text's colour changed is hundreds), what varies by design masked. */
const shot = (page: Page) => ({
  animations: 'disabled' as const, caret: 'hide' as const, maxDiffPixels: 20, threshold: 0.02, maskColor: '#d1d5db',
  // A store's rating (other files rate orders), every date and time (each in a box of one width: see
  // timesOfOneWidth), and the footer's year.
  mask: [
    page.locator('sf-storefront [part~="rating"], sf-storefront [part~="card-rating"]'), page.locator('sf-storefront time'),
    page.locator('sf-storefront footer p').filter({ hasText: '©' }),
  ],
});

/**
 * Every date and time in a box of one width, cut to it: their masks would take the width of their text ("9:58 PM"
 * is narrower than "10:05 PM"), and the picture would change with the hour.
 */
async function timesOfOneWidth(page: Page): Promise<void> {
  await page.evaluate(() => {
    const roots: ParentNode[] = [document];
    for (let i = 0; i < roots.length; i++) {
      for (const element of roots[i]!.querySelectorAll('*')) {
        if (element.shadowRoot) roots.push(element.shadowRoot);
        if (element instanceof HTMLTimeElement) {
          Object.assign(element.style, { display: 'inline-block', inlineSize: '9ch', overflow: 'hidden', whiteSpace: 'nowrap', verticalAlign: 'top' });
        }
      }
    }
  });
}

/** The page (or one part of it, or the whole page's length) compared with its baseline, its passing toasts put away first. */
async function looksAsApproved(page: Page, name: string, { part, fullPage = false, mask = [] }: { part?: Locator; fullPage?: boolean; mask?: Locator[] } = {}): Promise<void> {
  await settled(page);
  // (Pressed where they are: a toast may go by itself meanwhile, which a locator's click would wait on.)
  await page.evaluate(() => document.querySelector('sf-toaster')?.shadowRoot?.querySelectorAll<HTMLButtonElement>('[part~="toast-dismiss"]').forEach((dismiss) => dismiss.click()));
  await expect(page.locator('sf-toaster [part~="toast"]')).toHaveCount(0);
  await timesOfOneWidth(page);
  const options = { ...shot(page), fullPage, mask: [...shot(page).mask, ...mask] };
  if (part) await expect(part).toHaveScreenshot(name, options);
  else await expect(page).toHaveScreenshot(name, options);
}

/** The store's menu on the full page at `width`, its items shown. */
async function openMenu(page: Page, vendor: VendorHost, lang: string, store: RestaurantDetail, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await startNear(page, store);
  // The grocery vendor asks for a store first: this one is chosen.
  await page.addInitScript((id) => localStorage.setItem('restaurantId', JSON.stringify(id)), encodeStoreId(store.restaurant_id));
  await page.goto(vendorUrl(vendor, `/restaurant/${encodeURIComponent(encodeStoreId(store.restaurant_id))}?lang=${lang}`));
  await takenOver(page);
  await expect(page.locator('sf-storefront [part~="item"]').first()).toBeVisible({ timeout: 20_000 });
}

for (const { vendor, lang, store: slug } of SCREENS) {
  for (const width of [390, 1280]) {
    test(`the look of a store's menu and the cart drawer over it, ${lang} at ${width} px`, async ({ page }) => {
      const { store, item } = await openStoreWithPlainItem(vendor, slug, lang);
      await openMenu(page, vendor, lang, store, width);
      await looksAsApproved(page, `menu-${lang}-${width}.png`);

      // An item added: the cart drawer over the menu (and, on a desktop, the cart beside it too).
      await page.locator('sf-storefront [part~="item"]').filter({ hasText: item.name }).first().locator('[part~="add-button"]').click();
      await page.locator('sf-storefront [part~="header"] button:has([part~="badge"])').click();
      await expect(page.locator('sf-storefront dialog[part~="drawer"][open]')).toBeVisible();
      await looksAsApproved(page, `cart-drawer-${lang}-${width}.png`);
    });
  }
}

for (const lang of ['en', 'ar'] as const) {
  for (const width of [390, 1280]) {
    test(`the look of home (its banners with their words, its brands, a store's card) and of the wallet, ${lang} at ${width} px`, async ({ page }) => {
      const { store } = await openStoreWithPlainItem(HARBOR, 'mission-street-taqueria', lang);
      await page.setViewportSize({ width, height: 800 });
      await startNear(page, { latitude: 37.7749, longitude: -122.4194 });
      await page.goto(vendorUrl(HARBOR, `/?lang=${lang}`));
      await storeCardsShown(page);
      const app = page.locator('sf-storefront');
      await looksAsApproved(page, `home-banners-${lang}-${width}.png`, { part: app.locator('[part~="banners"]') });
      await looksAsApproved(page, `home-brands-${lang}-${width}.png`, { part: app.locator('[part~="brands"]') });
      // The store's card, the one left when the list is narrowed to its cuisine (the others' hours vary).
      await app.getByLabel(lang === 'en' ? 'Cuisine' : 'المطبخ').selectOption({ label: lang === 'en' ? 'Mexican' : 'مكسيكي' });
      const card = app.locator('[part~="card"]').filter({ hasText: store.name }).first();
      await expect(app.locator('[part~="card"]')).toHaveCount(1);
      await card.scrollIntoViewIfNeeded();
      await looksAsApproved(page, `home-store-card-${lang}-${width}.png`, { part: card });

      // A customer's wallet with one recharge.
      const session = await apiRegister(HARBOR, uniqueMobile('415'), lang === 'en' ? 'Vera Visual' : 'فيرا');
      await apiFundWallet(HARBOR, session.token, 25);
      await startSignedIn(page, session);
      await page.goto(vendorUrl(HARBOR, `/wallet?lang=${lang}`));
      await expect(app.locator('[part~="transaction"]')).toHaveCount(1, { timeout: 20_000 });
      await looksAsApproved(page, `wallet-${lang}-${width}.png`);
    });
  }
}

for (const lang of ['en', 'ar'] as const) {
  for (const width of [390, 1280]) {
    test(`the look of an order's status once it is done, ${lang} at ${width} px`, async ({ page }) => {
      const { store, item } = await openStoreWithPlainItem(HARBOR, 'mission-street-taqueria', lang);
      const session = await apiRegister(HARBOR, uniqueMobile('415'), lang === 'en' ? 'Vera Visual' : 'فيرا');
      // A pickup order the demo's simulator takes to its end (one step a second): still from then on.
      const orderId = await apiPickupOrderDone(HARBOR, session.token, store.restaurant_id, item);
      await startSignedIn(page, session);
      await page.setViewportSize({ width, height: 800 });
      await startNear(page, { latitude: 37.7749, longitude: -122.4194 });
      await page.goto(vendorUrl(HARBOR, `/order-status/${orderId}?lang=${lang}`));
      const status = page.locator('sf-storefront [part~="order-status"]');
      await expect(status.locator('[part~="line"]')).toHaveCount(1, { timeout: 20_000 });
      // The order's number varies with the orders placed before it in the run.
      await looksAsApproved(page, `order-status-${lang}-${width}.png`, { mask: [status.locator('header > :first-child')] });
    });
  }
}

/** A new customer of the vendor with a saved address a little north-east of `store` (and an empty wallet: another file has Souq take payments through Stripe at some point of the run). */
async function customerNear(vendor: VendorHost, lang: string, store: { latitude: number; longitude: number }, offset = 0.005) {
  const session = await apiRegister(vendor, uniqueMobile(vendor === SOUQ ? '50' : '415'), lang === 'en' ? 'Vera Visual' : 'فيرا');
  const shipingId = await addPrimaryAddress(vendor, session.token, { latitude: store.latitude + offset, longitude: store.longitude + offset });
  return { session, shipingId };
}

for (const { vendor, lang, store: slug } of SCREENS) {
  for (const width of [390, 1280]) {
    test(`the look of checkout: the cart reviewed, then its payment, ${lang} at ${width} px`, async ({ page }) => {
      const { store, item } = await openStoreWithPlainItem(vendor, slug, lang);
      const { session } = await customerNear(vendor, lang, store);
      await startSignedIn(page, session);
      await openMenu(page, vendor, lang, store, width);
      // Enough of the item for the store's minimum order, delivered now (the store is open: no slot to choose).
      const add = page.locator('sf-storefront [part~="item"]').filter({ hasText: item.name }).first().locator('[part~="add-button"]');
      const quantity = Math.max(1, Math.ceil((store.minimum_order_value + 1) / item.price));
      for (let added = 0; added < quantity; added += 1) await add.click();
      await page.goto(vendorUrl(vendor, `/review-cart?lang=${lang}`));
      const app = page.locator('sf-storefront');
      await expect(app.locator('[part~="bill"]').first()).toBeVisible({ timeout: 20_000 });
      await looksAsApproved(page, `review-cart-${lang}-${width}.png`, { fullPage: true });

      await app.getByRole('button', { name: lang === 'en' ? 'Continue to payment' : 'متابعة إلى الدفع' }).click();
      await expect(page).toHaveURL(/\/payment$/);
      await expect(app.getByRole('radio').first()).toBeVisible({ timeout: 20_000 });
      // The online payment's option names the vendor's provider, which the wallet file changes for Souq.
      await looksAsApproved(page, `payment-${lang}-${width}.png`, { fullPage: true, mask: [app.locator('[part~="payment-option"]').last()] });
    });
  }
}

for (const { vendor, lang, store: slug } of SCREENS) {
  for (const width of [390, 1280]) {
    test(`the look of an order on its way, its driver standing on the drawn map, ${lang} at ${width} px`, async ({ page }) => {
      const { store, item } = await openStoreWithPlainItem(vendor, slug, lang);
      const { session, shipingId } = await customerNear(vendor, lang, store, 0.008);
      const quantity = Math.max(1, Math.ceil((store.minimum_order_value + 1) / item.price));
      const orderId = await apiOrder(vendor, session.token, store.restaurant_id, item, { mode: 'delivery', shipingId }, quantity);
      // Held on its way, the vendor's first driver two fifths of the way to the door: the same picture every run.
      await orderStoppedOnItsWay(vendor, orderId, 0.4);
      await startSignedIn(page, session);
      await page.setViewportSize({ width, height: 800 });
      await startNear(page, store);
      await page.goto(vendorUrl(vendor, `/trackorder/${orderId}?lang=${lang}`));
      await takenOver(page);
      const app = page.locator('sf-storefront');
      await expect(app.locator('[part~="map-driver"]')).toBeVisible({ timeout: 20_000 });
      // The order's number varies with the orders placed before it in the run.
      await looksAsApproved(page, `tracking-${lang}-${width}.png`, { mask: [app.getByRole('heading', { level: 1 })] });
    });
  }
}

for (const lang of ['en', 'ar'] as const) {
  for (const width of [390, 1280]) {
    test(`the look of a subscription: its calendar with a pause, and what can be changed, ${lang} at ${width} px`, async ({ page }) => {
      const { store } = await openStoreWithPlainItem(SOUQ, 'gulf-supermarket', lang);
      const { session, shipingId } = await customerNear(SOUQ, lang, store);
      const milk = (await api(SOUQ, 'restaurantCategoryWithMenu', { restaurant_id: store.restaurant_id, is_langauge: 'en' })).Result!
        .flatMap((category) => category.items).find((candidate) => candidate.is_subscribable === 1 && candidate.name.includes('milk'))!;
      const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const made = await api(SOUQ, 'subscription', {
        restaurant_id: store.restaurant_id, item_id: milk.item_id, quantity: 3, order_mode: 'delivery', shiping_id: shipingId,
        frequency: 'everyday', start_date: soon, slot: '18:00', idempotency_key: `visual-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      }, session.token);
      const id = made.Result?.subscription_id;
      if (!id) throw new Error(`no subscription: ${made.msg}`);
      // Moved to a fixed month far ahead, so its calendar is the same every day of the year; a pause in it.
      await subscriptionStartingOn(SOUQ, id, '2040-07-16');
      for (const [action, from_date] of [['pause', '2040-07-23'], ['restart', '2040-07-26']] as const) {
        expect((await api(SOUQ, 'subscription_pause_restart', { subscription_id: id, action, from_date }, session.token)).code).toBe(200);
      }
      await startSignedIn(page, session);
      await page.setViewportSize({ width, height: 800 });
      await startNear(page, store);
      await page.addInitScript((storeId) => localStorage.setItem('restaurantId', JSON.stringify(storeId)), encodeStoreId(store.restaurant_id));
      await page.goto(vendorUrl(SOUQ, `/subscription-status/${id}?lang=${lang}`));
      await takenOver(page);
      await expect(page.locator('sf-storefront [part~="calendar"]').first()).toBeVisible({ timeout: 20_000 });
      // The invoice's months count back from today's.
      await looksAsApproved(page, `subscription-${lang}-${width}.png`, { fullPage: true, mask: [page.locator('sf-storefront [part~="invoice"]')] });
    });
  }
}
