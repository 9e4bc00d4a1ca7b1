import type { Locator, Page } from '@playwright/test';
import { HARBOR, vendorUrl } from './helpers/hosts.ts';
import { encodeStoreId, openStoreWithPlainItem } from './helpers/stores.ts';
import { expect, test } from './helpers/test.ts';
import { startNear } from './helpers/pages.ts';

// The widgets every screen uses, as a keyboard, screen-reader, zoom or forced-colours user meets
// them. This file's store (no other file changes it) is sweet-tide-desserts, open at every hour.
const STORE = 'sweet-tide-desserts';

/** The file's store, open, with an item that needs no options, its menu on the full page. */
async function openStore(page: Page) {
  const { store, item: plain } = await openStoreWithPlainItem(HARBOR, STORE, 'en');
  await startNear(page, store);
  await page.goto(vendorUrl(HARBOR, `/restaurant/${encodeURIComponent(encodeStoreId(store.restaurant_id))}`));
  await expect(page.locator('sf-storefront [part~="main"] h1')).toHaveText(store.name, { timeout: 20_000 });
  return { store, plain };
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

for (const width of [390, 1280]) {
  test(`at ${width} px a toast leaves the cart button free and is dismissed by a 24 px or larger button`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const { plain } = await openStore(page);
    await page.locator('sf-storefront [part~="item"]').filter({ hasText: plain.name }).first().locator('[part~="add-button"]').click();
    const toast = page.locator('[part~="toast"]').filter({ hasText: plain.name });
    await expect(toast).toBeVisible();
    const cart = page.locator('sf-storefront [part~="header"]').getByRole('button', { name: /^Cart/ });
    expect(overlaps(await boxOf(toast), await boxOf(cart)), 'the toast covers the cart button').toBe(false);
    const dismiss = toast.getByRole('button', { name: 'Dismiss' });
    const box = await boxOf(dismiss);
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
    await dismiss.click();
    await expect(toast).toHaveCount(0);
  });
}

test('the order-mode switch is one tab stop whose arrow keys choose, following the visual order in Arabic too', async ({ page }) => {
  await openStore(page);
  await page.goto('/');
  const group = page.locator('sf-storefront').getByRole('radiogroup', { name: 'Order mode' });
  const delivery = group.getByRole('radio', { name: 'Delivery' });
  const pickup = group.getByRole('radio', { name: 'Pickup' });
  await expect(delivery).toHaveAttribute('aria-checked', 'true');
  await expect(delivery).toHaveAttribute('tabindex', '0');
  await expect(pickup).toHaveAttribute('tabindex', '-1');
  await delivery.focus();
  await page.keyboard.press('ArrowRight');
  await expect(pickup).toHaveAttribute('aria-checked', 'true');
  await expect(pickup).toBeFocused();
  await page.keyboard.press('Home');
  await expect(delivery).toHaveAttribute('aria-checked', 'true');
  await expect(delivery).toBeFocused();
});

test('in forced colours the chosen option stays told apart, and the veg and non-veg markers differ in shape', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  const { plain } = await openStore(page);
  const markers = page.locator('sf-storefront [part~="marker"]');
  await expect(markers.first()).toBeVisible();
  const shapes = await markers.evaluateAll((all) => all.map((marker) => [marker.getAttribute('aria-label'), marker.getAttribute('data-shape')]));
  for (const [label, shape] of shapes) expect(shape).toBe(label === 'Vegetarian' ? 'circle' : 'triangle');
  expect(plain).toBeTruthy();

  await page.goto('/');
  const group = page.locator('sf-storefront').getByRole('radiogroup', { name: 'Order mode' });
  await expect(group.getByRole('radio', { checked: true })).toBeVisible();
  // Polled: the group's styles and its colour transition settle a moment after it appears.
  await expect
    .poll(async () => new Set(await group.getByRole('radio').evaluateAll((radios) => radios.map((radio) => getComputedStyle(radio).backgroundColor))).size, {
      message: 'the chosen and the other option look alike',
    })
    .toBe(2);
});

test('a list still loading is a named busy status, not silence', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/v2/get_nearby_restaurant_v2', async (route) => {
    await held;
    await route.continue();
  });
  await openStore(page).catch(() => undefined); // the store itself loads; the nearby list is held
  await page.goto('/');
  const loading = page.locator('sf-storefront [part~="main"]').getByRole('status', { name: 'Loading…' });
  await expect(loading.first()).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.locator('sf-storefront a[part~="card"]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('sf-storefront [part~="main"] [aria-busy="true"]')).toHaveCount(0);
});
