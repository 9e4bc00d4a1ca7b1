import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/pool.ts';
import { MEDIA_KINDS, renderSvg, type MediaKind, type Theme } from './svg.ts';

const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

/** Logos and favicons take the theme of the vendor whose slug they carry (e.g. /media/logo/harbor-eats.svg). */
async function themeFor(db: Db, slug: string): Promise<Theme | undefined> {
  const { rows } = await db.query<{ primary: string | null; secondary: string | null }>(
    `SELECT settings #>> '{web_settings,theme_primary_color}' AS primary,
            settings #>> '{web_settings,theme_secondary_color}' AS secondary
     FROM vendors WHERE slug = $1`,
    [slug],
  );
  const row = rows[0];
  return row?.primary && row.secondary ? { primary: row.primary, secondary: row.secondary } : undefined;
}

const MediaParams = Type.Object({ kind: Type.String({ maxLength: 40 }), file: Type.String({ maxLength: 200 }) });

export const mediaRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/media/:kind/:file', { schema: { params: MediaParams } }, async (request, reply) => {
    const { kind, file } = request.params;
    const slug = file.replace(/\.svg$/, '');
    if (!MEDIA_KINDS.includes(kind as MediaKind) || !file.endsWith('.svg') || !SLUG.test(slug)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    const theme = kind === 'logo' || kind === 'favicon' ? await themeFor(app.db, slug) : undefined;
    const svg = renderSvg(kind as MediaKind, slug, theme);
    const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
    reply.header('Cache-Control', 'public, max-age=86400').header('ETag', etag);
    reply.header('Access-Control-Allow-Origin', '*');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });
};
