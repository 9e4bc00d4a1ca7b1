import type { Page } from '@playwright/test';
import { addPrimaryAddress, apiRegister, uniqueMobile } from './helpers/customer.ts';
import { HARBOR } from './helpers/hosts.ts';
import { latestOtp } from './helpers/otp.ts';
import { openStoreWithPlainItem } from './helpers/stores.ts';
import { expect, test } from './helpers/test.ts';
import { startNear } from './helpers/pages.ts';

// A whole order with the keyboard alone, at 400% zoom: a 1280 × 1024 window zoomed four times
// is 320 × 256 CSS pixels. This file's store (no other file changes it) is green-leaf-vegan.
const STORE = 'green-leaf-vegan';

/**
 * Presses Tab (Shift+Tab when `backwards`) until the focused element, looked for through shadow roots,
 * matches `selector` and contains `text`; fails after `max` presses.
 */
async function tabTo(page: Page, selector: string, { text = '', backwards = false, max = 150 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    const found = await page.evaluate(([wanted, words]) => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return !!active && active.matches(wanted) && (active.textContent ?? '').includes(words);
    }, [selector, text] as const);
    if (found) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab did not reach ${selector}${text ? ` with "${text}"` : ''} in ${max} presses`);
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where} at 400% zoom`).toBeLessThanOrEqual(clientWidth);
}

test('a new customer orders with the keyboard alone at 400% zoom (320 × 256 CSS px)', async ({ page }) => {
  test.setTimeout(180_000);
  const { store, item } = await openStoreWithPlainItem(HARBOR, STORE, 'en');
  const near = { latitude: store.latitude, longitude: store.longitude };
  const mobile = uniqueMobile('415');
  const session = await apiRegister(HARBOR, mobile, 'Keyboard Customer');
  await addPrimaryAddress(HARBOR, session.token, near);

  await startNear(page, near);
  await page.setViewportSize({ width: 320, height: 256 });
  await page.goto('/');
  await expect(page.locator('sf-storefront a[part~="card"]').first()).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page, 'home');

  // Home: to the store's card, open it.
  await tabTo(page, 'a[part~="card"]', { text: store.name, max: 250 });
  await page.keyboard.press('Enter');
  const heading = page.locator('sf-storefront [part~="main"] h1');
  await expect(heading).toHaveText(store.name);
  await expect(heading).toBeFocused();
  await expectNoSidewaysScroll(page, 'the menu');

  // The menu: search for the item, add it.
  await tabTo(page, '[part~="search"]');
  await page.keyboard.type(item.name);
  await tabTo(page, '[part~="add-button"]');
  await page.keyboard.press('Enter');
  const badge = page.locator('sf-storefront [part~="header"] [part~="badge"]');
  await expect(badge).toHaveText('1');

  // The cart button is in the header, before the screen: back to it, open the drawer, check out.
  await tabTo(page, 'button[part~="button"]', { backwards: true });
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: /cart/i });
  await expect(drawer).toBeVisible();
  await tabTo(page, '[part~="view-cart"]');
  await page.keyboard.press('Enter');

  // A guest signs in on the way and comes back to the cart.
  await expect(page).toHaveURL(/\/sign-in\?next=%2Freview-cart$/);
  await tabTo(page, 'input[type="tel"]');
  await page.keyboard.type(mobile);
  const registrationCode = await latestOtp(mobile, HARBOR, { timeout: 1 }).catch(() => '');
  await page.keyboard.press('Enter');
  const otp = await latestOtp(mobile, HARBOR, registrationCode ? { notEqual: registrationCode } : {});
  await tabTo(page, 'input[autocomplete="one-time-code"]');
  await page.keyboard.type(otp);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/review-cart$/, { timeout: 20_000 });
  await expect(page.locator('sf-storefront [part~="delivery-address"]')).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page, 'review cart');

  // Review, then payment: the radio group by the arrow keys, place the order, confirm.
  await tabTo(page, '[part~="continue"]');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment$/);
  await tabTo(page, 'input[type="radio"][name="sf-payment"]');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('sf-storefront input[name="sf-payment"][value="cash"]')).toBeChecked();
  await expectNoSidewaysScroll(page, 'payment');
  await tabTo(page, '[part~="place-order"]');
  await page.keyboard.press('Enter');
  await tabTo(page, '[part~="alert-confirm"]');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-status\/\d+$/, { timeout: 30_000 });
  await expectNoSidewaysScroll(page, 'order status');
});
