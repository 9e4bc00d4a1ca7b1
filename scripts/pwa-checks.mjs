// Lighthouse's checks of an installable web app. Lighthouse 12 dropped its PWA category; its last
// version with one (11.7.1, installed as `lighthouse-pwa`) still runs them: installable manifest, splash
// screen, themed address bar, content sized to the viewport, viewport, maskable icon. Used by the browser
// test of the installable full page and by `npm run bench`.
import { freePort } from './free-port.mjs';
import lighthouse from 'lighthouse-pwa';
import { chromium } from 'playwright-core';

/**
 * Runs the PWA category on each address (a phone, as Lighthouse's mobile preset) in a Chromium of its own;
 * answers per address its score (0–1) and each automated check's id and score.
 */
export async function pwaChecks(executablePath, urls, args = []) {
  const port = await freePort();
  const browser = await chromium.launch({ executablePath, args: [...args, `--remote-debugging-port=${port}`] });
  try {
    const results = [];
    for (const url of urls) {
      const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['pwa'] });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
      const checks = lhr.categories.pwa.auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit.scoreDisplayMode !== 'manual')
        .map((audit) => ({ id: audit.id, score: audit.score, explanation: audit.explanation ?? '' }));
      results.push({ url, version: lhr.lighthouseVersion, score: lhr.categories.pwa.score, checks });
    }
    return results;
  } finally {
    await browser.close();
  }
}
