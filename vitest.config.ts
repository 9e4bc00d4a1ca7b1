// Unit tests (no browser): `npx vitest run` runs every project,
// `npx vitest run --project src --project src-mocks` or `--project server` some of them.
//
// - src:    src/**/*.test.ts(x) in Node, with vite.config.ts's plugins (React, Lingui macros),
//           aliases and defines when that file exists. A file that needs a document, storage or
//           the window's events says so on its first line (`// @vitest-environment happy-dom`):
//           the rules of src/core are meant to run without a browser, and a happy-dom window
//           costs about half a second a file (60 s -> 30 s for the project when none had one).
//           Its files share one module graph per worker; those that replace a module (vi.mock) run
//           apart, each in a graph of its own, as project src-mocks.
// - contract: contract/**/*.test.ts (the rules both sides share) in Node.
// - tools:  scripts/**/*.test.mts (the build's own steps) in Node.
// - server: server/**/*.test.ts in Node, no Vite app plugins, and tests/security/**
//           (hostile input against the real server: one test per finding and the
//           generated probe over every route). Each test file's PGlite starts from a
//           migrated (or seeded) template made once per run (server/test/pglite-templates.ts).
//           With DATABASE_URL set, server test files share one PostgreSQL server, each in a schema
//           of its own (its NOTIFY channels too): two files at a time (SF_SERVER_TEST_WORKERS=n
//           for n), which a PostgreSQL on the same two cores keeps up with (104 s -> 69 s).
// Element tests (*.element.test.ts) belong to web-test-runner, the rest of tests/** to Playwright.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const viteConfig = fileURLToPath(new URL('./vite.config.ts', import.meta.url));
const exclude = [...configDefaults.exclude, 'dist/**', 'tests/**', '**/*.element.test.ts', '**/*.element.test.tsx'];
const serverExclude = [...configDefaults.exclude, 'dist/**', '**/*.element.test.ts'];

/** The storefront's test files that replace a module with vi.mock. */
const mockingTests = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.test\.tsx?$/.test(path) && !/\.element\.test\./.test(path))
  .map((path) => `src/${path.split(sep).join('/')}`)
  .filter((path) => /\bvi\.mock\(/.test(readFileSync(path, 'utf8')))
  .sort();

const serverWorkers = Number(process.env.SF_SERVER_TEST_WORKERS) || (process.env.DATABASE_URL ? 2 : 0);

export default defineConfig({
  test: {
    projects: [
      {
        ...(existsSync(viteConfig) ? { extends: viteConfig } : {}),
        test: {
          name: 'src',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...exclude, ...mockingTests],
          // A worker runs its files one after another in one module graph: React, Lingui and the core's
          // modules load once per worker, not once per file (70 s -> 42 s of CPU for the unit step).
          // Each file sets the state it reads (its stores, storage, stubs) before its tests.
          isolate: false,
        },
      },
      {
        ...(existsSync(viteConfig) ? { extends: viteConfig } : {}),
        test: {
          // A file that replaces a module (vi.mock) needs a module graph of its own: in a shared one, a
          // module imported by an earlier file keeps the real import the mock was to replace.
          name: 'src-mocks',
          environment: 'node',
          include: mockingTests.length > 0 ? mockingTests : ['no-file-mocks-a-module'],
          exclude,
        },
      },
      {
        test: {
          name: 'contract',
          environment: 'node',
          include: ['contract/**/*.test.ts'],
          exclude,
          isolate: false, // as src: one module graph per worker; no file here mocks a module
        },
      },
      {
        test: {
          name: 'tools',
          environment: 'node',
          include: ['scripts/**/*.test.mts'],
          exclude,
          isolate: false, // as src: one module graph per worker; no file here mocks a module
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/security/**/*.test.ts'],
          exclude: serverExclude,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // On PGlite, the migrated and the seeded database are made once and each test file loads one.
          globalSetup: ['server/test/pglite-templates.ts'],
          // A worker runs its files one after another in one module graph: the server's modules and
          // PGlite's WebAssembly are loaded once per worker, not once per file (313 s → 165 s on PGlite,
          // about 240 s → 95 s on PostgreSQL). Each file still opens its own database and app; what the
          // server keeps in a module is keyed by database or request, or is a cache of pure results.
          isolate: false,
          // Projects with their own maxWorkers need their own group: server runs after src.
          ...(serverWorkers ? { maxWorkers: serverWorkers, sequence: { groupOrder: 1 } } : {}),
        },
      },
    ],
  },
});
