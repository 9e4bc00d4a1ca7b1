import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import compress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { API_VERSION_PATH } from '../contract/constants.ts';
import { systemClock, type Clock } from './clock.ts';
import { generatedSecrets, REPO_ROOT, type Secrets } from './config.ts';
import type { Runtime } from './context.ts';
import type { Db, Listen } from './db/pool.ts';
import { devOtpRoutes } from './dev/otp-page.ts';
import { testFixtureRoutes } from './dev/test-fixtures.ts';
import { installCors } from './http/cors.ts';
import { customerDecorator } from './http/customer.ts';
import { installErrorHandler, installRefusalKeys } from './http/errors.ts';
import { securityHeaders } from './http/security-headers.ts';
import { installHeaderChecks } from './http/headers.ts';
import { staticRoutes } from './http/static.ts';
import { fullPageRenderer, renderRoutes } from './modules/site/index.ts';
import { requestValidator } from './http/validation.ts';
import { vendorContext } from './http/vendor.ts';
import {
  DEFAULT_OTP_LIMITS, FACEBOOK_GRAPH_URL, GOOGLE_CERTS_URL, logSmsProvider, RecordingSmsProvider, socialVerifier,
  type OtpLimits, type SmsProvider, type SocialEndpoints,
} from './modules/accounts/index.ts';
import { SERVER_MODULES, type JobContext, type ModuleJob } from './modules/index.ts';
import { partnerApis } from './modules/delivery-partners/index.ts';
import { PaymentAccounts, providerApis } from './modules/payments/index.ts';
import { startHub } from './modules/realtime/index.ts';

export interface BuildOptions {
  db: Db;
  /** The database's LISTEN (db/pool.ts Database.listen), for the realtime hub; without it the hub reads new events every half second. */
  listen?: Listen;
  /** Fastify logger option; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Defaults to NODE_ENV === 'production'. */
  production?: boolean;
  /** Repo root holding dist/ and demo/. */
  rootDir?: string;
  publicUrl?: string;
  trustProxy?: boolean;
  /** Demo order simulator pace, seconds per order step (ORDER_SIMULATOR_SECONDS); 0 or unset = off. */
  orderSimulatorSeconds?: number;
  /** The demo support agent answers support chat messages (SUPPORT_DEMO_AGENT=1); off unless asked for. */
  supportDemoAgent?: boolean;
  /** How fast the simulator's drivers go (DRIVER_SPEED_KMH); street speed unless given. */
  driverSpeedKmh?: number | undefined;
  /** How often expired online payments are settled as cancelled; 0 turns the sweeper off. Default 60 s. */
  paymentSweepMs?: number;
  /** How often the subscription schedule looks for deliveries whose cut-off has come; 0 turns it off. Default 60 s. */
  subscriptionScheduleMs?: number;
  /**
   * How often each process's sender of order notifications (server/modules/notifications) looks for events no NOTIFY
   * woke it for; 0 sends no notifications from this process. Default 5 s.
   */
  pushPollMs?: number;
  /** How often spent one-time codes, lapsed registrations and ended rate windows are deleted; 0 never. Default hourly. */
  signInRetentionMs?: number;
  /** Where store time comes from (clock.ts); the system time unless a test run gives another. */
  clock?: Clock;
  /** The test-only /test/* routes (SF_TEST_FIXTURES=1); refused in production. */
  testFixtures?: boolean;
  /** The development page listing every one-time code sent, /dev/otp (SF_DEV_OTP_PAGE=1); refused in production. */
  devOtpPage?: boolean;
  /** Where one-time codes go; without one they are only logged (server/modules/accounts/domain/sms-provider.ts). */
  sms?: SmsProvider;
  /** The SMS gateway of the third-party code calls (check_third_party_otp, …); without one they use `sms`. */
  thirdPartySms?: SmsProvider;
  /** Where social sign-in tokens are checked (GOOGLE_CERTS_URL, FACEBOOK_GRAPH_URL); Google's and Facebook's own unless given. */
  socialEndpoints?: Partial<SocialEndpoints>;
  /** Sign-in request limits; DEFAULT_OTP_LIMITS for what is not given. */
  otpLimits?: Partial<OtpLimits>;
  /** The server's keys (config.ts readSecrets); random for this process unless given. */
  secrets?: Secrets;
  /** Where the Stripe SDK sends its requests (STRIPE_API_URL: a local double in tests); Stripe's API by default. */
  stripeApiUrl?: string | undefined;
  /**
   * Where the other providers' SDKs and API calls go (PAYMENT_DOUBLES_URL: the local doubles, each under /<provider>); their live APIs
   * by default. The delivery partners' calls go there too (/porter, /dunzo).
   */
  paymentDoublesUrl?: string | undefined;
}

/** One log line per request, when it is answered, instead of Fastify's two: half the log writes of a busy server. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    request.log.info({ method: request.method, url: request.url, host: request.host, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  }
}

/** Starts a module's job when it asks to be (as the app is built, or once it is ready), and stops it when the app closes. */
function runJob(app: FastifyInstance, job: ModuleJob): void {
  if (job.startsWhen === 'built') {
    const stop = job.start();
    app.addHook('onClose', async () => stop());
    return;
  }
  let stop: (() => void | Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = job.start();
  });
  app.addHook('onClose', async () => stop?.());
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const production = options.production ?? process.env.NODE_ENV === 'production';
  if (production && (options.testFixtures || options.clock?.testStart)) {
    throw new Error('Test fixtures and test clocks are refused in production');
  }
  if (production && options.devOtpPage) throw new Error('The one-time code page (SF_DEV_OTP_PAGE) is refused in production');
  const app = Fastify({
    logger: options.logger ?? true,
    logController: new OneLinePerRequest(),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 256 * 1024,
  });
  // Before any route: every route's schema is checked by it (numbers from finite decimal text only).
  app.setValidatorCompiler(requestValidator);
  const logCodes = logSmsProvider(app.log, { production });
  if (production && !options.sms) app.log.warn('NO SMS PROVIDER: one-time codes are not delivered, so no customer can sign in');
  const secrets = options.secrets ?? generatedSecrets();
  const devOtps = options.devOtpPage ? new RecordingSmsProvider(options.sms ?? logCodes) : undefined;
  const runtime: Runtime = {
    production,
    sms: devOtps ?? options.sms ?? logCodes,
    thirdPartySms: options.thirdPartySms ?? devOtps ?? options.sms ?? logCodes,
    social: socialVerifier({ googleCertsUrl: GOOGLE_CERTS_URL, facebookGraphUrl: FACEBOOK_GRAPH_URL, ...options.socialEndpoints }),
    devOtps,
    otpLimits: { ...DEFAULT_OTP_LIMITS, ...options.otpLimits },
    testPayments: !production || process.env.PAYMENT_TEST_PROVIDER === '1',
    paymentDoublesUrl: options.paymentDoublesUrl?.replace(/\/$/, ''),
    publicUrl: options.publicUrl?.replace(/\/$/, ''),
    secrets,
    payments: new PaymentAccounts(options.db, new Map(), providerApis({ stripe: options.stripeApiUrl }, options.paymentDoublesUrl), secrets.paymentLink),
    clock: options.clock ?? systemClock,
    deliveryPartnerApi: partnerApis(options.paymentDoublesUrl),
  };
  app.decorate('db', options.db);
  app.decorate('runtime', runtime);
  const realtime: FastifyInstance['realtime'] = { hub: undefined, streams: new Set() };
  app.decorate('realtime', realtime);
  // Started once the app is ready (main.ts migrates in between); open streams end before the server closes.
  app.addHook('onReady', async () => {
    realtime.hub = await startHub({ db: options.db, listen: options.listen, onError: (err) => app.log.error({ err }, 'realtime hub failed') });
  });
  app.addHook('preClose', async () => {
    for (const stream of realtime.streams) stream.raw.end();
    realtime.streams.clear();
  });
  app.addHook('onClose', async () => realtime.hub?.close());

  await app.register(securityHeaders);
  // Answers over 1 KB go out compressed when the client takes it (brotli, else gzip): store lists and menus
  // shrink several times. Event streams are written by hand (hijacked) and never compressed; built scripts
  // come precompressed from disk (http/static.ts). Answers up to 64 KB (a page of stores, a menu) are
  // compressed in one call on the event loop: the plugin's streaming path for anything over 8 KB on
  // two cores cost more in stream machinery than the compression itself (nearby stores: 0.6 ms an answer).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  installHeaderChecks(app);
  installCors(app);
  installErrorHandler(app);
  installRefusalKeys(app);
  // A POST without a body is treated as `{}` so all-optional calls work with a bare request.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
  });

  // The API: each module's call groups are plugins; the vendor is resolved once per request for all of them.
  await app.register(
    async (api) => {
      await api.register(vendorContext, { db: options.db });
      await api.register(customerDecorator);
      for (const area of SERVER_MODULES) {
        for (const routes of area.routes ?? []) await api.withTypeProvider<TypeBoxTypeProvider>().register(routes);
      }
    },
    { prefix: API_VERSION_PATH },
  );
  // Outside the API prefix: the modules' media, a provider's pages and webhooks.
  for (const area of SERVER_MODULES) {
    for (const routes of area.rootRoutes?.(runtime) ?? []) await app.register(routes);
  }
  if (runtime.devOtps) await app.register(devOtpRoutes);
  /** Orders a test asked the simulator to leave alone (POST /test/hold-order). */
  const heldOrders = new Set<number>();
  if (options.testFixtures) await app.register(testFixtureRoutes, { heldOrders });
  const rootDir = options.rootDir ?? REPO_ROOT;
  await app.register(renderRoutes(rootDir));
  await app.register(staticRoutes, { rootDir, renderFullPage: fullPageRenderer(app, rootDir) });
  // The modules' background work (the payment and refund sweeps, the subscription schedule, the demo
  // support agent, the order simulator), each as its options ask: started now or once the app is
  // ready, stopped when it closes.
  const jobs: JobContext = {
    db: options.db, runtime, options, heldOrders, logError: (message) => (err) => app.log.error({ err }, message),
  };
  for (const area of SERVER_MODULES) {
    for (const job of area.jobs?.(jobs) ?? []) runJob(app, job);
  }
  return app;
}
