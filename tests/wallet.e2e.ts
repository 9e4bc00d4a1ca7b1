// The wallet as a new customer finds it: the balance and an empty history, Add money checked as typed,
// the provider's page and back (cancelled, then paid), the balance, the history line and the side menu's
// balance. Harbor Eats in English at 390 px by keyboard, through the test provider; Souq in Arabic at
// 1280 px with Arabic-Indic digits, through Stripe Checkout (the official SDK against the run's local
// Stripe double). Axe on each screen.
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { api, apiRegister, uniqueMobile } from './helpers/customer.ts';
import { API_ORIGIN, HARBOR, hostHeaders, SOUQ, vendorUrl, type VendorHost } from './helpers/hosts.ts';
import { startNear, startSignedIn } from './helpers/pages.ts';
import { expect, test } from './helpers/test.ts';

test.describe.configure({ timeout: 120_000 });

const PLACES = { [HARBOR.host]: { latitude: 37.7749, longitude: -122.4194 }, [SOUQ.host]: { latitude: 25.2048, longitude: 55.2708 } };

async function newCustomer(page: Page, vendor: VendorHost, name: string) {
  const session = await apiRegister(vendor, uniqueMobile(vendor === SOUQ ? '50' : '415'), name);
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

test('English at 390 px: a new customer adds money by keyboard, cancels once, pays, and sees the balance and the history line', async ({ page }) => {
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
});

test('Arabic at 1280 px, through Stripe Checkout: an amount typed in Arabic-Indic digits is paid and credited in dirhams', async ({ page }) => {
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
});
