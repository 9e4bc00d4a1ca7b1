import { addPrimaryAddress, api, apiRegister, uniqueMobile } from './helpers/customer.ts';
import { HARBOR, vendorUrl } from './helpers/hosts.ts';
import { encodeStoreId, openStoreWithPlainItem } from './helpers/stores.ts';
import { expect, test } from './helpers/test.ts';
import { startNear, startSignedIn } from './helpers/pages.ts';

// This file's store (no other file changes it): spice-route-indian-kitchen, open at every hour.
const STORE = 'spice-route-indian-kitchen';

test('the checkout keeps a saved address the customer chose over the primary one, after a reload', async ({ page }) => {
  const { store, item } = await openStoreWithPlainItem(HARBOR, STORE, 'en');
  const session = await apiRegister(HARBOR, uniqueMobile('415'), 'Two Addresses');
  // The primary address first, then a second one (Office) that the customer will choose at checkout.
  const office = await api(HARBOR, 'add_shiping_address', {
    address_clarification: 'Office', address: 'Second Street 2', flat_no: '7', house_name: 'Office Tower', landmark: '',
    city: 'Test City', state: '', zip_code: '', latitude: store.latitude + 0.001, longitude: store.longitude + 0.001,
  }, session.token);
  expect(office.code).toBe(200);
  await addPrimaryAddress(HARBOR, session.token, { latitude: store.latitude + 0.002, longitude: store.longitude + 0.002 });

  await startSignedIn(page, session);
  await startNear(page, { latitude: store.latitude + 0.002, longitude: store.longitude + 0.002 });
  await page.goto(vendorUrl(HARBOR, `/restaurant/${encodeURIComponent(encodeStoreId(store.restaurant_id))}`));
  await page.locator('sf-storefront [part~="item"]').filter({ hasText: item.name }).first().locator('[part~="add-button"]').click();
  await page.goto(vendorUrl(HARBOR, '/review-cart'));
  const address = page.locator('sf-storefront [part~="delivery-address"]');
  await expect(address).toContainText('Test Street 1', { timeout: 20_000 });

  await page.locator('sf-storefront [part~="change-address"]').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Second Street 2' });
  await dialog.getByText('Second Street 2').click();
  await expect(address).toContainText('Second Street 2');

  await page.reload();
  await expect(address).toContainText('Second Street 2', { timeout: 20_000 });
  await expect(page.locator('sf-storefront [part~="breakdown"], sf-storefront [part~="bill"]').first()).toBeVisible();
});
