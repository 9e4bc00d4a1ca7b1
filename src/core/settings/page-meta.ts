import type { VendorSettings } from '../../../contract/api/settings.ts';
import { assetUrl } from '../platform/config.ts';

// Full-page mode owns the document: its title, meta tags and favicon come from the vendor settings. Only
// the full page imports this (elements on a vendor's own page leave the document alone).

function setMeta(name: string, content: string): void {
  if (!content) return;
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * The document's title in full-page mode: home (and a screen without heading) the vendor's web title, else
 * the app name; any other screen its heading, then the app name ("Golden Gate Pizzeria | Harbor Eats").
 */
export function documentTitle(settings: VendorSettings | null, appName: string, screenHeading = ''): string {
  const heading = screenHeading.replace(/\s+/g, ' ').trim();
  return heading ? `${heading} | ${appName}` : settings?.web_settings?.title || appName;
}

/** Full-page mode: page title, description, keywords and favicon from the vendor settings. */
export function applyPageMeta(settings: VendorSettings, appName: string): void {
  document.title = documentTitle(settings, appName);
  setMeta('description', settings.web_settings?.meta_description ?? '');
  setMeta('keywords', settings.web_settings?.keywords ?? '');
  const favicon = assetUrl(settings.app_layout?.[0]?.web_fav_logo ?? '');
  if (favicon) {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = favicon;
  }
}
