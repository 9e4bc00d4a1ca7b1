import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parseInstant } from './clock.ts';
import { DEFAULT_OTP_LIMITS, type OtpLimits } from './domain/otp.ts';

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
  /** SF_DEV_OTP_PAGE=1: the development page of every one-time code sent, /dev/otp (see dev/otp-page.ts). */
  devOtpPage: boolean;
  /** OTP_LIMIT_*: sign-in request limits (see domain/otp.ts). */
  otpLimits: OtpLimits;
}

/** A whole number of at least 1 from the environment, else the default; anything else stops the start. */
function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, not ${JSON.stringify(text)}`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  const production = env.NODE_ENV === 'production';
  // Test switches are honoured only when named, and never in production: refuse to start rather than run on them.
  for (const name of ['SF_TEST_CLOCK', 'SF_TEST_FIXTURES', 'SF_DEV_OTP_PAGE'] as const) {
    if (production && env[name]) throw new Error(`${name} is for development and test runs and is refused when NODE_ENV=production`);
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
    devOtpPage: env.SF_DEV_OTP_PAGE === '1',
    otpLimits: {
      callsPerAddress: positiveInteger(env, 'OTP_LIMIT_CALLS_PER_ADDRESS', DEFAULT_OTP_LIMITS.callsPerAddress),
      sendsPerNumber: positiveInteger(env, 'OTP_LIMIT_SENDS_PER_NUMBER', DEFAULT_OTP_LIMITS.sendsPerNumber),
      attemptsPerNumber: positiveInteger(env, 'OTP_LIMIT_ATTEMPTS_PER_NUMBER', DEFAULT_OTP_LIMITS.attemptsPerNumber),
      windowMinutes: positiveInteger(env, 'OTP_LIMIT_WINDOW_MINUTES', DEFAULT_OTP_LIMITS.windowMinutes),
    },
  };
}
