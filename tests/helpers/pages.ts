import { expect, type Page } from '@playwright/test';
import { SOUQ, vendorUrl, type VendorHost } from './hosts.ts';

/** Waits for the first store card of a store list (home, a vendor page, the ESM demo). */
export async function storeCardsShown(page: Page): Promise<void> {
  await expect(page.locator('[part~="card"]').first()).toBeVisible({ timeout: 20_000 });
}

/** Every load of the page starts at `point` as the customer's stored place, unless a place is already stored. */
export async function startNear(page: Page, point: { latitude: number; longitude: number }): Promise<void> {
  await page.addInitScript(([latitude, longitude]) => {
    if (localStorage.getItem('latitude')) return;
    localStorage.setItem('latitude', String(latitude));
    localStorage.setItem('longitude', String(longitude));
  }, [point.latitude, point.longitude] as const);
}

/** Every load of the page starts signed in as `session`, as the storefront keeps a session after signing in. */
export async function startSignedIn(page: Page, session: { token: string; user: unknown }): Promise<void> {
  await page.addInitScript(([token, user]) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', user);
  }, [session.token, JSON.stringify(session.user)] as const);
}

/** A stored place (and, for the grocery vendor, a chosen store) so no modal covers the page. */
export async function openHome(page: Page, vendor: VendorHost): Promise<void> {
  await page.addInitScript(
    ([lat, lng]: [string, string]) => {
      localStorage.setItem('latitude', lat);
      localStorage.setItem('longitude', lng);
    },
    (vendor === SOUQ ? ['25.2048', '55.2708'] : ['37.7749', '-122.4194']) as [string, string],
  );
  await page.goto(vendorUrl(vendor, '/'));
  if (vendor === SOUQ) {
    // The grocery vendor makes the customer choose a store first.
    const picker = page.locator('[part~="dialog"][open]').filter({ has: page.locator('[part~="store"]') });
    await expect(picker).toBeVisible({ timeout: 20_000 });
    await picker.locator('[part~="store"]').first().click();
    await expect(picker).toBeHidden();
  }
  await storeCardsShown(page);
}

/** Every route of the route table with sample parameters (a guest: the guard decides where the signed-in ones go). */
const SAMPLE_PARAMS: Record<string, string> = {
  restaurant_name: 'golden-gate-pizzeria', restaurant_id: 'MQ==', banner_id: '1', category_id: '1', restaurantid: '1',
  brand_id: '1', shiping_id: '1', order_id: '1', subscription_id: '1', page: 'about-us',
};
// The paths of the route table (src/app/routes.tsx; tests cannot import the storefront's sources, and
// scripts/route-table.test.mts holds this list to the table).
export const ROUTE_TABLE = [
  '/sign-in', '/sign-up', '/profile', '/faq', '/report-bug', '/privacypolicy', '/terms', '/help', '/support', '/forgot-password',
  '/reset-password', '/wallet', '/wallet-payment', '/notfound', '/support-chat', '/pages/:page', '/pages',
  '/', '/landing-page', '/vendor/:restaurant_name', '/restaurant/:restaurant_id', '/promo-code', '/banner-items/:banner_id',
  '/search', '/category/:category_id', '/qr/:restaurantid', '/feedback/:restaurantid', '/brand-items/:brand_id', '/tag-wise-menu',
  '/address', '/add-address', '/update-address/:shiping_id',
  '/orders', '/order-details/:order_id', '/order-status/:order_id', '/rating/:order_id', '/review-cart', '/payment',
  '/trackorder/:order_id', '/payment-online', '/review-subscription', '/subscription-cart', '/manage-subscription',
  '/subscription-status/:subscription_id',
];
/** The route table's paths with the sample parameters, or with some of them replaced. */
export function routePaths(params: Record<string, string> = {}): string[] {
  return ROUTE_TABLE.map((path) => path.replace(/:([a-z_]+)/g, (_, name: string) => params[name] ?? SAMPLE_PARAMS[name] ?? '1'));
}

/**
 * Opens `url` and waits until the page has made no request for half a second, as Playwright's
 * 'networkidle' would, but not counting the live channel's event stream, which a signed-in page
 * keeps open for as long as it shows orders.
 */
export function gotoSettled(page: Page, url: string, quietMs = 500): Promise<void> {
  return settledAfter(page, url, () => page.goto(url), quietMs);
}

/**
 * Goes to `path` inside the full page, as its links do (the address changes, the router follows,
 * nothing is loaded again but what the new screen needs), and waits as gotoSettled does.
 */
export function navigateSettled(page: Page, path: string, quietMs = 500): Promise<void> {
  return settledAfter(page, path, () => page.evaluate((to) => {
    history.pushState(null, '', to);
    scrollTo({ top: 0 });
    dispatchEvent(new PopStateEvent('popstate'));
  }, path), quietMs);
}

async function settledAfter(page: Page, label: string, action: () => Promise<unknown>, quietMs: number): Promise<void> {
  const open = new Set<unknown>();
  const counted = (request: { url(): string }) => !request.url().includes('/events/stream');
  const started = (request: { url(): string }) => counted(request) && open.add(request);
  const ended = (request: unknown) => open.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await action();
    let quietSince = Date.now();
    const deadline = Date.now() + 30_000;
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline) throw new Error(`${label}: requests still open after 30 s`);
      await page.waitForTimeout(50);
      if (open.size > 0) quietSince = Date.now();
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Records every layout shift from the first paint on, as Cumulative Layout Shift counts them (none right
 * after an input); call before the page loads. The returned function reads them.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { sfShifts: number[] }).sfShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { sfShifts: number[] }).sfShifts);
}
