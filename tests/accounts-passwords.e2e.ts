import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { apiRegister, uniqueMobile } from './helpers/customer.ts';
import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import { latestOtp } from './helpers/otp.ts';
import { expect, test } from './helpers/test.ts';

/** The password field of the sign-in screen (its mode radio is named Password too). */
const passwordInput = (page: Page) => page.getByLabel('Password', { exact: true }).and(page.locator('input[type="password"]'));

/** No sideways scrolling at the current width. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

test.describe('sign-up and passwords', () => {
  test('a new customer signs up with a password at 390 px, signs in by it, resets it by a code and signs in with the new one', async ({ page }) => {
    const mobile = uniqueMobile('415');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);

    // The rules speak before anything is sent.
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Please enter first name')).toBeVisible();
    await expect(page.getByText('Please enter last name')).toBeVisible();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Please accept the terms and conditions')).toBeVisible();
    await expect(page.getByLabel('First name')).toBeFocused();
    await expectNoA11yViolations(page);
    // The narrowest phone too, errors and all.
    await page.setViewportSize({ width: 320, height: 700 });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(`grace.${mobile}@example.com`);
    // The vendor's country code is the default.
    await expect(page.getByLabel('Country code')).toHaveValue('1');
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Repeat password').fill('short');
    await page.getByRole('checkbox', { name: /I agree to the Terms & Conditions/ }).check();
    await expect(page.getByRole('main').getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('first-secret-1');
    await page.getByLabel('Repeat password').fill('first-secret-2');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Password and repeat password must match')).toBeVisible();
    await page.getByLabel('Repeat password').fill('first-secret-1');
    await page.getByRole('button', { name: 'Sign up' }).click();

    const otp = await latestOtp(mobile, HARBOR);
    await expectNoA11yViolations(page);
    await page.getByLabel('Enter OTP').fill(otp);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(`${HARBOR.origin}/`);

    // Signed up: the profile says who; sign out.
    await page.goto('/profile');
    await expect(page.locator('sf-storefront [part~="profile-name"]')).toHaveText('Grace Hopper', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Yes, sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    // Sign in by password: a wrong one is refused beside the field, the right one signs in.
    await page.getByRole('radio', { name: 'Password' }).check();
    await page.getByLabel('Mobile number').fill(mobile);
    await passwordInput(page).fill('not-my-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Invalid mobile number or password')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
    await passwordInput(page).fill('first-secret-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${HARBOR.origin}/`);
    await page.goto('/profile');
    await expect(page.locator('sf-storefront [part~="profile-name"]')).toHaveText('Grace Hopper', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Yes, sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    // Forgot it: a code to the number, then a new password with the code.
    await page.getByRole('radio', { name: 'Password' }).check();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
    const before = await latestOtp(mobile, HARBOR);
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    const resetCode = await latestOtp(mobile, HARBOR, { notEqual: before });
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
    await page.getByLabel('Enter OTP').fill(resetCode);
    await page.getByLabel('New password').fill('second-secret-2');
    await page.getByLabel('Repeat password').fill('second-secret-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    // The old password no longer works; the new one does.
    await expect(page.getByRole('radio', { name: 'Password' })).toBeChecked();
    await page.getByLabel('Mobile number').fill(mobile);
    await passwordInput(page).fill('first-secret-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Invalid mobile number or password')).toBeVisible();
    await passwordInput(page).fill('second-secret-2');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${HARBOR.origin}/`);
    await page.goto('/profile');
    await expect(page.locator('sf-storefront [part~="profile-name"]')).toHaveText('Grace Hopper', { timeout: 20_000 });

    // Change it on the profile: a wrong current password is refused beside the field, the right one changes it.
    const changeForm = page.getByRole('region', { name: 'Change password' });
    await changeForm.getByLabel('Current password').fill('not-my-password');
    await changeForm.getByLabel('New password').fill('third-secret-3');
    await changeForm.getByLabel('Repeat password').fill('third-secret-3');
    await changeForm.getByRole('button', { name: 'Change password' }).click();
    await expect(changeForm.getByText('Old password is incorrect')).toBeVisible();
    await changeForm.getByLabel('Current password').fill('second-secret-2');
    await changeForm.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Yes, sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByRole('radio', { name: 'Password' }).check();
    await page.getByLabel('Mobile number').fill(mobile);
    await passwordInput(page).fill('third-secret-3');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${HARBOR.origin}/`);
  });

  test('a number or an email that already has an account is told beside its field before any code is sent', async ({ page }) => {
    const registered = uniqueMobile('415');
    await apiRegister(HARBOR, registered, 'Already Here'); // its email is new@example.com
    const codeBefore = await latestOtp(registered, HARBOR);
    await page.goto('/sign-up');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill('new@example.com');
    await page.getByLabel('Mobile number').fill(registered);
    await page.getByRole('checkbox', { name: /I agree to the Terms & Conditions/ }).check();
    await page.getByLabel('Password', { exact: true }).fill('hopper-pass-1');
    await page.getByLabel('Repeat password').fill('hopper-pass-1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    const mobileField = page.getByLabel('Mobile number');
    await expect(mobileField).toHaveAttribute('aria-invalid', 'true');
    await expect(mobileField).toHaveAccessibleDescription(/This mobile number is already registered\. Sign in instead\./);
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/This email is already registered\./);
    // The first field in error (the email comes before the number) takes the focus.
    await expect(page.getByLabel('Email')).toBeFocused();
    // Still the details step, and no new code went to the number.
    await expect(page.getByLabel('Enter OTP')).toHaveCount(0);
    expect(await latestOtp(registered, HARBOR)).toBe(codeBefore);

    // A free number and email go on to the code.
    const fresh = uniqueMobile('415');
    await mobileField.fill(fresh);
    await page.getByLabel('Email').fill(`grace.${fresh}@example.com`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByLabel('Enter OTP')).toBeVisible();
    expect(await latestOtp(fresh, HARBOR)).toMatch(/^\d{4,6}$/);
  });

  test('signs up in Arabic at 1280 px, by code only (the vendor has no passwords)', async ({ page }) => {
    const mobile = uniqueMobile('50');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The grocery vendor's store choice waits for the shopping screens: sign-up opens straight away.
    await page.goto(vendorUrl(SOUQ, '/sign-up'));
    await expect(page.getByRole('heading', { name: 'أنشئ حسابك' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('dialog', { name: 'اختر متجرك' })).toHaveCount(0);
    await expect(page.getByLabel('كلمة المرور')).toHaveCount(0);
    await page.getByRole('button', { name: 'إنشاء حساب' }).click();
    await expect(page.getByText('يرجى إدخال الاسم الأول')).toBeVisible();
    await expect(page.getByText('يرجى الموافقة على الشروط والأحكام')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);

    await page.getByLabel('الاسم الأول').fill('سارة');
    await page.getByLabel('اسم العائلة').fill('أحمد');
    await page.getByLabel('البريد الإلكتروني').fill(`sara.${mobile}@example.com`);
    await page.getByLabel('رقم الجوال').fill(mobile);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'إنشاء حساب' }).click();
    const otp = await latestOtp(mobile, SOUQ);
    await expect(page.getByLabel('أدخل رمز التحقق')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel('أدخل رمز التحقق').fill(otp);
    await page.getByRole('button', { name: 'تحقق' }).click();
    await expect(page).toHaveURL(`${SOUQ.origin}/`);
    await page.goto(vendorUrl(SOUQ, '/profile'));
    await expect(page.getByText('سارة أحمد')).toBeVisible({ timeout: 20_000 });
  });
});
