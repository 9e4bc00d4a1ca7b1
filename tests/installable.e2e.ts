// The full page as an app: Chromium finds each demo vendor's full page installable (its web app manifest,
// its icon, standalone), with nothing it would refuse. Installability is judged only in a browser profile
// of its own (not a private one), so this test opens one. Lighthouse's checks of an installable app (its
// last version with them: scripts/pwa-checks.mjs) pass on both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { findFullChromium, TEST_CHROMIUM_ARGS } from '../scripts/find-browser.mjs';
import { pwaChecks } from '../scripts/pwa-checks.mjs';
import { HARBOR, SOUQ, vendorUrl } from './helpers/hosts.ts';
import { expect, test } from './helpers/test.ts';

test('Chromium can install the full page of each demo vendor, in its language', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'sf-installable-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: findFullChromium() ?? undefined, args: [...TEST_CHROMIUM_ARGS] });
  try {
    for (const [vendor, lang] of [[HARBOR, 'en'], [SOUQ, 'ar']] as const) {
      const page = await context.newPage();
      await page.goto(vendorUrl(vendor, '/'));
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', `/manifest.webmanifest?lang=${lang}`);
      const cdp = await context.newCDPSession(page);
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 }).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ lang, display: 'standalone', start_url: '/' });
      await page.close();
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("Lighthouse's checks of an installable app pass on each demo vendor's full page", async () => {
  test.setTimeout(120_000);
  const executablePath = findFullChromium();
  if (!executablePath) throw new Error('no Chromium (the whole browser)');
  const results = await pwaChecks(executablePath, [vendorUrl(HARBOR, '/'), vendorUrl(SOUQ, '/')], TEST_CHROMIUM_ARGS);
  for (const result of results) {
    expect(result.checks.map((check) => check.id).sort()).toEqual(['content-width', 'installable-manifest', 'maskable-icon', 'splash-screen', 'themed-omnibox', 'viewport']);
    expect(result.checks.filter((check) => check.score !== 1), result.url).toEqual([]);
  }
});
