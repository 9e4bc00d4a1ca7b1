// A group order, tried as people would: a host on a phone in Arabic starts one at a store and shares its
// link; a guest on a desktop in English joins by the link with a name and fills their part from the menu;
// each sees the other's items appear live; the host locks the group, the shares add up to the bill's
// total, and the host places one order. This file's store: sakura-sushi-house, only ever made open.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { GroupBill, GroupView } from '../contract/api/group-orders.ts';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { api, apiRegister, uniqueMobile } from './helpers/customer.ts';
import { HARBOR, vendorUrl } from './helpers/hosts.ts';
import { startNear, startSignedIn } from './helpers/pages.ts';
import { encodeStoreId, openStoreWithPlainItem } from './helpers/stores.ts';
import { atStoreTime, consentDecided, DATABASE_JOURNEY, expect, takenOver, test } from './helpers/test.ts';

const STORE = 'sakura-sushi-house';

/** A person's own browser: a context of its own, with the demo's analytics choice made. */
async function personContext(browser: Browser, options: { locale: string; width: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: HARBOR.origin, locale: options.locale, viewport: { width: options.width, height: 844 } });
  await consentDecided(context);
  await atStoreTime(context);
  return context;
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(vendorUrl(HARBOR, path));
  await takenOver(page);
}

test('a host starts a group, a guest joins by its link and fills their part, each sees the other live; locked, the shares add up to the total and one order is placed', DATABASE_JOURNEY, async ({ browser }) => {
  const { store, item } = await openStoreWithPlainItem(HARBOR, STORE, 'en');
  const host = await apiRegister(HARBOR, uniqueMobile('419'), 'Hana Host');
  const quantity = Math.ceil(store.minimum_order_value / item.price);
  const menuPath = `/restaurant/${encodeStoreId(store.restaurant_id)}`;
  const hostContext = await personContext(browser, { locale: 'ar', width: 390 });
  const guestContext = await personContext(browser, { locale: 'en', width: 1280 });
  try {
    // The host, on a phone in Arabic, for pickup: starts the group from the store's menu.
    const hostPage = await hostContext.newPage();
    await startNear(hostPage, store);
    await startSignedIn(hostPage, host);
    await hostPage.addInitScript(() => localStorage.setItem('pickupDeliveryFlag', '0'));
    await open(hostPage, `${menuPath}?lang=ar`);
    const hostApp = hostPage.locator('sf-storefront');
    await hostApp.getByRole('button', { name: 'اطلب مع الآخرين: ابدأ طلبًا جماعيًا' }).click();
    const start = hostPage.getByRole('dialog', { name: 'ابدأ طلبًا جماعيًا' });
    await expect(start).toContainText('للاستلام من المتجر.');
    await start.getByRole('radio', { name: 'أدفع عن الجميع' }).check();
    await start.getByRole('button', { name: 'ابدأ وشارك الرابط' }).click();
    const hostGroup = hostPage.getByRole('dialog', { name: 'طلب جماعي' });
    const link = await hostGroup.locator('[part~="group-link"]').inputValue();
    expect(link).toContain(`/restaurant/${encodeURIComponent(encodeStoreId(store.restaurant_id))}?group=`);
    await expect(hostGroup.locator('[part~="group-code"]')).toHaveText(/^[A-Z2-9]{6}$/);

    // The guest opens the link on a desktop in English: the store's menu asks them to join; as a guest, with a name.
    const guestPage = await guestContext.newPage();
    await startNear(guestPage, store);
    await guestPage.goto(link);
    await takenOver(guestPage);
    const join = guestPage.getByRole('dialog', { name: 'Join a group order' });
    await expect(join.locator('[part~="group-preview"]')).toHaveText(`Hana Host invites you to order together from ${store.name}.`);
    await join.getByLabel('Your name').fill('Gus Guest');
    await join.getByRole('button', { name: 'Join as a guest' }).click();
    const guestGroup = guestPage.getByRole('dialog', { name: 'Group order' });
    await expect(guestGroup.locator('[part~="group-part"]')).toHaveCount(2);
    await guestPage.keyboard.press('Escape');

    // The guest fills their part from the menu; the host, its panel open, sees it without asking.
    const guestApp = guestPage.locator('sf-storefront');
    const guestItem = guestApp.locator('[part~="item"]').filter({ hasText: item.name }).first();
    for (let added = 0; added < quantity; added += 1) await guestItem.getByRole('button', { name: `Add ${item.name}` }).click();
    await expect(hostGroup.locator('[part~="group-part"]').filter({ hasText: 'Gus Guest' })).toContainText(`${quantity} × ${item.name}`, { timeout: 10_000 });

    // The host adds to their own part; the guest's panel shows it.
    await hostPage.keyboard.press('Escape');
    await hostApp.locator('[part~="item"]').filter({ hasText: item.name }).first().locator('[part~="add-button"]').click();
    await guestApp.getByRole('button', { name: 'Your group order' }).click();
    await expect(guestGroup.locator('[part~="group-part"]').filter({ hasText: 'Hana Host' })).toContainText(item.name, { timeout: 10_000 });

    // Locked, the bill is split: the shares add up to the total exactly.
    await hostApp.getByRole('button', { name: 'طلبك الجماعي' }).click();
    await hostGroup.getByRole('button', { name: 'أقفل المجموعة' }).click();
    await expect(hostGroup.locator('[part~="group-status"]')).toHaveText('مقفل: لا يمكن لأحد تغيير حصته.');
    await expect(hostGroup.locator('[part~="group-share"]')).toHaveCount(2);
    const membership = JSON.parse((await hostPage.evaluate(() => localStorage.getItem('groupOrder'))) ?? '{}') as { group: string };
    const bill = (await api(HARBOR, 'group-bill', { group: membership.group }, host.token)).Result as GroupBill;
    const cents = (amount: number) => Math.round(amount * 100);
    expect(bill.shares.reduce((sum, share) => sum + cents(share.share), 0)).toBe(cents(bill.breakdown.total));
    await expect(guestGroup.locator('[part~="group-status"]')).toHaveText('Locked: nobody can change their part.', { timeout: 10_000 });
    await expectNoA11yViolations(hostPage);

    // The host pays for everyone: one order, and everyone sees it placed.
    await hostGroup.getByRole('radio', { name: 'نقدًا' }).check();
    await hostGroup.getByRole('button', { name: 'قدّم الطلب الجماعي' }).click();
    await expect(hostGroup.locator('[part~="group-status"]')).toHaveText('تم التقديم: الطلب في طريقه إلى المتجر.');
    await expect(guestGroup.locator('[part~="group-status"]')).toHaveText('Placed: the order is on its way to the store.', { timeout: 10_000 });
    const placed = (await api(HARBOR, 'group-view', { group: membership.group }, host.token)).Result as GroupView;
    expect(typeof placed.order_id).toBe('number');
  } finally {
    await hostContext.close();
    await guestContext.close();
  }
});
