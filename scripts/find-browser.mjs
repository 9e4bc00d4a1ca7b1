#!/usr/bin/env node
// Locates a Chromium binary for the browser test steps (web-test-runner and
// Playwright) and the benchmarks: one the developer points us at, the Debian
// package or one Playwright downloaded. `npm test` installs one when none is
// found (install-browser.mjs).
//
//   node scripts/find-browser.mjs   -> prints the tests' path, or how to get one (exit 1)
//
// Order: $CHROME_PATH; for the tests, Chromium's headless shell first (Debian's
// chromium-headless-shell, else Playwright's download of it), then the full browser:
// /usr/bin/chromium, then Playwright's browser cache ($PLAYWRIGHT_BROWSERS_PATH, else
// its Linux, macOS or Windows cache folder). The benchmarks measure in the full
// browser, as customers' browsers are.
//
// Why the headless shell: it is Chromium's own headless-only build (the same engine,
// without the desktop browser's layers), and what Playwright runs headless tests in by
// default. Measured on this machine, loading the storefront again in a warm context
// costs about 2 s of CPU in it against about 5 s in the full browser run headless;
// the browser journeys take 424 s instead of 486 s.
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Flags measured to work for Debian's Chromium as root in a container, headless. */
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);

/**
 * The features Playwright (1.65) turns off in every Chromium it launches, as it passes them in
 * its own `--disable-features`, less PaintHolding. Chromium keeps only the last `--disable-features`
 * on its command line, so a launch that turns off more features must repeat these.
 * scripts/find-browser.test.mts holds this list to the installed Playwright's.
 */
export const PLAYWRIGHT_DISABLED_FEATURES_BUT_PAINT_HOLDING = Object.freeze([
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]);

/**
 * CHROMIUM_ARGS for the tests (browser journeys, element tests, host apps), not the benchmarks:
 * one renderer process for all sites of a page (no site isolation: the vendor page, the
 * storefront's frames and the other demo host share it, as on Android, where Chrome isolates only
 * sites people sign in to), and Chrome's own paint holding (a new page is painted once it has
 * something to show, instead of each blank step on the way; Playwright turns it off for its
 * screenshots, which these tests take only of a failure). Measured on this machine: the browser
 * journeys take 617 CPU-s instead of 779, 341 s instead of 408 alone; either change alone
 * measured no faster. What a test checks (the page's DOM, its events, what is drawn) is the same
 * in both process models.
 */
export const TEST_CHROMIUM_ARGS = Object.freeze([
  ...CHROMIUM_ARGS,
  '--disable-site-isolation-trials',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES_BUT_PAINT_HOLDING, 'IsolateOrigins', 'site-per-process'].join(',')}`,
]);

export const CHROMIUM_HOWTO = [
  'No Chromium found for the browser tests.',
  '  - On Debian/Ubuntu: sudo apt-get install -y chromium fonts-noto-core',
  '    (the tests use /usr/bin/chromium; fonts-noto-core gives Arabic glyphs)',
  '  - Or point CHROME_PATH at any Chromium/Chrome binary:',
  '      CHROME_PATH=/path/to/chrome npm test',
  '  - Or, where the network allows it: npx playwright install chromium',
  '  (npm test tries the last two itself unless SF_NO_BROWSER_INSTALL=1.)',
].join('\n');

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// Where Playwright puts the binaries, today's folders (Chrome for Testing) and older ones.
const BROWSER_BINARIES = [
  ['chrome-linux64', 'chrome'],
  ['chrome-linux-arm64', 'chrome'],
  ['chrome-linux', 'chrome'],
  ['chrome-mac-x64', 'Google Chrome for Testing.app', 'Contents', 'MacOS', 'Google Chrome for Testing'],
  ['chrome-mac-arm64', 'Google Chrome for Testing.app', 'Contents', 'MacOS', 'Google Chrome for Testing'],
  ['chrome-mac', 'Chromium.app', 'Contents', 'MacOS', 'Chromium'],
  ['chrome-win64', 'chrome.exe'],
  ['chrome-win', 'chrome.exe'],
];
const HEADLESS_SHELL_BINARIES = [
  ['chrome-headless-shell-linux64', 'chrome-headless-shell'],
  ['chrome-headless-shell-linux-arm64', 'chrome-headless-shell'],
  ['chrome-linux', 'headless_shell'],
  ['chrome-headless-shell-mac-x64', 'chrome-headless-shell'],
  ['chrome-headless-shell-mac-arm64', 'chrome-headless-shell'],
  ['chrome-mac', 'headless_shell'],
  ['chrome-headless-shell-win64', 'chrome-headless-shell.exe'],
  ['chrome-win', 'headless_shell.exe'],
];

/** @param {'browser' | 'headless shell'} kind */
function fromPlaywrightCache(kind) {
  const roots = [
    process.env.PLAYWRIGHT_BROWSERS_PATH && process.env.PLAYWRIGHT_BROWSERS_PATH !== '0'
      ? resolve(process.env.PLAYWRIGHT_BROWSERS_PATH)
      : null,
    join(homedir(), '.cache', 'ms-playwright'),
    join(homedir(), 'Library', 'Caches', 'ms-playwright'),
    process.env.LOCALAPPDATA && join(process.env.LOCALAPPDATA, 'ms-playwright'),
  ].filter(Boolean);
  for (const root of roots) {
    if (!existsSync(root)) continue;
    // chromium-1234 or chromium_headless_shell-1234: newest revision first.
    const pattern = kind === 'headless shell' ? /^chromium_headless_shell-\d+$/ : /^chromium-\d+$/;
    const revisions = readdirSync(root)
      .filter((name) => pattern.test(name))
      .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]));
    const binaries = kind === 'headless shell' ? HEADLESS_SHELL_BINARIES : BROWSER_BINARIES;
    for (const revision of revisions) {
      for (const binary of binaries) {
        const candidate = join(root, revision, ...binary);
        if (isExecutable(candidate)) return candidate;
      }
    }
  }
  return null;
}

/**
 * @param {{ headlessShell?: boolean }} [options] `headlessShell` (default true): prefer Chromium's
 *   headless shell, as the browser tests do; false: the full browser, as the benchmarks measure in.
 * @returns {string | null} absolute path of a Chromium binary, or null.
 * A CHROME_PATH that does not point at an executable file yields null (so the
 * mistake is reported instead of silently using another browser).
 */
export function findChromium({ headlessShell = true } = {}) {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return isExecutable(fromEnv) ? resolve(fromEnv) : null;
  if (headlessShell) {
    if (isExecutable('/usr/bin/chromium-headless-shell')) return '/usr/bin/chromium-headless-shell';
    const downloaded = fromPlaywrightCache('headless shell');
    if (downloaded) return downloaded;
  }
  if (isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
  return fromPlaywrightCache('browser');
}

/**
 * The whole browser, never its headless shell, whatever CHROME_PATH names (`npm test` sets it to the shell):
 * for what the shell cannot do (it refuses notifications whatever is granted). Null when there is none.
 * @returns {string | null}
 */
export function findFullChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && isExecutable(fromEnv) && !/headless/i.test(fromEnv)) return resolve(fromEnv);
  if (isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
  return fromPlaywrightCache('browser');
}

/** The message to show when findChromium() returns null. */
export function chromiumHowTo() {
  const env = process.env.CHROME_PATH;
  return env
    ? `CHROME_PATH=${env} is not an executable file.\n${CHROMIUM_HOWTO}`
    : CHROMIUM_HOWTO;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = findChromium();
  if (found) {
    console.log(found);
  } else {
    console.error(chromiumHowTo());
    process.exit(1);
  }
}
