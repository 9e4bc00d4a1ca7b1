// Subscriptions as a new customer of سوق المدينة finds them, in Arabic at 390 px: Subscribe beside the milk
// on the supermarket's menu, the subscription cart (quantity, Everyday, the first date and the slot,
// delivered to the saved address), the review with the server's bill, Subscribe, then the subscription's
// screen: pause from a date, resume, change the quantity, ask for this month's invoice (none billed yet),
// cancel; the list
// under My Subscription. Axe on
// each screen; then the same in English at 1280 px by keyboard. This file's store: gulf-supermarket.
import { expectNoA11yViolations } from './helpers/axe.ts';
import { addPrimaryAddress, apiRegister, uniqueMobile } from './helpers/customer.ts';
import { SOUQ, vendorUrl } from './helpers/hosts.ts';
import { openHome, startSignedIn } from './helpers/pages.ts';
import { encodeStoreId, storeInState } from './helpers/stores.ts';
import { expect, test } from './helpers/test.ts';

test.describe.configure({ timeout: 120_000 });

test('Arabic at 390 px: a new customer subscribes to daily milk, pauses, resumes, changes the quantity, asks for an invoice before any delivery is billed and cancels', async ({ page }) => {
  const store = await storeInState(SOUQ, 'gulf-supermarket', 'open', 'ar');
  const session = await apiRegister(SOUQ, uniqueMobile('50'), 'منى');
  await addPrimaryAddress(SOUQ, session.token, { latitude: store.latitude + 0.005, longitude: store.longitude + 0.005 });
  await startSignedIn(page, session);
  await page.setViewportSize({ width: 390, height: 844 });
  // The grocery vendor has the customer choose a store first: the nearest, the supermarket.
  await openHome(page, SOUQ);
  await page.goto(vendorUrl(SOUQ, `/restaurant/${encodeURIComponent(encodeStoreId(store.restaurant_id))}`));
  const main = page.locator('sf-storefront [part~="main"]');

  // Subscribe beside the milk, not beside items the store does not offer by subscription.
  const subscribe = main.getByRole('button', { name: /^الاشتراك في حليب/ });
  await expect(subscribe).toBeVisible({ timeout: 20_000 });
  await expect(main.locator('[part~="subscribe-button"]')).not.toHaveCount(0);
  await subscribe.click();

  await expect(page).toHaveURL(/\/subscription-cart$/);
  const cart = main.locator('[part~="subscription-cart"]');
  await expect(cart.getByRole('heading', { level: 1 })).toHaveText('اشترك');
  await expect(cart.locator('[part~="item-name"]')).toContainText('حليب');
  // Three bottles reach the store's minimum order.
  const more = cart.getByRole('button', { name: 'زيادة الكمية' });
  await more.click();
  await more.click();
  await expect(cart.locator('[part~="quantity"]')).toHaveText('3');
  await expect(cart.getByRole('radio', { name: 'يومياً' })).toBeChecked();
  await expect(cart.locator('[part~="address-select"]')).toBeVisible({ timeout: 20_000 });
  const start = await cart.locator('[part~="start-date"]').inputValue();
  expect(start).toMatch(/^\d{4}-\d\d-\d\d$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });
  await cart.getByRole('button', { name: 'مراجعة الاشتراك' }).click();

  await expect(page).toHaveURL(/\/review-subscription$/);
  const review = main.locator('[part~="review-subscription"]');
  await expect(review.locator('[part~="per-delivery"]')).toBeVisible({ timeout: 20_000 });
  await expect(review.locator('[part~="first-period"]')).toContainText('30');
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });
  await review.getByRole('button', { name: 'اشترك' }).click();

  await expect(page).toHaveURL(/\/subscription-status\/\d+$/, { timeout: 20_000 });
  const status = main.locator('[part~="subscription-status"]');
  await expect(status.locator('[part~="state"]')).toHaveText('نشط');
  await expect(status.getByRole('heading', { level: 1 })).toContainText('3 ×');
  const upcoming = status.locator('[part~="upcoming"] [part~="day"]');
  await expect(upcoming.first()).toHaveAttribute('part', /day-planned/);
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });

  // Pause from the third delivery; the calendar marks it and what follows.
  const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const next = await status.locator('[part~="from-date"]').inputValue();
  await status.locator('[part~="from-date"]').fill(addDays(next, 2));
  await status.getByRole('button', { name: 'إيقاف مؤقت' }).click();
  await expect(status.locator('[part~="action-status"]')).toContainText('موقوف مؤقتاً من');
  await expect(upcoming.nth(2)).toHaveAttribute('part', /day-paused/);
  await expect(upcoming.nth(1)).toHaveAttribute('part', /day-planned/);
  // Resume two days later.
  await status.locator('[part~="from-date"]').fill(addDays(next, 4));
  await status.getByRole('button', { name: 'استئناف' }).click();
  await expect(status.locator('[part~="action-status"]')).toContainText('تُستأنف التوصيلات');
  await expect(upcoming.nth(3)).toHaveAttribute('part', /day-paused/);
  await expect(upcoming.nth(4)).toHaveAttribute('part', /day-planned/);

  // Four from the next delivery.
  await status.getByRole('button', { name: 'زيادة الكمية' }).click();
  await status.getByRole('button', { name: 'حفظ الكمية' }).click();
  await expect(status.getByRole('heading', { level: 1 })).toContainText('4 ×');
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });

  // This month's invoice: no delivery of the new subscription is billed yet, so none is made (and no invoice
  // number taken); the refusal is said in Arabic. (A billed month's PDF: subscriptions.test.ts on the server,
  // its download: src/core/subscriptions/invoice-download.test.ts.)
  const downloads: string[] = [];
  page.on('download', (file) => downloads.push(file.suggestedFilename()));
  await status.getByRole('button', { name: 'تنزيل الفاتورة' }).click();
  await expect(page.locator('[part~="toast"]').filter({ hasText: 'لم يُحتسب أي توصيل لهذا الاشتراك في ذلك الشهر' })).toBeVisible();
  expect(downloads).toEqual([]);

  // Cancel, after confirming, by keyboard; Escape keeps it first.
  const cancel = status.getByRole('button', { name: 'إلغاء الاشتراك' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'إلغاء هذا الاشتراك؟' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await expect(status.locator('[part~="state"]')).toHaveText('نشط');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'إلغاء الاشتراك' }).focus();
  await page.keyboard.press('Enter');
  await expect(status.locator('[part~="state"]')).toHaveText('ملغى');
  await expect(status.locator('[part~="actions"]')).toHaveCount(0);

  // My Subscription lists it.
  await page.goto(vendorUrl(SOUQ, '/manage-subscription'));
  const item = main.locator('[part~="subscription"]');
  await expect(item).toHaveCount(1, { timeout: 20_000 });
  await expect(item.locator('[part~="state"]')).toHaveText('ملغى');
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });
});

test('English at 1280 px, by keyboard: yogurt on Sundays and Wednesdays, a refused code, reviewed and made, then found under My Subscription', async ({ page }) => {
  const store = await storeInState(SOUQ, 'gulf-supermarket', 'open', 'en');
  const session = await apiRegister(SOUQ, uniqueMobile('50'), 'Nora');
  await addPrimaryAddress(SOUQ, session.token, { latitude: store.latitude + 0.004, longitude: store.longitude - 0.004 });
  await page.addInitScript(() => localStorage.setItem('localelang', 'en'));
  await startSignedIn(page, session);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openHome(page, SOUQ);
  await page.goto(vendorUrl(SOUQ, `/restaurant/${encodeURIComponent(encodeStoreId(store.restaurant_id))}`));
  const main = page.locator('sf-storefront [part~="main"]');

  const subscribe = main.getByRole('button', { name: 'Subscribe to Plain yogurt 1 kg' });
  await expect(subscribe).toBeVisible({ timeout: 20_000 });
  await subscribe.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/subscription-cart$/);
  const cart = main.locator('[part~="subscription-cart"]');
  // Custom: Sundays and Wednesdays, chosen with the keyboard.
  await cart.getByRole('radio', { name: 'Custom' }).focus();
  await page.keyboard.press('Space');
  await expect(cart.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(cart.getByRole('alert')).toHaveText('Choose at least one day of the week');
  await expect(cart.getByRole('button', { name: 'Review subscription' })).toBeDisabled();
  for (const day of ['Sunday', 'Wednesday']) {
    await cart.getByRole('checkbox', { name: day }).focus();
    await page.keyboard.press('Space');
  }
  // Four pots reach the store's minimum order.
  for (let press = 0; press < 3; press += 1) {
    await cart.getByRole('button', { name: 'Increase quantity' }).focus();
    await page.keyboard.press('Enter');
  }
  await expect(cart.locator('[part~="quantity"]')).toHaveText('4');
  await expect(cart.locator('[part~="address-select"]')).toBeVisible({ timeout: 20_000 });
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });
  await cart.getByRole('button', { name: 'Review subscription' }).focus();
  await page.keyboard.press('Enter');

  const review = main.locator('[part~="review-subscription"]');
  await expect(review.locator('[part~="frequency"]')).toHaveText('Sunday and Wednesday');
  await expect(review.locator('[part~="per-delivery"]')).toContainText('47.95', { timeout: 20_000 });
  // A code that does not exist says so and keeps Subscribe off until it is cleared.
  await review.getByLabel('Promo code').fill('NOPE');
  await review.getByLabel('Promo code').press('Enter');
  await expect(review.locator('[part~="promo-error"]')).toBeVisible({ timeout: 20_000 });
  await expect(review.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
  await review.getByLabel('Promo code').fill('');
  await review.getByLabel('Promo code').press('Enter');
  await expect(review.locator('[part~="promo-error"]')).toHaveCount(0, { timeout: 20_000 });
  // Subscribe comes back on after the error has gone; axe judges its colours once it has.
  await expect(review.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });
  await review.getByRole('button', { name: 'Subscribe' }).focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/subscription-status\/\d+$/, { timeout: 20_000 });
  const status = main.locator('[part~="subscription-status"]');
  await expect(status.locator('[part~="state"]')).toHaveText('Active');
  await expect(status.locator('[part~="frequency"]')).toHaveText('Sunday and Wednesday');
  await expect(status.locator('[part~="calendar"]').first()).toBeVisible();
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });

  // The side menu's My Subscription lists it.
  await page.locator('sf-storefront [part~="menu-button"]').click();
  await page.locator('sf-storefront').getByRole('link', { name: 'My Subscription' }).click();
  await expect(page).toHaveURL(/\/manage-subscription$/);
  await expect(main.locator('[part~="subscription"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(main.locator('[part~="subscription"]')).toContainText('4 × Plain yogurt 1 kg');
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });
});

test('a vendor\'s own page, Arabic at 390 px: <sf-subscribe> opens the subscription cart in a dialog, <sf-subscriptions> lists what the customer has', async ({ page }) => {
  const session = await apiRegister(SOUQ, uniqueMobile('50'), 'سارة');
  await startSignedIn(page, session);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(vendorUrl(SOUQ, '/demo/subscriptions.html'));
  const button = page.locator('sf-subscribe').getByRole('button', { name: /^الاشتراك في / });
  await expect(button).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('sf-subscriptions [part~="empty"]')).toBeVisible({ timeout: 20_000 });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('sf-subscribe').getByRole('dialog');
  await expect(dialog.locator('[part~="subscription-cart"]')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'يومياً' })).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
