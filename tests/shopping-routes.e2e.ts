import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { api } from './helpers/customer.ts';
import { HARBOR, SOUQ, vendorUrl, type VendorHost } from './helpers/hosts.ts';
import { encodeStoreId } from './helpers/stores.ts';
import { expect, test } from './helpers/test.ts';

// The shopping routes a store's printed QR code and feedback card point to: qr/{restaurantid}
// opens the store's menu and remembers the visit; feedback/{restaurantid} takes a rating by keyboard.
// Both demo vendors, in English and Arabic; each pair on one width, so every behaviour is seen on a
// phone and on a desktop in both languages (every route's layout at 320 to 1280 px, and axe at 1280,
// is the screen walk's, screens.e2e.ts). These stores are only read here.

interface Case {
  vendor: VendorHost;
  slug: string;
  lang: 'en' | 'ar';
  /** The viewport this pair is tried at. */
  width: number;
  texts: { orderNow: string; rating: string; good: string; excellent: string; comment: string; send: string; thanks: string; chooseRating: string; notFound: string };
}

const EN = {
  orderNow: 'Order now',
  rating: 'Your rating', good: 'Good', excellent: 'Excellent', comment: 'Comment (optional)', send: 'Send feedback',
  thanks: 'Thank you for your feedback', chooseRating: 'Choose a rating.', notFound: 'Store not found',
};
const AR = {
  orderNow: 'اطلب الآن',
  rating: 'تقييمك', good: 'جيد', excellent: 'ممتاز', comment: 'تعليق (اختياري)', send: 'إرسال الرأي',
  thanks: 'شكرًا على رأيك', chooseRating: 'اختر تقييمًا.', notFound: 'المتجر غير موجود',
};

const CASES: Case[] = [
  { vendor: HARBOR, slug: 'bangkok-corner', lang: 'en', width: 390, texts: EN },
  { vendor: HARBOR, slug: 'bangkok-corner', lang: 'ar', width: 1280, texts: AR },
  { vendor: SOUQ, slug: 'al-sultan-roastery', lang: 'en', width: 1280, texts: EN },
  { vendor: SOUQ, slug: 'al-sultan-roastery', lang: 'ar', width: 390, texts: AR },
];

async function storeOf(vendor: VendorHost, slug: string, lang: string): Promise<{ id: number; name: string }> {
  const found = await api(vendor, 'get_restaurant_detail_by_slug', { slug, is_langauge: lang });
  if (!found.Result) throw new Error(`no store ${slug} on ${vendor.host}`);
  return { id: found.Result.restaurant_id, name: found.Result.name };
}

/** Language and place stored; `chosenStore` also stores the chosen store (the grocery vendor asks for one first). */
async function prepare(page: Page, vendor: VendorHost, lang: string, width: number, chosenStore = ''): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.addInitScript(
    ([locale, lat, lng, store]: [string, string, string, string]) => {
      localStorage.setItem('localelang', locale);
      localStorage.setItem('latitude', lat);
      localStorage.setItem('longitude', lng);
      if (store) localStorage.setItem('restaurantId', JSON.stringify(store));
    },
    [lang, ...(vendor === SOUQ ? ['25.2048', '55.2708'] : ['37.7749', '-122.4194']), chosenStore] as [string, string, string, string],
  );
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

for (const { vendor, slug, lang, width, texts } of CASES) {
  test.describe(`${vendor.host} in ${lang} at ${width} px`, () => {
    test('a QR link opens the store menu, selects the store and remembers the visit', async ({ page }) => {
      const store = await storeOf(vendor, slug, lang);
      await prepare(page, vendor, lang, width);
      await page.goto(vendorUrl(vendor, `/qr/${encodeStoreId(store.id)}`));
      await expect(page.locator('[part~="store-name"]')).toHaveText(store.name, { timeout: 20_000 });
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      const stored = await page.evaluate(() => ({ store: localStorage.getItem('restaurantId'), qr: localStorage.getItem('qrRestaurantId') }));
      expect(stored).toEqual({ store: JSON.stringify(encodeStoreId(store.id)), qr: JSON.stringify(encodeStoreId(store.id)) });
      await expectNoSidewaysScroll(page);
      await expectNoA11yViolations(page);

      // A code that names no store of this vendor says so.
      await page.goto(vendorUrl(vendor, `/qr/${encodeStoreId(987_654)}`));
      await expect(page.locator('[part~="not-found"]')).toHaveText(texts.notFound);
    });

    test('the landing page shows the vendor and Order now goes home', async ({ page }) => {
      await prepare(page, vendor, lang, width, vendor === SOUQ ? encodeStoreId((await storeOf(vendor, slug, lang)).id) : '');
      await page.goto(vendorUrl(vendor, '/landing-page'));
      const landing = page.locator('[part~="landing"]');
      await expect(landing.getByRole('heading', { level: 1 })).not.toBeEmpty({ timeout: 20_000 });
      // Both demo vendors set a sign-up picture.
      await expect(landing.locator('[part~="picture"]')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoA11yViolations(page);
      await landing.getByRole('link', { name: texts.orderNow }).click();
      await expect(page).toHaveURL(vendorUrl(vendor, '/'));
    });

    test('tag-wise-menu lists tagged items with their stores and adds one to the cart', async ({ page }) => {
      await prepare(page, vendor, lang, width, vendor === SOUQ ? encodeStoreId((await storeOf(vendor, slug, lang)).id) : '');
      await page.goto(vendorUrl(vendor, '/tag-wise-menu'));
      const menu = page.locator('[part~="tag-menu"]');
      const add = menu.locator('[part~="add"]').first();
      await expect(add).toBeVisible({ timeout: 20_000 });
      await expect(menu.locator('[part~="tag-group"]').first().locator('[part~="tag-item"] a').first()).not.toBeEmpty();
      await expectNoSidewaysScroll(page);
      await expectNoA11yViolations(page);
      await add.click();
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').length)).toBe(1);
    });

    test("a banner's page shows the stores it points to", async ({ page }) => {
      const [banner] = (await api(vendor, 'get_banner', { is_langauge: lang })).Result ?? [];
      if (!banner?.restaurant_id) throw new Error(`no store banner on ${vendor.host}`);
      const store = await api(vendor, 'get_restaurant_detail', { restaurant_id: banner.restaurant_id, is_langauge: lang });
      await prepare(page, vendor, lang, width, encodeStoreId(banner.restaurant_id));
      await page.goto(vendorUrl(vendor, `/banner-items/${banner.banner_id}`));
      const section = page.locator('[part~="banner-stores"]');
      await expect(section.getByRole('heading', { level: 1 })).toHaveText(banner.title, { timeout: 20_000 });
      await expect(section.locator('[part~="card-name"]')).toHaveText([store.Result!.name]);
      await expectNoSidewaysScroll(page);
      await expectNoA11yViolations(page);
    });

    test('feedback is sent by keyboard and thanked', async ({ page }) => {
      const store = await storeOf(vendor, slug, lang);
      await prepare(page, vendor, lang, width, encodeStoreId(store.id));
      await page.goto(vendorUrl(vendor, `/feedback/${encodeStoreId(store.id)}`));
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText(store.name, { timeout: 20_000 });
      await expectNoSidewaysScroll(page);
      await expectNoA11yViolations(page);

      // Sending without a rating points at the rating.
      const send = page.getByRole('button', { name: texts.send });
      await send.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert')).toHaveText(texts.chooseRating);
      const group = page.getByRole('group', { name: texts.rating });
      await expect(group.getByRole('radio').first()).toBeFocused();
      await expectNoA11yViolations(page);

      // Space picks the first, the arrow keys move the choice (either direction, mirrored in Arabic).
      await page.keyboard.press('Space');
      await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await page.keyboard.press('ArrowDown');
      await expect(group.getByRole('radio', { name: texts.good, exact: true })).toBeChecked();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(group.getByRole('radio', { name: texts.excellent, exact: true })).toBeChecked();
      await expect(page.getByRole('alert')).toHaveCount(0);

      await page.keyboard.press('Tab');
      await expect(page.getByLabel(texts.comment)).toBeFocused();
      await page.keyboard.type('Quick and friendly.');
      await send.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: texts.thanks })).toBeFocused();
      await expectNoA11yViolations(page);
    });
  });
}

test('a customer reaches a tag\'s list from home and a store\'s feedback form from its menu, by keyboard, at 390 px in Arabic', async ({ page }) => {
  await prepare(page, HARBOR, 'ar', 390);
  await page.goto(vendorUrl(HARBOR, '/'));
  const tagList = page.locator('[part~="tag-list"]').first();
  // The tag is shown in Arabic (the vendor typed it in English) and asked for as the vendor typed it.
  const tag = (await tagList.locator('h2').textContent({ timeout: 20_000 })) ?? '';
  expect(tag).toMatch(/^[\u0600-\u06FF\s]+$/);
  const seeAll = tagList.getByRole('link', { name: 'عرض الكل' });
  const href = (await seeAll.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/tag-wise-menu\?tag=[A-Za-z%0-9]+$/);
  await seeAll.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(vendorUrl(HARBOR, href));
  await expect(page.locator('[part~="tag-menu"]').getByRole('heading', { level: 1 })).toHaveText(tag, { timeout: 20_000 });

  const store = await storeOf(HARBOR, 'bangkok-corner', 'ar');
  await page.goto(vendorUrl(HARBOR, `/restaurant/${encodeStoreId(store.id)}`));
  await page.locator('[part~="feedback-link"]').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(vendorUrl(HARBOR, `/feedback/${encodeURIComponent(encodeStoreId(store.id))}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(store.name, { timeout: 20_000 });
  await expectNoSidewaysScroll(page);
});
