import type { VendorSettings } from '../../../contract/api/settings.ts';
import { documentTitle } from '../../../contract/rules/page-head.ts';
import { assetUrl } from '../platform/config.ts';

export { documentTitle };

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

/**
 * The settings the full page's HTML carries (the reference server writes them into its `#sf-settings`
 * data block, in the language the page opens in), when they are for `host`; null anywhere else (a
 * vendor's own page) or when the block cannot be read, and the settings are then asked for. `host` is the
 * configured one, as the server writes it (lower case, `localhost` for a loopback address).
 */
export function settingsInPage(host: string): { lang: string; settings: VendorSettings } | null {
  const block = document.getElementById('sf-settings');
  if (block?.dataset.host !== host) return null;
  try {
    const settings = JSON.parse(block.textContent ?? '') as VendorSettings | null;
    return typeof settings?.vendor_id === 'number' ? { lang: block.dataset.lang ?? '', settings } : null;
  } catch {
    return null;
  }
}
