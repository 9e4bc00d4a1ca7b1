import type { FastifyRequest } from 'fastify';
import type { VendorSettings } from '../../../../contract/api/settings.ts';
import { baseUrl } from '../../../context.ts';
import type { Db } from '../../../db/pool.ts';
import { buildSettings, findVendorById, LANGUAGE_NAMES, pickLanguage, type Vendor } from '../../vendors/index.ts';
import { socialConfig } from '../../accounts/index.ts';
import { countActiveStores } from '../../stores/index.ts';
import { getCall, postCall, type ApiPlugin } from '../../../http/api.ts';
import { HttpError } from '../../../http/errors.ts';
import { settingWarning, VENDOR_NOT_FOUND } from '../../../http/vendor.ts';

async function settingsFor(db: Db, request: FastifyRequest, vendor: Vendor, lang: string): Promise<VendorSettings> {
  const active = await countActiveStores(db, vendor.id);
  // The social sign-in ids are public; the Facebook app secret stays on the server.
  const social = await socialConfig(db, vendor.id);
  return { ...buildSettings(vendor, lang, active, baseUrl(request)), google_client_id: social.googleClientId, facebook_app_id: social.facebookAppId };
}

export const settingsRoutes: ApiPlugin = async (api) => {
  postCall(api, 'get-vendor-settings', async (request) => {
    const vendor = request.knownVendor;
    // The storefront shows its not-found screen on empty settings, so an unknown host is HTTP 200.
    if (!vendor) return { code: 101, msg: VENDOR_NOT_FOUND, settings: {} };
    return { code: 200, settings: await settingsFor(api.db, request, vendor, request.lang) };
  });

  getCall(api, 'settings', async (request) => {
    const vendor = await findVendorById(api.db, request.query.vendor_id, settingWarning(request));
    if (!vendor) throw new HttpError(404, VENDOR_NOT_FOUND);
    const lang = pickLanguage(vendor, request.query.is_langauge);
    return { code: 200, settings: await settingsFor(api.db, request, vendor, lang) };
  });

  getCall(api, 'get-language', async (request) => ({
    code: 200,
    Result: request.vendor.languages.map((code) => ({
      code,
      name: LANGUAGE_NAMES[code]?.name ?? code,
      dir: LANGUAGE_NAMES[code]?.dir ?? 'ltr',
    })),
  }));
};
