import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { logoTheme, MEDIA_SLUG } from '../domain/logos.ts';
import { PHOTO_KINDS, renderPng } from '../domain/png.ts';
import { MEDIA_KINDS, renderSvg, type MediaKind } from '../domain/svg.ts';

/**
 * What an SVG may do when opened on its own (it is served from the API's origin): nothing but draw.
 * No script, no loads; the inline presentation attributes only.
 */
const SVG_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
} as const;

const MediaParams = Type.Object({ kind: Type.String({ maxLength: 40 }), file: Type.String({ maxLength: 200 }) });

export const mediaRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/media/:kind/:file', { schema: { params: MediaParams } }, async (request, reply) => {
    const { kind, file } = request.params;
    const [, slug = '', extension] = /^(.*)\.(svg|png)$/.exec(file) ?? [];
    reply.headers(SVG_HEADERS);
    // Every kind as SVG; the photos (stores, items, banners, coupons) also as PNG, which browsers draw off the main thread.
    const known = MEDIA_KINDS.includes(kind as MediaKind) && (extension === 'svg' || (extension === 'png' && PHOTO_KINDS.has(kind as MediaKind)));
    if (!known || !MEDIA_SLUG.test(slug)) return reply.code(404).type('text/plain').send('Not found');
    reply.header('Cache-Control', 'public, max-age=86400').header('Access-Control-Allow-Origin', '*');
    if (extension === 'png') {
      const png = renderPng(kind as MediaKind, slug);
      const etag = `"${createHash('sha1').update(png).digest('base64url')}"`;
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/png').send(png);
    }
    // Logos and favicons in the theme of the vendor whose slug they carry.
    const theme = kind === 'logo' || kind === 'favicon'
      ? await logoTheme(app.db, slug, (problem) => request.log.warn(problem, 'stored vendor setting refused'))
      : undefined;
    const svg = renderSvg(kind as MediaKind, slug, theme);
    const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
    reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });
};
