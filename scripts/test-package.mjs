#!/usr/bin/env node
// `npm run test:package` (after `npm run build`): the package as a vendor installs it.
//   1. `npm pack` holds only what a host imports at run time, its types and the manifest: no source
//      maps, no precompressed twins, no demo files.
//   2. Every bare import in the packed JavaScript is a dependency or a peer, and every dependency is
//      imported: nothing bundled is installed again.
//   3. Installed into an empty project it adds no other package, and imported in plain Node (a server
//      render of a client component) it evaluates without touching a browser global.
//   4. Each host app in tests/hosts/ (made as the registry's template makes it; the Vue one also with the
//      script tag; a plain site with jQuery 1.12, Bootstrap 3 and the script tag twice) installs the
//      tarball and, under its production build and its development server (Vite's, `next dev`; the plain
//      site as a web server sends its files), in Chromium against a real API server:
//      draws a store card styled as the demo draws it, adds an item (the cart badge says 1), hears the
//      typed sf-cart-change event in its own listener, and logs no error; its own type check passes,
//      so its @ts-expect-error line (a misspelt attribute) is still an error.
//   5. The reference server as an operator installs it: its own package (server/), built to JavaScript,
//      installed with `npm ci --omit=dev` (no TypeScript, Vite, test tools or browsers) and started with
//      `node` in production mode, serves both demo vendors (on PostgreSQL where DATABASE_URL is set).
// A host's node_modules are cached under ~/.cache/storefront-elements/hosts (SF_HOSTS_CACHE moves it),
// keyed by its package.json, so a run installs from the registry only when a host's dependencies change.
// SF_HOSTS=vite-react,vite-react18 checks only those hosts.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { TEST_CHROMIUM_ARGS, chromiumHowTo, findChromium } from './find-browser.mjs';
import { ROOT, dropSchema, freePort, serverEnv, startApiServer, startProcess, uniqueSchema } from '../tests/helpers/server.mjs';

const failures = [];
const fail = (message) => {
  failures.push(message);
  console.error(`  ✘ ${message} ${at()}`);
};
// Each line says when it was reached (seconds since the start), so a slow host shows where its time went.
const runStarted = Date.now();
const at = () => `[${((Date.now() - runStarted) / 1000).toFixed(0)} s]`;
const pass = (message) => console.log(`  ✓ ${message} ${at()}`);
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });

if (!existsSync(join(ROOT, 'dist/esm/loader.js'))) {
  console.error('test-package: dist/ is missing; run `npm run build` first.');
  process.exit(1);
}

// 1. What the tarball holds.
const packDir = join(ROOT, '.tmp', 'pack');
rmSync(packDir, { recursive: true, force: true });
mkdirSync(packDir, { recursive: true });
const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', packDir], ROOT));
const tarball = join(packDir, packed.filename);
const RUNTIME_FILES = [/^package\.json$/, /^README\.md$/, /^custom-elements\.json$/, /^dist\/storefront(\.standalone)?\.js$/, /^dist\/(esm|preact)\/(chunks\/)?[\w.-]+\.(js|css)$/, /^dist\/sf\/[\w.-]+\.(js|css)$/, /^dist\/types\/[\w-]+\.d\.ts$/, /^dist\/react\/index\.(js|d\.ts)$/];
const stray = packed.files.map((file) => file.path).filter((path) => !RUNTIME_FILES.some((pattern) => pattern.test(path)));
if (stray.length > 0) fail(`npm pack holds files no host needs: ${stray.slice(0, 10).join(', ')}${stray.length > 10 ? ` and ${stray.length - 10} more` : ''}`);
else pass(`npm pack: ${packed.files.length} files, ${packed.size} B packed (${packed.unpackedSize} B unpacked), only runtime files`);

// 2. Its imports against its dependencies.
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
const imported = new Set();
for (const file of packed.files.map((entry) => entry.path).filter((path) => /^dist\/(esm|preact|react)\/.*\.js$/.test(path))) {
  const code = readFileSync(join(ROOT, file), 'utf8');
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w./-]*)?)["']/g)) {
    const name = match[1].startsWith('@') ? match[1].split('/').slice(0, 2).join('/') : match[1].split('/')[0];
    imported.add(name);
  }
}
const undeclared = [...imported].filter((name) => !declared.has(name));
const unused = Object.keys(pkg.dependencies ?? {}).filter((name) => !imported.has(name));
if (undeclared.length > 0) fail(`dist/esm, dist/preact and dist/react import packages package.json does not declare: ${undeclared.join(', ')}`);
if (unused.length > 0) fail(`package.json depends on packages dist/ never imports (bundled or unused): ${unused.join(', ')}`);
if (undeclared.length === 0 && unused.length === 0) pass(`dist/esm, dist/preact and dist/react import ${[...imported].sort().join(', ') || 'nothing'}: exactly the declared dependencies and peers`);
for (const peer of Object.keys(pkg.peerDependencies ?? {})) {
  if (!pkg.peerDependenciesMeta?.[peer]?.optional) fail(`peer ${peer} is required, yet the script tag needs no React: mark it optional`);
}

// 3. Installed into an empty project, then imported on a server.
const empty = mkdtempSync(join(tmpdir(), 'sf-install-'));
try {
  writeFileSync(join(empty, 'package.json'), JSON.stringify({ name: 'empty-host', private: true, type: 'module' }));
  npm(['install', '--no-package-lock', tarball], empty);
  const installed = readdirSync(join(empty, 'node_modules')).filter((name) => !name.startsWith('.'));
  if (installed.join() !== 'storefront-elements') fail(`installing the tarball added other packages: ${installed.join(', ')}`);
  else pass('installing the tarball into an empty project adds only storefront-elements');
  // No DOM here: the module must evaluate, export configure, and define nothing.
  const probe = `const m = await import('storefront-elements'); m.configure({ apiBase: 'https://api.example.com/api/v2' }); console.log(Object.keys(m).sort().join());`;
  try {
    const exports = execFileSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: empty, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    pass(`imported in plain Node (no window, document, location or customElements): exports ${exports}`);
  } catch (error) {
    fail(`importing the package in plain Node failed (a server render would too):\n${error.stderr || error.message}`);
  }
} finally {
  rmSync(empty, { recursive: true, force: true });
}

// 4. Host apps.
const hostsDir = join(ROOT, 'tests', 'hosts');
const cacheRoot = process.env.SF_HOSTS_CACHE || join(homedir(), '.cache', 'storefront-elements', 'hosts');

/** The host's folder in the cache, with its dependencies installed (once per package.json) and this tarball. */
function prepareHost(name) {
  const source = join(hostsDir, name);
  const manifest = readFileSync(join(source, 'package.json'));
  const dir = join(cacheRoot, `${name}-${createHash('sha256').update(manifest).digest('hex').slice(0, 12)}`);
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(dir)) if (entry !== 'node_modules' && entry !== 'package-lock.json') rmSync(join(dir, entry), { recursive: true, force: true });
  cpSync(source, dir, { recursive: true });
  const marker = join(dir, 'node_modules', '.host-installed');
  if (!existsSync(marker)) {
    const started = Date.now();
    npm(['install'], dir);
    writeFileSync(marker, new Date().toISOString());
    console.log(`    ${name}: installed its dependencies from the registry (${((Date.now() - started) / 1000).toFixed(0)} s, cached in ${dir})`);
  }
  rmSync(join(dir, 'node_modules', 'storefront-elements'), { recursive: true, force: true });
  npm(['install', '--no-save', tarball], dir);
  return dir;
}

/** A host's server (preview, dev, next start, the production API server) until `stop()`; its output in .tmp/<log>.log. */
function startServer(log, args, cwd, readyUrl, env = process.env) {
  return startProcess({ command: process.execPath, args, cwd, readyUrl, env: { ...env, BROWSER: 'none', CI: 'true' }, logFile: join(ROOT, '.tmp', `${log}.log`), timeoutMs: 60_000, label: log });
}

/** The computed styles that tell a drawn store card from an unstyled one. */
const CARD_STYLE = ['display', 'borderTopLeftRadius', 'paddingTop', 'fontSize', 'fontFamily', 'backgroundColor', 'overflow'];
async function cardStyle(page) {
  const card = page.locator('sf-store-list [part~="card"]').first();
  await card.waitFor({ timeout: 30_000 });
  return card.evaluate((element, names) => Object.fromEntries(names.map((name) => [name, getComputedStyle(element)[name]])), CARD_STYLE);
}

/** A Playwright error's first line and the end of its call log, where the reason of the last try is. */
function callLog(message) {
  const lines = message.split('\n');
  return lines.length <= 16 ? lines : [...lines.slice(0, 2), '…', ...lines.slice(-13)];
}

/**
 * What a failed host page was doing, for the failure message: whether it still answers and draws
 * frames (a click waits for two frames in which its target stays put), whether it is visible, and
 * whether the Add button moved between two frames.
 */
async function pageState(page) {
  const probe = page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(true)));
    const drawn = await Promise.race([frame(), new Promise((resolve) => setTimeout(() => resolve(false), 2_000))]);
    const button = document.querySelector('sf-menu:not([hidden])')?.shadowRoot?.querySelector('[part~="add-button"]');
    const box = () => JSON.stringify(button?.getBoundingClientRect());
    const before = box();
    if (drawn) await frame();
    const after = box();
    return `frames ${drawn ? 'drawn' : 'not drawn in 2 s'}, page ${document.visibilityState}, scrollY ${Math.round(scrollY)}, fonts ${document.fonts.status}, Add button ${button ? (before === after ? 'still' : `moved from ${before} to ${after}`) : 'not found'}`;
  });
  const timeout = new Promise((resolve) => setTimeout(() => resolve('the page did not answer in 10 s'), 10_000));
  return Promise.race([probe.catch((error) => `the page could not be asked: ${error.message.split('\n')[0]}`), timeout]);
}

/** One host page in Chromium: styled like the demo, add to cart, the host's own listener, no error. */
async function checkHostPage(label, url) {
  // In CI a page that fails is tried once more in a new one (as the browser journeys are retried), and
  // the first failure is printed with the page's state, so a flaky check is seen and not lost: the
  // Add button's click has twice waited its whole timeout for the button to stay put, on two hosts,
  // in about fifteen runs, and never when tried again.
  const tries = process.env.CI ? 2 : 1;
  for (let attempt = 1; attempt <= tries; attempt++) {
    const problem = await tryHostPage(label, url);
    if (!problem) return;
    if (attempt === tries) fail(problem);
    else console.log(`  ! ${problem}\n    (trying once more in a new page)`);
  }
}

/** checkHostPage's one try: null when the page passed, else what went wrong. */
async function tryHostPage(label, url) {
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  try {
    await page.goto(url);
    const style = await cardStyle(page);
    const differences = CARD_STYLE.filter((name) => style[name] !== demoStyle[name]).map((name) => `${name} ${style[name]} (demo: ${demoStyle[name]})`);
    if (differences.length > 0) throw new Error(`the store card is not drawn as in the demo: ${differences.join('; ')}`);
    // The first card's image is fetched first, whichever React draws it.
    const priority = await page.locator('sf-store-list [part~="card-image"]').first().evaluate((image) => image.fetchPriority);
    if (priority !== 'high') throw new Error(`the first store card's image has fetch priority ${priority}, not high`);
    // The demo vendor asks about analytics first: the banner appears by itself in the host app, and the
    // customer's refusal takes it away.
    await page.locator('sf-consent').getByRole('button', { name: 'Reject all' }).click({ timeout: 30_000 });
    await page.locator('sf-consent [part~="banner"]').waitFor({ state: 'detached', timeout: 10_000 });
    // An item with nothing to choose (Add puts it straight into the cart), found with the menu's search.
    const menu = page.locator('sf-menu:not([hidden])');
    await menu.locator('[part~="search"]').fill('Garlic Knots', { timeout: 30_000 });
    await menu.getByRole('button', { name: 'Add Garlic Knots' }).click({ timeout: 30_000 });
    await page.locator('sf-cart-button [part~="badge"]').filter({ hasText: /^1$/ }).waitFor({ timeout: 10_000 });
    await page.locator('#host-cart-count').filter({ hasText: /^1$/ }).waitFor({ timeout: 10_000 });
    if (errors.length > 0) throw new Error(`the console has errors:\n      ${errors.join('\n      ')}`);
    pass(`${label}: styled as the demo, the first image fetched first, an item added (badge 1), the host heard sf-cart-change, no console error`);
    return null;
  } catch (error) {
    const shot = join(ROOT, '.tmp', `host-${label.replace(/\W+/g, '-')}.png`);
    const saved = await page.screenshot({ path: shot, timeout: 10_000 }).then(() => `screenshot ${shot}`, (reason) => `no screenshot: ${reason.message.split('\n')[0]}`);
    return `${label} (${saved}; ${await pageState(page)}): ${callLog(error.message).join('\n      ')}${errors.length ? `\n      console: ${errors.join('\n      ')}` : ''}`;
  } finally {
    await page.close();
  }
}

/** Set once the API server and the demo are up: the API's origin and a demo card's styles. */
let apiOrigin;
let demoStyle;
/** The Chromium the host pages open in. */
let browser;
/** The API's v2 address as the Vite hosts take it (?api=). */
const apiParameter = () => encodeURIComponent(`${apiOrigin}/api/v2`);

/** The host's own type check, and its file of mistakes where its checker needs one apart. */
function checkTypes(name, dir, hostScripts) {
  try {
    npm(['run', '--silent', 'typecheck'], dir);
    pass(`${name}: its type check accepts the elements' attributes and events${hostScripts.includes('typecheck:mistakes') ? '' : ', and rejects what its @ts-expect-error lines mark'}`);
  } catch (error) {
    fail(`${name}: its type check failed:\n${error.stdout}${error.stderr}`);
  }
  // A checker that does not report an unused expect-error directive (vue-tsc) checks a file of mistakes apart.
  if (hostScripts.includes('typecheck:mistakes')) {
    try {
      npm(['run', '--silent', 'typecheck:mistakes'], dir);
      fail(`${name}: its type check accepted a misspelt attribute and a wrong value (src/mistakes)`);
    } catch (error) {
      const said = `${error.stdout}${error.stderr}`;
      if (said.includes("'stroe'") && said.includes('"3"')) pass(`${name}: its type check rejects a misspelt attribute and a wrong value`);
      else fail(`${name}: its type check of src/mistakes failed otherwise than expected:\n${said}`);
    }
  }
}

/**
 * A Vite host: its production build under `vite preview`, then its development server. Its index.html
 * imports the package; a script-tag.html beside it (the Vue host) loads the script tag from the API
 * server instead (VITE_STOREFRONT_ORIGIN, which Vite writes into the page).
 */
async function checkViteHost(name, dir) {
  const vite = join(dir, 'node_modules', 'vite', 'bin', 'vite.js');
  const env = { ...process.env, VITE_STOREFRONT_ORIGIN: apiOrigin };
  const pages = [['', `?api=${apiParameter()}`], ...(existsSync(join(dir, 'script-tag.html')) ? [[', script tag', 'script-tag.html']] : [])];
  const checkPages = async (how, origin) => {
    for (const [what, path] of pages) await checkHostPage(`${name}${what}, ${how}`, `${origin}/${path}`);
  };
  try {
    execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const port = await freePort();
    const preview = await startServer(`host-${name}-preview`, [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], dir, `http://127.0.0.1:${port}/`, env);
    try {
      await checkPages('production build', `http://127.0.0.1:${port}`);
    } finally {
      await preview.stop();
    }
  } catch (error) {
    fail(`${name}: production build: ${error.stderr || error.message}`);
  }
  try {
    rmSync(join(dir, 'node_modules', '.vite'), { recursive: true, force: true }); // the dev server optimises the new tarball afresh
    const port = await freePort();
    const dev = await startServer(`host-${name}-dev`, [vite, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], dir, `http://127.0.0.1:${port}/`, env);
    try {
      await checkPages('development server', `http://127.0.0.1:${port}`);
    } finally {
      await dev.stop();
    }
  } catch (error) {
    fail(`${name}: development server: ${error.message}`);
  }
}

/** A Next.js host (app router): `next build`, which prerenders the page on the server, then `next start`, then `next dev`. */
async function checkNextHost(name, dir) {
  const nextCli = join(dir, 'node_modules', 'next', 'dist', 'bin', 'next');
  // The vendor's way to give a client component its settings: a public variable, read at build time.
  const env = { ...process.env, NEXT_PUBLIC_STOREFRONT_API: `${apiOrigin}/api/v2`, NEXT_TELEMETRY_DISABLED: '1' };
  try {
    execFileSync(process.execPath, [nextCli, 'build'], { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    pass(`${name}: next build prerenders the page with a top-level import of the package`);
  } catch (error) {
    fail(`${name}: next build failed:\n${error.stdout}${error.stderr}`);
    return;
  }
  try {
    const port = await freePort();
    const server = await startServer(`host-${name}-start`, [nextCli, 'start', '--hostname', '127.0.0.1', '--port', String(port)], dir, `http://127.0.0.1:${port}/`, env);
    try {
      const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      if (!/<sf-menu store="MQ=="><\/sf-menu>/.test(html)) fail(`${name}: the server's HTML has no <sf-menu store="MQ=="></sf-menu>`);
      await checkHostPage(`${name}, next start`, `http://127.0.0.1:${port}/`);
    } finally {
      await server.stop();
    }
  } catch (error) {
    fail(`${name}: next start: ${error.message}`);
  }
  // Where a Next developer starts: `next dev` (Turbopack), which compiles the page on its first request.
  try {
    const port = await freePort();
    const dev = await startServer(`host-${name}-dev`, [nextCli, 'dev', '--hostname', '127.0.0.1', '--port', String(port)], dir, `http://127.0.0.1:${port}/`, env);
    try {
      await checkHostPage(`${name}, next dev`, `http://127.0.0.1:${port}/`);
    } finally {
      await dev.stop();
    }
  } catch (error) {
    fail(`${name}: next dev: ${error.message}`);
  }
}

const CONTENT_TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.map': 'application/json', '.svg': 'image/svg+xml', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.eot': 'application/vnd.ms-fontobject' };

/**
 * A plain site (the static host): its files as any web server sends them, by extension, with the API's
 * address written into its pages (%STOREFRONT_API%) as a site's own templates would.
 */
async function checkStaticHost(name, dir) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://host').pathname)).replace(/^([/\\])+/, '') || 'index.html';
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    const body = type === 'text/html' ? readFileSync(file, 'utf8').replaceAll('%STOREFRONT_API%', `${apiOrigin}/api/v2`) : readFileSync(file);
    response.writeHead(200, { 'content-type': type }).end(body);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  try {
    await checkHostPage(`${name}, its files as a web server sends them`, `http://127.0.0.1:${port}/`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A server render with the host's own React (18 or 19): the components render their tags and listen to nothing. */
function checkServerRender(name, dir) {
  if (!existsSync(join(dir, 'node_modules', 'react-dom'))) return;
  const render = [
    "import { createElement } from 'react';",
    "import { renderToString } from 'react-dom/server';",
    "import { SfMenu, SfCartDrawer } from 'storefront-elements/react';",
    "const html = renderToString(createElement('div', null, createElement(SfMenu, { store: 'MQ==', onSfCartChange() {} }), createElement(SfCartDrawer, { open: true, checkoutHref: '/checkout' })));",
    'console.log(html);',
  ].join('\n');
  try {
    const html = execFileSync(process.execPath, ['--input-type=module', '-e', render], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    const expected = /^<div><sf-menu store="MQ=="><\/sf-menu><sf-cart-drawer open(="")? checkout-href="\/checkout"><\/sf-cart-drawer><\/div>$/;
    if (!expected.test(html)) fail(`${name}: a server render of storefront-elements/react gave ${html}`);
    else pass(`${name}: storefront-elements/react renders on the server (${html.length} characters of HTML, the tags and their attributes)`);
  } catch (error) {
    fail(`${name}: a server render of storefront-elements/react failed:\n${error.stderr || error.message}`);
  }
}

/** Each host app (tests/hosts/<name>) against one API server, in one Chromium. */
async function checkHosts(names) {
  const executablePath = findChromium();
  if (!executablePath) {
    console.error(chromiumHowTo());
    process.exit(1);
  }
  const schema = process.env.DATABASE_URL ? uniqueSchema('sf_hosts') : undefined;
  const apiPort = await freePort();
  const api = await startApiServer({
    port: apiPort,
    env: serverEnv({ port: apiPort, dataDir: 'memory', schema, extra: { SF_TEST_FIXTURES: '1', SF_TEST_CLOCK: '', ORDER_SIMULATOR_SECONDS: '0' } }),
    logFile: join(ROOT, '.tmp', 'hosts-server.log'),
    label: 'API server for the host apps',
  });
  browser = await chromium.launch({ executablePath, args: [...TEST_CHROMIUM_ARGS] });
  try {
    // Golden Gate Pizzeria (store 1) open at every hour, so its items can be added whenever this runs.
    const opened = await fetch(`${api.origin}/test/store-hours`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ host: 'localhost', restaurant_id: 1, state: 'open' }) });
    if (!opened.ok) throw new Error(`store 1 not opened: ${opened.status}`);
    const demo = await browser.newPage();
    await demo.goto(`${api.origin}/demo/`);
    demoStyle = await cardStyle(demo);
    await demo.close();
    apiOrigin = api.origin;
    for (const name of names) {
      console.log(`  ${name}:`);
      let dir;
      try {
        dir = prepareHost(name);
      } catch (error) {
        fail(`${name}: could not install: ${error.stderr || error.message}`);
        continue;
      }
      const hostScripts = Object.keys(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts ?? {});
      checkServerRender(name, dir);
      const next = existsSync(join(dir, 'next.config.ts'));
      const vite = existsSync(join(dir, 'node_modules', 'vite'));
      // Next generates the types its own type check reads (.next/types) as it builds.
      if (next) await checkNextHost(name, dir);
      if (hostScripts.includes('typecheck')) checkTypes(name, dir, hostScripts);
      if (vite) await checkViteHost(name, dir);
      else if (!next) await checkStaticHost(name, dir);
    }
  } finally {
    await browser.close();
    await api.stop();
    await dropSchema(process.env.DATABASE_URL, schema);
  }
}

// SF_HOSTS=vite-react,next checks those hosts only; SF_HOSTS=none none of them (.ci/run's PostgreSQL pass:
// the host apps do not touch the database, which the production server's check below does).
const allHosts = readdirSync(hostsDir).sort();
const selected = process.env.SF_HOSTS?.split(',').filter(Boolean);
const hosts = selected ? allHosts.filter((host) => selected.includes(host)) : allHosts;
if (hosts.length > 0) await checkHosts(hosts);
else console.log(`  host apps: none of ${allHosts.join(', ')} selected (SF_HOSTS=${process.env.SF_HOSTS})`);

// 5. The reference server, installed for production.
console.log('  the reference server (server/):');
await checkServerPackage();

/** `npm run build -w storefront-elements-server`, then a production install and start in a folder of its own. */
async function checkServerPackage() {
  try {
    npm(['run', 'build', '-w', 'storefront-elements-server'], ROOT);
  } catch (error) {
    fail(`the server's build to JavaScript failed:\n${error.stdout}${error.stderr}`);
    return;
  }
  const site = mkdtempSync(join(tmpdir(), 'sf-server-'));
  const schema = process.env.DATABASE_URL ? uniqueSchema('sf_server_pkg') : undefined;
  try {
    // What a deployment holds: the manifests and lock file, the server's build, the storefront's build, the demo pages.
    for (const path of ['package.json', 'package-lock.json', 'server/package.json', 'server/dist', 'dist', 'demo']) cpSync(join(ROOT, path), join(site, path), { recursive: true });
    const started = Date.now();
    npm(['ci', '--omit=dev', '-w', 'storefront-elements-server', '--ignore-scripts'], site);
    const installed = readdirSync(join(site, 'node_modules')).flatMap((name) => (name.startsWith('@') ? readdirSync(join(site, 'node_modules', name)).map((inner) => `${name}/${inner}`) : [name]));
    const strays = ['typescript', 'tsx', 'vite', 'vitest', 'playwright-core', '@playwright/test', 'react', 'eslint'].filter((name) => installed.includes(name));
    if (strays.length > 0) fail(`npm ci --omit=dev for the server installed development packages: ${strays.join(', ')}`);
    else pass(`npm ci --omit=dev -w storefront-elements-server: ${installed.length} packages in ${((Date.now() - started) / 1000).toFixed(0)} s, no build or test tools`);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const secret = (name) => `${name}-${'x'.repeat(40)}`;
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      OTP_SECRET: secret('otp'),
      PAYMENT_LINK_SECRET: secret('payment'),
      TRACKING_LINK_SECRET: secret('tracking'),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : { DATA_DIR: join(site, 'pglite') }),
    };
    const server = await startServer('server-production', ['server/dist/server/main.js'], site, `${origin}/healthz`, env);
    try {
      for (const host of ['localhost', 'souq.localhost']) {
        const answer = await fetch(`${origin}/api/v2/get-vendor-settings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ host, is_langauge: 'en', order_web: 'web', latitude: '', longitude: '' }) });
        const body = await answer.json();
        if (answer.status !== 200 || !body.settings?.vendor_id) fail(`the production server's settings for ${host}: HTTP ${answer.status} ${JSON.stringify(body).slice(0, 200)}`);
      }
      const page = await fetch(`${origin}/`);
      const script = await fetch(`${origin}/dist/storefront.js`);
      const html = page.status === 200 ? await page.text() : '';
      if (!html.includes('<sf-storefront')) fail(`the production server's full page: HTTP ${page.status}`);
      // Its first screen drawn by the storefront's server entry (dist/server/), from the deployment's own files.
      else if (!html.includes('<sf-storefront><template shadowrootmode="open">') || !html.includes('id="sf-screen"')) fail("the production server's full page came without its first screen drawn");
      else if (script.status !== 200) fail(`the production server's script tag: HTTP ${script.status}`);
      else pass(`node server/dist/server/main.js (NODE_ENV=production, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}) serves both demo vendors, the full page with its first screen drawn and the script tag`);
    } finally {
      await server.stop();
    }
  } catch (error) {
    fail(`the production server: ${error.stderr || error.message}`);
  } finally {
    rmSync(site, { recursive: true, force: true });
    await dropSchema(process.env.DATABASE_URL, schema);
  }
}

if (failures.length > 0) {
  console.error(`\ntest-package: ${failures.length} failure(s).`);
  process.exit(1);
}
console.log(`\ntest-package: the package installs clean, works in ${hosts.length ? `every host app checked (${hosts.join(', ')})` : 'no host app (none selected)'}; the server installs and starts for production.`);
