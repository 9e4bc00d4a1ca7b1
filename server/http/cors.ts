import type { FastifyInstance } from 'fastify';

const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Storefront-Host';

/** Any origin may call /api: vendors embed the storefront on their own domains, auth is bearer (no cookies). */
export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', 'Content-Type');
    if (request.method === 'OPTIONS') {
      reply
        .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', '86400')
        .code(204)
        .send();
      return reply;
    }
  });
}
