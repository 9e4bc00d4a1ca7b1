import type { VendorSettings } from '../api/settings.ts';

/**
 * The document's title in full-page mode: home (and a screen without heading) the vendor's web title, else
 * the app name; any other screen its heading, then the app name ("Golden Gate Pizzeria | Harbor Eats").
 * The server writes it into the full page's HTML; the storefront keeps it as the screens change.
 */
export function documentTitle(settings: Pick<VendorSettings, 'web_settings'> | null, appName: string, screenHeading = ''): string {
  const heading = screenHeading.replace(/\s+/g, ' ').trim();
  return heading ? `${heading} | ${appName}` : settings?.web_settings?.title || appName;
}
