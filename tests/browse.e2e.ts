import { expectNoA11yViolations } from './helpers/axe.ts';
import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import { storeCardsShown } from './helpers/pages.ts';
import { storeInState } from './helpers/stores.ts';
import { expect, test } from './helpers/test.ts';

// This file's store (no other e2e file changes it): the guest orders from it while it is open.
const OPEN_STORE = 'golden-gate-pizzeria';

test.describe('browsing the full-page storefront', () => {
  test('a guest closes the location modal, narrows the stores, opens a menu and adds an item', async ({ page }) => {
    await storeInState(HARBOR, OPEN_STORE, 'open', 'en');
    await page.goto('/');
    // No place yet: the location modal opens; closing it falls back to the vendor's coordinates.
    const locationDialog = page.getByRole('dialog', { name: 'Set Location' });
    await expect(locationDialog).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect(locationDialog).toBeHidden();
    await storeCardsShown(page);
    expect(await page.evaluate(() => localStorage.getItem('latitude'))).not.toBeNull();

    const stores = page.getByRole('region', { name: 'Stores' });
    await page.getByLabel('Cuisine').selectOption({ label: 'Italian' });
    await expect(stores.getByRole('link', { name: /Golden Gate Pizzeria/ })).toBeVisible();
    await expect(stores.getByRole('link', { name: /Sakura Sushi House/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(stores.getByRole('link', { name: /Sakura Sushi House/ })).toBeVisible();

    await stores.getByRole('link', { name: /Golden Gate Pizzeria/ }).click();
    await expect(page).toHaveURL(/\/restaurant\/[A-Za-z0-9%=]+$/);
    await expect(page.locator('[part~="item"]').first()).toBeVisible({ timeout: 20_000 });
    const add = page.locator('[part~="add-button"]:not([disabled])').first();
    await add.click();
    const dialog = page.getByRole('dialog');
    const cartWithOne = page.getByRole('button', { name: /^Cart, 1 item/ });
    // An item with options opens its dialog, one without goes straight to the cart: wait for either.
    await expect(dialog.or(cartWithOne)).toBeVisible();
    if (await dialog.isVisible()) {
      // Choose the first option of every group that needs one.
      for (const fieldset of await dialog.locator('fieldset').all()) {
        const choice = fieldset.locator('input').first();
        if (!(await choice.isChecked())) await choice.check();
      }
      await dialog.getByRole('button', { name: 'Add to cart' }).click();
    }
    await expect(page.getByRole('button', { name: /^Cart, 1 item/ })).toBeVisible();

    // The cart drawer lists the line; a guest pressing View Cart is sent to sign in.
    await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
    const drawer = page.getByRole('dialog', { name: /1 item/ });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: /^Increase quantity of / })).toBeVisible();
    await expectNoA11yViolations(page, { include: ['sf-storefront'] });
    await drawer.getByRole('button', { name: 'View Cart' }).click();
    await expect(page).toHaveURL(/\/sign-in\?next=%2Freview-cart$/);
  });

  test('search finds stores and items and opens the store', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('latitude', '37.7749');
      localStorage.setItem('longitude', '-122.4194');
    });
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Search stores and items' }).fill('sushi');
    const result = page.locator('[part~="result"]').filter({ hasText: 'Sakura Sushi House' }).first();
    await expect(result).toBeVisible({ timeout: 15_000 });
    await result.click();
    await expect(page).toHaveURL(/\/restaurant\//);
    await expect(page.getByText('Sakura Sushi House').first()).toBeVisible({ timeout: 20_000 });
  });

  test('the Arabic grocery vendor makes the customer choose a store first, right to left', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('latitude', '25.2048');
      localStorage.setItem('longitude', '55.2708');
    });
    await page.goto(vendorUrl(SOUQ, '/'));
    const picker = page.getByRole('dialog', { name: 'اختر متجرك' });
    await expect(picker).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectNoA11yViolations(page, { include: ['sf-storefront'] });
    // A forced choice: Escape does not dismiss it.
    await page.keyboard.press('Escape');
    await expect(picker).toBeVisible();
    await picker.locator('[part~="store"]').first().click();
    await expect(picker).toBeHidden();
    const chosen = await page.evaluate(() => JSON.parse(localStorage.getItem('restaurantId') ?? '""') as string);
    expect(Number(Buffer.from(chosen, 'base64').toString())).toBeGreaterThan(0);
    await storeCardsShown(page);
    await expectNoA11yViolations(page, { include: ['sf-storefront'] });
  });
});

test('a vendor with 120 stores: the list shows 48, then the next pages as the customer scrolls to its end', async ({ page, request }) => {
  const seeded = await request.post('/test/bench-vendor', { data: { bench_host: 'many-stores.localhost', stores: 120 } });
  expect(seeded.status(), await seeded.text()).toBe(200);
  const pages: Array<{ skip: number; ids: number[] }> = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('/get_nearby_restaurant_v2')) return;
    const { skip } = JSON.parse(response.request().postData() ?? '{}') as { skip: number };
    const { Result = [] } = (await response.json()) as { Result?: Array<{ restaurant_id: number }> };
    pages.push({ skip, ids: Result.map((store) => store.restaurant_id) });
  });
  await page.goto(`http://many-stores.localhost:${new URL(HARBOR.origin).port}/demo/light.html`);
  await storeCardsShown(page);
  await expect.poll(() => pages.map((p) => p.skip)).toEqual([0]);
  expect(pages[0]!.ids).toHaveLength(48);

  // Scrolling to the end of what is there asks for the next 48, then the last 24, then nothing more.
  for (let i = 0; i < 40 && pages.length < 3; i++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(150);
  }
  await expect.poll(() => pages.map((p) => [p.skip, p.ids.length])).toEqual([[0, 48], [48, 48], [96, 24]]);
  const all = pages.flatMap((p) => p.ids);
  expect(new Set(all).size).toBe(120);
  // At the very end the farthest store's card is on screen; no further page was asked for.
  await page.keyboard.press('End');
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 4000);
  const lastHref = await page.locator('sf-store-list [part~="card"]').last().getAttribute('href');
  expect(lastHref).toContain(`/restaurant/${encodeURIComponent(btoa(String(all.at(-1))))}`);
  await page.waitForTimeout(500);
  expect(pages).toHaveLength(3);
});
