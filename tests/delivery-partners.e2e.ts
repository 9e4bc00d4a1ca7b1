// Delivery partners as a customer of the rupee vendor meets them: at checkout, Porter and Dunzo quote
// beside the store's own delivery (their local doubles, by distance), the bill follows the choice by
// keyboard, and the order is charged exactly the chosen quote. Masala Street (seeded where the
// doubles run) at 390 px. This file's store: dosa-corner, made open at every hour (the checkout of a closed
// store asks for a time first, which is not what this file tests).
import { expectNoA11yViolations } from './helpers/axe.ts';
import { addPrimaryAddress, api, apiRegister, uniqueMobile } from './helpers/customer.ts';
import { MASALA, vendorUrl } from './helpers/hosts.ts';
import { startNear, startSignedIn } from './helpers/pages.ts';
import { encodeStoreId, storeInState } from './helpers/stores.ts';
import { expect, test } from './helpers/test.ts';

test.describe.configure({ timeout: 120_000 });

test('Masala Street at 390 px: Porter and Dunzo quote beside the store\'s delivery, the bill follows the choice, and the order is charged that quote', async ({ page }) => {
  const store = await storeInState(MASALA, 'dosa-corner', 'open', 'en');
  const session = await apiRegister(MASALA, uniqueMobile('98'), 'Asha Test');
  // An address 2 km or so from the store, inside its radius and both partners' reach.
  await addPrimaryAddress(MASALA, session.token, { latitude: store.latitude + 0.012, longitude: store.longitude + 0.01 });
  await startSignedIn(page, session);
  await startNear(page, store);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto(vendorUrl(MASALA, `/restaurant/${encodeStoreId(store.restaurant_id)}`));
  const app = page.locator('sf-storefront');
  await expect(app.locator('[part~="item"]').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add Ghee Roast Dosa', exact: true }).click();
  await page.goto(vendorUrl(MASALA, '/review-cart'));
  await expect(page.getByRole('heading', { name: 'Review cart' })).toBeVisible({ timeout: 20_000 });

  const deliveryBy = app.locator('[part~="delivery-by"]');
  await expect(deliveryBy.getByRole('radio')).toHaveCount(3, { timeout: 20_000 });
  const porter = deliveryBy.locator('[part~="delivery-option"]', { hasText: 'Porter' });
  await expect(porter).toContainText('₹', { timeout: 20_000 });
  await expect(deliveryBy.locator('[part~="delivery-option"]', { hasText: 'Dunzo' })).toContainText('₹');
  const storeCharge = await app.locator('[part~="delivery-charge"]').first().innerText();
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });

  // By keyboard: the first option (the store's own) is chosen; an arrow moves to Porter.
  const own = deliveryBy.getByRole('radio').first();
  await expect(own).toBeChecked();
  await own.focus();
  while (!(await deliveryBy.getByRole('radio', { name: /Porter/ }).isChecked())) await page.keyboard.press('ArrowDown');
  const quoted = /₹[\d,]+\.\d{2}/.exec(await porter.innerText())![0];
  await expect(app.locator('[part~="delivery-charge"]').first()).toContainText(quoted);
  expect(quoted).not.toBe(storeCharge);

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('radio', { name: /^Cash on delivery/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('dialog', { name: 'Place order' }).getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-status\/\d+$/, { timeout: 20_000 });
  const orderId = Number(/order-status\/(\d+)/.exec(page.url())![1]);
  const details = (await api(MASALA, 'view_order_details', { order_id: orderId }, session.token)).Result;
  expect(details?.delivery_charge).toBe(Number(quoted.replace(/[₹,]/g, '')));
});
