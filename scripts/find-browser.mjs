#!/usr/bin/env node
// Locates a Chromium binary for the browser test steps (web-test-runner and
// Playwright): one the developer points us at, the Debian package
// (/usr/bin/chromium) or one Playwright downloaded. `npm test` installs one
// when none is found (install-browser.mjs).
//
//   node scripts/find-browser.mjs   -> prints the path, or how to get one (exit 1)
//
// Order: $CHROME_PATH, /usr/bin/chromium, Playwright's browser cache
// ($PLAYWRIGHT_BROWSERS_PATH, else its Linux, macOS or Windows cache folder).
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

function fromPlaywrightCache() {
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
    // chromium-1234: newest revision first. Skip chromium_headless_shell-*.
    const revisions = readdirSync(root)
      .filter((name) => /^chromium-\d+$/.test(name))
      .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]));
    for (const revision of revisions) {
      // Where Playwright puts the binary, today's folders (Chrome for Testing) and older ones.
      for (const binary of [
        ['chrome-linux64', 'chrome'],
        ['chrome-linux-arm64', 'chrome'],
        ['chrome-linux', 'chrome'],
        ['chrome-mac-x64', 'Google Chrome for Testing.app', 'Contents', 'MacOS', 'Google Chrome for Testing'],
        ['chrome-mac-arm64', 'Google Chrome for Testing.app', 'Contents', 'MacOS', 'Google Chrome for Testing'],
        ['chrome-mac', 'Chromium.app', 'Contents', 'MacOS', 'Chromium'],
        ['chrome-win64', 'chrome.exe'],
        ['chrome-win', 'chrome.exe'],
      ]) {
        const candidate = join(root, revision, ...binary);
        if (isExecutable(candidate)) return candidate;
      }
    }
  }
  return null;
}

/**
 * @returns {string | null} absolute path of a Chromium binary, or null.
 * A CHROME_PATH that does not point at an executable file yields null (so the
 * mistake is reported instead of silently using another browser).
 */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return isExecutable(fromEnv) ? resolve(fromEnv) : null;
  if (isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
  return fromPlaywrightCache();
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
