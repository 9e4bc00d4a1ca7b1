// The realtime bench (part of `npm run bench`, or `BENCH_ONLY=realtime npm run bench`): BENCH_SUBSCRIBERS
// (1000) customers each follow an order on its way over the event stream while every order's driver
// reports a position each second for BENCH_REALTIME_SECONDS (10). Prints the delivery latency of the
// positions (from the moment the server takes one to the moment the subscriber has read it: median and
// p99), the positions published per second against the one a second per order asked for, and the
// server's memory per open stream. The API server runs here, on PGlite in memory or (DATABASE_URL) a
// fresh schema of that PostgreSQL; the subscribers run in a process of their own.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { REPO_ROOT } from '../server/config.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDatabase, quoteIdent } from '../server/db/pool.ts';
import { inTransaction } from '../server/db/tx.ts';
import { createSession } from '../server/modules/accounts/index.ts';
import { orderRoute, recordPosition } from '../server/modules/orders/index.ts';
import { pointAlong, routeLength } from '../contract/rules/geo.ts';
import { seedIfEmpty } from '../server/seed/index.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS) || 1000;
const SECONDS = Number(process.env.BENCH_REALTIME_SECONDS) || 10;
const HOST = 'localhost';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const url = process.env.DATABASE_URL;
const schema = url ? `sf_bench_rt_${randomBytes(4).toString('hex')}` : undefined;
const database = await openDatabase({ databaseUrl: url, dataDir: 'memory', schema });
const db = database.pool;
await migrate(db);
await seedIfEmpty(db);

// SUBSCRIBERS customers, each with a session and one delivery order on its way with a driver.
const { rows: [vendor] } = await db.query<{ vendor_id: number; restaurant_id: number; driver_id: number }>(
  `SELECT h.vendor_id, (SELECT id FROM restaurants r WHERE r.vendor_id = h.vendor_id ORDER BY id LIMIT 1) AS restaurant_id,
     (SELECT id FROM drivers d WHERE d.vendor_id = h.vendor_id ORDER BY id LIMIT 1) AS driver_id
   FROM vendor_hosts h WHERE h.host = $1`,
  [HOST],
);
const { vendor_id: vendorId, restaurant_id: storeId, driver_id: driverId } = vendor!;
const { rows: users } = await db.query<{ id: number }>(
  `INSERT INTO users (vendor_id, country_code, mobile_number, user_name)
   SELECT $1, '1', '58' || lpad(g::text, 8, '0'), 'Subscriber ' || g FROM generate_series(1, $2::int) g RETURNING id`,
  [vendorId, SUBSCRIBERS],
);
const tokens: string[] = [];
for (const user of users) tokens.push(await createSession(db, vendorId, user.id));
const { rows: orders } = await db.query<{ id: number }>(
  `INSERT INTO orders (vendor_id, user_id, restaurant_id, idempotency_key, order_mode, status, payment_method, payment_status,
     delivery_address, delivery_latitude, delivery_longitude, currency_code, currency_exponent, item_total_minor, tax_minor,
     packaging_minor, delivery_charge_minor, discount_minor, tip_minor, total_minor, driver_id, driver_assigned_at)
   SELECT $1, u.id, $2, 'bench-rt-' || u.id, 'delivery', 'on_the_way', 'cash', 'cash_due', 'Bench Street',
     r.latitude + 0.01 + (u.id % 50) * 0.0004, r.longitude + 0.01, 'USD', 2, 1000, 0, 0, 0, 0, 0, 1000, $3, now()
   FROM users u JOIN restaurants r ON r.vendor_id = $1 AND r.id = $2
   WHERE u.vendor_id = $1 AND u.id = ANY($4::bigint[]) ORDER BY u.id RETURNING id`,
  [vendorId, storeId, driverId, users.map((user) => user.id)],
);
const routes = new Map<number, Awaited<ReturnType<typeof orderRoute>>>();
for (const order of orders) routes.set(order.id, await orderRoute(db, vendorId, order.id));

const app = await buildApp({ db, listen: database.listen, logger: false, production: false, rootDir: REPO_ROOT });
await app.ready();
const origin = await app.listen({ port: 0, host: '127.0.0.1' });

mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
const tokensFile = join(REPO_ROOT, '.tmp', 'bench-realtime-tokens.json');
writeFileSync(tokensFile, JSON.stringify(tokens));

globalThis.gc?.();
const before = process.memoryUsage();
const clients = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', 'bench-realtime-clients.mjs'), origin, HOST, tokensFile, String(SECONDS)], {
  cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'],
});
let output = '';
const allReady = new Promise<void>((resolve, reject) => {
  clients.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('READY')) resolve();
  });
  clients.once('exit', () => reject(new Error(`the subscribers stopped: ${output}`)));
});
const connectStarted = performance.now();
await allReady;
const connectSeconds = (performance.now() - connectStarted) / 1000;
globalThis.gc?.();
const connected = process.memoryUsage();

// Every order's driver reports once a second, spread over the second, for SECONDS seconds.
let published = 0;
const runStarted = performance.now();
const gap = 1000 / orders.length;
await Promise.all(Array.from({ length: SECONDS }, async (_, second) => {
  await new Promise((resolve) => setTimeout(resolve, second * 1000));
  let index = 0;
  const workers = Array.from({ length: 8 }, async () => {
    while (index < orders.length) {
      const order = orders[index++]!;
      const route = routes.get(order.id) ?? [];
      const { point, heading } = pointAlong(route, (routeLength(route) * (second + 1)) / (SECONDS + 1));
      await inTransaction(db, (client) => recordPosition(client, vendorId, order.id, { ...point, heading }));
      published++;
      if (gap > 1) await new Promise((resolve) => setTimeout(resolve, gap));
    }
  });
  await Promise.all(workers);
}));
// The run lasts SECONDS at least (the last second's reports start at SECONDS - 1).
const runSeconds = Math.max(SECONDS, (performance.now() - runStarted) / 1000);
await new Promise((resolve) => setTimeout(resolve, 1500));

const finished = new Promise<string>((resolve) => clients.once('exit', () => resolve(output)));
clients.stdin.end();
const lines = (await finished).trim().split('\n');
const result = JSON.parse(lines.at(-1)!) as { latencies: number[]; ready: number; failed: number };
const latencies = result.latencies.sort((a, b) => a - b);

const where = url ? 'PostgreSQL' : 'PGlite (embedded)';
console.log(`  ${where}: ${result.ready} subscribers connected in ${connectSeconds.toFixed(1)} s (${result.failed} failed)`);
console.log(`    positions: ${published} published in ${runSeconds.toFixed(1)} s = ${(published / runSeconds).toFixed(0)}/s (asked: ${orders.length}/s, ${((published / runSeconds / orders.length) * 100).toFixed(0)}% of it)`);
console.log(`    delivered: ${latencies.length} of ${published} (${((latencies.length / Math.max(1, published)) * 100).toFixed(1)}%), latency median ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`);
// The heap is the server's own (the subscribers run apart); the process's resident size also holds the embedded database, so it is shown whole.
console.log(`    server memory per open stream: ${((connected.heapUsed - before.heapUsed) / result.ready / 1024).toFixed(1)} KB of heap (process ${mb(connected.rss)} resident)`);

await app.close();
if (schema) await db.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
await database.close();
