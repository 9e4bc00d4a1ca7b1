import type { FastifyInstance } from 'fastify';
import type { GetVendorSettingsResponse } from '../../src/core/api/contract.ts';
import { baseUrl, type AppContext } from '../context.ts';
import { buildSettings, LANGUAGE_NAMES } from '../domain/settings.ts';
import { findVendorById, pickLanguage, type Vendor } from '../domain/vendors.ts';
import { HttpError } from '../http/errors.ts';
import { lookupVendor, requireVendor, VENDOR_NOT_FOUND } from '../http/vendor.ts';
import { GetVendorSettingsBody, LanguageQuery, SettingsQuery } from './schemas.ts';

async function activeRestaurants(ctx: AppContext, vendor: Vendor): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM restaurants WHERE vendor_id = $1 AND is_active',
    [vendor.id],
  );
  return rows[0]?.n ?? 0;
}

export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/get-vendor-settings', { schema: { body: GetVendorSettingsBody } }, async (request): Promise<GetVendorSettingsResponse> => {
    const vendor = await lookupVendor(ctx.db, request);
    // The storefront shows its not-found screen on empty settings (SPEC §2), so this is HTTP 200.
    if (!vendor) return { code: 101, msg: VENDOR_NOT_FOUND, settings: {} };
    const lang = pickLanguage(vendor, (request.body as { is_langauge?: string }).is_langauge);
    const settings = buildSettings(vendor, lang, await activeRestaurants(ctx, vendor), baseUrl(ctx, request));
    return { code: 200, settings };
  });

  app.get('/settings', { schema: { querystring: SettingsQuery } }, async (request): Promise<GetVendorSettingsResponse> => {
    const query = request.query as { vendor_id: number; is_langauge?: string };
    const vendor = await findVendorById(ctx.db, query.vendor_id);
    if (!vendor) throw new HttpError(404, VENDOR_NOT_FOUND);
    const lang = pickLanguage(vendor, query.is_langauge);
    return { code: 200, settings: buildSettings(vendor, lang, await activeRestaurants(ctx, vendor), baseUrl(ctx, request)) };
  });

  app.get('/get-language', { schema: { querystring: LanguageQuery } }, async (request) => {
    const vendor = await requireVendor(ctx.db, request);
    const Result = vendor.languages.map((code) => ({
      code,
      name: LANGUAGE_NAMES[code]?.name ?? code,
      dir: LANGUAGE_NAMES[code]?.dir ?? 'ltr',
    }));
    return { code: 200, Result };
  });
}
