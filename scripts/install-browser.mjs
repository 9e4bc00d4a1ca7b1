// Installs a Chromium for the browser test steps when none is found (see find-browser.mjs),
// the way this machine allows, saying what it does:
//   1. Playwright's own download (`playwright install chromium`), unless
//      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD is set or the network refuses it;
//   2. Debian's `chromium-headless-shell` and `chromium` packages (with fonts-noto-core for
//      Arabic glyphs; `chromium` alone where the release has no headless shell), where apt-get
//      exists and we are root or may use sudo without a password.
// Nothing is installed when a browser is already there, or when SF_NO_BROWSER_INSTALL=1.
//
//   node scripts/install-browser.mjs   -> installs if needed, prints the path (exit 1 if it could not)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumHowTo, findChromium } from './find-browser.mjs';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

function say(line) {
  console.log(`install-browser: ${line}`);
}

function attempt(file, args, timeoutMs) {
  say(`running ${[file, ...args].join(' ')}`);
  const result = spawnSync(file, args, { cwd: ROOT, stdio: 'inherit', timeout: timeoutMs });
  if (result.error) say(`could not run ${file}: ${result.error.message}`);
  return result.status === 0;
}

function playwrightDownload() {
  if (process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD) {
    say('PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD is set: not trying Playwright\'s download');
    return false;
  }
  const cli = join(ROOT, 'node_modules', '.bin', 'playwright');
  if (!existsSync(cli)) return false;
  say('trying Playwright\'s own Chromium download (needs the network)');
  return attempt(cli, ['install', 'chromium'], 10 * 60_000);
}

function debianPackage() {
  if (!existsSync('/usr/bin/apt-get')) return false;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = !root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (!root && !sudo) {
    say('apt-get is here, but installing needs root (and sudo asks for a password): not trying it');
    return false;
  }
  const run = (args) => {
    const command = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args];
    return root ? attempt(command[0], command.slice(1), 20 * 60_000) : attempt('sudo', ['-n', ...command], 20 * 60_000);
  };
  say(`installing Debian's chromium packages (and fonts-noto-core for Arabic) with apt-get${root ? '' : ' through sudo'}`);
  if (!run(['update'])) return false;
  const install = (packages) => run(['install', '-y', '--no-install-recommends', ...packages, 'fonts-noto-core']);
  return install(['chromium-headless-shell', 'chromium']) || install(['chromium']);
}

/** A Chromium path: the one already here, or one just installed; null when neither worked. */
export function ensureChromium() {
  const found = findChromium();
  if (found || process.env.CHROME_PATH) return found;
  if (process.env.SF_NO_BROWSER_INSTALL === '1') return null;
  say('no Chromium found for the browser tests; installing one');
  for (const install of [playwrightDownload, debianPackage]) {
    if (install()) {
      const installed = findChromium();
      if (installed) {
        say(`using ${installed}`);
        return installed;
      }
    }
  }
  return null;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const chromium = ensureChromium();
  if (chromium) console.log(chromium);
  else {
    console.error(chromiumHowTo());
    process.exit(1);
  }
}
