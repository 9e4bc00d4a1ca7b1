import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Paths the storefront's history-mode fallback must never swallow. */
const RESERVED = /^\/(api|dev|media|dist|demo)(\/|$)/;

/**
 * Serves the built bundle (dist/), the demo host pages (demo/) and the full-page app fallback.
 * Not encapsulated: its not-found handler answers for the whole server.
 */
export const staticRoutes = fp(async (app: FastifyInstance, { rootDir }: { rootDir: string }) => {
  const dist = join(rootDir, 'dist');
  const demo = join(rootDir, 'demo');
  // Both folders are produced by others and may not exist yet: serve whatever is there per request.
  await app.register(fastifyStatic, { root: dist, prefix: '/dist/', decorateReply: true, maxAge: '1h' });
  await app.register(fastifyStatic, { root: demo, prefix: '/demo/', decorateReply: false, index: 'index.html' });

  app.get('/healthz', async () => ({ ok: true }));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const lastSegment = path.split('/').pop() ?? '';
    if ((request.method === 'GET' || request.method === 'HEAD') && !RESERVED.test(path) && !lastSegment.includes('.')) {
      if (existsSync(join(demo, 'app.html'))) {
        // The shell must revalidate so a new build shows up at once.
        return reply.header('Cache-Control', 'no-cache').sendFile('app.html', demo, { cacheControl: false });
      }
      return reply.code(404).type('text/plain').send('Not found: demo/app.html is not built yet');
    }
    if (path.startsWith('/api/')) return reply.code(404).send({ code: 404, msg: 'Not found' });
    return reply.code(404).type('text/plain').send('Not found');
  });
}, { name: 'static-routes' });
