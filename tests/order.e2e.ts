import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { addPrimaryAddress, api, apiRegister, apiSignIn, uniqueMobile } from './helpers/customer.ts';
import { HARBOR, SOUQ, vendorUrl, type VendorHost } from './helpers/hosts.ts';
import { latestOtp } from './helpers/otp.ts';
import type { MenuItem } from '../contract/api/menu.ts';
import { cheapestCustomisableItem, encodeStoreId, requiredChoices, storeInState, type StoreState } from './helpers/stores.ts';
import { DATABASE_JOURNEY, expect, test } from './helpers/test.ts';
import { startNear, startSignedIn } from './helpers/pages.ts';

// The order simulator of the e2e server moves an order one state a second (playwright.config.ts).
test.describe.configure({ timeout: 150_000 });

const HARBOR_WALLET_CUSTOMER = '4155550100'; // $25 in the wallet (seed)
const SOUQ_WALLET_CUSTOMER = '501234567'; // AED 50 in the wallet (seed)

// This file's stores (no other e2e file changes them); each test says whether its store is open
// now or closed and taking orders ahead. Tests of a file run one after another.
const HARBOR_STORE = 'dogpatch-breakfast-club';
const SOUQ_STORE = 'oasis-fruits-vegetables';
const STATES: readonly StoreState[] = ['open', 'closed'];
const when = (state: StoreState) => (state === 'open' ? 'open now' : 'closed, ordered ahead');

/** The file's store of the vendor in `state`, with its cheapest item that needs options. */
async function storeWithItem(vendor: VendorHost, slug: string, state: StoreState, lang: string) {
  const store = await storeInState(vendor, slug, state, lang);
  return { store, ...(await cheapestCustomisableItem(vendor, store.restaurant_id, lang)) };
}

/** Adds an item through the customise dialog, choosing the first options of each required group. */
async function addCustomised(page: Page, root: Locator, item: MenuItem) {
  await root.locator('[part~="search"]').fill(item.name);
  await root.locator('[part~="item"]').filter({ hasText: item.name }).first().locator('[part~="add-button"]').click();
  const dialog = page.getByRole('dialog', { name: item.name });
  await expect(dialog).toBeVisible();
  for (const { group, count } of requiredChoices(item)) {
    const fieldset = dialog.locator('fieldset').filter({ hasText: group.name });
    for (const option of group.options.slice(0, count)) await fieldset.getByLabel(option.name, { exact: false }).check();
  }
  await dialog.locator('[part~="confirm-button"]').click();
  await expect(dialog).toBeHidden();
}

/** Signs in with `<sf-sign-in>` in any language: mobile, the code from the dev log (a new one), verify. */
async function signInByOtp(vendor: VendorHost, mobile: string, form: Locator) {
  const previous = await latestOtp(mobile, vendor, { timeout: 1 }).catch(() => '');
  await form.locator('input[type="tel"]').fill(mobile);
  await form.locator('button[type="submit"]').first().click();
  const otp = await latestOtp(mobile, vendor, previous ? { notEqual: previous } : {});
  await form.locator('input[autocomplete="one-time-code"]').fill(otp);
  await form.locator('button[type="submit"]').first().click();
}

/** Chooses Schedule and the first date and time the store offers. */
async function scheduleFirstSlot(checkout: Locator) {
  await checkout.locator('[part~="when-option"]').nth(1).click();
  const date = checkout.locator('[part~="schedule-date"]');
  await date.selectOption({ index: 1 });
  const time = checkout.locator('[part~="schedule-time"]');
  await expect(time).toBeEnabled();
  await time.selectOption({ index: 1 });
}

/** Waits for the order status view to show Delivered as its current step. */
async function expectDelivered(page: Page, delivered: string) {
  await expect(page.locator('[part~="step"][aria-current="step"]')).toHaveText(new RegExp(delivered), { timeout: 90_000 });
}

test.describe('ordering end to end', () => {
  test('Harbor Eats, full page, English: a guest adds a customised item, signs in, applies a promo code, schedules though the store is open, pays by wallet, sees it delivered and rates it', DATABASE_JOURNEY, async ({ page }) => {
    const { store, item, price } = await storeWithItem(HARBOR, HARBOR_STORE, 'open', 'en');
    const token = await apiSignIn(HARBOR, HARBOR_WALLET_CUSTOMER);
    await addPrimaryAddress(HARBOR, token, { latitude: store.latitude + 0.002, longitude: store.longitude + 0.002 });
    const walletBefore = (await api(HARBOR, 'get_user_wallet_amount', {}, token)).Result!.wallet_amount;
    await startNear(page, store);

    // A guest browses the store's menu and adds a customised item.
    await page.goto(vendorUrl(HARBOR, `/restaurant/${encodeStoreId(store.restaurant_id)}`));
    const menu = page.locator('sf-storefront');
    await expect(menu.locator('[part~="item"]').first()).toBeVisible({ timeout: 20_000 });
    await addCustomised(page, menu, item);
    await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
    await page.getByRole('button', { name: 'View Cart' }).click();

    // Checkout needs an account: sign-in comes back to the cart.
    await expect(page).toHaveURL(/\/sign-in\?next=%2Freview-cart$/);
    const apiOtp = await latestOtp(HARBOR_WALLET_CUSTOMER, HARBOR);
    await page.getByLabel('Mobile number').fill(HARBOR_WALLET_CUSTOMER);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Enter OTP').fill(await latestOtp(HARBOR_WALLET_CUSTOMER, HARBOR, { notEqual: apiOtp }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/review-cart$/);
    await expect(page.getByRole('heading', { name: 'Review cart' })).toBeVisible();
    await expect(page.locator('[part~="line"]')).toHaveCount(1);
    await expect(page.locator('[part~="delivery-address"]')).toContainText('Test Street 1');

    // WELCOME10 needs an item total of $15: more of the same item.
    const quantity = Math.ceil(15 / price);
    for (let more = 1; more < quantity; more += 1) await page.getByRole('button', { name: `Increase quantity of ${item.name}` }).click();
    await expect(page.locator('[part~="quantity"]')).toHaveText(String(quantity));

    // A promo code, then a scheduled slot.
    await page.getByLabel('Promo code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.locator('[part~="promo-applied"]')).toHaveText('WELCOME10');
    await expect(page.locator('[part~="discount"]')).toBeVisible();
    const checkout = page.locator('sf-storefront');
    await scheduleFirstSlot(checkout);
    await expectNoA11yViolations(page, { include: ['sf-storefront'] });
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // Payment by wallet, after confirmation.
    await expect(page).toHaveURL(/\/payment$/);
    await page.getByRole('radio', { name: /^Wallet/ }).check();
    const total = await page.locator('[part~="grand-total"]').first().innerText();
    await page.getByRole('button', { name: 'Place order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Place order' });
    await expect(confirm).toBeVisible();
    await expectNoA11yViolations(page, { include: ['sf-storefront'] });
    await confirm.getByRole('button', { name: 'Place order' }).click();

    // The order moves through its states to Delivered.
    await expect(page).toHaveURL(/\/order-status\/\d+$/, { timeout: 20_000 });
    const orderId = Number(/order-status\/(\d+)/.exec(page.url())![1]);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'))).toEqual([]);
    await expect(page.getByRole('list', { name: 'Order progress' })).toBeVisible();
    // The status screen shows the order itself: its store (a link to the menu), items, totals, address and payment.
    const status = page.locator('sf-storefront [part~="order-status"]');
    await expect(status.getByRole('heading', { level: 1 })).toHaveText(`Order #${orderId}`);
    await expect(status.locator('[part~="store-link"]')).toHaveText(store.name);
    await expect(status.locator('[part~="store-link"]')).toHaveAttribute('href', `/restaurant/${encodeURIComponent(encodeStoreId(store.restaurant_id))}`);
    await expect(status.locator('[part~="line-name"]')).toHaveText(`${quantity} × ${item.name}`);
    await expect(status.locator('[part~="discount"]')).toContainText('WELCOME10');
    await expect(status.locator('[part~="total"]')).toContainText(total.replace(/\s/g, ''));
    await expect(status.locator('[part~="address"]')).toContainText('Test Street 1');
    await expect(status.locator('[part~="payment-method"]')).toHaveText('Wallet');
    await expect(status.locator('[part~="details-link"]')).toHaveAttribute('href', `/order-details/${orderId}`);
    // While it is open there is nothing to rate or reorder yet.
    await expect(status.locator('[part~="rate-link"]')).toHaveCount(0);
    await expectDelivered(page, 'Delivered');
    // Delivered: rate it and order it again.
    await expect(status.locator('[part~="rate-link"]')).toBeVisible();
    await expect(status.getByRole('button', { name: 'Reorder' })).toBeVisible();
    await expectNoA11yViolations(page, { include: ['sf-storefront'] });

    const walletAfter = (await api(HARBOR, 'get_user_wallet_amount', {}, token)).Result!.wallet_amount;
    expect(total).toContain((Math.round((walletBefore - walletAfter) * 100) / 100).toFixed(2));

    // Rating once.
    await page.getByRole('link', { name: 'Rate this order' }).click();
    await expect(page).toHaveURL(new RegExp(`/rating/${orderId}$`));
    await page.locator('[part~="stars-input"] label').filter({ has: page.getByRole('radio', { name: '5 stars' }) }).click();
    await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await page.getByLabel('Review (optional)').fill('Hot and on time.');
    await page.getByRole('button', { name: 'Submit rating' }).click();
    await expect(page.getByText('Thank you for your rating!')).toBeVisible();
    const rating = await api(HARBOR, 'check_rating', { order_id: orderId }, token);
    expect(rating.Result).toMatchObject({ rated: 1, rating: 5 });

    // The order is in the past orders, one click away in the header.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await page.getByRole('tab', { name: 'Past' }).click();
    await expect(page.locator('[part~="order"]').filter({ hasText: `#${orderId}` })).toBeVisible();
  });

  test('سوق المدينة, embedded on the vendor page, Arabic: from the store list to a wallet delivery scheduled while the store is closed, with a promo code, delivered and rated', async ({ page }) => {
    const { store, item, price } = await storeWithItem(SOUQ, SOUQ_STORE, 'closed', 'ar');
    const token = await apiSignIn(SOUQ, SOUQ_WALLET_CUSTOMER);
    await addPrimaryAddress(SOUQ, token, { latitude: store.latitude + 0.002, longitude: store.longitude + 0.002 });
    await startNear(page, store);

    // The vendor's page lists the stores; a card opens the vendor's menu page.
    await page.goto(vendorUrl(SOUQ, '/demo/'));
    const list = page.locator('sf-store-list');
    await expect(list).toHaveAttribute('dir', 'rtl');
    await list.locator('[part~="card"]').filter({ hasText: store.name }).first().click();
    await expect(page).toHaveURL(/\/demo\/menu\.html\?store=/);
    const menu = page.locator('sf-menu');
    await expect(menu.locator('[part~="item"]').first()).toBeVisible({ timeout: 20_000 });
    await addCustomised(page, menu, item);
    await page.locator('sf-cart-button').getByRole('button').click();
    await page.locator('sf-cart-drawer [part~="view-cart"]').click();

    // The vendor's checkout page asks a guest to sign in with the form beside it.
    await expect(page).toHaveURL(/\/demo\/checkout\.html$/);
    const checkout = page.locator('sf-checkout');
    await expect(checkout).toHaveAttribute('dir', 'rtl');
    await checkout.locator('[part~="sign-in"]').click();
    await signInByOtp(SOUQ, SOUQ_WALLET_CUSTOMER, page.locator('sf-sign-in'));
    await expect(checkout.locator('[part~="line"]')).toHaveCount(1, { timeout: 20_000 });
    await expect(checkout.locator('[part~="delivery-address"]')).toContainText('Test Street 1');

    // SOUQ10 needs AED 50 of items.
    const quantity = Math.ceil(50 / price);
    for (let more = 1; more < quantity; more += 1) await checkout.locator('[part~="plus"]').click();
    await expect(checkout.locator('[part~="quantity"]')).toHaveText(String(quantity));
    await checkout.locator('[part~="promo-input"]').fill('SOUQ10');
    await checkout.locator('[part~="promo-apply"]').click();
    await expect(checkout.locator('[part~="promo-applied"]')).toHaveText('SOUQ10');
    await expect(checkout.locator('[part~="discount"]')).toContainText('د.إ');
    await scheduleFirstSlot(checkout);
    await expectNoA11yViolations(page, { include: ['sf-checkout'] });
    await checkout.locator('[part~="continue"]').click();

    await checkout.locator('[part~="payment-option"]').first().click(); // the wallet
    await checkout.locator('[part~="place-order"]').click();
    const confirm = checkout.getByRole('dialog');
    await expect(confirm).toBeVisible();
    await expectNoA11yViolations(page, { include: ['sf-checkout'] });
    await confirm.locator('[part~="alert-confirm"]').click();

    // Placed: the success view links to the vendor's order page, which follows it to Delivered.
    await expect(checkout.locator('[part~="order-id"]')).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'))).toEqual([]);
    await checkout.locator('[part~="order-link"]').click();
    await expect(page).toHaveURL(/\/demo\/order\.html\?id=\d+&view=status$/);
    const orderId = Number(new URL(page.url()).searchParams.get('id'));
    const order = page.locator('sf-order');
    await expect(order).toHaveAttribute('dir', 'rtl');
    await expectDelivered(page, 'تم التوصيل');
    await expectNoA11yViolations(page, { include: ['sf-order'] });

    await order.locator('[part~="rate-link"]').click();
    await expect(page).toHaveURL(/view=rating$/);
    await order.locator('[part~="stars-input"] label').nth(3).click(); // the fourth star
    await order.locator('[part~="review"]').fill('خدمة ممتازة');
    await order.locator('[part~="submit-rating"]').click();
    await expect(order.locator('[part~="thanks"]')).toBeVisible();
    const rating = await api(SOUQ, 'check_rating', { order_id: orderId }, token);
    expect(rating.Result).toMatchObject({ rated: 1, rating: 4 });
  });

  for (const state of STATES) test(`Harbor Eats, full page, Arabic: a new customer registers at checkout and picks up the order, paying cash at the store (${when(state)})`, async ({ page }) => {
    const { store, item } = await storeWithItem(HARBOR, HARBOR_STORE, state, 'ar');
    const mobile = uniqueMobile('415');
    await startNear(page, store);
    await page.addInitScript(() => localStorage.setItem('localelang', 'ar'));

    await page.goto(vendorUrl(HARBOR, `/restaurant/${encodeStoreId(store.restaurant_id)}`));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const app = page.locator('sf-storefront');
    await expect(app.locator('[part~="item"]').first()).toBeVisible({ timeout: 20_000 });
    await addCustomised(page, app, item);
    await app.locator('button:has([part~="badge"])').click();
    await page.locator('[part~="view-cart"]').click();

    // Registration by OTP at sign-in, then back to the cart.
    await expect(page).toHaveURL(/\/sign-in\?next=%2Freview-cart$/);
    await page.locator('input[type="tel"]').fill(mobile);
    await page.locator('button[type="submit"]').first().click();
    await page.locator('input[autocomplete="name"]').fill('ليلى أحمد');
    await page.locator('input[type="email"]').fill('layla@example.com');
    await page.locator('button[type="submit"]').first().click();
    await page.locator('input[autocomplete="one-time-code"]').fill(await latestOtp(mobile, HARBOR));
    await page.locator('button[type="submit"]').first().click();
    await expect(page).toHaveURL(/\/review-cart$/);

    // Takeaway: the store's address instead of a delivery address, no driver tip.
    await app.locator('[part~="mode-option"]').nth(1).click();
    await expect(app.locator('[part~="pickup-address"]')).toContainText(store.name);
    await expect(app.locator('[part~="tip"]')).toHaveCount(0);
    if (state === 'closed') await scheduleFirstSlot(app);
    await expectNoA11yViolations(page, { include: ['sf-storefront'] });
    await app.locator('[part~="continue"]').click();

    await expect(page).toHaveURL(/\/payment$/);
    await app.locator('[part~="payment-option"]').nth(1).click(); // cash, paid at the store
    await app.locator('[part~="place-order"]').click();
    await app.getByRole('dialog').locator('[part~="alert-confirm"]').click();
    await expect(page).toHaveURL(/\/order-status\/\d+$/, { timeout: 20_000 });
    // Pickup never goes on the road.
    await expect(app.locator('[part~="step"]')).toHaveCount(state === 'closed' ? 6 : 5);
    await expect(app.locator('[part~="step"]').filter({ hasText: 'في الطريق' })).toHaveCount(0);
    await expectDelivered(page, 'تم التوصيل');

    await page.goto(vendorUrl(HARBOR, '/orders'));
    await app.getByRole('tab').nth(1).click();
    await expect(app.locator('[part~="order"]')).toHaveCount(1);
    await expect(app.locator('[part~="order-status"]').first()).toHaveText('تم التوصيل');
  });

  test('Harbor Eats, full page, English: a failed and a cancelled online payment leave no order and keep the cart; a paid one places it (closed, ordered ahead)', async ({ page }) => {
    const { store, item } = await storeWithItem(HARBOR, HARBOR_STORE, 'closed', 'en');
    const mobile = uniqueMobile('415');
    await startNear(page, store);

    await page.goto(vendorUrl(HARBOR, `/restaurant/${encodeStoreId(store.restaurant_id)}`));
    const app = page.locator('sf-storefront');
    await expect(app.locator('[part~="item"]').first()).toBeVisible({ timeout: 20_000 });
    await addCustomised(page, app, item);
    const cartBefore = await page.evaluate(() => localStorage.getItem('cart'));
    await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
    await page.getByRole('button', { name: 'View Cart' }).click();
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Full name').fill('Online Payer');
    await page.getByLabel('Email').fill('payer@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Enter OTP').fill(await latestOtp(mobile, HARBOR));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/review-cart$/);
    await app.locator('[part~="mode-option"]').nth(1).click(); // pickup: no address needed
    // A slot, which must survive each trip to the payment page.
    await scheduleFirstSlot(app);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    const payOnline = async (button: RegExp) => {
      await page.getByRole('radio', { name: /^Pay online/ }).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('dialog', { name: 'Place order' }).getByRole('button', { name: 'Place order' }).click();
      // The test provider's hosted page.
      await expect(page).toHaveURL(/\/pay\/test\//, { timeout: 20_000 });
      await expectNoA11yViolations(page);
      // The provider sends the browser back to payment-online, which the checkout leaves again as soon as the
      // server has told it how the payment went: wait for that navigation from the click on, not for a URL that may be gone.
      await Promise.all([
        page.waitForURL(/\/payment-online\?/, { waitUntil: 'commit' }),
        page.getByRole('button', { name: button }).click(),
      ]);
    };

    await payOnline(/^Fail payment$/);
    const notice = page.getByRole('dialog', { name: 'Notice' });
    await expect(notice.getByRole('alert')).toHaveText('Payment failed', { timeout: 20_000 });
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe(cartBefore);

    await payOnline(/^Cancel$/);
    await expect(notice.getByRole('alert')).toHaveText('Payment cancelled', { timeout: 20_000 });
    await notice.getByRole('button', { name: 'OK' }).click();
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe(cartBefore);

    // Neither attempt is an order the customer or the store sees.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const ongoing = await api(HARBOR, 'ongoing_orders', {}, token!);
    expect(ongoing.code).toBe(101);

    await payOnline(/^Pay/);
    await expect(page).toHaveURL(/\/order-status\/\d+$/, { timeout: 20_000 });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'))).toEqual([]);
    const after = await api(HARBOR, 'ongoing_orders', {}, token!);
    expect(after.Result?.length ?? 0).toBeLessThanOrEqual(1);
  });

  // Open and closed differ in the checkout alone (a slot to choose), which the pickup journey above walks in both
  // states; the two cash-on-delivery journeys take one each, so delivery is also seen both ways.
  test(`Harbor Eats, embedded on the vendor page, English: cash on delivery from the vendor's menu and checkout pages (${when('closed')})`, async ({ page }) => {
    const { store, item } = await storeWithItem(HARBOR, HARBOR_STORE, 'closed', 'en');
    const session = await apiRegister(HARBOR, uniqueMobile('415'), 'Embedded Customer');
    await addPrimaryAddress(HARBOR, session.token, { latitude: store.latitude + 0.002, longitude: store.longitude + 0.002 });
    await startNear(page, store);
    await startSignedIn(page, session);

    await page.goto(vendorUrl(HARBOR, `/demo/menu.html?store=${encodeStoreId(store.restaurant_id)}`));
    const menu = page.locator('sf-menu');
    await expect(menu.locator('[part~="item"]').first()).toBeVisible({ timeout: 20_000 });
    await addCustomised(page, menu, item);
    await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
    await page.getByRole('button', { name: 'View Cart' }).click();
    await expect(page).toHaveURL(/\/demo\/checkout\.html$/);
    const checkout = page.locator('sf-checkout');
    await expect(page.getByRole('heading', { name: 'Review cart' })).toBeVisible({ timeout: 20_000 });
    await expect(checkout.locator('[part~="delivery-address"]')).toContainText('Test Street 1');
    await scheduleFirstSlot(checkout);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeFocused();
    await page.getByRole('radio', { name: /^Cash on delivery/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('dialog', { name: 'Place order' }).getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Follow your order' }).click();
    await expect(page).toHaveURL(/\/demo\/order\.html\?id=\d+&view=status$/);
    await expectDelivered(page, 'Delivered');
  });

  test(`سوق المدينة, full page, Arabic: the forced store choice, then cash on delivery (${when('open')})`, async ({ page }) => {
    const { store, item, price } = await storeWithItem(SOUQ, SOUQ_STORE, 'open', 'ar');
    const session = await apiRegister(SOUQ, uniqueMobile('50'), 'عميل جديد');
    await addPrimaryAddress(SOUQ, session.token, { latitude: store.latitude + 0.002, longitude: store.longitude + 0.002 });
    await startNear(page, store);
    await startSignedIn(page, session);

    // The grocery vendor asks for a store first (product type 2, store_selection 0).
    await page.goto(vendorUrl(SOUQ, '/'));
    const picker = page.getByRole('dialog', { name: 'اختر متجرك' });
    await expect(picker).toBeVisible({ timeout: 20_000 });
    await picker.locator('[part~="store"]').filter({ hasText: store.name }).first().click();
    await expect(picker).toBeHidden();
    await page.goto(vendorUrl(SOUQ, `/restaurant/${encodeStoreId(store.restaurant_id)}`));
    const app = page.locator('sf-storefront');
    await expect(app.locator('[part~="item"]').first()).toBeVisible({ timeout: 20_000 });
    await addCustomised(page, app, item);
    await app.locator('button:has([part~="badge"])').click();
    await page.locator('[part~="view-cart"]').click();
    await expect(page).toHaveURL(/\/review-cart$/);
    // The store's minimum order: more of the item until it is met.
    const quantity = Math.max(1, Math.ceil(30 / price));
    for (let more = 1; more < quantity; more += 1) await app.locator('[part~="plus"]').click();
    await expect(app.locator('[part~="delivery-address"]')).toContainText('Test Street 1');
    await app.locator('[part~="continue"]').click();
    await expect(page).toHaveURL(/\/payment$/);
    await app.locator('[part~="payment-option"]').nth(1).click(); // cash on delivery
    await app.locator('[part~="place-order"]').click();
    await app.getByRole('dialog').locator('[part~="alert-confirm"]').click();
    await expect(page).toHaveURL(/\/order-status\/\d+$/, { timeout: 20_000 });
    await expectDelivered(page, 'تم التوصيل');
  });
});
