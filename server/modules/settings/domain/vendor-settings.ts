import type { VendorSettings } from '../../../../contract/api/settings.ts';
import type { Db } from '../../../db/pool.ts';
import { socialConfig } from '../../accounts/index.ts';
import { offeredPartners } from '../../delivery-partners/index.ts';
import { countActiveStores } from '../../stores/index.ts';
import { buildSettings, type Vendor } from '../../vendors/index.ts';

/**
 * The vendor's settings in `lang`, as get-vendor-settings answers them and as the full page carries them
 * in its HTML. `base`: where the answer's absolute links point (media).
 */
export async function vendorSettings(db: Db, vendor: Vendor, lang: string, base: string): Promise<VendorSettings> {
  const active = await countActiveStores(db, vendor.id);
  // The social sign-in ids are public; the Facebook app secret stays on the server.
  // The delivery partners the checkout offers (none: left out).
  const [social, partners] = await Promise.all([socialConfig(db, vendor.id), offeredPartners(db, vendor)]);
  return {
    ...buildSettings(vendor, lang, active, base), google_client_id: social.googleClientId, facebook_app_id: social.facebookAppId,
    ...(partners.length ? { delivery_partners: partners } : {}),
  };
}
