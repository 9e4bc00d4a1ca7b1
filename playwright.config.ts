// End-to-end tests: tests/**/*.e2e.ts in Debian's Chromium against the real
// server on :8181 (both demo vendors: http://localhost:8181 and
// http://souq.localhost:8181, see tests/helpers/hosts.ts; E2E_PORT=… to move).
//
//   npm run build && npx playwright test [file] [-g title]
//
// Database: a fresh PGlite data dir in the temp folder (removed afterwards);
// with DATABASE_URL set, that PostgreSQL server in a fresh schema (dropped by
// tests/helpers/global-teardown.ts). E2E_SERVER_LOG=1 shows the server's stdout.
//
// Store time: E2E_CLOCK=<ISO instant with offset> runs the suite at that time,
// e.g. E2E_CLOCK=2026-11-24T03:00:00-08:00 (03:00 in Los Angeles, Harbor Eats;
// 15:00 in Dubai, Souq). The server starts its clock there (SF_TEST_CLOCK) and
// time runs on; every test's browser context is set to the server's time by the
// auto fixture in tests/helpers/test.ts, which every e2e file imports `test` and
// `expect` from. Without E2E_CLOCK both run at the real time. Either way, tests
// that depend on a store being open or closed set that state themselves through
// the server's test fixture routes (SF_TEST_FIXTURES=1, see tests/helpers/stores.ts),
// each file on its own stores, so no test depends on the hour or skips itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { TEST_CHROMIUM_ARGS, chromiumHowTo, findChromium } from './scripts/find-browser.mjs';
import { uniqueSchema } from './tests/helpers/server.mjs';
import { E2E_PORT, HARBOR } from './tests/helpers/hosts.ts';
import { E2E_CLOCK } from './tests/helpers/run-clock.ts';

const executablePath = findChromium();
if (!executablePath) throw new Error(chromiumHowTo());

const CI = !!process.env.CI;
const usePostgres = !!process.env.DATABASE_URL;

// This file is evaluated by the runner and again by every worker. Make the
// run's database once (in the runner) and hand it to the workers through the
// environment, which they inherit.
if (usePostgres) {
  process.env.SF_E2E_SCHEMA ??= uniqueSchema('sf_e2e');
} else if (!process.env.SF_E2E_DATA_DIR) {
  const dir = mkdtempSync(join(tmpdir(), 'sf-e2e-data-'));
  process.env.SF_E2E_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}

/** The local Stripe double the server's Stripe SDK talks to (server/doubles/stripe.ts): never Stripe itself. */
const STRIPE_DOUBLE_PORT = E2E_PORT + 1;

const serverEnv: Record<string, string> = {
  PORT: String(E2E_PORT),
  STRIPE_API_URL: `http://127.0.0.1:${STRIPE_DOUBLE_PORT}`,
  // The other providers' doubles run beside the server (server/doubles), and the demo vendors get an account at each.
  PAYMENT_DOUBLES: '1',
  PAYMENT_DOUBLES_PORT: String(E2E_PORT + 2),
  HOST: '127.0.0.1',
  NODE_ENV: 'development',
  // Orders move one state a second, so a test sees an order's whole life.
  ORDER_SIMULATOR_SECONDS: '1',
  // Drivers cross town in seconds, reporting every second, so a test sees them move and arrive.
  DRIVER_SPEED_KMH: '400',
  SUPPORT_DEMO_AGENT: '1',
  // Tests set their stores open or closed through /test/store-hours.
  SF_TEST_FIXTURES: '1',
  // Tests read the one-time codes at /dev/otp.json, and sign in far more often from 127.0.0.1 than a customer would.
  SF_DEV_OTP_PAGE: '1',
  OTP_LIMIT_CALLS_PER_ADDRESS: '100000',
  // The run's store time; empty (the system time) without E2E_CLOCK, whatever the shell has.
  SF_TEST_CLOCK: E2E_CLOCK ? E2E_CLOCK.toISOString() : '',
  ...(usePostgres
    ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: process.env.SF_E2E_SCHEMA! }
    : { DATA_DIR: process.env.SF_E2E_DATA_DIR! }),
};

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: CI,
  // Three workers on two cores: a journey waits on its server for part of its time (orders moving one
  // state a second, drivers crossing town), which a third worker fills; measured here 424 s with two,
  // 368 s with three.
  workers: 3,
  retries: CI ? 1 : 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalTeardown: './tests/helpers/global-teardown.ts',
  use: {
    baseURL: HARBOR.origin,
    trace: 'on-first-retry',
    // A worker's tests share one browser context, emptied between tests (tests/helpers/test.ts says
    // what is reset and by whom): a fresh context and its first renderer cost about 3 s of CPU a test,
    // a third of the suite's time on two cores. A test that fails is retried in a new worker, so in a
    // context of its own.
    reuseContext: true,
    navigationTimeout: 30_000,
    actionTimeout: 15_000,
    // The full page registers a service worker, which would answer some calls itself, out of sight of a
    // test's routes and of the server's fresh answers; the installed app's tests (tests/installed-app.e2e.ts)
    // open contexts that allow it.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        headless: true,
        launchOptions: { executablePath, args: [...TEST_CHROMIUM_ARGS] },
      },
    },
  ],
  webServer: [
    {
      // SF_SERVER_ENTRY: another entry file (only for checking the harness itself).
      command: `npx tsx ${process.env.SF_SERVER_ENTRY || 'server/main.ts'}`,
      url: `${HARBOR.origin}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv,
      stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'npx tsx server/test/stripe-double-main.ts',
      url: `http://127.0.0.1:${STRIPE_DOUBLE_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(STRIPE_DOUBLE_PORT) },
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
