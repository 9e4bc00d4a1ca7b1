import type { VendorSettings } from '../../../../contract/api/settings.ts';
import { appNameOf } from '../../../../contract/rules/app-name.ts';
import { directionOf } from '../../../../contract/rules/direction.ts';
import { APP_ICONS, appIconPath, appLogos } from './app-icons.ts';

/** The address of the full page's web app manifest, on the vendor's own host. */
export const MANIFEST_PATH = '/manifest.webmanifest';

/** A platform's home-screen label is short: the app name, cut at a word where it is longer than this. */
const SHORT_NAME_MAX = 12;

export interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

/** Whether a logo's address names an SVG. */
function isSvg(src: string): boolean {
  return new URL(src, 'http://x').pathname.toLowerCase().endsWith('.svg');
}

/**
 * The manifest's icons: the PNGs drawn from the vendor's logo at the sizes platforms ask for (app-icons.ts;
 * the maskable one for launchers that cut icons to their own shape), and a scalable SVG logo, where the
 * vendor has one, for every other size.
 */
export function appManifestIcons(settings: VendorSettings): ManifestIcon[] {
  const icons: ManifestIcon[] = APP_ICONS.filter((icon) => icon.purpose !== 'apple-touch-icon').map((icon) => ({
    src: appIconPath(settings, icon.file), sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.purpose,
  }));
  const svg = appLogos(settings).find(isSvg);
  return svg ? [...icons, { src: svg, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }] : icons;
}

function shortName(name: string): string {
  if (name.length <= SHORT_NAME_MAX) return name;
  const cut = name.slice(0, SHORT_NAME_MAX + 1).replace(/\s+\S*$/, '');
  return (cut.length >= 3 ? cut : name.slice(0, SHORT_NAME_MAX)).trim();
}

/**
 * The full page as an installable app (its web app manifest), from the vendor's settings in `lang`: its
 * name, a short name for the home screen, its description, the vendor's theme colour, its icons drawn
 * from its logo (appManifestIcons), opening at the storefront's home, standalone, in the page's language
 * and direction. The id is the start address, so the app is one app whatever language it was installed in.
 */
export function appManifest(settings: VendorSettings, lang: string): Record<string, unknown> {
  const name = appNameOf(settings);
  const web = settings.web_settings;
  const theme = /^#[0-9a-f]{6}$/i.test(web?.theme_primary_color ?? '') ? web!.theme_primary_color : undefined;
  return {
    id: '/',
    name,
    short_name: shortName(name),
    ...(web?.meta_description ? { description: web.meta_description } : {}),
    lang,
    dir: directionOf(lang),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    ...(theme ? { theme_color: theme } : {}),
    background_color: '#ffffff',
    icons: appManifestIcons(settings),
  };
}
