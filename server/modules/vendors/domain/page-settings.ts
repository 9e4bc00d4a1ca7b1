import type { VendorSettings } from '../../../../contract/api/settings.ts';
import { analyticsOrigins, type TagOrigins } from '../../../../contract/rules/analytics.ts';
import type { Vendor } from './vendors.ts';

/**
 * An origin a vendor allows to frame its full-page storefront: http or https, a host name whose
 * first label may be `*`, an optional port. The CHECK of vendors.frame_ancestors (migration 005)
 * holds the same grammar when it is stored; it is checked again here when it is used.
 */
export const FRAME_ANCESTOR = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:[0-9]{1,5})?$/;

/** What the Content-Security-Policy of a vendor's full page depends on. */
export interface PageSettings {
  /** Origins besides the page's own that may frame it (vendors.frame_ancestors). */
  frameAncestors: string[];
  /** The vendor shows Google Maps (it has a google_map_key). */
  maps: boolean;
  /** The vendor's social sign-in buttons (vendor_social_sign_in). */
  social: { google: boolean; facebook: boolean };
  /** The origins of the vendor's analytics tags (settings.analytics). */
  analytics: TagOrigins;
}

/** A page that names no vendor: framed by its own origin only, no maps, no social sign-in, no analytics. */
export const NO_VENDOR_PAGE: PageSettings = {
  frameAncestors: [], maps: false, social: { google: false, facebook: false }, analytics: { script: [], connect: [], img: [] },
};

/** The page settings of a vendor's full page, from its row and the settings the page carries (no query of its own). */
export function pageSettingsOf(
  vendor: Pick<Vendor, 'frame_ancestors'>,
  settings: Pick<VendorSettings, 'google_map_key' | 'google_client_id' | 'facebook_app_id' | 'analytics'>,
): PageSettings {
  return {
    frameAncestors: vendor.frame_ancestors.filter((origin) => FRAME_ANCESTOR.test(origin)),
    maps: Boolean(settings.google_map_key),
    social: { google: Boolean(settings.google_client_id), facebook: Boolean(settings.facebook_app_id) },
    analytics: analyticsOrigins(settings.analytics),
  };
}
