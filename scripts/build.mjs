// Builds the two outputs (SPEC: the ESM package with a lazy loader, and the
// self-contained script-tag bundle), then prints each output's raw and gzip size.
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
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

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const outputs = files(dist).filter((path) => path.endsWith('.js'));
const rows = outputs.map((path) => {
  const content = readFileSync(path);
  return { file: relative(root, path), raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
});
const esmChunks = rows.filter((row) => row.file.startsWith('dist/esm/chunks/'));
console.log('\nBuild outputs (raw / gzip -9):');
for (const row of rows.filter((row) => !row.file.startsWith('dist/esm/chunks/'))) {
  console.log(`  ${row.file.padEnd(40)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}`);
}
const sum = (key) => esmChunks.reduce((total, row) => total + row[key], 0);
console.log(`  ${`dist/esm/chunks/ (${esmChunks.length} lazy chunks)`.padEnd(40)} ${kb(sum('raw')).padStart(10)} ${kb(sum('gzip')).padStart(10)}`);
for (const row of esmChunks.sort((a, b) => b.gzip - a.gzip).slice(0, 8)) {
  console.log(`    ${row.file.replace('dist/esm/chunks/', '').padEnd(38)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}`);
}
await import('./manifest.mjs');
