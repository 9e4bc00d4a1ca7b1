import { baseUrl } from '../../../context.ts';
import { findVendorById, LANGUAGE_NAMES, pickLanguage } from '../../vendors/index.ts';
import { vendorSettings } from '../domain/vendor-settings.ts';
import { getCall, postCall, type ApiPlugin } from '../../../http/api.ts';
import { HttpError } from '../../../http/errors.ts';
import { settingWarning, VENDOR_NOT_FOUND } from '../../../http/vendor.ts';

export const settingsRoutes: ApiPlugin = async (api) => {
  postCall(api, 'get-vendor-settings', async (request) => {
    const vendor = request.knownVendor;
    // The storefront shows its not-found screen on empty settings, so an unknown host is HTTP 200.
    if (!vendor) return { code: 101, msg: VENDOR_NOT_FOUND, settings: {} };
    return { code: 200, settings: await vendorSettings(api.db, vendor, request.lang, baseUrl(request)) };
  });

  getCall(api, 'settings', async (request) => {
    const vendor = await findVendorById(api.db, request.query.vendor_id, settingWarning(request));
    if (!vendor) throw new HttpError(404, VENDOR_NOT_FOUND);
    const lang = pickLanguage(vendor, request.query.is_langauge);
    return { code: 200, settings: await vendorSettings(api.db, vendor, lang, baseUrl(request)) };
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
