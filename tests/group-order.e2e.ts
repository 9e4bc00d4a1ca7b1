// Group orders, tried as people would. First, the host pays all: a host on a phone in Arabic starts one at
// a store and shares its link; a guest on a desktop in English joins by the link with a name and fills
// their part from the menu; each sees the other's items appear live; the host locks the group, the shares
// add up to the bill's total, and the host places one order. Then each pays their own share, in three
// browsers: the Arabic host, a signed-in member and a guest who signs in to pay, two from their wallets and
// one online through the test provider; one order with three labelled parts; and a group cancelled after
// its shares were paid gives each back once. Last, on a vendor's own page: <sf-group-order> beside
// <sf-menu>, in Arabic, its link bringing a guest on the narrowest phone back to that page. This file's
// stores: sakura-sushi-house and al-reef-bakery, only ever made open.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { GroupBill, GroupView } from '../contract/api/group-orders.ts';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { api, apiFundWallet, apiRegister, pressTestProvider, uniqueMobile, walletBalance } from './helpers/customer.ts';
import { latestOtp } from './helpers/otp.ts';
import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
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

/** The group panel a person's page shows, opened from the store's menu ("Your group order"). */
async function openPanel(page: Page, buttonName: string, panelName: string) {
  const panel = page.getByRole('dialog', { name: panelName });
  if (!(await panel.isVisible())) await page.locator('sf-storefront').getByRole('button', { name: buttonName }).click();
  await expect(panel).toBeVisible();
  return panel;
}

/** Adds `quantity` of `itemName` from the store's menu on a person's page (the panel closed). */
async function addFromMenu(page: Page, itemName: string, quantity: number): Promise<void> {
  const item = page.locator('sf-storefront [part~="item"]').filter({ hasText: itemName }).first();
  for (let added = 0; added < quantity; added += 1) await item.locator('[part~="add-button"]').click();
}

const cents = (amount: number) => Math.round(amount * 100);

test('each pays their own share: an Arabic host, a member and a guest who signs in to pay build one group live; two pay from wallets and one online; one order with three labelled parts; a cancelled group gives every share back once', DATABASE_JOURNEY, async ({ browser }) => {
  const { store, item } = await openStoreWithPlainItem(HARBOR, STORE, 'en');
  const host = await apiRegister(HARBOR, uniqueMobile('416'), 'Huda Host');
  const sam = await apiRegister(HARBOR, uniqueMobile('417'), 'Sam Member');
  const gusMobile = uniqueMobile('418');
  await apiRegister(HARBOR, gusMobile, 'Gus Online');
  const hostWallet = await apiFundWallet(HARBOR, host.token, 200);
  const samWallet = await apiFundWallet(HARBOR, sam.token, 200);
  const quantity = Math.max(1, Math.ceil(store.minimum_order_value / item.price / 3));
  const menuPath = `/restaurant/${encodeStoreId(store.restaurant_id)}`;
  const contexts = await Promise.all([
    personContext(browser, { locale: 'ar', width: 390 }), personContext(browser, { locale: 'en', width: 1280 }), personContext(browser, { locale: 'en', width: 1280 }),
  ]);
  const [hostContext, samContext, gusContext] = contexts;
  try {
    // The host, on a phone in Arabic, for pickup: each pays their own share.
    const hostPage = await hostContext!.newPage();
    await startNear(hostPage, store);
    await startSignedIn(hostPage, host);
    await hostPage.addInitScript(() => localStorage.setItem('pickupDeliveryFlag', '0'));
    await open(hostPage, `${menuPath}?lang=ar`);
    await hostPage.locator('sf-storefront').getByRole('button', { name: 'اطلب مع الآخرين: ابدأ طلبًا جماعيًا' }).click();
    const start = hostPage.getByRole('dialog', { name: 'ابدأ طلبًا جماعيًا' });
    await start.getByRole('radio', { name: 'كل شخص يدفع حصته' }).check();
    await start.getByRole('button', { name: 'ابدأ وشارك الرابط' }).click();
    const hostGroup = hostPage.getByRole('dialog', { name: 'طلب جماعي' });
    const link = await hostGroup.locator('[part~="group-link"]').inputValue();

    // Sam, signed in, and Gus, a guest, open the link on desktops in English and join.
    const samPage = await samContext!.newPage();
    await startNear(samPage, store);
    await startSignedIn(samPage, sam);
    await samPage.goto(link);
    await takenOver(samPage);
    await samPage.getByRole('dialog', { name: 'Join a group order' }).getByRole('button', { name: 'Join the group' }).click();
    const samGroup = samPage.getByRole('dialog', { name: 'Group order' });
    await expect(samGroup.locator('[part~="group-part"]')).toHaveCount(2);
    const gusPage = await gusContext!.newPage();
    await startNear(gusPage, store);
    await gusPage.goto(link);
    await takenOver(gusPage);
    const join = gusPage.getByRole('dialog', { name: 'Join a group order' });
    await join.getByLabel('Your name').fill('Gus Guest');
    await join.getByRole('button', { name: 'Join as a guest' }).click();
    const gusGroup = gusPage.getByRole('dialog', { name: 'Group order' });
    await expect(gusGroup.locator('[part~="group-part"]')).toHaveCount(3);
    // Sam's open panel heard Gus join.
    await expect(samGroup.locator('[part~="group-part"]')).toHaveCount(3);

    // Each fills their part; the others' panels show it without asking.
    await gusPage.keyboard.press('Escape');
    await addFromMenu(gusPage, item.name, quantity);
    await expect(hostGroup.locator('[part~="group-part"]').filter({ hasText: 'Gus Guest' })).toContainText(`${quantity} × ${item.name}`);
    await expect(samGroup.locator('[part~="group-part"]').filter({ hasText: 'Gus Guest' })).toContainText(`${quantity} × ${item.name}`);
    await samPage.keyboard.press('Escape');
    await addFromMenu(samPage, item.name, quantity);
    await hostPage.keyboard.press('Escape');
    await addFromMenu(hostPage, item.name, quantity);
    const gusPanel = await openPanel(gusPage, 'Your group order', 'Group order');
    await expect(gusPanel.locator('[part~="group-part"]').filter({ hasText: 'Sam Member' })).toContainText(`${quantity} × ${item.name}`);
    await expect(gusPanel.locator('[part~="group-part"]').filter({ hasText: 'Huda Host' })).toContainText(`${quantity} × ${item.name}`);

    // The host locks the group: three shares that add up to the total, to the cent.
    const hostPanel = await openPanel(hostPage, 'طلبك الجماعي', 'طلب جماعي');
    await hostPanel.getByRole('button', { name: 'أقفل المجموعة' }).click();
    const samPanel = await openPanel(samPage, 'Your group order', 'Group order');
    await expect(samPanel.locator('[part~="group-share"]')).toHaveCount(3);
    const membership = JSON.parse((await hostPage.evaluate(() => localStorage.getItem('groupOrder'))) ?? '{}') as { group: string };
    const bill = (await api(HARBOR, 'group-bill', { group: membership.group }, host.token)).Result as GroupBill;
    expect(bill.shares.reduce((sum, share) => sum + cents(share.share), 0)).toBe(cents(bill.breakdown.total));
    await expect(samPanel.locator('[part~="group-total"]')).toContainText(`$${bill.breakdown.total.toFixed(2)}`);
    const shareOf = (name: string) => bill.shares.find((share) => share.name === name)!.share;
    for (const share of bill.shares) {
      await expect(samPanel.locator('[part~="group-share"]').filter({ hasText: share.name })).toContainText(`$${share.share.toFixed(2)}`);
    }

    // Sam pays from the wallet.
    await samPanel.getByRole('button', { name: `Pay my share, $${shareOf('Sam Member').toFixed(2)}` }).click();
    await expect(samPanel.locator('[part~="group-share"]').filter({ hasText: 'Sam Member' })).toContainText('· paid');
    await expectNoA11yViolations(samPage);

    // Gus must sign in to pay: signed in, the same member, now his account's; he pays online through the test provider.
    await gusPanel.getByRole('button', { name: 'Sign in to pay your share' }).click();
    await expect(gusPage).toHaveURL(/\/sign-in\?next=/);
    await gusPage.getByLabel('Mobile number').fill(gusMobile);
    const registrationCode = await latestOtp(gusMobile, HARBOR);
    await gusPage.getByRole('button', { name: 'Continue' }).click();
    await gusPage.getByLabel('Enter OTP').fill(await latestOtp(gusMobile, HARBOR, { notEqual: registrationCode }));
    await gusPage.getByRole('button', { name: 'Verify' }).click();
    await expect(gusPage).toHaveURL(link);
    const gusPaying = await openPanel(gusPage, 'Your group order', 'Group order');
    await expect(gusPaying.locator('[part~="group-part"]').filter({ hasText: 'Gus Online' })).toContainText('(you)');
    const gusShare = bill.shares.find((share) => share.name === 'Gus Guest')!.share;
    await gusPaying.getByRole('radio', { name: 'Pay online' }).check();
    await gusPaying.getByRole('button', { name: `Pay my share, $${gusShare.toFixed(2)}` }).click();
    await expect(gusPage).toHaveURL(/\/pay\/test\//, { timeout: 20_000 });
    await expect(gusPage.getByText('A share of a group order')).toBeVisible();
    await gusPage.getByRole('button', { name: /^Pay / }).click();
    // Back on the menu: the group opens and says so once; the return's parameters leave the address.
    await expect(gusPage.getByRole('dialog', { name: 'Group order' })).toBeVisible({ timeout: 20_000 });
    await expect(gusPage.getByText('Your share is paid.')).toBeVisible();
    await expect(gusPage).toHaveURL(link);

    // The host pays their own share from the wallet and places the order: every share is paid.
    await expect(hostPanel.locator('[part~="group-share-state"]')).toHaveCount(3);
    await hostPanel.getByRole('button', { name: /^ادفع حصتي/ }).click();
    await hostPanel.getByRole('button', { name: 'قدّم الطلب الجماعي' }).click();
    await expect(hostPanel.locator('[part~="group-status"]')).toHaveText('تم التقديم: الطلب في طريقه إلى المتجر.');
    // Every member follows the order in the group.
    await expect(samPanel.locator('[part~="group-order-status"]')).toContainText('The order: ', { timeout: 10_000 });
    await expect(gusPaying.locator('[part~="group-order-status"]')).toContainText('The order: ', { timeout: 10_000 });
    await expect(gusPaying.locator('[part~="group-order-link"]')).toHaveCount(0);

    // One order reaches the store, its lines under each person's name; each paid exactly their share.
    const placed = (await api(HARBOR, 'group-view', { group: membership.group }, host.token)).Result as GroupView;
    expect(typeof placed.order_id).toBe('number');
    const detail = (await api(HARBOR, 'view_order_details', { order_id: placed.order_id as number }, host.token)).Result!;
    expect(cents(detail.total)).toBe(cents(bill.breakdown.total));
    expect(new Set(detail.lines.map((line) => line.person))).toEqual(new Set(['Huda Host', 'Sam Member', 'Gus Online']));
    expect(cents(hostWallet - (await walletBalance(HARBOR, host.token)))).toBe(cents(shareOf('Huda Host')));
    expect(cents(samWallet - (await walletBalance(HARBOR, sam.token)))).toBe(cents(shareOf('Sam Member')));
    expect(placed.parts.find((part) => part.name === 'Gus Online')!.payment).toEqual({ status: 'paid', method: 'online', amount: gusShare });
    await expect(hostPanel.getByRole('link', { name: 'تابع الطلب' })).toHaveAttribute('href', `/order-status/${placed.order_id}`);

    // The host starts another group from the ended one's panel; Sam and Gus join and fill it (through the API).
    await hostPanel.getByRole('button', { name: 'ابدأ طلبًا جماعيًا جديدًا' }).click();
    const restart = hostPage.getByRole('dialog', { name: 'ابدأ طلبًا جماعيًا' });
    await restart.getByRole('radio', { name: 'كل شخص يدفع حصته' }).check();
    await restart.getByRole('button', { name: 'ابدأ وشارك الرابط' }).click();
    await expect(hostGroup.locator('[part~="group-part"]')).toHaveCount(1);
    const second = (JSON.parse((await hostPage.evaluate(() => localStorage.getItem('groupOrder'))) ?? '{}') as { group: string }).group;
    expect(second).not.toBe(membership.group);
    const gus = await gusPage.evaluate(() => localStorage.getItem('token') ?? '');
    const part = [{ item_id: item.item_id, quantity, selectCustoizeID: [], price: item.price }];
    for (const token of [sam.token, gus]) {
      expect((await api(HARBOR, 'group-join', { group: second }, token)).code).toBe(200);
      expect((await api(HARBOR, 'group-set-part', { group: second, lines: part }, token)).code).toBe(200);
    }
    await expect(hostGroup.locator('[part~="group-part"]')).toHaveCount(3);
    await hostGroup.getByRole('button', { name: 'أقفل المجموعة' }).click();
    await expect(hostGroup.locator('[part~="group-share"]')).toHaveCount(3);
    const secondBill = (await api(HARBOR, 'group-bill', { group: second }, host.token)).Result as GroupBill;
    const secondShare = (name: string) => secondBill.shares.find((share) => share.name === name)!.share;
    const samBefore = await walletBalance(HARBOR, sam.token);
    expect((await api(HARBOR, 'group-pay-share', { group: second, payment_method: 'wallet', expected_share: secondShare('Sam Member') }, sam.token)).code).toBe(200);
    const online = (await api(HARBOR, 'group-pay-share', {
      group: second, payment_method: 'online', expected_share: secondShare('Gus Online'), return_url: vendorUrl(HARBOR, menuPath),
    }, gus)).Result!;
    await pressTestProvider((online.payment as { payment_url: string }).payment_url);
    expect(cents(samBefore - (await walletBalance(HARBOR, sam.token)))).toBe(cents(secondShare('Sam Member')));
    await expect(hostGroup.locator('[part~="group-share-state"]').filter({ hasText: 'مدفوعة' })).toHaveCount(2);

    // Cancelled before placing: each share goes back the way it came, once.
    await hostGroup.getByRole('button', { name: 'إلغاء الطلب الجماعي' }).click();
    await expect(hostGroup.locator('[part~="group-status"]')).toHaveText('ألغاه المضيف.');
    expect((await api(HARBOR, 'group-cancel', { group: second }, host.token)).code).not.toBe(200);
    expect(cents(await walletBalance(HARBOR, sam.token))).toBe(cents(samBefore));
    const cancelled = (await api(HARBOR, 'group-view', { group: second }, gus)).Result as GroupView;
    expect(cancelled.parts.find((entry) => entry.name === 'Gus Online')!.payment).toEqual({ status: 'refunded', amount: secondShare('Gus Online') });

    // The host's order screen shows the first order's lines under each person's name.
    await hostPage.goto(`/order-details/${placed.order_id}?lang=ar`);
    await expect(hostPage.locator('sf-storefront [part~="person"]')).toHaveCount(3, { timeout: 20_000 });
    await expect(hostPage.locator('sf-storefront [part~="person"]').filter({ hasText: 'Gus Online' })).toContainText(item.name);
    await expectNoA11yViolations(hostPage);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('on a vendor\'s own page: <sf-group-order> beside the menu starts a group in Arabic, its link brings a guest on a 320 px phone back to that page to join, each sees the other\'s part, and the page hears the group lock', DATABASE_JOURNEY, async ({ browser }) => {
  const { store, item } = await openStoreWithPlainItem(SOUQ, 'al-reef-bakery', 'ar');
  const host = await apiRegister(SOUQ, uniqueMobile('50'), 'هدى');
  const page = `/demo/group.html?store=${encodeURIComponent(encodeStoreId(store.restaurant_id))}`;
  const personOf = async (width: number) => {
    const context = await browser.newContext({ baseURL: SOUQ.origin, locale: 'ar', viewport: { width, height: 800 } });
    await consentDecided(context);
    await atStoreTime(context);
    await context.addInitScript(() => localStorage.setItem('pickupDeliveryFlag', '0'));
    return context;
  };
  const hostContext = await personOf(1280);
  const guestContext = await personOf(320);
  try {
    const hostPage = await hostContext.newPage();
    await startNear(hostPage, store);
    await startSignedIn(hostPage, host);
    await hostPage.goto(vendorUrl(SOUQ, page));
    await hostPage.evaluate(() => {
      const heard: string[] = [];
      (window as unknown as { heard: string[] }).heard = heard;
      for (const name of ['sf-group-joined', 'sf-group-locked']) document.addEventListener(name, () => heard.push(name));
    });
    const hostElement = hostPage.locator('sf-group-order');
    await hostElement.getByRole('button', { name: 'اطلب مع الآخرين: ابدأ طلبًا جماعيًا' }).click();
    const start = hostPage.getByRole('dialog', { name: 'ابدأ طلبًا جماعيًا' });
    await start.getByRole('radio', { name: 'أدفع عن الجميع' }).check();
    await start.getByRole('button', { name: 'ابدأ وشارك الرابط' }).click();
    const hostGroup = hostElement.getByRole('region', { name: `طلب جماعي من ${store.name}` });
    const link = new URL(await hostGroup.locator('[part~="group-link"]').inputValue());
    expect([link.origin, link.pathname, link.searchParams.get('store')]).toEqual([SOUQ.origin, '/demo/group.html', encodeStoreId(store.restaurant_id)]);
    await expectNoA11yViolations(hostPage);

    // A guest on the narrowest phone opens the link: the vendor's page, where the element asks them to join.
    const guestPage = await guestContext.newPage();
    await startNear(guestPage, store);
    await guestPage.goto(link.href);
    const guestElement = guestPage.locator('sf-group-order');
    await guestElement.getByLabel('اسمك').fill('غسان');
    await guestElement.getByRole('button', { name: 'انضم كضيف' }).click();
    await expect(guestElement.locator('[part~="group-part"]')).toHaveCount(2);
    expect(await guestPage.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectNoA11yViolations(guestPage);

    // The guest adds from the vendor's <sf-menu>: the host's panel shows it; the host locks, and the page hears it.
    await guestPage.locator('sf-menu [part~="item"]').filter({ hasText: item.name }).first().locator('[part~="add-button"]').click();
    await expect(hostGroup.locator('[part~="group-part"]').filter({ hasText: 'غسان' })).toContainText(item.name);
    await hostGroup.getByRole('button', { name: 'أقفل المجموعة' }).click();
    await expect(guestElement.locator('[part~="group-status"]')).toHaveText('مقفل: لا يمكن لأحد تغيير حصته.');
    expect(await hostPage.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual(['sf-group-joined', 'sf-group-locked']);
  } finally {
    await hostContext.close();
    await guestContext.close();
  }
});
