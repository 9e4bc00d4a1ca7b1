// The customer's own account: the profile (edit name and email), reporting a bug with a
// screenshot, deleting the account; English at 390 px and Arabic at 1280 px, axe on each screen.
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { apiRegister, uniqueMobile } from './helpers/customer.ts';
import { API_ORIGIN, HARBOR, hostHeaders, SOUQ, vendorUrl, type VendorHost } from './helpers/hosts.ts';
import { expect, test } from './helpers/test.ts';

test.describe.configure({ timeout: 90_000 });

// A 1 x 1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Starts the page signed in as the customer, at a stored place, so no modal covers the page. */
async function signedInAt(page: Page, vendor: VendorHost, session: { token: string; user: unknown }) {
  await page.addInitScript(
    ([token, user, lat, lng]) => {
      if (sessionStorage.getItem('test-started')) return;
      sessionStorage.setItem('test-started', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
      localStorage.setItem('latitude', lat);
      localStorage.setItem('longitude', lng);
    },
    [session.token, JSON.stringify(session.user), ...(vendor === SOUQ ? ['25.2048', '55.2708'] : ['37.7749', '-122.4194'])] as [string, string, string, string],
  );
}

/** The grocery vendor makes the customer choose a store first. */
async function chooseStoreIfAsked(page: Page, vendor: VendorHost) {
  if (vendor !== SOUQ) return;
  const picker = page.locator('[part~="dialog"][open]').filter({ has: page.locator('[part~="store"]') });
  await expect(picker).toBeVisible({ timeout: 20_000 });
  await picker.locator('[part~="store"]').first().click();
  await expect(picker).toBeHidden();
}

async function userDetailsStatus(vendor: VendorHost, token: string): Promise<number> {
  const response = await fetch(`${API_ORIGIN}/api/v2/get_user_details_web`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...hostHeaders(vendor), authorization: `Bearer ${token}` },
    body: JSON.stringify({ host: vendor.host }),
  });
  return response.status;
}

test('English at 390 px: a customer edits the profile, reports a bug with a screenshot and deletes the account', async ({ page }) => {
  const mobile = uniqueMobile('415');
  const session = await apiRegister(HARBOR, mobile, 'Pat Lee');
  await signedInAt(page, HARBOR, session);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(vendorUrl(HARBOR, '/profile'));

  const main = page.locator('sf-storefront [part~="main"]');
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(main.locator('[part~="profile-name"]')).toHaveText('Pat Lee');
  await expect(main.locator('[part~="profile-mobile"] bdi')).toHaveText(`+1 ${mobile}`);
  await expect(main.locator('[part~="profile-email"]')).toHaveText('new@example.com');
  await expect(main.locator('[part~="profile-since"]')).toHaveText(/\d{4}/);
  await expectNoA11yViolations(page);

  // A blank name is refused beside the field; a good one is saved and shown everywhere.
  await main.getByRole('button', { name: 'Edit profile' }).click();
  await main.getByLabel('Name').fill('  ');
  await main.getByLabel('Email').fill('not-an-email');
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(main.getByLabel('Name')).toHaveAccessibleDescription('Please enter your name');
  await expect(main.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email');
  await main.getByLabel('Name').fill('Pat Kim');
  await main.getByLabel('Email').fill('pat.kim@example.com');
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(main.locator('[part~="profile-name"]')).toHaveText('Pat Kim');
  await expect(main.locator('[part~="profile-email"]')).toHaveText('pat.kim@example.com');
  await page.locator('sf-storefront [part~="header"]').getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.locator('sf-storefront [part~="welcome"]')).toContainText('Pat Kim');
  await page.keyboard.press('Escape');

  // Report a bug: the description is required; a screenshot goes with it.
  await page.goto(vendorUrl(HARBOR, '/report-bug'));
  await expect(page.getByRole('heading', { name: 'Report a Bug', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expectNoA11yViolations(page);
  await main.getByRole('button', { name: 'Send report' }).click();
  await expect(main.getByLabel('What went wrong?')).toHaveAccessibleDescription('Please describe the problem');
  await main.getByLabel('What went wrong?').fill('The cart button\ndoes nothing on my phone');
  await main.locator('input[type="file"]').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
  await expect(main.locator('[part~="screenshot"]')).toHaveCount(1);
  await expect(main.locator('[part~="screenshot-count"]')).toHaveText('1/3');
  await main.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(main.locator('[part~="screenshot-add"] input')).toHaveAccessibleDescription('Choose a PNG, JPEG, WebP or GIF image');
  await expect(main.locator('[part~="screenshot"]')).toHaveCount(1);
  await main.getByRole('button', { name: 'Send report' }).click();
  await expect(main.getByRole('status')).toHaveText('Thank you. Your report has been sent.');

  // Delete the account: the confirmation says what happens; Escape closes it.
  await page.goto(vendorUrl(HARBOR, '/profile'));
  await main.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your past orders stay with the store');
  await expect(dialog.locator('[part~="delete-account-orders"]')).toHaveText(
    'Orders the store has not accepted yet are cancelled and refunded, and your subscriptions end. While an order is on its way, your account cannot be deleted.',
  );
  // A new customer's wallet is empty: nothing to lose, nothing said.
  await expect(dialog.locator('[part~="delete-account-wallet"]')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await userDetailsStatus(HARBOR, session.token)).toBe(200);

  await main.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(vendorUrl(HARBOR, '/'));
  await expect(page.getByText('Your account has been deleted. Thank you for ordering with us.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeFalsy();
  // The old session is gone on the server, and the number registers afresh.
  expect(await userDetailsStatus(HARBOR, session.token)).toBe(401);
  const again = await apiRegister(HARBOR, mobile, 'Pat New');
  expect((again.user as { user_id: number }).user_id).not.toBe((session.user as { user_id: number }).user_id);
  expect(again.user).toMatchObject({ user_name: 'Pat New', mobile_number: mobile });
});

test('Arabic at 1280 px: the profile keeps the number left to right, and profile and report-bug are axe clean', async ({ page }) => {
  const mobile = uniqueMobile('50');
  const session = await apiRegister(SOUQ, mobile, 'سارة');
  await signedInAt(page, SOUQ, session);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(vendorUrl(SOUQ, '/'));
  await chooseStoreIfAsked(page, SOUQ);
  await page.goto(vendorUrl(SOUQ, '/profile'));

  const main = page.locator('sf-storefront [part~="main"]');
  await expect(page.getByRole('heading', { name: 'ملفي الشخصي', level: 1 })).toBeVisible({ timeout: 20_000 });
  expect(await page.locator('sf-storefront').evaluate((element) => getComputedStyle(element.shadowRoot?.querySelector('[part~="main"]') ?? element).direction)).toBe('rtl');
  await expect(main.locator('[part~="profile-name"]')).toHaveText('سارة');
  const number = main.locator('[part~="profile-mobile"] bdi');
  await expect(number).toHaveText(`+971 ${mobile}`);
  await expect(number).toHaveAttribute('dir', 'ltr');
  await expect(main.getByRole('button', { name: 'تعديل الملف الشخصي' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto(vendorUrl(SOUQ, '/report-bug'));
  await expect(page.getByRole('heading', { name: 'الإبلاغ عن خطأ', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expectNoA11yViolations(page);
});
