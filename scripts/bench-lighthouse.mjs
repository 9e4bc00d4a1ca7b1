// Lighthouse in `npm run bench`: the mobile preset with its default (simulated) throttling, in
// Debian's Chromium driven over its debugging port, on the pages a first-time customer opens.
// Prints the performance and accessibility scores against their goals, the metrics behind the
// performance score, and what costs points.
import { freePort } from './free-port.mjs';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './find-browser.mjs';

const GOALS = { performance: 98, accessibility: 100, seo: 100 };
/** Lighthouse runs per page; each figure printed is their median (scores move a point or two between runs). */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 5;
/** Largest contentful paint (s) and layout shift, in the simulation. */
const PAINT_GOALS = { lcp: 1.5, cls: 0 };

const metric = (lhr, id) => lhr.audits[id]?.displayValue ?? '–';

/** What costs the most points: failed audits with a weight, by category. */
function losses(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9 && lhr.audits[ref.id]?.scoreDisplayMode !== 'notApplicable')
    .sort((a, b) => b.weight * (1 - lhr.audits[b.id].score) - a.weight * (1 - lhr.audits[a.id].score))
    .slice(0, 5)
    .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? Math.round(lhr.audits[ref.id].score * 100)})`);
}

/** One Lighthouse run; a run whose trace failed (NO_NAVSTART and the like, seen now and then) is tried again, twice. */
async function audit(url, port, tries = 3) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(GOALS) });
  const lhr = result?.lhr;
  if (lhr && !lhr.runtimeError) return lhr;
  const why = lhr ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : 'no result';
  if (tries > 1) return audit(url, port, tries - 1);
  throw new Error(`Lighthouse on ${url}: ${why}`);
}

/** Runs Lighthouse on each of `pages` ({ label, url }) and prints one block per page. */
export async function lighthouseScores(executablePath, pages) {
  const port = await freePort();
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  try {
    for (const { label, url } of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(url, port));
      const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      // The run whose performance score is the median speaks for the page's audits.
      const lhr = [...runs].sort((a, b) => a.categories.performance.score - b.categories.performance.score)[Math.floor(runs.length / 2)];
      const scores = Object.entries(GOALS).map(([category, goal]) => {
        const score = Math.round(middle(runs.map((one) => one.categories[category].score ?? 0)) * 100);
        return `${category} ${score} (goal ≥ ${goal}: ${(score / goal).toFixed(2)}×)`;
      });
      const lcp = middle(runs.map((one) => one.audits['largest-contentful-paint'].numericValue)) / 1000;
      const cls = middle(runs.map((one) => one.audits['cumulative-layout-shift'].numericValue));
      console.log(`  ${label.padEnd(30)} ${scores.join('  ')}  (median of ${runs.length})`);
      console.log(`  ${''.padEnd(30)} LCP ${lcp.toFixed(2)} s (goal ≤ ${PAINT_GOALS.lcp} s: ${(lcp / PAINT_GOALS.lcp).toFixed(2)}×)  CLS ${cls.toFixed(3)} (goal ${PAINT_GOALS.cls})`);
      console.log(`  ${''.padEnd(30)} the median run: FCP ${metric(lhr, 'first-contentful-paint')}  LCP ${metric(lhr, 'largest-contentful-paint')}  TBT ${metric(lhr, 'total-blocking-time')}  CLS ${metric(lhr, 'cumulative-layout-shift')}  SI ${metric(lhr, 'speed-index')}`);
      for (const category of Object.keys(GOALS)) {
        const lost = losses(lhr, category);
        if (lost.length) console.log(`  ${''.padEnd(30)} ${category} loses on: ${lost.join(', ')}`);
      }
      const shifted = (lhr.audits['layout-shifts']?.details?.items ?? []).filter((item) => item.score >= 0.01);
      if (shifted.length) console.log(`  ${''.padEnd(30)} moved: ${shifted.map((item) => `${item.node?.selector ?? '?'} (${item.score.toFixed(3)})`).join(', ')}`);
      // Lighthouse 12 names the element in its own audit, later versions in the LCP breakdown.
      const largest = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
        ?? (lhr.audits['lcp-breakdown-insight']?.details?.items ?? []).find((item) => item.type === 'node');
      if (largest) console.log(`  ${''.padEnd(30)} largest paint: ${largest.snippet?.slice(0, 120)}`);
    }
  } finally {
    await browser.close();
  }
}
