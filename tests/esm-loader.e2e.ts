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

test('values a page sets before an element is defined are taken over when it upgrades', async ({ page }) => {
  await page.goto('/demo/esm.html');
  await expect(page.getByRole('button', { name: /^Cart/ })).toBeVisible({ timeout: 20_000 });
  // The drawer's code is not loaded yet: these are plain own properties of an undefined element.
  expect(await page.evaluate(() => !!customElements.get('sf-cart-drawer'))).toBe(false);
  await page.evaluate(() => {
    const drawer = document.createElement('sf-cart-drawer') as HTMLElement & { open?: boolean; checkoutHref?: string };
    drawer.checkoutHref = '/checkout';
    drawer.open = true;
    document.body.append(drawer);
  });
  await expect(page.getByRole('dialog', { name: /cart/i })).toBeVisible({ timeout: 20_000 });
  const state = await page.evaluate(() => {
    const drawer = document.querySelector('sf-cart-drawer')! as HTMLElement & { open?: boolean; checkoutHref?: string };
    return { own: Object.keys(drawer).filter((key) => key === 'open' || key === 'checkoutHref'), open: drawer.open, attribute: drawer.getAttribute('checkout-href'), property: drawer.checkoutHref };
  });
  expect(state).toEqual({ own: [], open: true, attribute: '/checkout', property: '/checkout' });
});

/** Console errors and `sf-error` events of the page, from the first script on. */
async function watchSetupErrors(page: import('@playwright/test').Page): Promise<{ console: string[] }> {
  const seen = { console: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'error') seen.console.push(message.text());
  });
  await page.addInitScript(() => {
    const events: unknown[] = [];
    (window as unknown as { sfErrors: unknown[] }).sfErrors = events;
    document.addEventListener('sf-error', (event) => events.push((event as CustomEvent).detail));
  });
  return seen;
}

const sfErrors = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { sfErrors: Array<{ code: string; message: string }> }).sfErrors);

test('an API that is not where the storefront looks is said once in the console and as sf-error, with the fix', async ({ page }) => {
  const seen = await watchSetupErrors(page);
  // What an app that never called configure() meets: its own server answers the API path with a 404 page.
  await page.route('**/api/v2/get-vendor-settings', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '<h1>Not Found</h1>' }));
  await page.goto('/demo/esm.html');
  await expect.poll(() => sfErrors(page)).toHaveLength(1);
  const [error] = await sfErrors(page);
  expect(error!.code).toBe('api-unreachable');
  expect(error!.message).toContain('HTTP 404');
  expect(error!.message).toContain('configure({ apiBase:');
  expect(seen.console.filter((text) => text.startsWith('[storefront]'))).toEqual([`[storefront] ${error!.message}`]);
});

test('a tag another script defined first keeps its definition, and the page is told', async ({ page }) => {
  const seen = await watchSetupErrors(page);
  await page.addInitScript(() => customElements.define('sf-store-list', class extends HTMLElement {}));
  await page.goto('/demo/esm.html');
  await expect(page.getByRole('button', { name: /^Cart/ })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add a store list' }).click();
  await expect.poll(() => sfErrors(page)).toEqual([{ code: 'tag-taken', message: expect.stringContaining('<sf-store-list> is already defined by another script') }]);
  expect(seen.console.some((text) => text.includes('<sf-store-list> is already defined'))).toBe(true);
  // The cart button, which nobody else defined, still works.
  await expect(page.getByRole('button', { name: /^Cart/ })).toBeVisible();
});

test("the script tag's stylesheet is asked for as CSS, and an answer that is no CSS is said instead of drawing junk", async ({ page }) => {
  const seen = await watchSetupErrors(page);
  const accepts: string[] = [];
  // What a development server answers to a plain request for a package's .css file: a JavaScript module.
  await page.route(/\/dist\/sf\/utilities-[^/]*\.css$/, async (route) => {
    accepts.push(route.request().headers().accept ?? '');
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: 'export default "a module, not a stylesheet"' });
  });
  await page.goto('/demo/light.html');
  await expect.poll(() => sfErrors(page)).toEqual([{ code: 'styles', message: expect.stringContaining('not text/css') }]);
  expect(accepts).toEqual(['text/css']);
  expect(seen.console.some((text) => text.includes("The storefront's stylesheet could not be loaded"))).toBe(true);
});
