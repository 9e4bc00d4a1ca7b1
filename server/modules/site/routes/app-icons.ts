import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { VendorSettings } from '../../../../contract/api/settings.ts';
import { pageOrigin, vendorOfPage } from '../../../http/vendor.ts';
import { buildSettings, type Vendor } from '../../vendors/index.ts';
import { AppIconMaker, type AppIconMakerOptions } from '../domain/app-icon-maker.ts';
import { APP_ICONS_PATH, APP_ICONS_VERSION, appIconInputs, appIconOf, appIconPath, appIconsVersion } from '../domain/app-icons.ts';

const AppIconParams = Type.Object({ version: Type.String({ maxLength: 64 }), file: Type.String({ maxLength: 64 }) });

/** A version's icons never change: kept a year, never asked again. */
const LASTING = 'public, max-age=31536000, immutable';
/** Icons drawn in place of a logo that could not be used this time: asked again after a while. */
const PASSING = 'public, max-age=600';

/** The vendor's settings in each of its languages (a language may name a logo of its own), its own language first. */
function settingsByLanguage(vendor: Vendor, origin: string): VendorSettings[] {
  // The logos and the theme are all the icons read: the count of active stores does not matter here.
  return [...new Set([vendor.default_lang, ...vendor.languages])].map((lang) => buildSettings(vendor, lang, 0, origin));
}

/**
 * The full page's icons (domain/app-icons.ts) on the vendor's own host: /app-icons/<version>/<file>, a
 * PNG of the exact size, with an ETag and kept for good (immutable) since the version names what it is
 * drawn from. An older version of the vendor's icons is sent to the current one; an unknown file, a
 * version in no form a version takes, or a host that names no vendor is 404.
 */
export function appIconRoutes(options: Pick<AppIconMakerOptions, 'production'>): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<TypeBoxTypeProvider>();
    const maker = new AppIconMaker({ db: app.db, ...options, warn: (details, message) => app.log.warn(details, message) });
    app.get(`${APP_ICONS_PATH}/:version/:file`, { schema: { params: AppIconParams } }, async (request, reply) => {
      const { version, file } = request.params;
      const icon = appIconOf(file);
      const origin = icon && APP_ICONS_VERSION.test(version) ? pageOrigin(request) : undefined;
      const vendor = origin ? await vendorOfPage(app.db, request) : undefined;
      if (!icon || !origin || !vendor) return reply.code(404).type('text/plain').send('Not found');
      const languages = settingsByLanguage(vendor, origin);
      const settings = languages.find((candidate) => appIconsVersion(candidate) === version);
      if (!settings) return reply.header('Cache-Control', 'no-cache').redirect(appIconPath(languages[0]!, icon.file), 302);
      const set = await maker.iconsOf({ version, slug: vendor.slug, ...appIconInputs(settings) });
      const { png, etag } = set.icons.get(icon.file)!;
      reply.headers({ 'Cache-Control': set.lasting ? LASTING : PASSING, ETag: etag, 'X-Content-Type-Options': 'nosniff' });
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/png').send(png);
    });
  };
}
