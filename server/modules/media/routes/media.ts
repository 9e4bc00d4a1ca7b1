import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isArtName } from '../domain/art.ts';
import { artPicture } from '../domain/art-picture.ts';
import { logoLook, MEDIA_SLUG, type LogoLook } from '../domain/logos.ts';
import { PHOTO_KINDS, renderPng } from '../domain/png.ts';
import { MEDIA_KINDS, renderSvg, type MediaKind } from '../domain/svg.ts';
import { BoundedCache } from '../../../bounded-cache.ts';

/**
 * What an SVG may do when opened on its own (it is served from the API's origin): nothing but draw.
 * No script, no loads; the inline presentation attributes only.
 */
const SVG_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
} as const;

const MediaParams = Type.Object({ kind: Type.String({ maxLength: 40 }), file: Type.String({ maxLength: 200 }) });
const ArtParams = Type.Object({
  kind: Type.String({ maxLength: 40 }), vendor: Type.String({ maxLength: 100 }), art: Type.String({ maxLength: 40 }), file: Type.String({ maxLength: 200 }),
});

/** Answers `body` with its ETag, or 304 when the browser has it. */
function sendTagged(request: FastifyRequest, reply: FastifyReply, type: string, body: Buffer | string) {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('ETag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(type).send(body);
}

export const mediaRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  // A page shows many of a vendor's pictures and its logo at once: how they look is read once a minute, not once a picture.
  const looks = new BoundedCache<string, Promise<LogoLook>>(500, 60_000);
  const lookOf = (vendor: string, request: FastifyRequest): Promise<LogoLook> => {
    let look = looks.get(vendor);
    if (!look) {
      look = logoLook(app.db, vendor, (problem) => request.log.warn(problem, 'stored vendor setting refused'));
      looks.set(vendor, look);
      look.catch(() => looks.delete(vendor));
    }
    return look;
  };
  app.get('/media/:kind/:file', { schema: { params: MediaParams } }, async (request, reply) => {
    const { kind, file } = request.params;
    const [, slug = '', extension] = /^(.*)\.(svg|png)$/.exec(file) ?? [];
    reply.headers(SVG_HEADERS);
    // Every kind as SVG; the photos (stores, items, banners, coupons) also as PNG, which browsers draw off the main thread.
    const known = MEDIA_KINDS.includes(kind as MediaKind) && (extension === 'svg' || (extension === 'png' && PHOTO_KINDS.has(kind as MediaKind)));
    if (!known || !MEDIA_SLUG.test(slug)) return reply.code(404).type('text/plain').send('Not found');
    reply.header('Cache-Control', 'public, max-age=86400').header('Access-Control-Allow-Origin', '*');
    if (extension === 'png') return sendTagged(request, reply, 'image/png', renderPng(kind as MediaKind, slug));
    // Logos and favicons in the theme of the vendor whose slug they carry, a logo with its name.
    const look = kind === 'logo' || kind === 'favicon' ? await lookOf(slug, request) : {};
    return sendTagged(request, reply, 'image/svg+xml; charset=utf-8', renderSvg(kind as MediaKind, slug, look.theme, look.name));
  });

  // The demo's illustrated pictures (art.ts): what the store, item, banner or coupon is, on its vendor's colours.
  app.get('/media/:kind/:vendor/:art/:file', { schema: { params: ArtParams } }, async (request, reply) => {
    const { kind, vendor, art, file } = request.params;
    const [, slug = ''] = /^(.*)\.png$/.exec(file) ?? [];
    reply.headers(SVG_HEADERS);
    if (!PHOTO_KINDS.has(kind as MediaKind) || !isArtName(art) || !MEDIA_SLUG.test(vendor) || !MEDIA_SLUG.test(slug)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    // A vendor's pictures only (the file's name is the address's, not the picture's): no address draws a new one.
    const look = await lookOf(vendor, request);
    if (look.name === undefined) return reply.code(404).type('text/plain').send('Not found');
    const png = await artPicture(kind as MediaKind, art, vendor, look.theme);
    reply.header('Cache-Control', 'public, max-age=86400').header('Access-Control-Allow-Origin', '*');
    return sendTagged(request, reply, 'image/png', png);
  });
};
