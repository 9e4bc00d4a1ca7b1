import type { VendorSettings } from '../../../../contract/api/settings.ts';
import { appNameOf } from '../../../../contract/rules/app-name.ts';
import { directionOf } from '../../../../contract/rules/direction.ts';
import { safeWebUrl } from '../../../../contract/rules/urls.ts';

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

/** The type of an icon by its address's ending, where it says. */
function iconType(src: string): string | undefined {
  const path = new URL(src, 'http://x').pathname.toLowerCase();
  if (path.endsWith('.svg')) return 'image/svg+xml';
  if (path.endsWith('.png')) return 'image/png';
  if (path.endsWith('.webp')) return 'image/webp';
  return undefined;
}

function shortName(name: string): string {
  if (name.length <= SHORT_NAME_MAX) return name;
  const cut = name.slice(0, SHORT_NAME_MAX + 1).replace(/\s+\S*$/, '');
  return (cut.length >= 3 ? cut : name.slice(0, SHORT_NAME_MAX)).trim();
}

/**
 * The full page as an installable app (its web app manifest), from the vendor's settings in `lang`: its
 * name, a short name for the home screen, its description, the vendor's theme colour, its square logo as
 * the icon (a scalable SVG answers every size a platform asks for; a raster logo is offered as it is),
 * opening at the storefront's home, standalone, in the page's language and direction. The id is the
 * start address, so the app is one app whatever language it was installed in.
 */
export function appManifest(settings: VendorSettings, lang: string): Record<string, unknown> {
  const name = appNameOf(settings);
  const layout = settings.app_layout?.[0];
  const icons: ManifestIcon[] = [];
  for (const src of [layout?.web_square_logo, layout?.web_fav_logo, settings.flat_icon]) {
    const safe = safeWebUrl(src ?? '');
    if (!safe || icons.some((icon) => icon.src === safe)) continue;
    const type = iconType(safe);
    icons.push({ src: safe, sizes: type === 'image/svg+xml' ? 'any' : '512x512', ...(type ? { type } : {}), purpose: 'any' });
  }
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
    icons,
  };
}
