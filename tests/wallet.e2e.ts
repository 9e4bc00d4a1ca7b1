// The wallet as a new customer finds it: the balance and an empty history, Add money checked as typed,
// the provider's page and back (cancelled, then paid), the balance, the history line and the side menu's
// balance. Harbor Eats in English at 390 px by keyboard, through the test provider; Souq in Arabic at
// 1280 px with Arabic-Indic digits, through Stripe Checkout (the official SDK against the run's local
// Stripe double). Then each pays an order (from the wallet; through Stripe) and cancels it before the
// store takes it (the simulator is told to leave it), and the refund line is in the wallet. Axe on each
// screen. This file's stores: sweet-tide-desserts, al-shifa-pharmacy.
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { api, apiPlaceOrder, apiRegister, holdOrder, uniqueMobile } from './helpers/customer.ts';
import { API_ORIGIN, BERLIN, HARBOR, hostHeaders, MASALA, SOUQ, vendorUrl, type VendorHost } from './helpers/hosts.ts';
import { startNear, startSignedIn } from './helpers/pages.ts';
import { openStoreWithPlainItem } from './helpers/stores.ts';
import { expect, test } from './helpers/test.ts';

test.describe.configure({ timeout: 120_000 });

const PLACES = {
  [HARBOR.host]: { latitude: 37.7749, longitude: -122.4194 },
  [SOUQ.host]: { latitude: 25.2048, longitude: 55.2708 },
  [MASALA.host]: { latitude: 12.9716, longitude: 77.5946 },
  [BERLIN.host]: { latitude: 52.52, longitude: 13.405 },
};

async function newCustomer(page: Page, vendor: VendorHost, name: string) {
  const session = await apiRegister(vendor, uniqueMobile(vendor === SOUQ ? '50' : vendor === MASALA ? '98' : vendor === BERLIN ? '151' : '415'), name);
  await startSignedIn(page, session);
  await startNear(page, PLACES[vendor.host]!);
  return session;
}

/** On the test provider's page: axe, then the button, and back on the wallet (the return's parameters gone). */
async function payOnProviderPage(page: Page, vendor: VendorHost, button: RegExp) {
  await expect(page).toHaveURL(/\/pay\/test\//, { timeout: 20_000 });
  await expect(page.getByText('Wallet recharge')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(vendorUrl(vendor, '/wallet'), { timeout: 20_000 });
}

test('English at 390 px: a new customer adds money by keyboard, cancels once, pays, sees the balance and the history line, then cancels a wallet order and sees the refund line', async ({ page }) => {
  const session = await newCustomer(page, HARBOR, 'Robin Wallet');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(vendorUrl(HARBOR, '/wallet'));
  const main = page.locator('sf-storefront [part~="main"]');
  await expect(page.getByRole('heading', { name: 'My Wallet', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(main.locator('[part~="balance"]')).toHaveText('$0.00');
  await expect(main.locator('[part~="empty"]')).toHaveText('No wallet activity yet.');
  await expect(main.getByText('From $5.00; your wallet can hold up to $500.00.')).toBeVisible();
  await expectNoA11yViolations(page);

  // Checked as typed: nothing, then past the limit; the field says why and keeps the focus.
  const amount = main.getByLabel('Amount (USD)');
  await main.getByRole('button', { name: 'Add money' }).click();
  await expect(main.getByRole('alert')).toHaveText('Please enter an amount');
  await expect(amount).toBeFocused();
  await amount.fill('600');
  await main.getByRole('button', { name: 'Add $600.00' }).click();
  await expect(main.getByRole('alert')).toHaveText('Wallet Recharge Limit exceeded: your wallet can hold up to $500.00.');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');

  // By keyboard: the one-tap amounts are one radio group; arrows choose, Tab goes on to the field and the button.
  await amount.fill('');
  await main.getByRole('radio', { name: '$10.00' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(main.getByRole('radio', { name: '$25.00' })).toBeChecked();
  await expect(amount).toHaveValue('25');
  await page.keyboard.press('Tab');
  await expect(amount).toBeFocused();
  // How to pay: the vendor's own provider first and chosen, the others it enabled for dollars beside it.
  await page.keyboard.press('Tab');
  const testProvider = main.getByRole('radio', { name: 'Test payment' });
  await expect(testProvider).toBeFocused();
  await expect(testProvider).toBeChecked();
  await expect(main.getByRole('group', { name: 'Pay with' }).getByRole('radio')).toHaveCount(await main.locator('[part~="provider"]').count());
  await page.keyboard.press('Tab');
  await expect(main.getByRole('button', { name: 'Add $25.00' })).toBeFocused();
  await page.keyboard.press('Enter');
  await payOnProviderPage(page, HARBOR, /^Cancel$/);
  await expect(main.locator('[part~="recharge-result"]')).toHaveText('The recharge was cancelled. Nothing was added to your wallet.', { timeout: 20_000 });
  await expect(main.locator('[part~="balance"]')).toHaveText('$0.00');

  await main.locator('[part~="amount"]').filter({ hasText: '$25.00' }).click();
  await main.getByRole('button', { name: 'Add $25.00' }).click();
  await payOnProviderPage(page, HARBOR, /^Pay /);
  await expect(main.locator('[part~="recharge-result"]')).toHaveText('$25.00 was added to your wallet.', { timeout: 20_000 });
  await expect(main.locator('[part~="balance"]')).toHaveText('$25.00');
  const line = main.locator('[part~="transaction"]').first();
  await expect(line.locator('[part~="transaction-kind"]')).toHaveText('Wallet recharge');
  await expect(line.locator('[part~="transaction-amount"]')).toHaveText('+$25.00');
  await expect(main.locator('[part~="transaction"]')).toHaveCount(1);
  await expectNoA11yViolations(page);
  expect(new URL(page.url()).search).toBe('');

  // The side menu's My Wallet shows the new balance; the server agrees.
  await page.locator('sf-storefront [part~="menu-button"]').click();
  await expect(page.locator('sf-storefront [part~="wallet-balance"]')).toHaveText('$25.00');
  await page.keyboard.press('Escape');
  expect((await api(HARBOR, 'get_user_wallet_amount', {}, session.token)).Result?.wallet_amount).toBe(25);

  // A reload says nothing again and credits nothing again.
  await page.reload();
  await expect(main.locator('[part~="balance"]')).toHaveText('$25.00', { timeout: 20_000 });
  await expect(main.locator('[part~="recharge-result"]')).toHaveText('');

  // An order paid from the wallet, cancelled by keyboard before the store takes it: the money comes back.
  const { store, item } = await openStoreWithPlainItem(HARBOR, 'sweet-tide-desserts', 'en', 'cheapest');
  const placed = await apiPlaceOrder(HARBOR, session.token, store.restaurant_id, item, { mode: 'pickup' }, { payment_method: 'wallet' });
  await holdOrder(HARBOR, placed.order_id);
  const paid = `$${placed.total.toFixed(2)}`;
  const left = `$${(25 - placed.total).toFixed(2)}`;
  await page.goto(vendorUrl(HARBOR, `/order-details/${placed.order_id}`));
  const details = page.locator('sf-storefront [part~="order-details"]');
  await expect(details.locator('[part~="payment-status"]')).toHaveText('Paid', { timeout: 20_000 });
  const cancel = details.getByRole('button', { name: 'Cancel order' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toContainText(`The ${paid} you paid will be refunded.`);
  await expectNoA11yViolations(page);
  // Escape keeps the order.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  expect((await api(HARBOR, 'get_user_wallet_amount', {}, session.token)).Result?.wallet_amount).toBeCloseTo(25 - placed.total, 6);
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Cancel order' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[part~="toast"]')).toContainText(`Your order has been cancelled. ${paid} is back in your wallet.`);
  await expect(details.locator('[part~="order-status"]')).toHaveText('Cancelled');
  await expect(details.locator('[part~="payment-status"]')).toHaveText('Refunded');
  await expect(details.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await page.goto(vendorUrl(HARBOR, '/wallet'));
  await expect(main.locator('[part~="balance"]')).toHaveText('$25.00', { timeout: 20_000 });
  const lines = main.locator('[part~="transaction"]');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0).locator('[part~="transaction-kind"]')).toHaveText('Order refund');
  await expect(lines.nth(0).locator('[part~="transaction-amount"]')).toHaveText(`+${paid}`);
  await expect(lines.nth(1).locator('[part~="transaction-kind"]')).toHaveText('Order payment');
  await expect(lines.nth(1).locator('[part~="transaction-amount"]')).toContainText(paid);
  await expect(lines.nth(1)).toContainText(left);
  await expectNoA11yViolations(page);

  // Deleting the account would lose the balance, and its confirmation says so (then Escape keeps the account).
  await page.goto(vendorUrl(HARBOR, '/profile'));
  await page.locator('sf-storefront [part~="main"]').getByRole('button', { name: 'Delete my account' }).click();
  const deleting = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(deleting.locator('[part~="delete-account-wallet"]')).toHaveText(
    'Your wallet balance of $25.00 is lost: it cannot be spent or paid out after your account is deleted.',
  );
  await page.keyboard.press('Escape');
  await expect(deleting).toBeHidden();
});

test('Arabic at 1280 px by keyboard, through providers the vendor enabled: one fails on its page and credits nothing, another pays and credits once', async ({ page }) => {
  const session = await newCustomer(page, HARBOR, 'رنا');
  await page.addInitScript(() => localStorage.setItem('localelang', 'ar'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(vendorUrl(HARBOR, '/wallet'));
  const main = page.locator('sf-storefront [part~="main"]');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('sf-storefront')).toHaveAttribute('dir', 'rtl');
  const providers = main.locator('[part~="providers"]');
  // Harbor takes dollars: the providers with a dollar account are offered, none that takes only rand (Yoco).
  await expect(providers.getByRole('radio', { name: 'Paystack' })).toBeVisible();
  await expect(providers.getByRole('radio', { name: 'Flutterwave' })).toBeVisible();
  await expect(providers.getByRole('radio', { name: 'Yoco' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Flutterwave, chosen by arrows; the payment fails on its page: nothing is added.
  const amount = main.locator('[part~="amount-input"]');
  await amount.fill('٤٠');
  await page.keyboard.press('Tab');
  await expect(providers.getByRole('radio', { name: 'Test payment' })).toBeFocused();
  while (!(await providers.getByRole('radio', { name: 'Flutterwave' }).isChecked())) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Tab');
  await expect(main.locator('[part~="recharge"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Flutterwave (local double)' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Amount: 40.00 USD')).toBeVisible();
  await page.getByRole('button', { name: 'Fail payment' }).click();
  await expect(page).toHaveURL(vendorUrl(HARBOR, '/wallet'), { timeout: 20_000 });
  await expect(main.locator('[part~="recharge-result"]')).toHaveText('فشل الدفع. لم تتم إضافة أي مبلغ إلى محفظتك.', { timeout: 20_000 });

  // Paystack: paid on its page, credited once; a reload credits nothing again.
  await amount.fill('٤٠');
  await providers.locator('[part~="provider"]', { hasText: 'Paystack' }).click();
  await expect(providers.getByRole('radio', { name: 'Paystack' })).toBeChecked();
  await main.locator('[part~="recharge"]').click();
  await expect(page.getByRole('heading', { name: 'Paystack (local double)' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Amount: 40.00 USD')).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(vendorUrl(HARBOR, '/wallet'), { timeout: 20_000 });
  await expect(main.locator('[part~="recharge-result"]')).toContainText('40', { timeout: 20_000 });
  await expect(main.locator('[part~="transaction"]')).toHaveCount(1);
  await expectNoA11yViolations(page);
  await page.reload();
  await expect(main.locator('[part~="transaction"]')).toHaveCount(1, { timeout: 20_000 });
  expect((await api(HARBOR, 'get_user_wallet_amount', {}, session.token)).Result?.wallet_amount).toBe(40);
});

test('Arabic on a phone, through HyperPay: its payment form is drawn in a page of ours, in Arabic, and the payment made there is credited once', async ({ page }) => {
  const session = await newCustomer(page, SOUQ, 'ليلى');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(vendorUrl(SOUQ, '/wallet'));
  const main = page.locator('sf-storefront [part~="main"]');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  const providers = main.locator('[part~="providers"]');
  await providers.locator('[part~="provider"]', { hasText: /^HyperPay$/ }).click();
  await expect(providers.getByRole('radio', { name: 'HyperPay', exact: true })).toBeChecked();
  await main.locator('[part~="amount-input"]').fill('٧٥');
  await main.locator('[part~="recharge"]').click();
  // Our page, in the customer's language, with the platform's form drawn by its script (allowed by the page's policy).
  await expect(page).toHaveURL(/\/pay\/hyperpay\/start\//, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'الدفع عبر HyperPay' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('VISA (local double)')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(vendorUrl(SOUQ, '/wallet'), { timeout: 20_000 });
  await expect(main.locator('[part~="recharge-result"]')).toContainText('75', { timeout: 20_000 });
  await expect(main.locator('[part~="transaction"]')).toHaveCount(1);
  expect((await api(SOUQ, 'get_user_wallet_amount', {}, session.token)).Result?.wallet_amount).toBe(75);
});

test('In rupees at 1280 px, through Paytm: a page of ours posts the payment on to Paytm, Paytm posts the outcome back, credited once', async ({ page }) => {
  const session = await newCustomer(page, MASALA, 'Priya Test');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(vendorUrl(MASALA, '/wallet'));
  const main = page.locator('sf-storefront [part~="main"]');
  await expect(page.getByRole('heading', { name: 'My Wallet', level: 1 })).toBeVisible({ timeout: 20_000 });
  const providers = main.locator('[part~="providers"]');
  for (const name of ['Razorpay', 'PayU', 'Paytm', 'PhonePe', 'Cashfree']) await expect(providers.getByRole('radio', { name })).toHaveCount(1);
  await providers.locator('[part~="provider"]', { hasText: /^Paytm$/ }).click();
  await main.locator('[part~="amount"]').filter({ hasText: '₹500.00' }).click();
  await main.getByRole('button', { name: 'Add ₹500.00' }).click();
  // Our start page sends the form on by itself; Paytm's page (its double) takes it.
  await expect(page.getByRole('heading', { name: 'Paytm (local double)' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Amount: 500.00 INR')).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(vendorUrl(MASALA, '/wallet'), { timeout: 20_000 });
  await expect(main.locator('[part~="recharge-result"]')).toHaveText('₹500.00 was added to your wallet.', { timeout: 20_000 });
  await expect(main.locator('[part~="transaction"]')).toHaveCount(1);
  await expectNoA11yViolations(page);
  expect((await api(MASALA, 'get_user_wallet_amount', {}, session.token)).Result?.wallet_amount).toBe(500);
});

test('German on a phone, through MTN MoMo: our page waits while the customer approves on their phone, then goes on by itself, credited once', async ({ page, context }) => {
  const session = await newCustomer(page, BERLIN, 'Anna Test');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(vendorUrl(BERLIN, '/wallet'));
  const main = page.locator('sf-storefront [part~="main"]');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await main.locator('[part~="providers"] [part~="provider"]', { hasText: /^MTN MoMo$/ }).click();
  await main.locator('[part~="amount"]').filter({ hasText: '25,00' }).click();
  await main.locator('[part~="recharge"]').click();
  // Our page, in German, waiting for the phone; the demo links the phone's stand-in (the double).
  await expect(page.getByRole('heading', { name: 'In MoMo bestätigen' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status')).toContainText('25,00');
  await expectNoA11yViolations(page);
  const [phone] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Open the stand-in phone (local double)' }).click()]);
  await phone.getByRole('button', { name: /^Pay / }).click();
  await expect(phone.getByRole('status')).toContainText('go back');
  await phone.close();
  // The waiting page asks MoMo again every few seconds and goes on to the wallet once it has an answer.
  await expect(page).toHaveURL(vendorUrl(BERLIN, '/wallet'), { timeout: 20_000 });
  await expect(main.locator('[part~="recharge-result"]')).toContainText('25,00', { timeout: 20_000 });
  await expect(main.locator('[part~="transaction"]')).toHaveCount(1);
  expect((await api(BERLIN, 'get_user_wallet_amount', {}, session.token)).Result?.wallet_amount).toBe(25);
});

test('Arabic at 1280 px, through Stripe Checkout: an amount typed in Arabic-Indic digits is paid and credited in dirhams; an order paid there and cancelled comes back to the wallet', async ({ page }) => {
  // Souq takes payments through Stripe in this run (only this file pays online there).
  const configured = await fetch(`${API_ORIGIN}/test/stripe-account`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...hostHeaders(SOUQ) }, body: JSON.stringify({ host: SOUQ.host }),
  });
  expect(configured.status).toBe(200);
  const session = await newCustomer(page, SOUQ, 'سلمى');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(vendorUrl(SOUQ, '/wallet-payment'));
  const main = page.locator('sf-storefront [part~="main"]');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('sf-storefront')).toHaveAttribute('dir', 'rtl');
  const amount = main.locator('[part~="amount-input"]');
  // wallet-payment opens on the amount.
  await expect(amount).toBeFocused();
  await expectNoA11yViolations(page);

  // Cancelled on Stripe's page: nothing is credited.
  await amount.fill('٥٠');
  await main.locator('[part~="recharge"]').click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/checkout\/cs_test_/, { timeout: 20_000 });
  await expect(page.getByText('50.00 AED')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(vendorUrl(SOUQ, '/wallet'), { timeout: 20_000 });
  await expect(main.locator('[part~="recharge-result"]')).toHaveText('تم إلغاء الشحن. لم تتم إضافة أي مبلغ إلى محفظتك.', { timeout: 20_000 });

  await amount.fill('١٠٠');
  await main.locator('[part~="recharge"]').click();
  await expect(page).toHaveURL(/\/checkout\/cs_test_/, { timeout: 20_000 });
  await expect(page.getByText('100.00 AED')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(vendorUrl(SOUQ, '/wallet'), { timeout: 20_000 });
  await expect(main.locator('[part~="recharge-result"]')).toContainText('100', { timeout: 20_000 });
  await expect(main.locator('[part~="transaction-kind"]').first()).toHaveText('شحن المحفظة');
  await expect(main.locator('[part~="transaction"]')).toHaveCount(1);
  await expectNoA11yViolations(page);
  expect((await api(SOUQ, 'get_user_wallet_amount', {}, session.token)).Result?.wallet_amount).toBe(100);

  // An order paid through Stripe Checkout, cancelled before the store takes it: Souq refunds online payments to the wallet.
  const { store, item } = await openStoreWithPlainItem(SOUQ, 'al-shifa-pharmacy', 'ar', 'cheapest');
  const placed = await apiPlaceOrder(SOUQ, session.token, store.restaurant_id, item, { mode: 'pickup' }, {
    payment_method: 'online', return_url: vendorUrl(SOUQ, '/payment-online'),
  });
  await holdOrder(SOUQ, placed.order_id);
  await page.goto(placed.payment_url);
  await expect(page.getByText(`${placed.total.toFixed(2)} AED`)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(vendorUrl(SOUQ, `/order-status/${placed.order_id}`), { timeout: 20_000 });
  const status = page.locator('sf-storefront [part~="order-status"]');
  await expect(status.locator('[part~="payment-status"]')).toHaveText('مدفوع', { timeout: 20_000 });
  await status.getByRole('button', { name: 'إلغاء الطلب' }).click();
  const dialog = page.getByRole('dialog', { name: 'إلغاء هذا الطلب؟' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'إلغاء الطلب' }).click();
  await expect(page.locator('[part~="toast"]')).toContainText('تم إلغاء طلبك.');
  await expect(status.locator('[part~="payment-status"]')).toHaveText('تم الاسترداد');
  await page.goto(vendorUrl(SOUQ, '/wallet'));
  await expect(main.locator('[part~="transaction"]')).toHaveCount(2, { timeout: 20_000 });
  await expect(main.locator('[part~="transaction-kind"]').first()).toHaveText('استرداد طلب');
  await expectNoA11yViolations(page);
  expect((await api(SOUQ, 'get_user_wallet_amount', {}, session.token)).Result?.wallet_amount).toBeCloseTo(100 + placed.total, 6);
});
