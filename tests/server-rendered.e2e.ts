import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import { watchLayoutShifts } from './helpers/pages.ts';
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
  return { shifts: await watchLayoutShifts(page), errors, calls };
}

test.describe('the full page drawn on the server', () => {
  test("home and a store's menu read in the page's HTML: stores, items and prices, in English and Arabic", async () => {
    const home = await servedHtml('/', 'en');
    expect(home).toContain('<sf-storefront><template shadowrootmode="open">');
    expect(home).toMatch(/part="card-name"[^>]*>Golden Gate Pizzeria</);
    // The pictures of the item lists under the stores wait to be scrolled to: they do not share the first paint's network.
    const itemPictures = home.match(/part="tag-item"[^>]*><img [^>]*>/g) ?? [];
    expect(itemPictures.length).toBeGreaterThan(0);
    for (const picture of itemPictures) expect(picture).toContain('loading="lazy"');
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
      expect(watched.calls.filter((call) => ['get-vendor-settings', 'get_nearby_restaurant_v2', 'get_banner', 'brand-list', 'get_restaurant_detail', 'restaurant_categorylisting', 'restaurant_menu_wise_category'].includes(call))).toEqual([]);
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

/**
 * A vendor's own page on its own origin, as its server would write it: the fragment the render endpoint
 * drew for `<sf-menu>` pasted where the menu goes, a cart button in a bar of its own (not drawn by the
 * server: it shows as its script comes, and hides while the cart is empty), and the script tag.
 */
async function vendorPage(fragment: string, locale: 'ar' | 'en' = 'ar'): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>مطعمنا</title></head>
<body><header><h1>مطعمنا</h1></header><main>${fragment}</main>
<div style="position: fixed; inset-inline: 0; bottom: 0; height: 56px"><sf-cart-button></sf-cart-button></div>
<script src="${HARBOR.origin}/dist/storefront.js" data-host="localhost" data-locale="${locale}" defer></script></body></html>`;
  const server = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/`, server };
}

/**
 * Opens a vendor's page with an element the render endpoint drew and waits until the script tag has
 * taken the element over; checks that nothing moved and nothing was logged as an error meanwhile.
 */
async function takenOver(page: Page, url: string, tag: string): Promise<{ calls: string[] }> {
  const watched = await watchPage(page);
  await page.goto(url);
  await page.waitForFunction((name) => !document.querySelector(name)!.shadowRoot!.querySelector('[data-served]'), tag, { timeout: 20_000 });
  await page.waitForTimeout(500);
  const shifts = await watched.shifts();
  expect(shifts.reduce((sum, value) => sum + value, 0), shifts.join(', ')).toBe(0);
  expect(watched.errors).toEqual([]);
  return watched;
}

test.describe("an element drawn by the render endpoint into a vendor's own page", () => {
  test('the menu reads before the script tag, then the script tag takes it over: nothing moves, nothing asked again, the cart counts', async ({ page, browser }) => {
    const response = await fetch(`${HARBOR.origin}/render/sf-menu?store=${encodeURIComponent('MQ==')}&lang=ar`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const fragment = await response.text();
    expect(fragment).toMatch(/^<sf-menu store="MQ=="><template shadowrootmode="open">/);
    expect(fragment).toMatch(/part="item-name"[^>]*>مارغريتا</);
    const site = await vendorPage(fragment);
    try {
      // Without its script (JavaScript off, or before it arrives): the menu with its prices.
      const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      const reader = await plain.newPage();
      await reader.goto(site.url);
      await expect(reader.locator('sf-menu [part~="item-name"]').first()).toHaveText('مارغريتا');
      await expect(reader.locator('sf-menu [part~="item-price"]').first()).toContainText('14.00');
      await plain.close();

      await page.setViewportSize({ width: 390, height: 844 });
      const watched = await takenOver(page, site.url, 'sf-menu');
      expect(watched.calls.filter((call) => ['get_restaurant_detail', 'restaurant_categorylisting', 'restaurant_menu_wise_category'].includes(call))).toEqual([]);
      await page.locator('sf-menu [part~="add-button"]').first().click();
      await page.locator('sf-menu [part~="customise-dialog"] input[type="radio"]').first().check();
      await page.locator('sf-menu [part~="confirm-button"]').click();
      await expect(page.locator('sf-cart-button [part~="badge"]')).toHaveText(/^(1|١)$/);
    } finally {
      site.server.close();
    }
  });

  test('the FAQ too: read without JavaScript, then taken over and searchable, its questions not asked again', async ({ page, browser }) => {
    const fragment = await (await fetch(`${HARBOR.origin}/render/sf-faq?lang=en`)).text();
    expect(fragment).toMatch(/^<sf-faq><template shadowrootmode="open">/);
    const site = await vendorPage(fragment, 'en');
    try {
      const plain = await browser.newContext({ javaScriptEnabled: false });
      const reader = await plain.newPage();
      await reader.goto(site.url);
      await expect(reader.locator('sf-faq [part~="question"]').first()).toContainText('How do I place an order?');
      await plain.close();

      expect((await takenOver(page, site.url, 'sf-faq')).calls).not.toContain('get_faq_all');
      await page.locator('sf-faq [part~="search"]').fill('deliver');
      await expect(page.locator('sf-faq [part~="question"]').first()).toContainText(/deliver/i);
    } finally {
      site.server.close();
    }
  });

  test("the store list too: its first stores read without JavaScript with the page's own links, then taken over without asking for them again", async ({ page, browser }) => {
    const fragment = await (await fetch(`${HARBOR.origin}/render/sf-store-list?layout=2&lang=en&store-href=${encodeURIComponent('/order/{id}')}`)).text();
    expect(fragment).toMatch(/^<sf-store-list layout="2" store-href="\/order\/\{id\}"><template shadowrootmode="open">/);
    const site = await vendorPage(fragment, 'en');
    try {
      const plain = await browser.newContext({ javaScriptEnabled: false });
      const reader = await plain.newPage();
      await reader.goto(site.url);
      const firstCard = reader.locator('sf-store-list [part~="card"]').first();
      await expect(firstCard).toBeVisible();
      expect(await firstCard.getAttribute('href')).toMatch(/^\/order\/[A-Za-z0-9%]+$/);
      expect(await reader.locator('sf-store-list [part~="card"]').count()).toBeGreaterThan(3);
      await plain.close();

      await page.setViewportSize({ width: 1280, height: 900 });
      expect((await takenOver(page, site.url, 'sf-store-list')).calls).not.toContain('get_nearby_restaurant_v2');
      await expect(page.locator('sf-store-list [part~="card"]').first()).toHaveAttribute('href', /^\/order\//);
    } finally {
      site.server.close();
    }
  });

  test('refuses what it cannot draw, plainly', async () => {
    const unknown = await fetch(`${HARBOR.origin}/render/sf-nothing`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { msg: string }).msg).toBe('No element to draw named sf-nothing: sf-menu, sf-faq, sf-store-list can be.');
    const hostile = await fetch(`${HARBOR.origin}/render/sf-menu?store=%00`);
    expect(hostile.status).toBe(422);
    // A card's link is a path of the vendor's site or a web address: nothing that runs.
    for (const href of ['javascript:alert(1)//{id}', '//other.example/{id}', '/x" onmouseover="alert(1)']) {
      expect((await fetch(`${HARBOR.origin}/render/sf-store-list?store-href=${encodeURIComponent(href)}`)).status, href).toBe(422);
    }
    expect((await fetch(`${HARBOR.origin}/render/sf-menu?store=MQ==&host=nope.example`)).status).toBe(404);
  });
});
