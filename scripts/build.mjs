// Builds the outputs (the script tag's split runtime, the single-file bundle, and the
// packages a host app bundles: with the host's React in dist/esm, with Preact inside in
// dist/preact), then prints each output's raw and gzip size and the page weights, then
// writes what describes them (custom-elements.json, docs/elements/, dist/types,
// dist/react) from the element sources.
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { LOADER_BUDGET, pageWeights } from './page-weights.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const production = { 'process.env.NODE_ENV': JSON.stringify('production') };

// The script-tag bundle brings its own Preact instead of React (the whole browser suite runs on it).
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // Taking over a screen the server drew: Preact renders over the server's nodes (elements/take-over.preact.ts).
  { find: /^\.\/take-over\.ts$/, replacement: join(root, 'elements/take-over.preact.ts') },
];

/** Comments kept in files no bundler reads again (the script tag's): licences only. */
const finalComments = { legal: true, annotation: false, jsdoc: false };

/** The chunks a vite build wrote. */
const chunksOf = (result) => (Array.isArray(result) ? result : [result]).flatMap((output) => ('output' in output ? output.output : [])).filter((item) => item.type === 'chunk');

rmSync(dist, { recursive: true, force: true });

/** A chunk of a package a host bundles: chunks/<name>-<hash>.js, a virtual module's name without its prefix. */
const packageChunkName = (chunk) => `chunks/${chunk.name.replace(/^_virtual_/, '')}-[hash].js`;

/**
 * One shared runtime chunk instead of dozens of small shared ones (each file compresses on its own, so
 * thirty small files weigh several KB more than one): everything any element needs (the island wrapper,
 * Preact, Lingui, the core state, the loader), what at least 30% of the elements import, and small modules
 * (under 1,000 characters) that two or more share. The dialog stays out: a page opens none until asked, so
 * it comes with the first element or screen part that needs one. Known from the module graph once it is
 * built (buildEnd runs before the chunks are made).
 */
function runtimeChunk({ share = 0.3, small = 1_000 } = {}) {
  const members = new Set();
  return {
    plugin: {
      name: 'storefront:runtime-chunk',
      buildEnd() {
        const closure = (id, seen = new Set()) => {
          if (seen.has(id)) return seen;
          seen.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) closure(imported, seen);
          return seen;
        };
        const ids = [...this.getModuleIds()];
        const find = (path) => ids.find((id) => id.endsWith(path));
        for (const id of closure(find('/elements/define-island.tsx'))) members.add(id);
        for (const id of closure(find('/elements/loader.ts'))) members.add(id);
        const elements = ids.filter((id) => /\/elements\/sf-[a-z-]+\.tsx$/.test(id));
        const users = new Map();
        for (const element of elements) for (const id of closure(element)) users.set(id, (users.get(id) ?? 0) + 1);
        const isSmall = (id) => (this.getModuleInfo(id)?.code?.length ?? Infinity) < small;
        for (const [id, count] of users) {
          if (/\/elements\/sf-/.test(id)) continue;
          if (count >= share * elements.length || (count >= 2 && isSmall(id))) members.add(id);
        }
        members.delete(find('/src/ui/Dialog.tsx'));
      },
    },
    group: { name: 'runtime-shared', test: (id) => members.has(id) },
  };
}
const runtime = runtimeChunk();

/**
 * The customer's place in one chunk: where they are and their saved addresses, which the location
 * elements, the checkout and starting a group all read (left to itself, the build splits them in two as
 * soon as one more element reaches only one of them, and two small files weigh more than one).
 */
const placeGroup = { name: 'place', test: (id) => /\/src\/core\/(location\/geolocation|addresses\/addresses)\.ts$/.test(id) };

// The script tag's runtime: the lazy loader with Preact inside, split into a shared runtime, a chunk per
// element and one per language, all beside the script (dist/sf/, every name hashed).
const runtimeBuild = await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  define: production,
  // Assets (the utilities' stylesheet) are found beside the chunk that asks for them, wherever it is served.
  base: './',
  resolve: { alias: preactAliases },
  plugins: [runtime.plugin],
  build: {
    outDir: join(dist, 'sf'),
    emptyOutDir: false,
    assetsInlineLimit: 0,
    // The maps are written beside each file but not named in it (some 30 bytes a file on every page): the
    // server names each in a SourceMap header instead (server/http/static.ts), which browsers' tools follow.
    sourcemap: 'hidden',
    lib: { entry: { runtime: join(root, 'elements/loader.ts') }, formats: ['es'] },
    // No bundler reads these files again: the minifier's annotations for one (`/* @__PURE__ */`) are dropped, licences kept.
    rolldownOptions: { output: { minify: true, comments: finalComments, entryFileNames: '[name]-[hash].js', chunkFileNames: '[name]-[hash].js', assetFileNames: '[name]-[hash][extname]', codeSplitting: { groups: [runtime.group, placeGroup] } } },
  },
});
const runtimeChunks = chunksOf(runtimeBuild);
const runtimeEntry = runtimeChunks.find((chunk) => chunk.isEntry);
if (!runtimeEntry) throw new Error('the runtime build has no entry chunk');

// The script tag itself (dist/storefront.js): a few hundred bytes that import the runtime.
const loaderBuild = await build({
  root,
  configFile: false,
  logLevel: 'warn',
  define: { ...production, __SF_RUNTIME__: JSON.stringify(`sf/${runtimeEntry.fileName}`) },
  build: {
    outDir: dist,
    emptyOutDir: false,
    lib: { entry: join(root, 'elements/script-tag.ts'), formats: ['iife'], name: 'StorefrontElementsLoader', fileName: () => 'storefront.js' },
    rolldownOptions: { output: { minify: true, codeSplitting: false } },
  },
});

// The full page's service worker (dist/sw.js, served as /sw.js on the vendor's host): built on its own as a
// classic script, then given the list of the script tag's files it precaches (each with its revision).
await build({
  root,
  configFile: false,
  logLevel: 'warn',
  define: production,
  build: {
    outDir: dist,
    emptyOutDir: false,
    lib: { entry: join(root, 'src/service-worker/service-worker.ts'), formats: ['iife'], name: 'StorefrontServiceWorker', fileName: () => 'sw.js' },
    rolldownOptions: { output: { minify: true, comments: finalComments, codeSplitting: false } },
  },
});
const precached = await injectManifest({
  swSrc: join(dist, 'sw.js'),
  swDest: join(dist, 'sw.js'),
  globDirectory: dist,
  globPatterns: ['storefront.js', 'sf/*.{js,css}'],
  // Hashed names are their own revision.
  dontCacheBustURLsMatching: /^sf\//,
  modifyURLPrefix: { '': '/dist/' },
  maximumFileSizeToCacheInBytes: 1_000_000,
});
for (const warning of precached.warnings) console.warn(`service worker: ${warning}`);

// The self-contained single file, for vendors who cannot host the chunks (its stylesheet inside too).
process.env.SF_UTILITIES = 'inline';
/** A build of the storefront with Preact inside (the config, the production define, the aliases), of `options`. */
const preactBuild = (options) => build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', define: production, resolve: { alias: preactAliases }, ...options });
await preactBuild({
  build: {
    outDir: dist,
    emptyOutDir: false,
    sourcemap: true,
    lib: { entry: join(root, 'elements/bundle.ts'), formats: ['iife'], name: 'StorefrontElements', fileName: () => 'storefront.standalone.js' },
    rolldownOptions: { output: { minify: true, comments: finalComments, codeSplitting: false } },
  },
});

// The server's entry to the storefront (dist/server/server-render.js): the full page's first screen drawn
// by the same components with the same Preact, into a string (preact-render-to-string), everything inside
// so the server loads one file; the stylesheet is in it as text (the served shadow root carries it).
await preactBuild({
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: join(dist, 'server'),
    emptyOutDir: false,
    ssr: join(root, 'elements/server-render.tsx'),
    rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'server-render.js' } },
  },
});

// The packages a host app bundles carry the stylesheet as a chunk of its own (vite.config.ts).
process.env.SF_UTILITIES = 'module';

/** A package a host app bundles: the lazy loader as dist/<folder>/loader.js, its chunks in chunks/. */
const packageBuild = (folder, { react }) =>
  build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    define: production,
    base: './',
    ...(react ? {} : { resolve: { alias: preactAliases } }),
    build: {
      outDir: join(dist, folder),
      emptyOutDir: false,
      sourcemap: true,
      lib: { entry: { loader: join(root, 'elements/loader.ts') }, formats: ['es'] },
      rolldownOptions: {
        // With React, a React host app shares its own copy (peer dependencies).
        ...(react ? { external: [/^react(\/.*)?$/, /^react-dom(\/.*)?$/] } : {}),
        output: { minify: true, chunkFileNames: packageChunkName, assetFileNames: 'chunks/[name]-[hash][extname]' },
      },
    },
  });
// The main entry, on the host's React.
await packageBuild('esm', { react: true });
// The same package with Preact inside, for apps without React (Vue, Preact, Svelte, …):
// `storefront-elements/vue` and `/preact` (package.json "exports").
await packageBuild('preact', { react: false });
delete process.env.SF_UTILITIES;

// The ESM demo page (demo/esm.html) needs React as ES modules, the way a React
// host app would provide it; React ships CommonJS, so wrap it once here.
const require = createRequire(import.meta.url);
const reactModules = { react: 'react', 'react-jsx-runtime': 'react/jsx-runtime', 'react-dom': 'react-dom', 'react-dom-client': 'react-dom/client' };
const reactAsEsm = {
  name: 'react-as-esm',
  enforce: 'pre',
  resolveId: (id) => (id.includes('react-esm:') ? `\0${id.slice(id.indexOf('react-esm:'))}` : null),
  load(id) {
    if (!id.startsWith('\0react-esm:')) return null;
    const name = id.slice('\0react-esm:'.length);
    const names = Object.keys(require(name)).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default');
    return `import * as all from '${name}';\nconst m = all.default ?? all;\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`;
  },
};
await build({
  root,
  configFile: false,
  logLevel: 'warn',
  define: production,
  plugins: [reactAsEsm],
  build: {
    outDir: join(dist, 'demo-vendor'),
    emptyOutDir: false,
    lib: { entry: Object.fromEntries(Object.entries(reactModules).map(([file, name]) => [file, `react-esm:${name}`])), formats: ['es'] },
    rolldownOptions: { output: { minify: true, chunkFileNames: '[name]-[hash].js' } },
  },
});

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
// The server's entry (dist/server/) is no file a browser fetches: neither listed nor precompressed.
const outputs = files(dist).filter((path) => /\.(js|css)$/.test(path) && !path.includes('/demo-vendor/') && !path.startsWith(join(dist, 'server')));
const rows = outputs.map((path) => {
  const content = readFileSync(path);
  return { file: relative(root, path), raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
});
// Served precompressed (the server picks .br or .gz by Accept-Encoding, server/http/static.ts):
// brotli at its best quality and gzip -9 once here, rather than on every request.
for (const path of outputs) {
  const content = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
}
const groups = [
  ['dist/sf/', 'runtime chunks of the script tag'],
  ['dist/esm/chunks/', 'lazy chunks of the ESM package'],
  ['dist/preact/chunks/', 'lazy chunks of the Preact package'],
];
console.log('\nBuild outputs (raw / gzip -9), each also written as .br and .gz:');
for (const row of rows.filter((row) => !groups.some(([dir]) => row.file.startsWith(dir)))) {
  console.log(`  ${row.file.padEnd(40)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}`);
}
for (const [dir, what] of groups) {
  const members = rows.filter((row) => row.file.startsWith(dir));
  const sum = (key) => members.reduce((total, row) => total + row[key], 0);
  console.log(`  ${`${dir} (${members.length} ${what})`.padEnd(40)} ${kb(sum('raw')).padStart(10)} ${kb(sum('gzip')).padStart(10)}`);
  for (const row of members.sort((a, b) => b.gzip - a.gzip).slice(0, 6)) {
    console.log(`    ${row.file.replace(dir, '').padEnd(38)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}`);
  }
}

// What a page with the script tag downloads, against the budgets (scripts/page-weights.mjs).
const [loaderChunk] = chunksOf(loaderBuild);
const loaderGzip = gzipSync(loaderChunk.code, { level: 9 }).length;
const weights = ['en', 'ar'].flatMap((locale) => pageWeights(runtimeChunks, { fileName: 'storefront.js', code: loaderChunk.code }, locale));
writeFileSync(join(dist, 'page-weights.json'), `${JSON.stringify({ loader: { gzip: loaderGzip, budget: LOADER_BUDGET }, pages: weights }, null, 2)}\n`);
console.log('\nPage weights with the script tag (JavaScript, gzip -9; budgets in English):');
console.log(`  ${'dist/storefront.js (the tag itself)'.padEnd(44)} ${String(loaderGzip).padStart(7)} B  budget ${LOADER_BUDGET} B  ${(loaderGzip / LOADER_BUDGET).toFixed(2)}×`);
const over = loaderGzip > LOADER_BUDGET ? [`the script tag (${loaderGzip} B > ${LOADER_BUDGET} B)`] : [];
for (const page of weights) {
  const budgeted = page.locale === 'en';
  console.log(`  ${`${page.name} (${page.locale}, ${page.files.length} files)`.padEnd(44)} ${String(page.gzip).padStart(7)} B${budgeted ? `  budget ${page.budget} B  ${(page.gzip / page.budget).toFixed(2)}×` : ''}`);
  if (budgeted && page.gzip > page.budget) over.push(`the ${page.name} (${page.gzip} B > ${page.budget} B)`);
}
// What the full page's HTML announces (the server writes it as modulepreload and preload links, from
// dist/full-page-preloads.json): the head of its chain, which the browser would otherwise find one link
// after another (script tag -> runtime and what it imports -> the storefront's element -> the language's
// texts), and the stylesheet the islands fetch. Not the whole first load: the chunks the storefront's
// element imports are fetched together as soon as it is, and announcing every one of them competed for
// the first paint's bandwidth (Lighthouse, simulated slow 4G: first contentful paint 1.7 s -> 2.5 s).
const byFileName = new Map(runtimeChunks.map((chunk) => [chunk.fileName, chunk]));
const withImports = (fileName, seen = new Set()) => {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of byFileName.get(fileName)?.imports ?? []) withImports(imported, seen);
  return seen;
};
const chunkOfModule = (path) => runtimeChunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${path}`));
const storefrontChunk = chunkOfModule('elements/sf-storefront.tsx');
// A page the server drew loads it next, to take the screen over.
const takeOverChunk = chunkOfModule('elements/take-over.preact.ts');
const locales = readdirSync(join(root, 'src', 'locales')).filter((name) => /^[a-z]{2}$/.test(name)).sort();
const chainHead = (locale) => {
  const catalog = chunkOfModule(`src/locales/${locale}/messages.po`);
  const files = [...withImports(runtimeEntry.fileName), ...(storefrontChunk ? [storefrontChunk.fileName] : []), ...(takeOverChunk ? [takeOverChunk.fileName] : []), ...(catalog ? [catalog.fileName] : [])];
  return [...new Set(files)].map((file) => `sf/${file}`);
};
const utilitiesSheet = readdirSync(join(dist, 'sf')).find((name) => /^utilities-[\w-]{8}\.css$/.test(name));
writeFileSync(join(dist, 'full-page-preloads.json'), `${JSON.stringify({
  modules: Object.fromEntries(locales.map((locale) => [locale, chainHead(locale)])),
  stylesheet: utilitiesSheet ? `sf/${utilitiesSheet}` : null,
}, null, 2)}\n`);

if (over.length > 0) {
  console.error(`\nOver the page-weight budget: ${over.join('; ')}. See scripts/page-weights.mjs.`);
  process.exitCode = 1;
}

// dist/ was emptied above: this writes dist/types again on every build.
await import('./manifest.mjs');
