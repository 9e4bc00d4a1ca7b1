import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { HARBOR, SOUQ, vendorUrl, type VendorHost } from './helpers/hosts.ts';
import { answerMenuInParts } from './helpers/long-menu.ts';
import { cheapestCustomisableItem, encodeStoreId, openStoreWithPlainItem, storeInState } from './helpers/stores.ts';
import { startNear } from './helpers/pages.ts';
import { expect, test } from './helpers/test.ts';

// This file's stores (no other e2e file changes them), open at every hour for these tests.
const HARBOR_STORE = 'mission-street-taqueria';
const SOUQ_STORE = 'al-baraka-butchery';

/** The file's store of the vendor, made open, and its cheapest item with a required option group. */
async function openStoreWithOptions(vendor: VendorHost, slug: string, lang: string) {
  const store = await storeInState(vendor, slug, 'open', lang);
  const { item } = await cheapestCustomisableItem(vendor, store.restaurant_id, lang);
  return { id: store.restaurant_id, item };
}

const menuPage = (vendor: VendorHost, id: number) => vendorUrl(vendor, `/demo/menu.html?store=${encodeURIComponent(encodeStoreId(id))}`);

async function menuShown(page: Page) {
  await expect(page.locator('sf-menu [part~="item"]').first()).toBeVisible({ timeout: 20_000 });
}

test.describe('<sf-menu> on a vendor page', () => {
  test('adds an item with required options and the cart button counts it; axe clean; Escape closes', async ({ page }) => {
    const { id, item } = await openStoreWithOptions(HARBOR, HARBOR_STORE, 'en');
    await page.goto(menuPage(HARBOR, id));
    await menuShown(page);
    await expect(page.locator('sf-menu')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
    await expectNoA11yViolations(page, { include: ['sf-menu'] });

    await page.getByRole('searchbox', { name: 'Search the menu' }).fill(item.name);
    await page.getByRole('button', { name: `Add ${item.name}` }).click();
    const dialog = page.getByRole('dialog', { name: item.name });
    await expect(dialog).toBeVisible();
    const addToCart = dialog.getByRole('button', { name: 'Add to cart' });
    // No error before the customer has done anything; Add tells what is missing and keeps the dialog.
    await expect(dialog.getByText('Please choose an option.')).toHaveCount(0);
    await addToCart.click();
    await expect(dialog.getByText('Please choose an option.').first()).toBeVisible();
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page, { include: ['sf-menu'] });

    // Escape closes without adding, and focus goes back to the Add button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Add ${item.name}` })).toBeFocused();

    await page.getByRole('button', { name: `Add ${item.name}` }).click();
    await expect(dialog).toBeVisible();
    for (const group of item.customizations) {
      if (group.required !== 1 && group.min === 0) continue;
      const needed = Math.max(1, group.min);
      const fieldset = dialog.getByRole('group', { name: new RegExp(`^${group.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
      for (const option of group.options.slice(0, needed)) await fieldset.getByLabel(option.name, { exact: false }).check();
    }
    await expect(dialog.getByText('Please choose an option.')).toHaveCount(0);
    await addToCart.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ item_id: item.item_id, restaurant_id: id, quantity: 1 });
    expect(cart[0].selectCustoizeID.length).toBeGreaterThan(0);
  });

  test('the dialog keeps keyboard focus inside (Tab wraps)', async ({ page }) => {
    const found = await openStoreWithOptions(HARBOR, HARBOR_STORE, 'en');
    await page.goto(menuPage(HARBOR, found.id));
    await menuShown(page);
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill(found.item.name);
    await page.getByRole('button', { name: `Add ${found.item.name}` }).click();
    const dialog = page.getByRole('dialog', { name: found.item.name });
    await expect(dialog).toBeVisible();
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const menu = document.querySelector('sf-menu')!;
        const active = menu.shadowRoot!.activeElement;
        return !!active && !!active.closest('dialog[open]');
      });
      expect(inside, `focus left the dialog after ${step + 1} Tab presses`).toBe(true);
    }
  });

  test("an unknown store says 'Store not found'", async ({ page }) => {
    await page.goto(vendorUrl(HARBOR, '/demo/menu.html?store=OTk5OTk='));
    await expect(page.locator('sf-menu').getByText('Store not found')).toBeVisible({ timeout: 20_000 });
    await page.goto(vendorUrl(HARBOR, '/demo/menu.html?slug=no-such-store'));
    await expect(page.locator('sf-menu').getByText('Store not found')).toBeVisible({ timeout: 20_000 });
  });

  test('a 2000-item menu is windowed and Tab walks on through items not rendered at first', async ({ page }) => {
    const found = await openStoreWithOptions(HARBOR, HARBOR_STORE, 'en');
    const categories = Array.from({ length: 20 }, (_, c) => ({
      category_id: 9000 + c, name: `Bench category ${c + 1}`,
      items: Array.from({ length: 100 }, (_, i) => ({
        item_id: 100_000 + c * 100 + i, restaurant_id: found.id, category_id: 9000 + c, name: `Bench item ${c * 100 + i + 1}`,
        description: 'A bench item.', image: '', price: 2, mrp: 0, item_type: (i % 2) as 0 | 1, is_available: 1 as const, stock: null,
        item_tax: 0, packaging_charge: 0, unit: '', is_subscribable: 0 as const, customizations: [],
      })),
    }));
    for (const call of ['restaurant_categorylisting', 'restaurant_menu_wise_category', 'menuwiseitem']) {
      await page.route(`**/api/v2/${call}`, (route) => route.fulfill({ json: answerMenuInParts(categories, call, route.request().postDataJSON() as Record<string, unknown>) }));
    }
    await page.goto(menuPage(HARBOR, found.id));
    await menuShown(page);
    expect(await page.locator('sf-menu [part~="item"]').count()).toBeLessThan(80);
    await page.getByRole('button', { name: 'Add Bench item 1', exact: true }).focus();
    // At a person's pace (the window follows focus one frame later; a loaded CI machine has slow frames).
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press('Tab');
      await page.waitForTimeout(50);
    }
    const focused = await page.evaluate(() => document.querySelector('sf-menu')!.shadowRoot!.activeElement?.getAttribute('aria-label'));
    expect(focused).toBe('Add Bench item 61');
    expect(await page.locator('sf-menu [part~="item"]').count()).toBeLessThan(80);
    // The scroll-spy follows the page.
    await page.getByRole('link', { name: 'Bench category 15' }).click();
    await expect(page.getByRole('link', { name: 'Bench category 15' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('heading', { name: 'Bench category 15' })).toBeFocused();
  });

  test('the Arabic vendor: right to left, adds an item with options, axe clean', async ({ page }) => {
    const { id, item } = await openStoreWithOptions(SOUQ, SOUQ_STORE, 'ar');
    await page.goto(menuPage(SOUQ, id));
    await menuShown(page);
    const menu = page.locator('sf-menu');
    await expect(menu).toHaveAttribute('dir', 'rtl');
    await expect(menu).toHaveAttribute('lang', 'ar');
    await expect(menu.locator('[part~="store-name"]')).toHaveText(/[\u0600-\u06FF]/);
    await expect(menu).toContainText('د.إ');
    await expectNoA11yViolations(page, { include: ['sf-menu'] });

    await menu.locator('[part~="search"]').fill(item.name);
    await menu.locator('[part~="item"]').filter({ hasText: item.name }).locator('[part~="add-button"]').click();
    const dialog = page.getByRole('dialog', { name: item.name });
    await expect(dialog).toBeVisible();
    // No error before the customer has touched anything.
    await expect(dialog.locator('[part~="option-group-message"]')).toHaveCount(0);
    await expectNoA11yViolations(page, { include: ['sf-menu'] });
    for (const group of item.customizations) {
      if (group.required !== 1 && group.min === 0) continue;
      const fieldset = dialog.locator('fieldset').filter({ hasText: group.name });
      for (const option of group.options.slice(0, Math.max(1, group.min))) await fieldset.getByLabel(option.name, { exact: false }).check();
    }
    await dialog.locator('[part~="confirm-button"]').click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('sf-cart-button [part~="badge"]')).toBeVisible();
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ item_id: item.item_id, restaurant_id: id });
  });
});

test.describe('a store\'s menu on a desktop', () => {
  for (const [vendor, slug, lang] of [[HARBOR, HARBOR_STORE, 'en'], [SOUQ, SOUQ_STORE, 'ar']] as const) {
    test(`${lang}: at 1280 px the categories and the cart stay in view while the menu scrolls, and the cart beside follows an item added`, async ({ page }) => {
      const { store, item } = await openStoreWithPlainItem(vendor, slug, lang);
      await page.setViewportSize({ width: 1280, height: 600 });
      await startNear(page, store);
      // The grocery vendor asks for a store first: this one is chosen.
      await page.addInitScript((id) => localStorage.setItem('restaurantId', JSON.stringify(id)), encodeStoreId(store.restaurant_id));
      await page.goto(vendorUrl(vendor, `/restaurant/${encodeURIComponent(encodeStoreId(store.restaurant_id))}?lang=${lang}`));
      const app = page.locator('sf-storefront');
      const rail = app.locator('[part~="category-bar"]');
      const beside = app.locator('[part~="cart-beside"]');
      await expect(beside).toBeVisible({ timeout: 20_000 });
      await expect(beside.locator('[part~="cart-beside-empty"]')).toHaveText(lang === 'en' ? 'Your cart is empty. Add items from the menu.' : 'سلتك فارغة. أضف أصنافًا من القائمة.');
      // The rail at the start, the cart at the end: mirrored in Arabic.
      const items = (await app.locator('[part~="items"]').boundingBox())!;
      const [railBox, besideBox] = [(await rail.boundingBox())!, (await beside.boundingBox())!];
      if (lang === 'en') expect([railBox.x + railBox.width <= items.x, besideBox.x >= items.x + items.width]).toEqual([true, true]);
      else expect([railBox.x >= items.x + items.width, besideBox.x + besideBox.width <= items.x]).toEqual([true, true]);
      await expectNoA11yViolations(page);

      // Scrolled down into the menu (its items still passing by), both are still in view, below the header.
      const header = (await app.getByRole('banner').boundingBox())!;
      await page.evaluate(() => scrollTo({ top: 320 }));
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(320);
      for (const part of [rail, beside]) {
        const box = (await part.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
        expect(box.y).toBeLessThan(header.y + header.height + 40);
      }

      // An item added from the menu shows beside at once.
      await app.getByRole('searchbox').fill(item.name);
      await app.locator('[part~="item"]').filter({ hasText: item.name }).first().locator('[part~="add-button"]').click();
      await expect(beside.locator('[part~="cart-beside-line"]')).toContainText(`1 × ${item.name}`);
      await expect(beside.locator('[part~="cart-beside-checkout"]')).toBeVisible();
    });
  }
});
