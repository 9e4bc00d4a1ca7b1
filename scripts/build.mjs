// Builds the two outputs (the ESM package with a lazy loader, and the
// self-contained script-tag bundle), then prints each output's raw and gzip size,
// then writes what describes them (custom-elements.json, the README's element
// reference, dist/types/index.d.ts) from the element sources.
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { build } from 'vite';

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
];

rmSync(dist, { recursive: true, force: true });

await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  define: production,
  resolve: { alias: preactAliases },
  build: {
    outDir: dist,
    emptyOutDir: false,
    sourcemap: true,
    lib: { entry: join(root, 'elements/bundle.ts'), formats: ['iife'], name: 'StorefrontElements', fileName: () => 'storefront.js' },
    rolldownOptions: { output: { minify: true, codeSplitting: false } },
  },
});

await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  define: production,
  build: {
    outDir: join(dist, 'esm'),
    emptyOutDir: false,
    sourcemap: true,
    lib: { entry: { loader: join(root, 'elements/loader.ts') }, formats: ['es'] },
    rolldownOptions: {
      // A React host app shares its own copy (peer dependencies).
      external: [/^react(\/.*)?$/, /^react-dom(\/.*)?$/],
      output: { minify: true, chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});

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
const outputs = files(dist).filter((path) => path.endsWith('.js') && !path.includes('/demo-vendor/'));
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
const esmChunks = rows.filter((row) => row.file.startsWith('dist/esm/chunks/'));
console.log('\nBuild outputs (raw / gzip -9), each also written as .br and .gz:');
for (const row of rows.filter((row) => !row.file.startsWith('dist/esm/chunks/'))) {
  console.log(`  ${row.file.padEnd(40)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}`);
}
const sum = (key) => esmChunks.reduce((total, row) => total + row[key], 0);
console.log(`  ${`dist/esm/chunks/ (${esmChunks.length} lazy chunks)`.padEnd(40)} ${kb(sum('raw')).padStart(10)} ${kb(sum('gzip')).padStart(10)}`);
for (const row of esmChunks.sort((a, b) => b.gzip - a.gzip).slice(0, 8)) {
  console.log(`    ${row.file.replace('dist/esm/chunks/', '').padEnd(38)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}`);
}
// dist/ was emptied above: this writes dist/types again on every build.
await import('./manifest.mjs');
