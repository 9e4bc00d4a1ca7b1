import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PageSettings } from '../modules/vendors/domain/page-settings.ts';
import { fileInlineHashes, pageCsp, type InlineHashes } from './page-policy.ts';
import { tagOrigins } from '../../contract/rules/analytics.ts';
import { SERVER_PATHS } from '../../contract/constants.ts';
import { SERVICE_WORKER_PATH } from '../../contract/rules/installed-app.ts';

/** The origins of every analytics tag (the demo pages stand for vendors' own sites, whichever tags they run). */
const ANY_TAG = tagOrigins(['ga4', 'gtm', 'meta']);


/** A built file whose name carries its content hash (`sf/messages-CzThkUpn.js`, `esm/chunks/utilities-diJ-gR6F.css`). */
const HASHED = /[/\\](?:chunks|sf)[/\\][^/\\]+-[A-Za-z0-9_-]{8}\.(?:js|css)(?:\.map)?$/;

/** One of the script tag's files (dist/sf/<name>.js, sent as is or precompressed): its name, for its map's. */
const SCRIPT_TAG_FILE = /[/\\]sf[/\\]([^/\\]+\.js)(?:\.br|\.gz)?$/;

/**
 * Serves the built bundle (dist/), the demo host pages (demo/) and the full-page app fallback.
 * Not encapsulated: its not-found handler answers for the whole server.
 * HTML pages carry their own Content-Security-Policy (page-policy.ts) instead of the API's.
 */
export interface StaticRoutesOptions {
  rootDir: string;
  /** The full page's HTML for a request, written for its vendor; null when there is no shell to serve. */
  renderFullPage: (request: FastifyRequest) => Promise<FullPage | null>;
}

/** A full page as the server sends it (written by the site module, and kept there a few seconds). */
export interface FullPage {
  html: string;
  /** What its Content-Security-Policy depends on: the vendor's framing, maps and sign-in, and the page's inline parts. */
  policy: PageSettings;
  inline: InlineHashes;
  /** Its HTML compressed, by encoding: made once for a page sent many times. */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

/**
 * The full page compressed as the browser takes it (brotli, else gzip): the compression plugin sees only
 * routes, and this answer comes from the not-found handler. The page with its first screen drawn is some
 * 70 KB of HTML; brotli at the API's quality makes it about a sixth.
 */
function compressedPage(request: FastifyRequest, reply: FastifyReply, page: FullPage): string | Buffer {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (!encoding) return page.html;
  reply.header('Content-Encoding', encoding);
  page.encoded[encoding] ??= encoding === 'br'
    ? brotliCompressSync(page.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page.html) } })
    : gzipSync(page.html, { level: 6 });
  return page.encoded[encoding];
}

export const staticRoutes = fp(async (app: FastifyInstance, { rootDir, renderFullPage }: StaticRoutesOptions) => {
  const dist = join(rootDir, 'dist');
  const serviceWorker = join(dist, 'sw.js');
  const demo = join(rootDir, 'demo');
  const { production, publicUrl } = app.runtime;
  // Both folders are produced by others and may not exist yet: serve whatever is there per request.
  // The build writes each script also as .br and .gz: sent by Accept-Encoding (Vary: Accept-Encoding).
  // A chunk's name carries its content hash, so it never changes: cached for a year, never asked again.
  // The entry files keep their names across builds: cached an hour, then revalidated by ETag.
  // Any site may load them: the script tag imports its chunks and fetches its stylesheet as modules do, in CORS mode.
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/dist/',
    // The storefront's entry for this server (dist/server/) is read by the server, never sent.
    allowedPath: (path) => !/^\/server(?:\/|$)/.test(path),
    decorateReply: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      // The script tag's files do not name their source maps (scripts/build.mjs): this header does, for browsers' tools.
      const [, script] = SCRIPT_TAG_FILE.exec(path) ?? [];
      if (script) reply.header('SourceMap', `${script}.map`);
      if (path === serviceWorker || path === `${serviceWorker}.br` || path === `${serviceWorker}.gz`) {
        // Asked for again on every check (a browser compares it byte for byte to find a new version); what it
        // may fetch is its own host's (its policy is its own, not the page's).
        reply.header('Cache-Control', 'no-cache');
        reply.header('Content-Security-Policy', "default-src 'none'; connect-src 'self'; script-src 'self'");
      }
    },
  });
  // The full page's service worker, at the root of the host so it may serve every page of it (dist's headers).
  app.get(SERVICE_WORKER_PATH, (_request, reply) => reply.sendFile('sw.js', dist));
  await app.register(fastifyStatic, {
    root: demo,
    prefix: '/demo/',
    decorateReply: false,
    index: 'index.html',
    // The demo pages stand for vendors' own sites: inline styles as any site has, Google Maps and any analytics tag for any vendor.
    setHeaders(reply, path) {
      if (!path.endsWith('.html')) return;
      reply.header('Content-Security-Policy', pageCsp(fileInlineHashes(path), { frameAncestors: [], maps: true, analytics: ANY_TAG, inlineStyles: true, publicUrl, production }));
    },
  });

  app.get('/healthz', async () => ({ ok: true }));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const lastSegment = path.split('/').pop() ?? '';
    if ((request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATHS.test(path) && !lastSegment.includes('.')) {
      const page = await renderFullPage(request);
      if (page !== null) {
        const { frameAncestors, maps, social, analytics } = page.policy;
        // The full page of the vendor on this host: framed only where the vendor allows, maps only for a vendor with a key.
        // Its inline parts by hash: the shell's, and those of the screen the server drew into it.
        reply.header('Content-Security-Policy', pageCsp(page.inline, { frameAncestors, maps, social, analytics, inlineStyles: false, publicUrl, production }));
        // Written per request (the vendor's settings, the customer's language): never kept by a cache unasked.
        reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language, Cookie, Accept-Encoding').type('text/html; charset=utf-8');
        return reply.send(compressedPage(request, reply, page));
      }
      return reply.code(404).type('text/plain').send('Not found: demo/app.html is not built yet');
    }
    if (path.startsWith('/api/')) return reply.code(404).send({ code: 404, msg: 'Not found' });
    return reply.code(404).type('text/plain').send('Not found');
  });
}, { name: 'static-routes' });
