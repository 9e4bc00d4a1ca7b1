import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer (helmet), each set deliberately:
 * - Content-Security-Policy, for every answer that is not a page (API JSON, media, scripts, the
 *   server's small plain pages): nothing may load or run and nothing may frame it; inline styles
 *   stay allowed for those plain pages. Pages set their own (page-policy.ts, the test payment page).
 * - X-Content-Type-Options: nosniff; Referrer-Policy: strict-origin-when-cross-origin.
 * - Cross-Origin-Resource-Policy: cross-origin, since vendors' pages load dist/storefront.js and the
 *   media from here (same-origin would block their <script> and <img>); the API is CORS-open anyway.
 * - Cross-Origin-Embedder-Policy: not sent (it would block vendors' images hosted elsewhere).
 * - Cross-Origin-Opener-Policy: same-origin (the storefront opens no window that needs an opener).
 * - X-Frame-Options: not sent; CSP frame-ancestors decides framing, per vendor for the full page.
 * - Strict-Transport-Security: in production on an https PUBLIC_URL (one year, this host only).
 * helmet's middleware is built once and run on each request (the Fastify wrapper built it again for
 * every request: 45 µs each).
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  const { production, publicUrl } = app.runtime;
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: ["'unsafe-inline'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production && publicUrl?.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}, { name: 'security-headers' });
