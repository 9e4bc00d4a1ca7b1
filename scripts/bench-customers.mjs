// The bench vendor's ordering customers, shared by `npm run bench` and `npm run soak`:
// the server env that seeds them, and one API call as one of them.
import { randomBytes } from 'node:crypto';

/** Keys for this run's servers (production requires them); one pair per run, so a restarted server keeps them. */
const RUN_SECRETS = {
  OTP_SECRET: randomBytes(32).toString('base64url'),
  PAYMENT_LINK_SECRET: randomBytes(32).toString('base64url'),
  TRACKING_LINK_SECRET: randomBytes(32).toString('base64url'),
};

/** Server env keys that seed the bench vendor and its customers. */
export const BENCH_SEED_KEYS = ['SEED_BENCH', 'SEED_BENCH_CUSTOMERS', 'SEED_BENCH_CUSTOMERS_FILE'];

/**
 * The env of a production server on `port` that seeds the bench vendor and `customers` signed-in
 * customers, their tokens written to `file` (see seedBenchCustomers in server/seed/bench.ts), with
 * the settings production requires. Seeding again on the same database tops the wallets up and
 * issues new tokens: leave BENCH_SEED_KEYS out when restarting on it.
 */
export const benchSeedEnv = (file, customers, port) => ({
  NODE_ENV: 'production', SEED_BENCH: '1', SEED_BENCH_CUSTOMERS: String(customers), SEED_BENCH_CUSTOMERS_FILE: file,
  ORDER_SIMULATOR_SECONDS: '0', PUBLIC_URL: `http://127.0.0.1:${port}`, ...RUN_SECRETS,
});

/** One API call as a bench customer; `json` is {} when the answer has no JSON body. Rejects when no answer comes. */
export async function orderCall(origin, host, token, call, body, { signal } = {}) {
  const response = await fetch(`${origin}/api/v2/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-storefront-host': host, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal,
  });
  const json = await response.json().catch(() => ({}));
  return { status: response.status, json };
}
