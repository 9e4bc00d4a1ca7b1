// Element tests: *.element.test.ts run in Chromium (Debian's, via
// playwright-core) against the BUILT single-file bundle (/dist/storefront.standalone.js, so no React or
// Lingui transforms are needed here) and a real API server started by the
// `storefront-api` plugin below.
//
//   npm run build && npx web-test-runner            (all element tests)
//   npx web-test-runner "elements/foo.element.test.ts"
//
// In a test: the API origin is `window.__SF_TEST_API__` (e.g.
// http://127.0.0.1:41234, CORS open for /api/*). The same server is also reachable
// same-origin through this dev server at /api/*, /dev/*, /test/*, /pay/* and /healthz
// (proxied), which is handy for /dev/otp.json (no CORS there) and for posting to the
// test payment page, which takes posts from its own origin only.
//
// Store hours: the server runs on the real time, and tests whose element behaves
// differently for an open and a closed store set that store's state themselves
// through the test fixture route /test/store-hours (SF_TEST_FIXTURES=1, see
// tests/helpers/element-stores.ts), so the hour does not change what they test.
//
// Database: PGlite in memory; with DATABASE_URL set, that PostgreSQL server in
// a fresh schema (dropped afterwards). Server output: .tmp/wtr-server.log.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { TEST_CHROMIUM_ARGS, chromiumHowTo, findChromium } from './scripts/find-browser.mjs';
import { ROOT, dropSchema, freePort, serverEnv, startApiServer, uniqueSchema } from './tests/helpers/server.mjs';

const executablePath = findChromium();
if (!executablePath) throw new Error(chromiumHowTo());

if (!existsSync(join(ROOT, 'dist', 'storefront.standalone.js'))) {
  throw new Error('dist/storefront.standalone.js is missing: element tests import the built bundle. Run `npm run build` first.');
}

const apiPort = Number(process.env.SF_TEST_API_PORT) || (await freePort());
const apiOrigin = `http://127.0.0.1:${apiPort}`;
const schema = process.env.DATABASE_URL ? uniqueSchema('sf_wtr') : undefined;

/** Starts `tsx server/main.ts` with the dev server, stops it with the dev server. */
function storefrontApiPlugin() {
  let api;
  return {
    name: 'storefront-api',
    async serverStart({ logger }) {
      const logFile = join(ROOT, '.tmp', 'wtr-server.log');
      api = await startApiServer({
        port: apiPort,
        // Orders move one state every 2 s, so order tests see an order delivered. Tests read the one-time
        // codes at /dev/otp.json and sign in far more often from 127.0.0.1 than a customer would.
        env: serverEnv({
          port: apiPort, dataDir: 'memory', schema,
          extra: { ORDER_SIMULATOR_SECONDS: '2', DRIVER_SPEED_KMH: '400', SUPPORT_DEMO_AGENT: '1', SF_TEST_FIXTURES: '1', SF_TEST_CLOCK: '', SF_DEV_OTP_PAGE: '1', OTP_LIMIT_CALLS_PER_ADDRESS: '100000' },
        }),
        logFile,
        label: 'API server for element tests',
      });
      const db = process.env.DATABASE_URL ? `PostgreSQL schema ${schema}` : 'PGlite in memory';
      logger.log(`[storefront-api] ${api.origin} (${db}); log: ${logFile}`);
    },
    async serverStop() {
      await api?.stop();
      await dropSchema(process.env.DATABASE_URL, schema).catch((error) => {
        console.warn(`[storefront-api] could not drop schema ${schema}: ${error.message}`);
      });
    },
  };
}

/** Forwards /api/*, /dev/*, /test/*, /pay/* and /healthz to the API server (same-origin access for tests). */
function apiProxyMiddleware() {
  return async (ctx, next) => {
    if (!/^\/(api|dev|test|pay)\/|^\/healthz(\?|$)/.test(ctx.url)) return next();
    const chunks = [];
    for await (const chunk of ctx.req) chunks.push(chunk);
    const headers = { ...ctx.req.headers };
    delete headers.connection;
    delete headers['content-length'];
    // fetch cannot forward Host, so a request from this origin reaches the API as one from the API's own.
    if (headers.origin === ctx.origin) headers.origin = apiOrigin;
    const method = ctx.method;
    // The page going away (or giving up on a stream) ends the request to the API too.
    const upstream = new AbortController();
    ctx.req.on('close', () => upstream.abort());
    const res = await fetch(apiOrigin + ctx.url, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
      redirect: 'manual',
      signal: upstream.signal,
    });
    ctx.status = res.status;
    res.headers.forEach((value, key) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(key)) ctx.set(key, value);
    });
    // Streamed, not buffered: the live channel's event stream never ends on its own.
    if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream') && res.body) {
      ctx.compress = false; // compression would hold the frames back
      ctx.body = Readable.fromWeb(res.body).on('error', () => {});
    } else {
      ctx.body = Buffer.from(await res.arrayBuffer());
    }
  };
}

/** TypeScript for test files: @web/dev-server-esbuild when installed, else a tiny esbuild transform. */
async function typescriptPlugin() {
  try {
    const { esbuildPlugin } = await import('@web/dev-server-esbuild');
    return esbuildPlugin({ ts: true, target: 'es2022', tsconfig: join(ROOT, 'tsconfig.json') });
  } catch {
    const { transform } = await import('esbuild');
    return {
      name: 'storefront-ts',
      resolveMimeType(context) {
        if (/\.(ts|mts)$/.test(context.path)) return 'js';
      },
      async transform(context) {
        if (!/\.(ts|mts)$/.test(context.path)) return;
        const result = await transform(context.body, {
          loader: 'ts',
          format: 'esm',
          target: 'es2022',
          sourcemap: 'inline',
          sourcefile: context.path,
        });
        return { body: result.code };
      },
    };
  }
}

export default {
  rootDir: ROOT,
  files: ['src/**/*.element.test.ts', 'elements/**/*.element.test.ts'],
  nodeResolve: { exportConditions: ['production'] }, // quiet Lit's dev-mode banner from @open-wc/testing
  concurrency: 2,
  concurrentBrowsers: 1,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath, args: [...TEST_CHROMIUM_ARGS], headless: true },
    }),
  ],
  plugins: [await typescriptPlugin(), storefrontApiPlugin()],
  middleware: [apiProxyMiddleware()],
  testRunnerHtml: (testFramework) => `<!doctype html>
<html>
  <head>
    <meta charset="utf-8">
    <script>window.__SF_TEST_API__ = ${JSON.stringify(apiOrigin)};</script>
    <script>
      // The demo vendors' customers have chosen about analytics (refused), as in the e2e tests (tests/helpers/test.ts):
      // sf-consent.element.test.ts takes the choice away to see the banner.
      for (const id of [1, 2, 3]) if (localStorage.getItem('sf-consent:' + id) === null) localStorage.setItem('sf-consent:' + id, JSON.stringify({ analytics: false, marketing: false, at: new Date().toISOString() }));
    </script>
  </head>
  <body>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
  testFramework: { config: { timeout: 20_000 } },
  browserStartTimeout: 120_000,
  testsStartTimeout: 120_000,
  testsFinishTimeout: 600_000,
};
