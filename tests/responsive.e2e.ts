import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { apiRegister, uniqueMobile } from './helpers/customer.ts';
import { HARBOR, SOUQ, type VendorHost } from './helpers/hosts.ts';
import { openHome, startSignedIn } from './helpers/pages.ts';
import { expect, test } from './helpers/test.ts';

// The full page on a phone, a tablet and a desktop: the header's essentials on screen with real
// tap targets, and the side menu by keyboard. That no route scrolls sideways at 320 to 1280 px is
// the screen walk's (screens.e2e.ts), signed in with a filled cart.

/** The shell's widths: phone, tablet, the spec's 1024 px threshold, desktop and a wide desktop. */
const SHELL_WIDTHS = [320, 390, 768, 1024, 1280, 1440] as const;

interface Case {
  vendor: VendorHost;
  lang: 'en' | 'ar';
  texts: { menu: string; close: string; guestItems: string[]; welcomeGuest: string; location: RegExp; cart: RegExp };
}

const CASES: Case[] = [
  {
    vendor: HARBOR,
    lang: 'en',
    texts: {
      menu: 'Menu',
      close: 'Close menu',
      welcomeGuest: 'Welcome Guest',
      guestItems: ['Sign In', 'Home', 'Promocode', 'FAQ', 'Privacy & Terms', 'Support'],
      location: /Set Location|Current location|Dubai|San Francisco/,
      cart: /^Cart, /,
    },
  },
  {
    vendor: SOUQ,
    lang: 'ar',
    texts: {
      menu: 'القائمة',
      close: 'إغلاق القائمة',
      welcomeGuest: 'مرحبًا أيها الضيف',
      guestItems: ['تسجيل الدخول', 'الرئيسية', 'رمز الخصم', 'الأسئلة الشائعة', 'الخصوصية والشروط', 'الدعم'],
      location: /.+/,
      cart: /^السلة/,
    },
  },
];

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where}: the document is ${scrollWidth} px wide in a ${clientWidth} px window`).toBeLessThanOrEqual(clientWidth);
}

async function expectTapTarget(target: Locator, what: string, page: Page): Promise<void> {
  await expect(target, what).toBeVisible();
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  const viewport = page.viewportSize()!;
  expect(box!.width, `${what} width`).toBeGreaterThanOrEqual(24);
  expect(box!.height, `${what} height`).toBeGreaterThanOrEqual(24);
  // On screen, not pushed past either edge.
  expect(box!.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} right edge`).toBeLessThanOrEqual(viewport.width + 0.5);
}

for (const { vendor, lang, texts } of CASES) {
  test.describe(`the full page in ${lang}`, () => {
    for (const width of SHELL_WIDTHS) {
      test(`at ${width} px the shell fits and keeps menu, logo, location and cart`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await openHome(page, vendor);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expectNoSidewaysScroll(page, `home at ${width} px`);

        const header = page.locator('sf-storefront [part~="header"]');
        await expectTapTarget(header.getByRole('button', { name: texts.menu, exact: true }), 'menu button', page);
        const logo = header.getByRole('link').filter({ has: page.locator('img') }).first();
        await expectTapTarget(logo, 'logo link', page);
        const logoImage = logo.locator('img');
        expect((await logoImage.boundingBox())?.width ?? 0, 'the logo is drawn').toBeGreaterThan(0);
        await expectTapTarget(header.locator('[part~="trigger"][aria-haspopup="dialog"]').filter({ hasText: texts.location }).first(), 'location', page);
        await expectTapTarget(header.getByRole('button', { name: texts.cart }), 'cart button', page);

        // The account links and the language choice live in the side menu below 1024 px.
        const desktopNav = header.locator('nav');
        if (width < 1024) await expect(desktopNav).toBeHidden();
        else await expect(desktopNav).toBeVisible();
      });
    }

    test('the side menu opens by keyboard, keeps focus inside, and Escape closes it', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      await openHome(page, vendor);
      const button = page.locator('sf-storefront [part~="header"]').getByRole('button', { name: texts.menu, exact: true });
      await button.focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: texts.menu });
      await expect(drawer).toBeVisible();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expectNoSidewaysScroll(page, 'open side menu');

      // At the inline start: the left edge in English, the right edge in Arabic.
      const box = (await drawer.boundingBox())!;
      if (lang === 'ar') expect(Math.round(box.x + box.width)).toBe(390);
      else expect(Math.round(box.x)).toBe(0);

      await expect(drawer.locator('[part~="welcome"]')).toHaveText(texts.welcomeGuest);
      const items = drawer.locator('[part~="items"] [part~="item"]');
      await expect(items).toHaveText(texts.guestItems);
      // A guest sees none of the signed-in items.
      for (const part of ['profile', 'wallet', 'orders', 'address', 'report-bug', 'sign-out', 'subscription']) {
        await expect(drawer.locator(`[part~="${part}"]`)).toHaveCount(0);
      }
      for (const item of await items.all()) {
        const itemBox = (await item.boundingBox())!;
        expect(itemBox.height).toBeGreaterThanOrEqual(24);
      }

      // Tab and Shift+Tab stay inside the drawer.
      const focusInside = () => drawer.evaluate((dialog) => {
        let active: Element | null = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return active !== null && dialog.contains(active);
      });
      const stops = (await drawer.locator('a[href], button, select').count()) + 2;
      for (let i = 0; i < stops; i += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInside(), `Tab ${i + 1} stays in the menu`).toBe(true);
      }
      for (let i = 0; i < 3; i += 1) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInside(), `Shift+Tab ${i + 1} stays in the menu`).toBe(true);
      }

      await expectNoA11yViolations(page, { include: ['sf-storefront'] });

      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
    });

    test('a link of the side menu goes to its route and closes the menu', async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 700 });
      await openHome(page, vendor);
      await page.locator('sf-storefront [part~="header"]').getByRole('button', { name: texts.menu, exact: true }).click();
      const drawer = page.getByRole('dialog', { name: texts.menu });
      await drawer.locator('[part~="faq"]').click();
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(/\/faq$/);
      await expectNoSidewaysScroll(page, '/faq at 320 px');
    });
  });
}

test("a link the page adds to the side menu (the narrow header's Search) closes the menu too", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await openHome(page, HARBOR);
  await page.locator('sf-storefront [part~="header"]').getByRole('button', { name: 'Menu', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.locator('[part~="menu-extra"]').getByRole('link', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(drawer).toBeHidden();
});

test('a customer of a vendor with wallet and subscriptions on sees every signed-in item, and signs out after confirmation', async ({ page }) => {
  const mobile = uniqueMobile('50');
  const session = await apiRegister(SOUQ, mobile, 'عميل القائمة');
  await startSignedIn(page, session);
  await page.setViewportSize({ width: 390, height: 800 });
  await openHome(page, SOUQ);
  const button = page.locator('sf-storefront [part~="header"]').getByRole('button', { name: 'القائمة', exact: true });
  await button.click();
  const drawer = page.getByRole('dialog', { name: 'القائمة' });
  await expect(drawer.locator('[part~="welcome"]')).toContainText('عميل القائمة');
  await expect(drawer.locator('[part~="welcome"]')).toContainText(mobile);
  const names = await drawer.locator('[part~="items"] [part~="item"]').evaluateAll((items) =>
    items.map((item) => (item.getAttribute('part') ?? '').split(' ')[1]));
  expect(names).toEqual([
    'profile', 'home', 'subscription', 'wallet', 'orders', 'address', 'promocode', 'faq', 'report-bug', 'privacy-terms', 'support', 'sign-out',
  ]);
  await expect(drawer.locator('[part~="wallet-balance"]')).toContainText('0');
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });

  await drawer.locator('[part~="sign-out"]').click();
  const confirm = page.getByRole('dialog', { name: 'تسجيل الخروج' });
  await expect(confirm).toBeVisible();
  await confirm.locator('[part~="confirm-sign-out"]').click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeFalsy();
});

test.describe('the location modal opens by itself only where a place is needed', () => {
  test('not over a page that needs none, and on review-cart later in the same visit when no place is stored', async ({ page }) => {
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { name: 'My Wallet', level: 1 })).toBeVisible({ timeout: 20_000 });
    const locationDialog = page.getByRole('dialog', { name: 'Set Location' });
    // The header's location link is there (the picker runs) while its modal stays closed.
    await expect(page.locator('sf-storefront [part~="header"] [part~="trigger"][aria-haspopup="dialog"]').filter({ hasText: 'Set Location' })).toBeVisible();
    await expect(locationDialog).toBeHidden();
    await page.evaluate(() => {
      history.pushState(null, '', '/review-cart');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(locationDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(locationDialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('latitude'))).not.toBeNull();
  });
});
