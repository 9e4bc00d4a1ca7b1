import type { ServerModule } from '../module.ts';

/**
 * The vendor a request is for (found by its host) and its settings: what every other module
 * builds on. Its calls (get-vendor-settings, settings, get-language) are the settings module's,
 * which also reads the stores and the social sign-in set up.
 */
export const vendorsModule: ServerModule = { name: 'vendors' };

export { findVendorByHost, findVendorById, formatMoney, normalizeHost, pickLanguage, toMajor, type Vendor } from './domain/vendors.ts';
export {
  absolute, buildSettings, checkStoredSettings, cleanSettings, LANGUAGE_NAMES, orderLimitSettings, rechargeTerms, subscriptionTerms, taxName, type SubscriptionTerms,
} from './domain/settings.ts';
export { NO_VENDOR_PAGE, pageSettingsOf, type PageSettings } from './domain/page-settings.ts';
