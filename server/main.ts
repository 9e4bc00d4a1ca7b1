import { mkdirSync, writeFileSync } from 'node:fs';
import pino from 'pino';
import { buildApp } from './app.ts';
import { systemClock, testClock } from './clock.ts';
import { readConfig, REPO_ROOT } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/pool.ts';
import { BENCH_RADIUS_KM, seedBenchCustomers, seedBenchVendor } from './seed/bench.ts';
import { seedIfEmpty, seedPaymentsDemoVendors } from './seed/index.ts';

const config = readConfig();
if (!config.databaseUrl && config.dataDir !== 'memory') mkdirSync(config.dataDir, { recursive: true });

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  schema: config.schema,
});
// PAYMENT_DOUBLES=1: the providers' local doubles, beside the server (development and tests only).
// Loaded only when asked for: a production server never loads the doubles' code.
const doubles = config.paymentDoubles && 'port' in config.paymentDoubles
  ? await (await import('./doubles/server.ts')).startPaymentDoubles(config.paymentDoubles.port)
  : undefined;
const paymentDoublesUrl = doubles?.url ?? (config.paymentDoubles && 'url' in config.paymentDoubles ? config.paymentDoubles.url : undefined);
// Stripe's double runs apart (its SDK takes a host and a port, not a path), on the next port, unless STRIPE_API_URL names one.
const stripeDouble = doubles && !config.stripeApiUrl && 'port' in config.paymentDoubles!
  ? await (await import('./doubles/stripe.ts')).startStripeDouble(config.paymentDoubles.port + 1)
  : undefined;
// Started before migrating and seeding, so a test run's clock reads its instant as the server comes up.
const clock = config.testClockStart ? testClock(config.testClockStart) : systemClock;
const app = await buildApp({
  db: database.pool,
  listen: database.listen,
  production: config.production,
  rootDir: REPO_ROOT,
  publicUrl: config.publicUrl,
  trustProxy: config.trustProxy,
  orderSimulatorSeconds: config.orderSimulatorSeconds,
  driverSpeedKmh: config.driverSpeedKmh,
  supportDemoAgent: config.supportDemoAgent,
  subscriptionScheduleMs: config.subscriptionScheduleSeconds * 1000,
  clock,
  testFixtures: config.testFixtures,
  devOtpPage: config.devOtpPage,
  otpLimits: config.otpLimits,
  socialEndpoints: config.socialEndpoints,
  secrets: config.secrets,
  stripeApiUrl: config.stripeApiUrl ?? stripeDouble?.url,
  paymentDoublesUrl,
  // Written asynchronously: a busy server writes its log lines in batches instead of one blocking write
  // each (a tenth of place_order's time on the bench); what is buffered is flushed on exit.
  logger: { level: 'info', stream: pino.destination({ dest: 1, sync: false }) },
});

// Outside production only (production refuses to start without them, see config.ts).
if (config.unsetSecrets.length) {
  app.log.warn({ unset: config.unsetSecrets }, 'secrets not set: random for this process (codes and payment links do not survive a restart)');
}
if (!config.publicUrl) app.log.warn('PUBLIC_URL not set: links in answers use the request\'s host only when it is a loopback name, else http://localhost');

if (clock.testStart) {
  app.log.warn({ testClock: clock.testStart.toISOString() }, 'running on a test clock (SF_TEST_CLOCK): store hours are judged from this instant on');
}
if (config.testFixtures) app.log.warn('test fixture routes are on (SF_TEST_FIXTURES=1): /test/*');
if (config.devOtpPage) app.log.warn('DEVELOPMENT ONLY: the one-time codes of every customer are readable at /dev/otp (SF_DEV_OTP_PAGE=1)');

const applied = await migrate(database.pool);
if (applied.length) app.log.info({ applied }, 'migrations applied');
if (await seedIfEmpty(database.pool)) app.log.info('seeded demo vendors');
if (paymentDoublesUrl) {
  // The payments demo's vendors, one per currency the main demo does not charge in (Masala Street on masala.localhost, …).
  const seeded = await seedPaymentsDemoVendors(database.pool);
  if (seeded) app.log.info({ seeded }, 'seeded the payments demo vendors (masala, capetown, stockholm, santiago, riyadh, berlin .localhost)');
  const { connectDemoAccounts } = await import('./doubles/demo-accounts.ts');
  const { connectDemoPartners } = await import('./doubles/delivery/demo-partners.ts');
  const added = await connectDemoAccounts(database.pool);
  app.log.warn({ doubles: paymentDoublesUrl, added }, 'DEVELOPMENT ONLY: payments go to the providers\' local doubles (PAYMENT_DOUBLES), where no money moves');
  // Porter and Dunzo quote in rupees: only a vendor in INR (Masala Street) gets their doubles' accounts.
  const partners = await connectDemoPartners(database.pool);
  app.log.info({ added: partners }, 'delivery partners\' local doubles connected to the vendors in INR');
}
// SEED_BENCH=1 adds the large bench vendor on bench.localhost (skipped when that host exists).
if (process.env.SEED_BENCH === '1') {
  const started = Date.now();
  const bench = await seedBenchVendor(database.pool);
  app.log.info({ ...bench, ms: Date.now() - started }, bench.created ? 'seeded bench vendor' : 'bench vendor already present');
  // SEED_BENCH_LARGE=n adds bench-large.localhost: n stores at the bench vendor's density over a wider area, each
  // delivering as far as the bench vendor's farthest (17 km), for the cost of nearby stores as a vendor grows.
  const large = Number(process.env.SEED_BENCH_LARGE) || 0;
  if (large > 0) {
    const seeded = await seedBenchVendor(database.pool, { host: 'bench-large.localhost', stores: large, itemsPerMenu: 50, radiusKm: BENCH_RADIUS_KM * Math.sqrt(large / 1000), maxDeliveryKm: BENCH_RADIUS_KM + 2 });
    app.log.info({ ...seeded, stores: large }, seeded.created ? 'seeded large bench vendor' : 'large bench vendor already present');
  }
  // For the place_order bench: SEED_BENCH_CUSTOMERS=n signed-in customers, their tokens written to SEED_BENCH_CUSTOMERS_FILE.
  const customers = Number(process.env.SEED_BENCH_CUSTOMERS) || 0;
  if (customers > 0 && process.env.SEED_BENCH_CUSTOMERS_FILE) {
    writeFileSync(process.env.SEED_BENCH_CUSTOMERS_FILE, JSON.stringify(await seedBenchCustomers(database.pool, { count: customers })));
  }
}

await app.listen({ port: config.port, host: config.host });

const port = config.port;
const where = config.databaseUrl ? 'PostgreSQL' : config.dataDir === 'memory' ? 'PGlite (memory)' : `PGlite ${config.dataDir}`;
console.log(`
Storefront Elements API (${where})
  Harbor Eats       full page  http://localhost:${port}/
                    embed demo http://localhost:${port}/demo/
  سوق المدينة       full page  http://souq.localhost:${port}/
                    embed demo http://souq.localhost:${port}/demo/
${process.env.SEED_BENCH === '1' ? `  Bench Eats        full page  http://bench.localhost:${port}/\n` : ''}${
  clock.testStart ? `  Test clock                   started at ${clock.testStart.toISOString()}, now ${clock.now().toISOString()} (SF_TEST_CLOCK)\n` : ''}${
  config.testFixtures ? `  Test fixtures                http://localhost:${port}/test/* (SF_TEST_FIXTURES)\n` : ''}${otpLine()}${
  config.orderSimulatorSeconds ? `  Order simulator              one step every ${config.orderSimulatorSeconds} s (ORDER_SIMULATOR_SECONDS)\n` : ''}${
  config.supportDemoAgent ? '  Demo support agent           answers the support chat (SUPPORT_DEMO_AGENT)\n' : ''}`);

/** Where the one-time codes are: the page, in words a vendor cannot miss, or the log. */
function otpLine(): string {
  if (config.devOtpPage) {
    return `
  !! DEVELOPMENT ONLY: one-time codes of every customer are readable at http://localhost:${port}/dev/otp
  !! (SF_DEV_OTP_PAGE=1): anyone who reaches this server can sign in as any customer. Never expose it.

`;
  }
  return config.production ? '' : `  One-time codes               in this log (no SMS provider)\n`;
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
    await doubles?.close();
    await stripeDouble?.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
