import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/pool.ts';
import { cleanSettings } from '../../vendors/index.ts';
import { PHOTO_KINDS, renderPng } from '../domain/png.ts';
import { MEDIA_KINDS, renderSvg, type MediaKind, type Theme } from '../domain/svg.ts';

const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

/**
 * What an SVG may do when opened on its own (it is served from the API's origin): nothing but draw.
 * No script, no loads; the inline presentation attributes only.
 */
const SVG_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
} as const;

/**
 * Logos and favicons take the theme of the vendor whose slug they carry (e.g. /media/logo/harbor-eats.svg),
 * when it sets both colours; a stored colour outside the colour grammar is the default colour, logged.
 */
async function themeFor(db: Db, request: FastifyRequest, slug: string): Promise<Theme | undefined> {
  const { rows } = await db.query<{ id: number; primary: string | null; secondary: string | null }>(
    `SELECT id, settings #>> '{web_settings,theme_primary_color}' AS primary,
            settings #>> '{web_settings,theme_secondary_color}' AS secondary
     FROM vendors WHERE slug = $1`,
    [slug],
  );
  const row = rows[0];
  if (!row?.primary || !row.secondary) return undefined;
  const { web_settings: web } = cleanSettings(
    { web_settings: { theme_primary_color: row.primary, theme_secondary_color: row.secondary } },
    (problem) => request.log.warn({ vendor_id: row.id, ...problem }, 'stored vendor setting refused'),
  );
  return { primary: web.theme_primary_color, secondary: web.theme_secondary_color };
}

const MediaParams = Type.Object({ kind: Type.String({ maxLength: 40 }), file: Type.String({ maxLength: 200 }) });

export const mediaRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/media/:kind/:file', { schema: { params: MediaParams } }, async (request, reply) => {
    const { kind, file } = request.params;
    const [, slug = '', extension] = /^(.*)\.(svg|png)$/.exec(file) ?? [];
    reply.headers(SVG_HEADERS);
    // Every kind as SVG; the photos (stores, items, banners, coupons) also as PNG, which browsers draw off the main thread.
    const known = MEDIA_KINDS.includes(kind as MediaKind) && (extension === 'svg' || (extension === 'png' && PHOTO_KINDS.has(kind as MediaKind)));
    if (!known || !SLUG.test(slug)) return reply.code(404).type('text/plain').send('Not found');
    reply.header('Cache-Control', 'public, max-age=86400').header('Access-Control-Allow-Origin', '*');
    if (extension === 'png') {
      const png = renderPng(kind as MediaKind, slug);
      const etag = `"${createHash('sha1').update(png).digest('base64url')}"`;
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/png').send(png);
    }
    const theme = kind === 'logo' || kind === 'favicon' ? await themeFor(app.db, request, slug) : undefined;
    const svg = renderSvg(kind as MediaKind, slug, theme);
    const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
    reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });
};
