import { expect, test } from '@playwright/test';
import { HARBOR, SOUQ } from './helpers/hosts.ts';

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
});
