import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { expectAriaSnapshot } from './helpers/aria.ts';
import { addPrimaryAddress, apiPickupOrderDone, apiRegister, uniqueMobile } from './helpers/customer.ts';
import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import { gotoSettled, navigateSettled, openHome, ROUTE_TABLE, routePaths, startSignedIn, storeCardsShown } from './helpers/pages.ts';
import { encodeStoreId, openStoreWithPlainItem } from './helpers/stores.ts';
import { expect, test } from './helpers/test.ts';

// Every screen of the full page is a screen of its own: one h1, its own document title, and
// after a route change the focus on that heading. This file's stores (no other file changes
// them) are burger-dock and al-reef-bakery, made open at every hour. Walked signed in with a filled cart, so the
// signed-in screens (profile, addresses, review cart, payment) show what a customer sees; each screen's ARIA
// snapshot is compared with the approved one (tests/aria-snapshots/screens/).

// The walks are the suite's longest tests (minutes each) and share nothing: each may take a worker of its own.
test.describe.configure({ mode: 'parallel' });

// Each screen is reached by its address in one walk (a first load, as a shared or bookmarked link
// opens it) and as the full page's links reach it in the other (the router follows the address).
const CASES = [
  { vendor: HARBOR, lang: 'en', place: { latitude: 37.7749, longitude: -122.4194 }, store: 'burger-dock', reach: 'address' },
  { vendor: SOUQ, lang: 'ar', place: { latitude: 25.2048, longitude: 55.2708 }, store: 'al-reef-bakery', reach: 'link' },
] as const;

/** The h1 elements of the storefront (inside its shadow root) and the document's title. */
function screenState(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('sf-storefront')?.shadowRoot;
    const headings = Array.from(root?.querySelectorAll('h1') ?? []).map((h) => h.textContent?.replace(/\s+/g, ' ').trim() ?? '');
    return { headings, title: document.title, path: location.pathname };
  });
}

for (const { vendor, lang, place, store, reach } of CASES) {
  test(`every route in ${lang}, reached by ${reach}, signed in with a filled cart: one h1, its own title, axe finds nothing, no sideways scrolling`, async ({ page }) => {
    // About 40 screens, each loaded, checked by axe and measured at four widths: 4 to 5 minutes on two
    // cores, past 5 on PostgreSQL (CI saw both tries end at the old 300 s limit).
    test.setTimeout(600_000);
    const session = await apiRegister(vendor, uniqueMobile(lang === 'en' ? '415' : '50'), lang === 'en' ? 'Screen Walker' : 'زائر الشاشات');
    const shipingId = await addPrimaryAddress(vendor, session.token, place);
    await startSignedIn(page, session);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHome(page, vendor);
    // Home is titled by the vendor's web title; every other screen by its heading and the app name.
    const homeTitle = await page.title();
    const appName = (await page.locator('sf-storefront [part~="header"] a[href="/"]').first().innerText()).trim()
      || (await page.locator('sf-storefront [part~="header"] a[href="/"] img').first().getAttribute('alt')) || '';

    const { store: { restaurant_id: storeId }, item } = await openStoreWithPlainItem(vendor, store, lang);
    // The customer's own order, taken to its end, so the order screens show an order and read the same every run.
    const orderId = await apiPickupOrderDone(vendor, session.token, storeId, item);
    await page.goto(vendorUrl(vendor, `/restaurant/${encodeURIComponent(encodeStoreId(storeId))}`));
    await page.locator('sf-storefront [part~="item"]').filter({ hasText: item.name }).first().locator('[part~="add-button"]').click();
    await expect(page.locator('sf-storefront [part~="header"] [part~="badge"]')).toHaveText(/^(1|١)$/);

    const problems: string[] = [];
    const titles = new Map<string, string>();
    const paths = routePaths({ shiping_id: String(shipingId), order_id: String(orderId), restaurant_id: encodeStoreId(storeId), restaurantid: encodeStoreId(storeId) });
    for (const [index, path] of paths.entries()) {
      if (reach === 'address') await gotoSettled(page, vendorUrl(vendor, path));
      else await navigateSettled(page, path);
      const main = page.locator('sf-storefront [part~="main"]');
      await expect(main, `${path} shows something`).not.toBeEmpty({ timeout: 20_000 });
      await expect(main.locator('[aria-busy="true"]'), `${path} has loaded`).toHaveCount(0, { timeout: 20_000 });
      await main.locator('h1').first().waitFor({ timeout: 5_000 }).catch(() => undefined);
      const state = await screenState(page);
      if (state.headings.length !== 1) problems.push(`${path} (${state.path}) has ${state.headings.length} h1: ${state.headings.join(' / ')}`);
      const expected = state.path === '/' ? homeTitle : `${state.headings[0]} | ${appName}`;
      if (state.title !== expected) problems.push(`${path} (${state.path}) is titled "${state.title}", not "${expected}"`);
      titles.set(state.path, state.title);
      await expectNoA11yViolations(page, { include: ['sf-storefront'] }).catch((error: Error) => problems.push(`${path}: ${error.message}`));
      // Its roles, names and structure as approved (tests/aria-snapshots/screens/<lang>/<route>.aria.yml).
      const route = ROUTE_TABLE[index]!.replace(/^\/$/, 'home').replace(/^\//, '').replace(/[/:]+/g, '-');
      await expectAriaSnapshot(main, `screens/${lang}/${route}`);
      // Signed in, with the cart and the order's screens filled, no width scrolls sideways either
      // (the only walk over every route at these widths).
      for (const width of [1280, 320, 390, 768]) {
        if (width !== 1280) await page.setViewportSize({ width, height: 800 });
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
        }));
        if (scrollWidth > clientWidth) problems.push(`${path} (${state.path}) at ${width} px is ${scrollWidth} px wide`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(problems, 'screens without one h1 or their own title, with axe violations or scrolling sideways').toEqual([]);
    // Screens are told apart by their titles: the walk reached many different screens, each with its own title.
    const distinct = new Set(titles.values());
    expect(distinct.size).toBeGreaterThan(20);
    expect(titles.get('/')).toBe(homeTitle);
  });
}

test('a route change moves focus to the new screen heading and names the document; the first load leaves focus alone', async ({ page }) => {
  await openHome(page, HARBOR);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  const homeTitle = await page.title();
  expect(homeTitle).toBe('Harbor Eats: food delivery in San Francisco');

  const card = page.locator('sf-storefront [part~="main"] a[part~="card"]').first();
  const name = (await card.locator('[part~="card-name"]').textContent())?.trim() ?? '';
  await card.focus();
  await page.keyboard.press('Enter');
  const storeHeading = page.locator('sf-storefront [part~="main"] h1');
  await expect(storeHeading).toHaveText(name);
  await expect(storeHeading).toBeFocused();
  await expect(page).toHaveTitle(`${name} | Harbor Eats`);

  // Back is a route change as well: home's heading takes the focus.
  await page.goBack();
  await storeCardsShown(page);
  await expect(storeHeading).toHaveText('Stores near you');
  await expect(storeHeading).toBeFocused();
  await expect(page).toHaveTitle(homeTitle);

  // A link in the header (outside the screen) hands the focus to the new screen's heading too.
  await page.locator('sf-storefront [part~="header"] a[href="/search"]').click();
  await expect(page.locator('sf-storefront [part~="main"] h1')).toBeFocused();
  await expect(page).toHaveTitle('Search | Harbor Eats');
});
