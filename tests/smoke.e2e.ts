import { HARBOR, SOUQ } from './helpers/hosts.ts';
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
});
