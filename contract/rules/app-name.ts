import type { VendorSettings } from '../api/settings.ts';

/** The app's name when the vendor sets none. */
export const DEFAULT_APP_NAME = 'Storefront Elements';

/** The vendor's app name, as the header and the document's title show it. */
export function appNameOf(settings: Pick<VendorSettings, 'app_name'> | null): string {
  return settings?.app_name || DEFAULT_APP_NAME;
}
