// Unit tests (no browser): `npx vitest run` runs both projects,
// `npx vitest run --project src` or `--project server` one of them.
//
// - src:    src/**/*.test.ts(x) in Node, with vite.config.ts's plugins (React, Lingui macros),
//           aliases and defines when that file exists. A file that needs a document, storage or
//           the window's events says so on its first line (`// @vitest-environment happy-dom`):
//           the rules of src/core are meant to run without a browser, and a happy-dom window
//           costs about half a second a file (60 s -> 30 s for the project when none had one).
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
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const viteConfig = fileURLToPath(new URL('./vite.config.ts', import.meta.url));
const exclude = [...configDefaults.exclude, 'dist/**', 'tests/**', '**/*.element.test.ts', '**/*.element.test.tsx'];
const serverExclude = [...configDefaults.exclude, 'dist/**', '**/*.element.test.ts'];

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
          exclude,
        },
      },
      {
        test: {
          name: 'contract',
          environment: 'node',
          include: ['contract/**/*.test.ts'],
          exclude,
        },
      },
      {
        test: {
          name: 'tools',
          environment: 'node',
          include: ['scripts/**/*.test.mts'],
          exclude,
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
