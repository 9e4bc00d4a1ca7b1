import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { parseInstant } from './clock.ts';
import { DEFAULT_OTP_LIMITS, type OtpLimits } from './modules/accounts/domain/otp.ts';

/**
 * The repository's root, where the storefront's build (dist/) and the demo pages are: the nearest folder
 * above this file whose package.json is the storefront's (server/ when run from source with tsx,
 * server/dist/server/ when built to JavaScript).
 */
function repositoryRoot(): string {
  for (let folder = dirname(fileURLToPath(import.meta.url)); ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'storefront-elements') return folder;
    if (dirname(folder) === folder) throw new Error('the server is not inside the storefront-elements repository (no package.json named storefront-elements above it)');
  }
}

export const REPO_ROOT = repositoryRoot();

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  schema: string | undefined;
  production: boolean;
  /** PUBLIC_URL: the origin every absolute link is built on (see readPublicUrl). */
  publicUrl: string | undefined;
  trustProxy: boolean;
  /** Seconds per step of the demo order simulator; 0 = off (tests). `npm start` sets 8. */
  orderSimulatorSeconds: number;
  /** SUPPORT_DEMO_AGENT=1: a demo agent answers support chat messages. */
  supportDemoAgent: boolean;
  /** SUBSCRIPTION_SCHEDULE_SECONDS: how often the subscription schedule looks for due deliveries (0.1–3600; default 60). */
  subscriptionScheduleSeconds: number;
  /** DRIVER_SPEED_KMH: how fast the demo's drivers go (street speed unless set; tests go faster). */
  driverSpeedKmh: number | undefined;
  /** SF_TEST_CLOCK: the instant a test clock starts from (see clock.ts); undefined = system time. */
  testClockStart: Date | undefined;
  /** SF_TEST_FIXTURES=1: the test-only /test/* routes (see dev/test-fixtures.ts). */
  testFixtures: boolean;
  /** SF_DEV_OTP_PAGE=1: the development page of every one-time code sent, /dev/otp (see dev/otp-page.ts). */
  devOtpPage: boolean;
  /** OTP_LIMIT_*: sign-in request limits (see modules/accounts/domain/otp.ts). */
  otpLimits: OtpLimits;
  /** GOOGLE_CERTS_URL, FACEBOOK_GRAPH_URL: where social sign-in tokens are checked (see modules/accounts/domain/social-verify.ts); the providers' own when unset. */
  socialEndpoints: { googleCertsUrl?: string; facebookGraphUrl?: string };
  /** STRIPE_API_URL: where the Stripe SDK sends its requests (a local double); Stripe's API when unset. */
  stripeApiUrl: string | undefined;
  /**
   * PAYMENT_DOUBLES=1: the payment providers' local doubles run beside the server (on PAYMENT_DOUBLES_PORT,
   * default the server's port + 2), the providers' calls go to them and the demo vendors get an account at
   * each; PAYMENT_DOUBLES_URL: doubles running elsewhere. Both are refused in production.
   */
  paymentDoubles: { port: number } | { url: string } | undefined;
  /** The server's keys (see readSecrets). */
  secrets: Secrets;
  /** The settings of the secrets that were not set and are random for this process (never in production). */
  unsetSecrets: string[];
}

/** A whole number of at least 1 from the environment, else the default; anything else stops the start. */
function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, not ${JSON.stringify(text)}`);
  return value;
}

/** Keys the server signs or hashes with. */
export interface Secrets {
  /** OTP_SECRET: the key one-time codes are hashed with before they are stored. */
  otp: string;
  /** PAYMENT_LINK_SECRET: the key the links to the built-in test payment page are signed with. */
  paymentLink: string;
  /** TRACKING_LINK_SECRET: the key links for following an order without an account are signed with. */
  trackingLink: string;
}

const SECRET_SETTINGS = { otp: 'OTP_SECRET', paymentLink: 'PAYMENT_LINK_SECRET', trackingLink: 'TRACKING_LINK_SECRET' } as const satisfies Record<keyof Secrets, string>;
const SECRET_KEYS: ReadonlyArray<keyof Secrets> = ['otp', 'paymentLink', 'trackingLink'];
/** What the server refuses to start without when NODE_ENV=production. */
const REQUIRED_IN_PRODUCTION: readonly string[] = [...SECRET_KEYS.map((key) => SECRET_SETTINGS[key]), 'PUBLIC_URL'];
/** The shortest secret production accepts. */
const MIN_SECRET_LENGTH = 32;

/** A number setting within bounds; anything else stops the start with its name. */
function boundedNumber(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number {
  const value = Number(env[name]);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number from ${min} to ${max}`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  const production = env.NODE_ENV === 'production';
  // Test switches are honoured only when named, and never in production: refuse to start rather than run on them.
  for (const name of ['SF_TEST_CLOCK', 'SF_TEST_FIXTURES', 'SF_DEV_OTP_PAGE', 'PAYMENT_DOUBLES', 'PAYMENT_DOUBLES_URL'] as const) {
    if (production && env[name]) throw new Error(`${name} is for development and test runs and is refused when NODE_ENV=production`);
  }
  // Production never runs on a made-up key, nor builds links from the Host header: name all that is missing at once.
  const missing = production ? REQUIRED_IN_PRODUCTION.filter((name) => !env[name]) : [];
  if (missing.length) {
    throw new Error(`NODE_ENV=production needs ${missing.join(', ')}: not set (see "Running in production" in docs/server.md)`);
  }
  const { secrets, unset } = readSecrets(env, production);
  return {
    port,
    host: env.HOST || 'localhost',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || join(REPO_ROOT, '.data', 'pglite'),
    schema: env.DATABASE_SCHEMA || undefined,
    production,
    publicUrl: readPublicUrl(env.PUBLIC_URL),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    orderSimulatorSeconds: Math.max(0, Number(env.ORDER_SIMULATOR_SECONDS) || 0),
    supportDemoAgent: env.SUPPORT_DEMO_AGENT === '1',
    subscriptionScheduleSeconds: env.SUBSCRIPTION_SCHEDULE_SECONDS ? boundedNumber(env, 'SUBSCRIPTION_SCHEDULE_SECONDS', 0.1, 3600) : 60,
    driverSpeedKmh: env.DRIVER_SPEED_KMH ? boundedNumber(env, 'DRIVER_SPEED_KMH', 1, 2000) : undefined,
    testClockStart: env.SF_TEST_CLOCK ? parseInstant(env.SF_TEST_CLOCK) : undefined,
    testFixtures: env.SF_TEST_FIXTURES === '1',
    devOtpPage: env.SF_DEV_OTP_PAGE === '1',
    otpLimits: {
      callsPerAddress: positiveInteger(env, 'OTP_LIMIT_CALLS_PER_ADDRESS', DEFAULT_OTP_LIMITS.callsPerAddress),
      sendsPerNumber: positiveInteger(env, 'OTP_LIMIT_SENDS_PER_NUMBER', DEFAULT_OTP_LIMITS.sendsPerNumber),
      attemptsPerNumber: positiveInteger(env, 'OTP_LIMIT_ATTEMPTS_PER_NUMBER', DEFAULT_OTP_LIMITS.attemptsPerNumber),
      windowMinutes: positiveInteger(env, 'OTP_LIMIT_WINDOW_MINUTES', DEFAULT_OTP_LIMITS.windowMinutes),
    },
    socialEndpoints: {
      ...(env.GOOGLE_CERTS_URL ? { googleCertsUrl: env.GOOGLE_CERTS_URL } : {}),
      ...(env.FACEBOOK_GRAPH_URL ? { facebookGraphUrl: env.FACEBOOK_GRAPH_URL } : {}),
    },
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    paymentDoubles: env.PAYMENT_DOUBLES_URL
      ? { url: env.PAYMENT_DOUBLES_URL }
      : env.PAYMENT_DOUBLES === '1' ? { port: env.PAYMENT_DOUBLES_PORT ? boundedNumber(env, 'PAYMENT_DOUBLES_PORT', 1, 65535) : port + 2 } : undefined,
    secrets,
    unsetSecrets: unset,
  };
}

/** One random value per setting and process. */
const generated = new Map<string, string>();
function generatedSecret(setting: string): string {
  let value = generated.get(setting);
  if (!value) generated.set(setting, (value = randomBytes(32).toString('base64url')));
  return value;
}

/** The secrets of a run that sets none (buildApp's default): random for this process. */
export function generatedSecrets(): Secrets {
  return { otp: generatedSecret(SECRET_SETTINGS.otp), paymentLink: generatedSecret(SECRET_SETTINGS.paymentLink), trackingLink: generatedSecret(SECRET_SETTINGS.trackingLink) };
}

/**
 * The server's secrets from the environment. In production each must be at least
 * MIN_SECRET_LENGTH characters long. Outside production an unset one is random for this process
 * (codes and payment links then do not outlive a restart), so a deployment that forgets
 * NODE_ENV=production still runs on no key anyone knows.
 */
function readSecrets(env: NodeJS.ProcessEnv, production: boolean): { secrets: Secrets; unset: string[] } {
  const secrets = generatedSecrets();
  const unset: string[] = [];
  for (const key of SECRET_KEYS) {
    const setting = SECRET_SETTINGS[key];
    const value = env[setting];
    if (production && (value ?? '').length < MIN_SECRET_LENGTH) {
      throw new Error(`${setting} must be a random secret of at least ${MIN_SECRET_LENGTH} characters when NODE_ENV=production`);
    }
    if (value) secrets[key] = value;
    else unset.push(setting);
  }
  return { secrets, unset };
}

/**
 * PUBLIC_URL: the origin the server is reached at (http or https, no path), on which every absolute
 * link in an answer is built; undefined when not set (required in production, see readConfig).
 */
function readPublicUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(`PUBLIC_URL must be an http(s) origin without a path, e.g. https://shop.example.com (got ${value})`);
  }
  return url.origin;
}
