// The full page as an installed app, tried as a returning customer would: with the network cut, home, a
// store's menu and their orders open from what the service worker kept (and say so), the cart still fills,
// checkout says it needs a connection and sends nothing; back online the order is placed once. A new version
// is announced with "Reload to update", never on the checkout's screens. This file's store: sakura-sushi-house,
// only ever made open (as analytics.e2e.ts makes it).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { chromiumHowTo, findFullChromium, TEST_CHROMIUM_ARGS } from '../scripts/find-browser.mjs';
import { api, apiOrder, apiRegister, holdOrder, releaseOrder, uniqueMobile } from './helpers/customer.ts';
import { expectNoA11yViolations } from './helpers/axe.ts';
import { E2E_PORT, HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import { openHome, startNear, startSignedIn } from './helpers/pages.ts';
import { encodeStoreId, openStoreWithPlainItem } from './helpers/stores.ts';
import { atStoreTime, consentDecided, expect, takenOver, test } from './helpers/test.ts';

const STORE = 'sakura-sushi-house';

/**
 * Each test here runs in a browser of its own where service workers run (the suite blocks them:
 * playwright.config.ts), on a phone: the whole Chromium, since its headless shell refuses notifications
 * whatever is granted. Pages it opens are the storefront's once taken over (`takenOver`).
 */
const appTest = test.extend<{ app: { context: BrowserContext; page: Page } }>({
  app: async ({}, use) => {
    const executablePath = findFullChromium();
    if (!executablePath) throw new Error(`these tests need the whole Chromium, not only its headless shell: ${chromiumHowTo()}`);
    const browser = await chromium.launch({ executablePath, args: [...TEST_CHROMIUM_ARGS] });
    try {
      const context = await browser.newContext({ serviceWorkers: 'allow', baseURL: HARBOR.origin, viewport: { width: 390, height: 844 } });
      await consentDecided(context);
      await atStoreTime(context);
      await use({ context, page: await context.newPage() });
    } finally {
      await browser.close();
    }
  },
});

/** Opens `path` of the demo vendor and waits until the storefront has taken it over. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(vendorUrl(HARBOR, path));
  await takenOver(page);
}

/** Waits until the page is served by the storefront's service worker. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** The built service worker changed as the next version's would be (with its precompressed copies); answers what puts it back. */
function deployNextWorker(): () => void {
  const built = join(process.cwd(), 'dist', 'sw.js');
  const copies = [built, `${built}.br`, `${built}.gz`];
  const before = copies.map((path) => readFileSync(path));
  const next = Buffer.concat([before[0]!, Buffer.from('\n// the next version\n')]);
  writeFileSync(built, next);
  writeFileSync(`${built}.br`, brotliCompressSync(next));
  writeFileSync(`${built}.gz`, gzipSync(next));
  return () => copies.forEach((path, index) => writeFileSync(path, before[index]!));
}

/** Goes to `path` inside the full page as its links do (no page load). */
async function follow(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

appTest('offline, a returning customer reads home, a menu and their orders, fills the cart, and orders once when back online', async ({ app: { page, context } }) => {
  const { store, item } = await openStoreWithPlainItem(HARBOR, STORE, 'en');
  const session = await apiRegister(HARBOR, uniqueMobile('416'), 'Offline Reader');
  // The store asks for a minimum: enough of the item to reach it.
  const quantity = Math.ceil(store.minimum_order_value / item.price);
  const earlier = await apiOrder(HARBOR, session.token, store.restaurant_id, item, { mode: 'pickup' }, quantity);
  // Still under way when the customer reads their orders (the demo's simulator leaves it where it is).
  await holdOrder(HARBOR, earlier);
  await startNear(page, store);
  await startSignedIn(page, session);
  const app = page.locator('sf-storefront');
  const menuPath = `/restaurant/${encodeStoreId(store.restaurant_id)}`;

  // The first visit installs the app; on the next the customer looks at home, the store and their orders.
  await open(page, '/');
  await controlled(page);
  await page.reload();
  await takenOver(page);
  await expect(app.locator('[part~="card"]').first()).toBeVisible({ timeout: 20_000 });
  await follow(page, menuPath);
  await expect(app.locator('[part~="item"]').first()).toBeVisible({ timeout: 20_000 });
  await follow(page, '/orders');
  await expect(app.getByText(`#${earlier}`).first()).toBeVisible({ timeout: 20_000 });

  // The network goes.
  await context.setOffline(true);
  await open(page, '/');
  await expect(app.locator('[part~="card"]').first()).toBeVisible();
  const status = app.locator('[part~="app-status"]');
  await expect(status).toContainText(/You're offline\. What you see was saved on .+\./);

  await follow(page, menuPath);
  const menuItem = app.locator('[part~="item"]').filter({ hasText: item.name }).first();
  await expect(menuItem).toBeVisible();
  for (let added = 0; added < quantity; added += 1) await menuItem.getByRole('button', { name: `Add ${item.name}` }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Cart, ${quantity} items`) })).toBeVisible();

  await follow(page, '/orders');
  await expect(app.getByText(`#${earlier}`).first()).toBeVisible();

  // Checkout says it needs a connection; placing sends nothing and keeps the cart.
  const placed: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/place_order')) placed.push(request.url());
  });
  await follow(page, '/review-cart');
  await expect(app.locator('[part~="offline"]')).toHaveText("You're offline. Placing an order needs a connection; your cart is kept.");
  await app.locator('[part~="mode-option"]').nth(1).click(); // pickup
  const cartBefore = await page.evaluate(() => localStorage.getItem('cart'));

  // Back online: one order.
  await context.setOffline(false);
  await expect(app.locator('[part~="offline"]')).toBeEmpty();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('radio', { name: /^Pay at the store/ }).check();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Place order' }).click();
  const notice = page.getByRole('dialog', { name: 'Notice' });
  await expect(notice).toContainText("You're offline. Placing an order needs a connection; your cart is kept.");
  await notice.getByRole('button', { name: 'OK' }).click();
  expect(placed).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe(cartBefore);

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('dialog', { name: 'Place order' }).getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-status\/\d+/, { timeout: 20_000 });
  const history = await api(HARBOR, 'order_history', { skip: 0 }, session.token);
  const ongoing = await api(HARBOR, 'ongoing_orders', { skip: 0 }, session.token);
  const ids = [...(history.Result ?? []), ...(ongoing.Result ?? [])].map((order) => order.order_id);
  expect(new Set(ids).size).toBe(2);
  expect(placed).toHaveLength(1);
});

appTest('a new version is announced, never on the checkout\'s screens, and the page reloads into it when asked', async ({ app: { page } }) => {
  await startNear(page, { latitude: 37.7749, longitude: -122.4194 });
  await open(page, '/');
  await controlled(page);
  const app = page.locator('sf-storefront');
  const status = app.locator('[part~="app-status"]');
  // A new version is deployed while the page is open: the worker's script changes (a browser fetches it
  // itself, out of reach of a test's routes, so the built file is changed and put back afterwards).
  const restore = deployNextWorker();
  try {
    const waiting = () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));

    // The customer is checking out: the new version waits, unannounced.
    await follow(page, '/review-cart');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect.poll(waiting, { timeout: 20_000 }).toBe(true);
    await page.waitForTimeout(500);
    await expect(status).toBeEmpty();

    // Elsewhere it is announced; reloading takes it.
    await follow(page, '/');
    await expect(status).toContainText('A new version of this store is ready.');
    await Promise.all([page.waitForEvent('load'), status.getByRole('button', { name: 'Reload to update' }).click()]);
    await expect.poll(waiting).toBe(false);
    await controlled(page);
    await expect(status).toBeEmpty();
  } finally {
    restore();
  }
});

/** The local Web Push service (server/doubles/push) beside the e2e server (playwright.config.ts's PAYMENT_DOUBLES_PORT). */
const PUSH_DOUBLE = `http://127.0.0.1:${E2E_PORT + 2}/push`;

interface StandInSubscription { endpoint: string; keys: { p256dh: string; auth: string } }

/**
 * The browser's push service stands in the local double: Chromium's own (Google's) is out of reach of
 * tests, so `pushManager.subscribe` asks the double for the subscription (endpoint and keys) the browser
 * would get; everything after it (saving it, the server encrypting and signing each message for it) is real.
 */
async function pushThroughDouble(context: BrowserContext): Promise<void> {
  await context.exposeFunction('sfStandInSubscription', async (applicationServerKey: string) => {
    const answer = await fetch(`${PUSH_DOUBLE}/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ applicationServerKey }) });
    return (await answer.json()) as StandInSubscription;
  });
  await context.addInitScript(() => {
    const kept = 'sf-test-push-subscription';
    const standIn = (json: StandInSubscription) => ({
      endpoint: json.endpoint, expirationTime: null, toJSON: () => json,
      unsubscribe: async () => (localStorage.removeItem(kept), true),
    });
    PushManager.prototype.getSubscription = async () => {
      const saved = localStorage.getItem(kept);
      return (saved ? standIn(JSON.parse(saved) as StandInSubscription) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      const base64url = btoa(String.fromCharCode(...key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      const json = await (window as unknown as { sfStandInSubscription(key: string): Promise<StandInSubscription> }).sfStandInSubscription(base64url);
      localStorage.setItem(kept, JSON.stringify(json));
      return standIn(json) as unknown as PushSubscription;
    };
  });
}

interface DoubleMessage { text: string }

/** What the tests use of a service worker's globals. */
interface WorkerScope extends EventTarget {
  registration: ServiceWorkerRegistration;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

appTest('after turning on notifications on the order\'s screen and closing it, the next step arrives as a notification that opens the order', async ({ app: { page, context } }) => {
  const { store, item } = await openStoreWithPlainItem(HARBOR, STORE, 'en');
  const session = await apiRegister(HARBOR, uniqueMobile('417'), 'Notified Customer');
  const quantity = Math.ceil(store.minimum_order_value / item.price);
  const orderId = await apiOrder(HARBOR, session.token, store.restaurant_id, item, { mode: 'pickup' }, quantity);
  await holdOrder(HARBOR, orderId);
  await context.grantPermissions(['notifications'], { origin: HARBOR.origin });
  await startSignedIn(page, session);
  await pushThroughDouble(context);

  // Nothing is asked on load; the order's screen offers it.
  await open(page, `/order-status/${orderId}`);
  await controlled(page);
  const app = page.locator('sf-storefront');
  const offer = app.locator('[part~="notifications-offer"]');
  await expect(offer).toContainText('Get a notification when your order moves on, even with this page closed.');
  await offer.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(offer).toContainText('Notifications are on. You can turn them off in your profile.');
  const subscription = JSON.parse((await page.evaluate(() => localStorage.getItem('sf-test-push-subscription'))) ?? '{}') as StandInSubscription;
  const id = subscription.endpoint.split('/').pop();

  // The customer closes the tab (another of the store's pages stays open); the store moves the order on.
  const other = await context.newPage();
  await open(other, '/faq');
  await page.close();
  await releaseOrder(HARBOR, orderId);
  const messages = async () => ((await (await fetch(`${PUSH_DOUBLE}/messages/${id}`)).json()) as { messages: DoubleMessage[] }).messages;
  await expect.poll(async () => (await messages()).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const [first] = await messages();
  const pushed = JSON.parse(first!.text) as { title: string; body: string; url: string; tag: string; lang: string };
  expect(pushed).toMatchObject({ title: 'Harbor Eats', url: `/order-status/${orderId}`, tag: `order-${orderId}`, lang: 'en' });
  expect(pushed.body).toContain(`#${orderId}`);

  // The push service hands it to the browser, whose service worker shows it.
  const cdp = await context.newCDPSession(other);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${HARBOR.origin}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  const deliver = () => cdp.send('ServiceWorker.deliverPushMessage', { origin: HARBOR.origin, registrationId, data: first!.text });
  await deliver();
  const [worker] = context.serviceWorkers();
  // (Evaluated in the worker, whose globals the tests' DOM types do not describe.) A push service keeps a
  // message until the browser takes it; the DevTools delivery that stands in for it does not (once in a
  // while, to a worker still waking, it is dropped), so it is handed over again until shown. The tag makes
  // a second delivery replace the first: one notification whatever happens.
  await expect.poll(async () => {
    const shown = await worker!.evaluate(async () => (await (self as unknown as WorkerScope).registration.getNotifications())
      .map((notification) => ({ title: notification.title, body: notification.body, data: notification.data as unknown })));
    if (shown.length === 0) await deliver();
    return shown;
  }).toEqual([{ title: pushed.title, body: pushed.body, data: { url: pushed.url } }]);

  // Opened, it shows the order.
  await worker!.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [shown] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown! }));
  });
  await expect(other).toHaveURL(vendorUrl(HARBOR, `/order-status/${orderId}`));
  await expect(other.locator('sf-storefront').getByRole('heading', { name: `Order #${orderId}` })).toBeVisible({ timeout: 20_000 });

  // The profile turns them off: the server forgets this browser.
  await open(other, '/profile');
  const toggle = other.locator('sf-storefront').getByRole('switch', { name: 'Order notifications' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  // (The switch shows the customer's choice at once; the server is told right after.)
  await expect.poll(async () => (await api(HARBOR, 'push-status', { endpoint: subscription.endpoint }, session.token)).Result).toEqual({ subscribed: false });
});

appTest('offline in Arabic: سوق المدينة opens from what was kept, says so right to left, and its checkout says it needs a connection', async ({ app: { page, context } }) => {
  // Home of the grocery vendor (its store chosen), kept as the customer saw it.
  await openHome(page, SOUQ);
  await takenOver(page);
  await controlled(page);
  await page.reload();
  await takenOver(page);
  const app = page.locator('sf-storefront');
  await expect(app.locator('[part~="card"]').first()).toBeVisible({ timeout: 20_000 });

  await context.setOffline(true);
  await page.reload();
  await takenOver(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(app.locator('[part~="card"]').first()).toBeVisible();
  await expect(app.locator('[part~="app-status"]')).toContainText(/^أنت غير متصل\. ما تراه محفوظ منذ .+\.$/);
  await follow(page, '/review-cart');
  await expect(app.locator('[part~="offline"]')).toHaveText('أنت غير متصل. يحتاج تقديم الطلب إلى اتصال؛ سلتك محفوظة.');
  await expectNoA11yViolations(page);
});

appTest('the elements on a vendor\'s own page register no service worker', async ({ app: { page } }) => {
  await page.goto(vendorUrl(HARBOR, '/demo/'));
  await expect(page.locator('sf-store-list [part~="card"]').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});
