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
