import type { Db } from '../../../db/pool.ts';
import { normalizeHost } from './vendors.ts';

/**
 * An origin a vendor allows to frame its full-page storefront: http or https, a host name whose
 * first label may be `*`, an optional port. The CHECK of vendors.frame_ancestors (migration 005)
 * holds the same grammar when it is stored; it is checked again here when it is used.
 */
export const FRAME_ANCESTOR = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:[0-9]{1,5})?$/;

/** A host name as vendor_hosts holds them. */
const HOST_NAME = /^[a-z0-9.-]{1,253}$/;

/** What the Content-Security-Policy of a vendor's full page depends on. */
export interface PageSettings {
  /** Origins besides the page's own that may frame it (vendors.frame_ancestors). */
  frameAncestors: string[];
  /** The vendor shows Google Maps (it has a google_map_key). */
  maps: boolean;
  /** The vendor's social sign-in buttons (vendor_social_sign_in). */
  social: { google: boolean; facebook: boolean };
}

/** The page settings of the vendor on `host`; none framing and no maps for a host that names no vendor. */
export async function pageSettings(db: Db, host: string): Promise<PageSettings> {
  const name = normalizeHost(host);
  if (!HOST_NAME.test(name)) return { frameAncestors: [], maps: false, social: { google: false, facebook: false } };
  const { rows } = await db.query<{ frame_ancestors: string[]; maps_key: string | null; google: boolean | null; facebook: boolean | null }>(
    `SELECT v.frame_ancestors, v.settings ->> 'google_map_key' AS maps_key,
            s.google_client_id <> '' AS google, s.facebook_app_id <> '' AS facebook
     FROM vendor_hosts h JOIN vendors v ON v.id = h.vendor_id
     LEFT JOIN vendor_social_sign_in s ON s.vendor_id = v.id
     WHERE h.host = $1 AND v.is_active`,
    [name],
  );
  const row = rows[0];
  return {
    frameAncestors: (row?.frame_ancestors ?? []).filter((origin) => FRAME_ANCESTOR.test(origin)),
    maps: Boolean(row?.maps_key),
    social: { google: Boolean(row?.google), facebook: Boolean(row?.facebook) },
  };
}
