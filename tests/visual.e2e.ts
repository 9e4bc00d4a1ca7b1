// The look, guarded: screenshots of the main screens (a store's menu, the cart drawer, home's banners, brands
// and a store's card, the wallet, an order's status) compared with committed baselines
// (tests/visual.e2e.ts-snapshots/), so a change to a colour, a spacing or a layout is seen and approved in
// review (`npx playwright test tests/visual.e2e.ts --update-snapshots` writes the new ones). Each screen at
// 390 and 1280 px, in English (Harbor Eats) and Arabic (سوق المدينة). What changes from run to run by design
// is masked: a store's rating (other files rate orders) and every date; nothing here depends on the hour (the
// stores shown are made open at every hour; home is narrowed to one of them). This file's stores are those of
// the menu and tracking files, which only ever make them open.
import type { Locator, Page } from '@playwright/test';
import type { VendorHost } from './helpers/hosts.ts';
import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import { api, apiFundWallet, apiPickupOrder, apiRegister, uniqueMobile } from './helpers/customer.ts';
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
  animations: 'disabled' as const, caret: 'hide' as const, maxDiffPixels: 20, maskColor: '#d1d5db',
  // A store's rating (other files rate orders) and every date and time.
  mask: [page.locator('sf-storefront [part~="rating"], sf-storefront [part~="card-rating"]'), page.locator('sf-storefront time')],
});

/** The page (or one part of it) compared with its baseline, its passing toasts put away first. */
async function looksAsApproved(page: Page, name: string, part?: Locator): Promise<void> {
  await settled(page);
  // (Pressed where they are: a toast may go by itself meanwhile, which a locator's click would wait on.)
  await page.evaluate(() => document.querySelector('sf-toaster')?.shadowRoot?.querySelectorAll<HTMLButtonElement>('[part~="toast-dismiss"]').forEach((dismiss) => dismiss.click()));
  await expect(page.locator('sf-toaster [part~="toast"]')).toHaveCount(0);
  if (part) await expect(part).toHaveScreenshot(name, shot(page));
  else await expect(page).toHaveScreenshot(name, shot(page));
}

async function openMenu(page: Page, vendor: VendorHost, lang: string, slug: string, width: number) {
  const { store, item } = await openStoreWithPlainItem(vendor, slug, lang);
  await page.setViewportSize({ width, height: 800 });
  await startNear(page, store);
  // The grocery vendor asks for a store first: this one is chosen.
  await page.addInitScript((id) => localStorage.setItem('restaurantId', JSON.stringify(id)), encodeStoreId(store.restaurant_id));
  await page.goto(vendorUrl(vendor, `/restaurant/${encodeURIComponent(encodeStoreId(store.restaurant_id))}?lang=${lang}`));
  await takenOver(page);
  await expect(page.locator('sf-storefront [part~="item"]').first()).toBeVisible({ timeout: 20_000 });
  return { store, item };
}

for (const { vendor, lang, store: slug } of SCREENS) {
  for (const width of [390, 1280]) {
    test(`the look of a store's menu and the cart drawer over it, ${lang} at ${width} px`, async ({ page }) => {
      const { item } = await openMenu(page, vendor, lang, slug, width);
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
      await looksAsApproved(page, `home-banners-${lang}-${width}.png`, app.locator('[part~="banners"]'));
      await looksAsApproved(page, `home-brands-${lang}-${width}.png`, app.locator('[part~="brands"]'));
      // The store's card, the one left when the list is narrowed to its cuisine (the others' hours vary).
      await app.getByLabel(lang === 'en' ? 'Cuisine' : 'المطبخ').selectOption({ label: lang === 'en' ? 'Mexican' : 'مكسيكي' });
      const card = app.locator('[part~="card"]').filter({ hasText: store.name }).first();
      await expect(app.locator('[part~="card"]')).toHaveCount(1);
      await card.scrollIntoViewIfNeeded();
      await looksAsApproved(page, `home-store-card-${lang}-${width}.png`, card);

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
      const orderId = await apiPickupOrder(HARBOR, session.token, store.restaurant_id, item);
      await expect.poll(async () => (await api(HARBOR, 'get_order_status', { order_id: orderId }, session.token)).Result?.status, { timeout: 30_000 })
        .toBe('delivered');
      await startSignedIn(page, session);
      await page.setViewportSize({ width, height: 800 });
      await startNear(page, { latitude: 37.7749, longitude: -122.4194 });
      await page.goto(vendorUrl(HARBOR, `/order-status/${orderId}?lang=${lang}`));
      const status = page.locator('sf-storefront [part~="order-status"]');
      await expect(status.locator('[part~="line"]')).toHaveCount(1, { timeout: 20_000 });
      // The order's number varies with the orders placed before it in the run.
      await settled(page);
      await expect(page).toHaveScreenshot(`order-status-${lang}-${width}.png`, {
        ...shot(page), mask: [...shot(page).mask, status.locator('header > :first-child')],
      });
    });
  }
}
