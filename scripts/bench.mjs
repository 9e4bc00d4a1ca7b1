// `npm run bench`: speed and size figures (never asserted in tests).
//   - build output sizes (raw / gzip -9)
//   - API server latency, median and p99, and throughput, for the calls every page makes
//   - Chromium: time from navigation to the first store card, median of several loads
// With DATABASE_URL set, the server runs on that PostgreSQL (a fresh schema), else on PGlite in memory.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumHowTo, findChromium } from './find-browser.mjs';
import { ROOT, dropSchema, freePort, serverEnv, startApiServer, uniqueSchema } from '../tests/helpers/server.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS) || 400;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY) || 10;
const PAGE_LOADS = Number(process.env.BENCH_PAGE_LOADS) || 7;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value) => `${value.toFixed(1)} ms`;

function sizes() {
  console.log('\nBuild output sizes (raw / gzip -9)');
  for (const file of ['dist/storefront.js', 'dist/esm/loader.js']) {
    const path = join(ROOT, file);
    if (!existsSync(path)) throw new Error(`${file} is missing: run npm run build first`);
    const content = readFileSync(path);
    console.log(`  ${file.padEnd(24)} ${(content.length / 1024).toFixed(1).padStart(7)} KB ${(gzipSync(content, { level: 9 }).length / 1024).toFixed(1).padStart(7)} KB`);
  }
}

async function load(origin, call, body) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < REQUESTS) {
      next++;
      const begin = performance.now();
      const response = await fetch(`${origin}/api/v2/${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-storefront-host': 'localhost' },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${call} answered ${response.status}`);
      latencies.push(performance.now() - begin);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(`  ${call.padEnd(26)} median ${ms(percentile(latencies, 50)).padStart(9)}  p99 ${ms(percentile(latencies, 99)).padStart(9)}  ${(latencies.length / seconds).toFixed(0).padStart(5)} req/s`);
}

async function firstCard(origin) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(chromiumHowTo());
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
  const times = [];
  try {
    for (let run = 0; run < PAGE_LOADS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${origin}/demo/`);
      await page.locator('[part~="card"]').first().waitFor({ timeout: 30_000 });
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  console.log(`  demo page, navigation to first store card: median ${ms(percentile(times, 50))} over ${times.length} cold loads`);
}

sizes();
const port = await freePort();
const schema = process.env.DATABASE_URL ? uniqueSchema('sf_bench') : undefined;
const api = await startApiServer({
  port,
  env: serverEnv({ port, dataDir: 'memory', schema, extra: { NODE_ENV: 'production' } }),
  logFile: join(ROOT, '.tmp', 'bench-server.log'),
  label: 'API server for the bench',
});
try {
  console.log(`\nAPI server (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite in memory'}), ${REQUESTS} requests each, ${CONCURRENCY} at a time`);
  await load(api.origin, 'get-vendor-settings', { is_langauge: 'en', latitude: 37.7749, longitude: -122.4194, order_web: 'web' });
  await load(api.origin, 'get_nearby_restaurant_v2', { latitude: 37.7749, longitude: -122.4194, total_record: 1000, skip: 0 });
  console.log('\nChromium');
  await firstCard(api.origin);
} finally {
  await api.stop();
  await dropSchema(process.env.DATABASE_URL, schema).catch(() => undefined);
}
