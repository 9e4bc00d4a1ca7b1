// ARIA snapshots of every element on the demo's pages, as a vendor places them: Harbor Eats in English and
// سوق المدينة in Arabic, each signed in as a new customer with an order done and an address saved. Each element's
// roles, names, states and structure (Playwright's ARIA snapshot, through its shadow root) are compared with the
// approved ones in tests/aria-snapshots/, so a change that axe cannot judge (a button renamed, a heading gone, a
// list that is no longer one) is seen in review. The route table's screens are snapshotted in the walk of
// tests/screens.e2e.ts. What changes from run to run by design is written the same every time (helpers/aria.ts).
// This file's stores are the menu and tracking files' (mission-street-taqueria, al-baraka-butchery), only ever made open.
import type { Page } from '@playwright/test';
import { expectAriaSnapshot } from './helpers/aria.ts';
import { addPrimaryAddress, apiPickupOrderDone, apiRegister, uniqueMobile } from './helpers/customer.ts';
import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import { gotoSettled, startNear, startSignedIn } from './helpers/pages.ts';
import { encodeStoreId, openStoreWithPlainItem } from './helpers/stores.ts';
import { expect, test } from './helpers/test.ts';

test.describe.configure({ mode: 'parallel', timeout: 120_000 });

const CASES = [
  { vendor: HARBOR, lang: 'en', store: 'mission-street-taqueria' },
  { vendor: SOUQ, lang: 'ar', store: 'al-baraka-butchery' },
] as const;

/** The demo's pages with what each needs: the store's id, the order's. */
const PAGES = (store: string, order: number) => [
  '/demo/index.html', '/demo/light.html', '/demo/location.html', '/demo/plain.html', `/demo/menu.html?store=${store}`,
  '/demo/checkout.html', `/demo/order.html?id=${order}`, `/demo/track.html?id=${order}`, '/demo/subscriptions.html',
  `/demo/group.html?store=${store}`,
];

/** The tags of the storefront's elements placed in the page (not those inside other elements). */
const placedTags = (page: Page) => page.evaluate(() => [...new Set([...document.querySelectorAll('*')]
  .map((element) => element.localName).filter((tag) => tag.startsWith('sf-')))]);

for (const { vendor, lang, store: slug } of CASES) {
  test(`every element on the demo's pages, ${lang}: its roles, names and structure as approved`, async ({ page }) => {
    test.setTimeout(240_000);
    const { store, item } = await openStoreWithPlainItem(vendor, slug, lang);
    const session = await apiRegister(vendor, uniqueMobile(vendor === SOUQ ? '50' : '415'), lang === 'en' ? 'Aria Walker' : 'زائرة');
    await addPrimaryAddress(vendor, session.token, { latitude: store.latitude + 0.005, longitude: store.longitude + 0.005 });
    // An order taken to its end by the demo's simulator (a step a second): still from then on.
    const orderId = await apiPickupOrderDone(vendor, session.token, store.restaurant_id, item);
    await startSignedIn(page, session);
    await startNear(page, store);
    await page.addInitScript((id) => localStorage.setItem('restaurantId', JSON.stringify(id)), encodeStoreId(store.restaurant_id));
    await page.setViewportSize({ width: 1280, height: 800 });
    const seen = new Set<string>();
    for (const path of PAGES(encodeURIComponent(encodeStoreId(store.restaurant_id)), orderId)) {
      await gotoSettled(page, vendorUrl(vendor, path));
      const name = path.replace(/^\/demo\/|\.html.*$/g, '');
      for (const tag of await placedTags(page)) {
        const element = page.locator(tag).first();
        await expect(element.locator('[aria-busy="true"]'), `${path} ${tag} has loaded`).toHaveCount(0, { timeout: 20_000 });
        await expectAriaSnapshot(element, `elements/${lang}/${name}/${tag}`);
        seen.add(tag);
      }
    }
    // The demo places most of the elements; each of these is snapshotted at least once.
    expect([...seen].sort()).toEqual(expect.arrayContaining([
      'sf-cart-button', 'sf-cart-drawer', 'sf-checkout', 'sf-group-order', 'sf-language-switcher', 'sf-location', 'sf-menu', 'sf-offers',
      'sf-order', 'sf-orders', 'sf-side-menu', 'sf-sign-in', 'sf-store-list', 'sf-subscribe', 'sf-subscriptions', 'sf-support-chat', 'sf-tracking',
    ]));
  });
}
