import type { Page } from '@playwright/test';
import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import { expect, test } from './helpers/test.ts';

/*
 * The full page's first screen drawn by the server (declarative shadow DOM): read before any script,
 * without JavaScript at all, and taken over by the storefront without a layout shift or a console error.
 */

/** The page's HTML as a crawler gets it (no script runs), on the first vendor's host, in a language. */
async function servedHtml(path: string, language: string): Promise<string> {
  const response = await fetch(`${HARBOR.origin}${path}`, { headers: { 'accept-language': language } });
  expect(response.status).toBe(200);
  return response.text();
}

/** Collects every layout shift from the first paint on (as Cumulative Layout Shift counts them) and the console's errors. */
async function watchPage(page: Page): Promise<{ shifts: () => Promise<number[]>; errors: string[]; calls: string[] }> {
  const errors: string[] = [];
  const calls: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => { if (request.url().includes('/api/v2/')) calls.push(request.url().split('/api/v2/')[1]!); });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { sfShifts: number[] }).sfShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { shifts: () => page.evaluate(() => (window as unknown as { sfShifts: number[] }).sfShifts), errors, calls };
}

test.describe('the full page drawn on the server', () => {
  test("home and a store's menu read in the page's HTML: stores, items and prices, in English and Arabic", async () => {
    const home = await servedHtml('/', 'en');
    expect(home).toContain('<sf-storefront><template shadowrootmode="open">');
    expect(home).toMatch(/part="card-name"[^>]*>Golden Gate Pizzeria</);
    const menu = await servedHtml('/restaurant/MQ==', 'en');
    expect(menu).toMatch(/part="item-name"[^>]*>Margherita</);
    expect(menu).toMatch(/part="item-price"[^>]*><span>\$14\.00</);
    const arabic = await servedHtml('/restaurant/MQ==', 'ar');
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toMatch(/part="item-name"[^>]*>مارغريتا</);
    const faq = await servedHtml('/faq', 'en');
    expect(faq).toContain('How do I place an order?');
    // A screen that depends on the customer (their orders) is left to the storefront.
    expect(await servedHtml('/orders', 'en')).toContain('<sf-storefront></sf-storefront>');
  });

  test('without JavaScript a customer reads the stores, follows a link to a menu and reads its prices, and the FAQ', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: 'ar' });
    try {
      const page = await context.newPage();
      await page.goto(vendorUrl(SOUQ, '/'));
      const card = page.locator('sf-storefront [part~="card"]').first();
      await expect(card).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const name = (await card.locator('[part~="card-name"]').textContent())!;
      await card.click();
      await expect(page.locator('sf-storefront [part~="store-name"]')).toHaveText(name);
      await expect(page.locator('sf-storefront [part~="item-price"]').first()).toBeVisible();
      await page.goto(vendorUrl(SOUQ, '/faq'));
      await expect(page.locator('sf-storefront [part~="question"]').first()).toBeVisible();
    } finally {
      await context.close();
    }
  });

  for (const [path, width] of [['/', 390], ['/', 1280], ['/restaurant/MQ==', 390], ['/restaurant/MQ==', 1280]] as const) {
    test(`the storefront takes over ${path} at ${width} px: nothing moves, nothing is asked again, no console error`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      const watched = await watchPage(page);
      await page.goto(path);
      // Taken over: the served stylesheet gives way to the islands' own, and the page answers.
      await expect.poll(() => page.evaluate(() => document.querySelector('sf-storefront')!.shadowRoot!.querySelectorAll(':scope > style').length)).toBe(0);
      await page.waitForTimeout(500);
      const shifts = await watched.shifts();
      expect(shifts.reduce((sum, value) => sum + value, 0), shifts.join(', ')).toBe(0);
      expect(watched.errors).toEqual([]);
      expect(watched.calls.filter((call) => ['get-vendor-settings', 'get_nearby_restaurant_v2', 'get_banner', 'brand-list', 'get_restaurant_detail', 'restaurantCategoryWithMenu'].includes(call))).toEqual([]);
      if (path === '/') {
        // It is the storefront now: a first visit is asked for its place (Escape leaves it), and a store card
        // opens its menu without loading the page again.
        await expect(page.locator('sf-storefront [part~="location-dialog"]')).toBeVisible();
        await page.keyboard.press('Escape');
        await page.evaluate(() => ((window as unknown as { sfNoReload: boolean }).sfNoReload = true));
        await page.locator('sf-storefront [part~="card"]').first().click();
        await expect(page.locator('sf-storefront [part~="item"]').first()).toBeVisible();
        expect(await page.evaluate(() => (window as unknown as { sfNoReload?: boolean }).sfNoReload)).toBe(true);
      } else {
        // Margherita comes with a choice of size: the customisation dialog, then the cart.
        await page.locator('sf-storefront [part~="add-button"]').first().click();
        await page.locator('sf-storefront [part~="customise-dialog"] input[type="radio"]').first().check();
        await page.locator('sf-storefront [part~="confirm-button"]').click();
        await expect(page.locator('sf-storefront [part~="header"] [part~="badge"]')).toHaveText('1');
      }
    });
  }
});
