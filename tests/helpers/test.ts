import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { API_ORIGIN } from './hosts.ts';
import { E2E_CLOCK } from './run-clock.ts';

/** What GET /test/clock answers (the server's test fixture routes, SF_TEST_FIXTURES=1). */
export interface ServerClock {
  /** The server's store time now. */
  now: string;
  /** Where its test clock started; null on the system time. */
  test_clock: string | null;
}

export async function serverClock(): Promise<ServerClock> {
  const response = await fetch(`${API_ORIGIN}/test/clock`);
  // Without the fixture routes the path falls through to the storefront's HTML page.
  if (!response.ok || !response.headers.get('content-type')?.includes('json')) {
    throw new Error(`GET /test/clock answered ${response.status} ${response.headers.get('content-type')}: the e2e server needs SF_TEST_FIXTURES=1`);
  }
  return (await response.json()) as ServerClock;
}

/**
 * `test` for every e2e file.
 *
 * - Store time: when the run has a clock (E2E_CLOCK), each test's browser context starts at the
 *   server's store time of that moment and its time flows on from there, so the page builds schedule
 *   slots and opening-hour views for the same instant the server judges them. Without E2E_CLOCK both
 *   run at the real time and nothing is installed.
 * - A worker's tests share one browser context (playwright.config.ts, `reuseContext`): Playwright
 *   empties it between tests (cookies, cache, local storage, IndexedDB, service workers, other pages,
 *   routes, init scripts, the clock, viewport and emulation), and this fixture takes back what a test
 *   may have changed that Playwright leaves: permissions, the device position and being offline.
 */
/**
 * Until the storefront has taken over a screen the server drew (the full page), the page reads but does not
 * answer: its island's root carries `data-served` until then. Resolves at once on other pages.
 */
export async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('sf-storefront')?.shadowRoot?.querySelector('[data-served]'), undefined, { timeout: 20_000 });
}

/**
 * The demo vendors' customers have chosen about analytics (refused) unless a test says `test.use({ consent:
 * 'undecided' })`: the banner a first visit shows is the analytics tests' subject, not every test's. Written
 * for the seeded vendors' ids (1 and 2, and the bench vendor, 3) when nothing is stored yet.
 */
export const DECIDED_VENDORS = [1, 2, 3] as const;

/** Every page of `context` starts with the demo vendors' analytics choice made (refused), as the fixture does. */
export async function consentDecided(context: BrowserContext): Promise<void> {
  await context.addInitScript((ids) => {
    for (const id of ids) {
      const key = `sf-consent:${id}`;
      if (localStorage.getItem(key) === null) localStorage.setItem(key, JSON.stringify({ analytics: false, marketing: false, at: new Date().toISOString() }));
    }
  }, [...DECIDED_VENDORS]);
}

/** With a run clock (E2E_CLOCK), `context` starts at the server's store time, as the fixture does; nothing otherwise. */
export async function atStoreTime(context: BrowserContext): Promise<void> {
  if (!E2E_CLOCK) return;
  const clock = await serverClock();
  if (clock.test_clock === null || Date.parse(clock.test_clock) !== E2E_CLOCK.getTime()) {
    throw new Error(`E2E_CLOCK is ${E2E_CLOCK.toISOString()} but the server's test clock is ${clock.test_clock}`);
  }
  await context.clock.install({ time: new Date(clock.now) });
}

export const test = base.extend<{ storeTime: void; contextReset: void; consent: 'decided' | 'undecided'; consentChoice: void }>({
  consent: ['decided', { option: true }],
  consentChoice: [
    async ({ context, consent }, use) => {
      if (consent === 'decided') await consentDecided(context);
      await use();
    },
    { auto: true },
  ],
  // A page opened or reloaded (the address bar, not a link the storefront follows) is the customer's once
  // the storefront has taken over what the server drew: tests act on it then, as a customer can.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await takenOver(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await takenOver(page);
      return response;
    };
    await use(page);
  },
  storeTime: [
    async ({ context }, use) => {
      await atStoreTime(context);
      await use();
    },
    { auto: true },
  ],
  contextReset: [
    async ({ context }, use) => {
      await use();
      await context.clearPermissions();
      await context.setGeolocation(null);
      await context.setOffline(false);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Marks a journey whose result depends on the database under the server (writes across several
 * tables, the realtime channel's LISTEN/NOTIFY): CI's second pass runs these on PostgreSQL
 * (`npm test -- --database`), the rest of the suite only on the embedded database.
 */
export const DATABASE_JOURNEY = { tag: '@database' } as const;
