import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { HARBOR } from './helpers/hosts.ts';
import { gotoSettled, storeCardsShown } from './helpers/pages.ts';
import { expect, test } from './helpers/test.ts';

/**
 * The page weights `npm run build` prints and holds to their budgets are counted from the build's chunk
 * graph (scripts/page-weights.mjs). Here a first visit to each page in Chromium shows that the count is
 * whole: every script the page fetches is one the build counted, and what came over the wire fits the
 * budget too.
 */

interface CountedPage {
  name: string;
  locale: string;
  budget: number;
  gzip: number;
  files: string[];
}

const weights = JSON.parse(readFileSync(new URL('../dist/page-weights.json', import.meta.url), 'utf8')) as { pages: CountedPage[] };
const counted = (name: string) => weights.pages.find((page) => page.name === name && page.locale === 'en')!;

/** The scripts a page fetches from /dist/ (paths under dist/) with the bytes each took on the wire. */
function recordScripts(page: Page): Map<string, number> {
  const fetched = new Map<string, number>();
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/dist/') || !path.endsWith('.js')) return;
    void request.sizes().then((sizes) => fetched.set(path.slice('/dist/'.length), sizes.responseBodySize));
  });
  return fetched;
}

for (const { name, url, shown } of [
  { name: 'store list page', url: '/demo/light.html', shown: storeCardsShown },
  { name: 'menu page', url: '/demo/menu.html?store=MQ==', shown: (page: Page) => expect(page.locator('sf-menu [part~="item"]').first()).toBeVisible({ timeout: 20_000 }) },
  { name: 'full page, first load', url: '/', shown: (page: Page) => expect(page.getByRole('dialog', { name: 'Set Location' })).toBeVisible({ timeout: 20_000 }) },
]) {
  test(`the ${name} fetches only the scripts the build counted, within its budget`, async ({ page }) => {
    const fetched = recordScripts(page);
    await gotoSettled(page, `${HARBOR.origin}${url}`);
    await shown(page);
    await gotoSettledAgain(page);
    const expected = counted(name);
    // The demo vendor uses analytics: its add-on, counted apart (a vendor without analytics never fetches it);
    // so is the installed app's, which only the full page on the vendor's host fetches, and the wide menu's, which a
    // menu given a desktop's width fetches.
    const addOns = [
      counted('analytics add-on'), ...(name === 'full page, first load' ? [counted('installed app add-on')] : []),
      ...(name === 'menu page' ? [counted('wide menu add-on')] : []),
    ];
    const outside = [...fetched.keys()].filter((file) => !expected.files.includes(file) && !addOns.some((addOn) => addOn.files.includes(file)));
    expect(outside, `fetched but not counted by the build for the ${name}`).toEqual([]);
    // The page really ran on the split build: the tag, the runtime and more than those two.
    expect(fetched.has('storefront.js')).toBe(true);
    expect([...fetched.keys()].filter((file) => file.startsWith('sf/')).length).toBeGreaterThan(2);
    const wire = [...fetched].filter(([file]) => expected.files.includes(file)).reduce((sum, [, bytes]) => sum + bytes, 0);
    test.info().annotations.push({ type: 'weight', description: `${name}: ${wire} B on the wire (brotli), ${expected.gzip} B counted (gzip), budget ${expected.budget} B` });
    expect(wire).toBeLessThanOrEqual(expected.budget);
  });
}

/** Lets what the first paint set off (a dialog opening, a chunk it asks for) finish too. */
async function gotoSettledAgain(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForTimeout(1_000);
}

test('the script tag works from a page on another origin: its chunks and stylesheet come in CORS mode', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // A vendor's own site: another origin (127.0.0.1, its own port) served by a small server of its own.
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vendor</title></head><body>
    <sf-cart-button></sf-cart-button><sf-store-list></sf-store-list>
    <script src="${HARBOR.origin}/dist/storefront.js" data-host="${HARBOR.host}" defer></script></body></html>`;
  const site = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    await storeCardsShown(page);
    await expect(page.getByRole('button', { name: /^Cart/ })).toBeVisible();
    // The utility classes arrived: the island's sheets hold them.
    const styled = await page.locator('sf-store-list').evaluate((element) => {
      const sheets = element.shadowRoot!.adoptedStyleSheets;
      return sheets.some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.startsWith('.flex')));
    });
    expect(styled).toBe(true);
  } finally {
    site.close();
  }
  expect(errors).toEqual([]);
});

test('loading the script tag twice is harmless: the runtime is fetched and run once', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const runtimes: string[] = [];
  page.on('request', (request) => {
    if (/\/dist\/sf\/runtime-[\w-]{8}\.js$/.test(request.url())) runtimes.push(request.url());
  });
  await page.goto(`${HARBOR.origin}/demo/light.html`);
  await storeCardsShown(page);
  await page.evaluate(() => new Promise<void>((resolve) => {
    const again = document.createElement('script');
    again.src = '/dist/storefront.js';
    again.onload = () => resolve();
    document.body.append(again);
  }));
  await page.waitForTimeout(500);
  await expect(page.locator('sf-store-list [part~="card"]').first()).toBeVisible();
  expect(runtimes).toHaveLength(1);
  expect(await page.locator('sf-store-list').evaluate((element) => element.shadowRoot!.querySelectorAll('.sf-root').length)).toBe(1);
  expect(errors).toEqual([]);
});
