import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import { storeCardsShown } from './helpers/pages.ts';
import { E2E_CLOCK } from './helpers/run-clock.ts';
import { expect, serverClock, test } from './helpers/test.ts';

test.describe('smoke', () => {
  test('the server answers /healthz', async ({ request }) => {
    const res = await request.get('/healthz');
    expect(res.status(), await res.text()).toBe(200);
  });

  test('the script-tag bundle is served as JavaScript', async ({ request }) => {
    const res = await request.get('/dist/storefront.js');
    expect(res.status(), 'GET /dist/storefront.js (npm test builds it first; else run `npm run build`)').toBe(200);
    expect(res.headers()['content-type']).toMatch(/^(text|application)\/javascript\b/);
    expect((await res.body()).length).toBeGreaterThan(0);
  });

  test('the browser reaches both vendor hosts', async ({ page }) => {
    for (const vendor of [HARBOR, SOUQ]) {
      const res = await page.goto(`${vendor.origin}/healthz`);
      expect(res?.status(), `${vendor.origin}/healthz`).toBe(200);
    }
  });

  test('the page and the server tell the same store time (E2E_CLOCK, else the real time)', async ({ page }) => {
    await page.goto('/healthz');
    const server = await serverClock();
    expect(server.test_clock).toBe(E2E_CLOCK ? E2E_CLOCK.toISOString() : null);
    const pageNow = await page.evaluate(() => Date.now());
    // The same instant give or take the calls in between; a run-long drift would be minutes.
    expect(Math.abs(pageNow - Date.parse(server.now))).toBeLessThan(15_000);
    if (!E2E_CLOCK) expect(Math.abs(Date.parse(server.now) - Date.now())).toBeLessThan(15_000);
  });

  test('the full page and the demo host pages run under their Content-Security-Policy without a violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      document.addEventListener('securitypolicyviolation', (event) => {
        report(`${location.href}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
      }, true);
      // A place, so the full page shows its stores instead of asking for one.
      if (!localStorage.getItem('latitude')) {
        const dubai = location.hostname.startsWith('souq.');
        localStorage.setItem('latitude', dubai ? '25.2048' : '37.7749');
        localStorage.setItem('longitude', dubai ? '55.2708' : '-122.4194');
      }
    });
    for (const url of [vendorUrl(HARBOR, '/'), vendorUrl(SOUQ, '/'), vendorUrl(HARBOR, '/demo/'), vendorUrl(SOUQ, '/demo/')]) {
      const response = await page.goto(url);
      expect(response?.headers()['content-security-policy'], url).toContain("script-src 'self'");
      await storeCardsShown(page);
      // The first card's image and the rest of the page have loaded.
      await page.waitForLoadState('load');
    }
    expect(violations).toEqual([]);
  });
});
