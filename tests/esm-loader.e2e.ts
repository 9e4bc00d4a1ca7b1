import { expect, test } from './helpers/test.ts';

test('the ESM loader defines elements lazily, with React from the host page', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/dist/esm/chunks/')) chunks.push(new URL(request.url()).pathname);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/demo/esm.html');
  await expect(page.getByRole('button', { name: /^Cart/ })).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => !!customElements.get('sf-cart-button'))).toBe(true);
  // Nothing asked for the store list yet, so its code was not fetched.
  expect(await page.evaluate(() => !!customElements.get('sf-store-list'))).toBe(false);
  expect(chunks.some((path) => /sf-store-list|StoreList/.test(path))).toBe(false);

  // A single-page app inserts the tag later: the loader notices and fetches it.
  await page.getByRole('button', { name: 'Add a store list' }).click();
  await expect(page.locator('[part~="card"]').first()).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => !!customElements.get('sf-store-list'))).toBe(true);
  expect(chunks.some((path) => /sf-store-list|StoreList/.test(path))).toBe(true);
  expect(errors).toEqual([]);
});

test("a chunk that fails to load reloads the page once, and the element then loads; a second failure does not loop", async ({ page }) => {
  let loads = 0;
  page.on('load', () => loads++);
  // The store list's chunk fails on the first request only (a release replaced it, a network drop).
  let failures = 0;
  await page.route(/\/dist\/esm\/chunks\/sf-store-list[^/]*\.js$/, async (route) => {
    if (failures++ === 0) await route.abort('failed');
    else await route.continue();
  });
  await page.goto('/demo/esm.html');
  await expect(page.getByRole('button', { name: /^Cart/ })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add a store list' }).click();
  // The failed chunk reloaded the page once; after the reload the tag is inserted again and its chunk loads.
  await expect.poll(() => loads).toBe(2);
  expect(await page.evaluate(() => sessionStorage.getItem('sf-chunk-reloaded:sf-store-list'))).not.toBeNull();
  await page.getByRole('button', { name: 'Add a store list' }).click();
  await expect(page.locator('[part~="card"]').first()).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('sf-chunk-reloaded:sf-store-list'))).toBeNull();

  // Failing every time: one reload, then the page stays (no loop) and says why in the console.
  await page.unroute(/\/dist\/esm\/chunks\/sf-store-list[^/]*\.js$/);
  await page.route(/\/dist\/esm\/chunks\/sf-store-list[^/]*\.js$/, (route) => route.abort('failed'));
  await page.evaluate(() => sessionStorage.clear());
  const errors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  loads = 0;
  await page.reload();
  await expect(page.getByRole('button', { name: /^Cart/ })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add a store list' }).click();
  await expect.poll(() => loads).toBe(2);
  errors.length = 0;
  await page.getByRole('button', { name: 'Add a store list' }).click();
  await expect.poll(() => errors.find((text) => text.includes('could not load <sf-store-list>'))).toBeTruthy();
  expect(errors.join('\n')).not.toContain('reloading the page once');
  expect(loads).toBe(2);
  await expect(page.getByRole('button', { name: /^Cart/ })).toBeVisible();
});
