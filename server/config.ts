import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parseInstant } from './clock.ts';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  schema: string | undefined;
  production: boolean;
  publicUrl: string | undefined;
  trustProxy: boolean;
  /** Seconds per step of the demo order simulator; 0 = off (tests). `npm start` sets 8. */
  orderSimulatorSeconds: number;
  /** SF_TEST_CLOCK: the instant a test clock starts from (see clock.ts); undefined = system time. */
  testClockStart: Date | undefined;
  /** SF_TEST_FIXTURES=1: the test-only /test/* routes (see dev/test-fixtures.ts). */
  testFixtures: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  const production = env.NODE_ENV === 'production';
  // Test switches are honoured only when named, and never in production: refuse to start rather than run on them.
  for (const name of ['SF_TEST_CLOCK', 'SF_TEST_FIXTURES'] as const) {
    if (production && env[name]) throw new Error(`${name} is for test runs and is refused when NODE_ENV=production`);
  }
  return {
    port,
    host: env.HOST || 'localhost',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || join(REPO_ROOT, '.data', 'pglite'),
    schema: env.DATABASE_SCHEMA || undefined,
    production,
    publicUrl: env.PUBLIC_URL || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    orderSimulatorSeconds: Math.max(0, Number(env.ORDER_SIMULATOR_SECONDS) || 0),
    testClockStart: env.SF_TEST_CLOCK ? parseInstant(env.SF_TEST_CLOCK) : undefined,
    testFixtures: env.SF_TEST_FIXTURES === '1',
  };
}
