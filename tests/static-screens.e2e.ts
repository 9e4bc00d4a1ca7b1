import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { HARBOR, SOUQ, vendorUrl, type VendorHost } from './helpers/hosts.ts';
import { expect, test } from './helpers/test.ts';

// The static and support screens of the full page, on both demo vendors, in English and Arabic,
// on a phone and a desktop: the FAQ searched and opened by keyboard, a static page in its frame,
// a page on another site, an unknown page, and the support contacts. axe on each screen.

interface Case {
  vendor: VendorHost;
  lang: 'en' | 'ar';
  /** The viewport this pair is tried at. */
  width: number;
  texts: {
    faq: string; search: string; promo: string; oneFound: string; aboutUs: string; openOutside: string;
    notFound: string; privacy: string; support: string; call: string;
  };
  support: { tel: string; whatsapp: string; email: string; phoneText: string };
}

const EN = {
  faq: 'Frequently asked questions', search: 'Search questions', promo: 'promo', oneFound: '1 question found',
  aboutUs: 'About us', openOutside: 'Open in a new tab', notFound: 'Page not found', privacy: 'Privacy Policy', support: 'Support', call: 'Call',
};
const AR = {
  faq: 'الأسئلة الشائعة', search: 'ابحث في الأسئلة', promo: 'الخصم', oneFound: 'عُثر على سؤال واحد',
  aboutUs: 'من نحن', openOutside: 'فتح في علامة تبويب جديدة', notFound: 'الصفحة غير موجودة', privacy: 'سياسة الخصوصية', support: 'الدعم', call: 'اتصال',
};
const HARBOR_SUPPORT = { tel: 'tel:+14155550199', whatsapp: 'https://wa.me/14155550199', email: 'mailto:help@harboreats.example', phoneText: '+1 415 555 0199' };
const SOUQ_SUPPORT = { tel: 'tel:+97145550123', whatsapp: 'https://wa.me/97145550123', email: 'mailto:care@souq.example', phoneText: '+971 4 555 0123' };

// Each vendor and language on one width, so every behaviour is seen on a phone and on a desktop in
// both languages (every route's layout at 320 to 1280 px is the screen walk's, screens.e2e.ts).
const CASES: Case[] = [
  { vendor: HARBOR, lang: 'en', width: 390, texts: EN, support: HARBOR_SUPPORT },
  // Harbor's static pages are not translated, so its Arabic page keeps the English name.
  { vendor: HARBOR, lang: 'ar', width: 1280, texts: { ...AR, aboutUs: 'About us' }, support: HARBOR_SUPPORT },
  { vendor: SOUQ, lang: 'ar', width: 390, texts: AR, support: SOUQ_SUPPORT },
  { vendor: SOUQ, lang: 'en', width: 1280, texts: EN, support: SOUQ_SUPPORT },
];

async function open(page: Page, vendor: VendorHost, lang: string, path: string): Promise<void> {
  await page.addInitScript(([locale, lat, lng]) => {
    localStorage.setItem('localelang', locale);
    localStorage.setItem('latitude', lat);
    localStorage.setItem('longitude', lng);
  }, [lang, ...(vendor === SOUQ ? ['25.2048', '55.2708'] : ['37.7749', '-122.4194'])] as [string, string, string]);
  await page.goto(vendorUrl(vendor, path));
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  // The grocery vendor makes the customer choose a store on its shopping screens only: these
  // screens (support, FAQ, pages) open without one.
  await expect(page.locator('sf-storefront [part~="main"] h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[part~="dialog"][open]').filter({ has: page.locator('[part~="store"]') })).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where}: the document is ${scrollWidth} px wide in a ${clientWidth} px window`).toBeLessThanOrEqual(clientWidth);
}

for (const { vendor, lang, width, texts, support } of CASES) {
  test.describe(`${vendor.host} in ${lang} at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 844 }));

    test('the FAQ is searched as the customer types and opened by keyboard', async ({ page }) => {
      await open(page, vendor, lang, '/faq');
      const main = page.locator('sf-storefront');
      await expect(main.getByRole('heading', { level: 1, name: texts.faq })).toBeVisible();
      const toggles = main.locator('[part~="toggle"]');
      await expect.poll(() => toggles.count()).toBeGreaterThanOrEqual(8);
      const total = await toggles.count();
      await expectNoSidewaysScroll(page, '/faq');
      await expectNoA11yViolations(page, { include: ['sf-storefront'] });

      // Search: the list narrows and the count is announced politely.
      const search = main.getByRole('searchbox', { name: texts.search });
      await search.focus();
      await page.keyboard.type(texts.promo);
      await expect(toggles).toHaveCount(1);
      const count = main.locator('[part~="count"]');
      await expect(count).toHaveAttribute('role', 'status');
      await expect(count).toHaveText(texts.oneFound);

      // Tab to the question, open it with Enter, close it with Space.
      await page.keyboard.press('Tab');
      const toggle = toggles.first();
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const answer = main.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      await expect(answer).toBeHidden();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(answer).toBeVisible();
      await expect(answer).toHaveAttribute('aria-labelledby', (await toggle.getAttribute('id'))!);
      await expectNoA11yViolations(page, { include: ['sf-storefront'] });
      await page.keyboard.press('Space');
      await expect(answer).toBeHidden();

      // Clearing the search brings every question back; the arrow keys move between them.
      await search.fill('');
      await expect(toggles).toHaveCount(total);
      await toggles.first().focus();
      await page.keyboard.press('ArrowDown');
      await expect(toggles.nth(1)).toBeFocused();
      await page.keyboard.press('End');
      await expect(toggles.last()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(toggles.first()).toBeFocused();

      // Words no question has.
      await search.fill('zzzz qqqq');
      await expect(toggles).toHaveCount(0);
      await expect(main.locator('[part~="no-match"]')).toBeVisible();
    });

    test('a static page in a titled frame, a page on another site, and an unknown page', async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (message) => { if (message.type() === 'warning') warnings.push(message.text()); });
      await open(page, vendor, lang, '/pages/about-us');
      const main = page.locator('sf-storefront');
      await expect(main.getByRole('heading', { level: 1, name: texts.aboutUs })).toBeVisible();
      const frame = main.locator('iframe[part~="frame"]');
      await expect(frame).toHaveAttribute('title', texts.aboutUs);
      await expect(frame).toHaveAttribute('src', '/demo/pages/about.html');
      await expect(frame).toHaveAttribute('sandbox', /allow-popups/);
      // The skeleton goes once the page has loaded.
      await expect(page.frameLocator('sf-storefront iframe[part~="frame"]').getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
      await expect(main.locator('[part~="skeleton"]')).toHaveCount(0);
      await expect(main.getByRole('link', { name: texts.openOutside })).toHaveAttribute('target', '_blank');
      await expectNoSidewaysScroll(page, '/pages/about-us');
      await expectNoA11yViolations(page, { include: ['sf-storefront'] });

      // The privacy policy is on the vendor's own website: offered in a new tab, not framed.
      await page.goto(vendorUrl(vendor, '/privacypolicy'));
      await expect(main.getByRole('heading', { level: 1, name: texts.privacy })).toBeVisible();
      await expect(main.locator('iframe')).toHaveCount(0);
      const outside = main.getByRole('link', { name: texts.openOutside });
      await expect(outside).toHaveAttribute('href', vendor === SOUQ ? 'https://souq.example/ar/privacy' : 'https://harboreats.example/privacy');
      await expect(outside).toHaveAttribute('target', '_blank');
      await expectNoA11yViolations(page, { include: ['sf-storefront'] });

      // An unknown slug: a warning in the console and a message with a way on.
      await page.goto(vendorUrl(vendor, '/pages/no-such-page'));
      await expect(main.getByRole('heading', { level: 1, name: texts.notFound })).toBeVisible();
      await expect.poll(() => warnings.some((text) => text.includes('no-such-page'))).toBe(true);
      await expectNoA11yViolations(page, { include: ['sf-storefront'] });
      await main.locator('[part~="not-found"] a[href="/pages"]').click();
      await expect(page).toHaveURL(/\/pages$/);
      await expect(main.getByRole('main').getByRole('link', { name: texts.aboutUs })).toHaveAttribute('href', '/pages/about-us');
      await expect(main.getByRole('main').getByRole('link', { name: texts.privacy })).toHaveAttribute('href', '/privacypolicy');
    });

    test('support lists the phone, WhatsApp and email as links', async ({ page }) => {
      await open(page, vendor, lang, '/support');
      const main = page.locator('sf-storefront');
      await expect(main.getByRole('heading', { level: 1, name: texts.support })).toBeVisible();
      const contacts = main.locator('[part~="contact"]');
      await expect(contacts).toHaveCount(3);
      await expect(contacts.nth(0)).toHaveAttribute('href', support.tel);
      await expect(contacts.nth(1)).toHaveAttribute('href', support.whatsapp);
      await expect(contacts.nth(2)).toHaveAttribute('href', support.email);
      await expect(contacts.nth(0)).toContainText(texts.call);
      // The number reads left to right in Arabic too.
      const number = contacts.nth(0).locator('[dir="ltr"]');
      await expect(number).toHaveText(support.phoneText);
      await expectNoSidewaysScroll(page, '/support');
      await expectNoA11yViolations(page, { include: ['sf-storefront'] });
    });
  });
}
