import { expectNoA11yViolations } from './helpers/axe.ts';
import { apiRegister, uniqueMobile } from './helpers/customer.ts';
import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import { openHome, startSignedIn } from './helpers/pages.ts';
import { openStoreWithPlainItem, encodeStoreId } from './helpers/stores.ts';
import { DATABASE_JOURNEY, expect, test } from './helpers/test.ts';

// The support chat as a customer meets it: the launcher on every screen but a store's menu, the
// conversation in a dialog or on its own screen, the demo agent's answer arriving without a reload.

test('Harbor Eats, English: the chat screen sends with the keyboard and the answer arrives live; no launcher on a menu', DATABASE_JOURNEY, async ({ page }) => {
  const session = await apiRegister(HARBOR, uniqueMobile('415'), 'Chat Customer');
  await startSignedIn(page, session);
  await openHome(page, HARBOR);
  await page.goto(vendorUrl(HARBOR, '/'));
  const storefront = page.locator('sf-storefront');
  await expect(storefront.getByRole('button', { name: 'Chat with support' })).toBeVisible({ timeout: 20_000 });
  const { store } = await openStoreWithPlainItem(HARBOR, 'dogpatch-breakfast-club', 'en');
  await page.goto(vendorUrl(HARBOR, `/restaurant/${encodeURIComponent(encodeStoreId(store.restaurant_id))}`));
  await expect(storefront.locator('[part~="main"] h1')).toHaveText(store.name, { timeout: 20_000 });
  await expect(storefront.getByRole('button', { name: 'Chat with support' })).toHaveCount(0);

  await page.goto(vendorUrl(HARBOR, '/support-chat'));
  await expect(storefront.getByRole('heading', { name: 'Support chat', level: 1 })).toBeVisible({ timeout: 20_000 });
  const box = storefront.getByRole('textbox', { name: 'Message' });
  await box.focus();
  await page.keyboard.type('Hello, my order is late');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('Order from this morning');
  await page.keyboard.press('Enter');
  const log = storefront.getByRole('log', { name: 'Messages' });
  await expect(log.locator('[part~="chat-message-mine"]')).toContainText('Hello, my order is late\nOrder from this morning');
  await expect(log.locator('[part~="chat-message-agent"]')).toContainText('Tell us the order number', { timeout: 15_000 });
  await expect(log.locator('[part~="chat-state"]')).toHaveText('Read');
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });
});

test('سوق المدينة, Arabic: the launcher opens the conversation in a dialog, right to left, and the answer comes in Arabic', async ({ page }) => {
  const session = await apiRegister(SOUQ, uniqueMobile('50'), 'عميل الدردشة');
  await startSignedIn(page, session);
  await openHome(page, SOUQ);
  await page.goto(vendorUrl(SOUQ, '/'));
  const storefront = page.locator('sf-storefront');
  const launcher = storefront.getByRole('button', { name: 'الدردشة مع الدعم' });
  await expect(launcher).toBeVisible({ timeout: 20_000 });
  await launcher.click();
  const dialog = storefront.getByRole('dialog', { name: 'دردشة الدعم' });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('textbox', { name: 'الرسالة' });
  await expect(box).toBeFocused();
  await box.fill('مرحبا، أين طلبي؟');
  await dialog.getByRole('button', { name: 'إرسال' }).click();
  await expect(dialog.locator('[part~="chat-message-agent"]')).toContainText('مرحبًا', { timeout: 15_000 });
  expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  await expectNoA11yViolations(page, { include: ['sf-storefront'] });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
});
