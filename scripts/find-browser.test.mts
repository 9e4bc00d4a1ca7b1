// The tests' Chromium turns off more features than Playwright does, in one `--disable-features`
// that has to repeat Playwright's own (Chromium keeps only the last one). This holds that copy to
// the installed Playwright's list, so an upgrade that changes it is seen here and not as a browser
// test that behaves differently.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { PLAYWRIGHT_DISABLED_FEATURES_BUT_PAINT_HOLDING, TEST_CHROMIUM_ARGS } from './find-browser.mjs';

function playwrightDisabledFeatures(): string[] {
  const lib = join(dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')), 'lib');
  const bundle = readFileSync(join(lib, 'coreBundle.js'), 'utf8');
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1];
  if (!list) throw new Error(`playwright-core's Chromium switches moved: find "disabledFeatures" under ${lib} and update this test`);
  return [...list.matchAll(/^\s*"([A-Za-z0-9]+)",?\s*$/gm)].map((match) => match[1]!);
}

it("repeats Playwright's disabled Chromium features, less PaintHolding, in the tests' one --disable-features", () => {
  const theirs = playwrightDisabledFeatures();
  expect(theirs).toContain('PaintHolding');
  expect([...PLAYWRIGHT_DISABLED_FEATURES_BUT_PAINT_HOLDING]).toEqual(theirs.filter((name) => name !== 'PaintHolding'));
  const switches = TEST_CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
  expect(switches).toHaveLength(1);
  expect(switches[0]!.slice('--disable-features='.length).split(',')).toEqual([...PLAYWRIGHT_DISABLED_FEATURES_BUT_PAINT_HOLDING, 'IsolateOrigins', 'site-per-process']);
});
