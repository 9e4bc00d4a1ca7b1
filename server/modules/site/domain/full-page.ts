import type { VendorSettings } from '../../../../contract/api/settings.ts';
import { directionOf } from '../../../../contract/rules/direction.ts';
import { appNameOf } from '../../../../contract/rules/app-name.ts';
import { documentTitle } from '../../../../contract/rules/page-head.ts';
import { safeWebUrl } from '../../../../contract/rules/urls.ts';
import type { ServedScreen } from '../../../../contract/served-screen.ts';
import { appIconPath } from './app-icons.ts';
import { MANIFEST_PATH } from './app-manifest.ts';
import { escapeMarkup } from '../../../markup.ts';

/**
 * The full page's HTML: the built shell (demo/app.html) with what the first screen needs written into
 * its head, so the browser starts on it before any script runs:
 *
 * - the language and direction of the page (`<html lang dir>`), its title, description and keywords,
 *   its canonical address, the vendor's icon (and the home screen's, for iOS) and what a shared link shows (Open Graph);
 * - the vendor's settings in that language as a JSON data block (`#sf-settings`), which the storefront
 *   takes instead of asking get-vendor-settings (a data block is never run, so the page's
 *   Content-Security-Policy is unchanged);
 * - the head of the script chain (the runtime, the storefront's element, the language's texts:
 *   `modulepreload`, for a page without a screen drawn on the server) and the stylesheet the islands
 *   fetch (`preload`), fetched with the page instead of one after another.
 *
 * Everything taken from the vendor's data is escaped where it is written.
 */
export interface FullPageHead {
  lang: string;
  /** The vendor's settings in `lang`. */
  settings: VendorSettings;
  /** The vendor's host name, as the storefront names it in its calls. */
  host: string;
  /** The page's own address, without fragment and with no query but the language it names (the canonical link, og:url). */
  canonical: string;
  /** The page's address in each of the vendor's languages (`hreflang` alternates); none for a vendor of one language. */
  alternates?: readonly { lang: string; href: string }[] | undefined;
  /** Paths of the scripts and stylesheet to announce (under /dist/). */
  preloads: FullPagePreloads;
  /** The first screen drawn on the server, for a screen it draws. */
  screen?: FullPageScreen | undefined;
  /** The first screen's own heading (a store's name): the title reads it before the app name. */
  heading?: string | undefined;
  /** The first screen's own picture (a store's), for shared links; else the vendor's logo. */
  image?: string | undefined;
  /** schema.org data of the page (structured-data.ts), each written as a JSON-LD block. */
  structuredData?: readonly object[] | undefined;
}

/** The full page's first screen drawn on the server (the storefront's own components: storefront-render.ts). */
export interface FullPageScreen {
  /** The `<sf-storefront>` element's content: its shadow root as declarative shadow DOM. */
  html: string;
  /** The answers it was drawn from, which the storefront takes over with it. */
  data: ServedScreen;
}

/** What the build lists in dist/full-page-preloads.json. */
export interface FullPagePreloads {
  /** Files under dist/ (`sf/runtime-….js`) to fetch as modules. */
  modules: readonly string[];
  /** The islands' stylesheet under dist/, fetched by the islands' code; null when the build has none. */
  stylesheet: string | null;
}

/** JSON that can stand inside a `<script>` element: no `<`, `>` or `&` (no `</script>` or `<!--`), no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A path of the build's list, as this server serves it: letters, digits, `._-` and `/` only. */
const DIST_FILE = /^[\w.-]+(?:\/[\w.-]+)*\.(?:js|css)$/;

/** The tags of the head, one a line. */
export function fullPageHeadTags(head: FullPageHead): string[] {
  const { settings } = head;
  const appName = appNameOf(settings);
  const title = documentTitle(settings, appName, head.heading ?? '');
  const web = settings.web_settings;
  const layout = settings.app_layout?.[0];
  const icon = safeWebUrl(layout?.web_fav_logo ?? '');
  const image = safeWebUrl(head.image ?? '') ?? safeWebUrl(layout?.web_square_logo ?? '') ?? safeWebUrl(layout?.web_horizontal_logo ?? '');
  const meta = (name: string, content: string | undefined) => (content ? [`<meta name="${name}" content="${escapeMarkup(content)}" />`] : []);
  const property = (name: string, content: string | undefined) => (content ? [`<meta property="${name}" content="${escapeMarkup(content)}" />`] : []);
  return [
    `<title>${escapeMarkup(title)}</title>`,
    ...meta('description', web?.meta_description),
    ...meta('keywords', web?.keywords),
    `<link rel="canonical" href="${escapeMarkup(head.canonical)}" />`,
    ...(head.alternates ?? []).map(({ lang, href }) => `<link rel="alternate" hreflang="${escapeMarkup(lang)}" href="${escapeMarkup(href)}" />`),
    ...(icon ? [`<link rel="icon" href="${escapeMarkup(icon)}" />`] : []),
    // The full page as an installable app, in the page's language (app-manifest.ts).
    `<link rel="manifest" href="${MANIFEST_PATH}?lang=${encodeURIComponent(head.lang)}" />`,
    // The icon iOS puts on the home screen, opaque (it draws transparency black), from the same logo (app-icons.ts).
    `<link rel="apple-touch-icon" sizes="180x180" href="${escapeMarkup(appIconPath(settings, 'apple-touch-icon-180.png'))}" />`,
    ...meta('theme-color', /^#[0-9a-f]{6}$/i.test(web?.theme_primary_color ?? '') ? web?.theme_primary_color : undefined),
    ...property('og:type', 'website'),
    ...property('og:site_name', appName),
    ...property('og:title', title),
    ...property('og:description', web?.meta_description),
    ...property('og:url', head.canonical),
    ...property('og:image', image),
    // Under a screen drawn on the server the scripts are not what the first paint waits for: they are asked for
    // by the script tag, once the page is read, and take nothing from the first screen's pictures before that.
    ...(head.screen ? [] : head.preloads.modules).filter((file) => DIST_FILE.test(file)).map((file) => `<link rel="modulepreload" href="/dist/${file}" />`),
    // The islands fetch their stylesheet (CORS mode, credentials of the same origin): the preload asks the same way.
    ...(head.preloads.stylesheet && DIST_FILE.test(head.preloads.stylesheet)
      ? [`<link rel="preload" as="fetch" type="text/css" crossorigin="anonymous" href="/dist/${head.preloads.stylesheet}" />`]
      : []),
    `<script type="application/json" id="sf-settings" data-lang="${escapeMarkup(head.lang)}" data-host="${escapeMarkup(head.host)}">${jsonForScript(settings)}</script>`,
    ...(head.screen ? [`<script type="application/json" id="sf-screen">${jsonForScript(head.screen.data)}</script>`] : []),
    ...(head.structuredData ?? []).map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ];
}

/**
 * The shell with the head written in: its `<html>` tag takes the language and direction, its title is
 * replaced; its `<sf-storefront>` element takes the screen drawn on the server (escaped as it was drawn).
 */
export function fullPageHtml(shell: string, head: FullPageHead): string {
  const tags = fullPageHeadTags(head);
  // Replaced by functions: a `$&` or `$'` in the vendor's texts stays text, never a replacement pattern.
  const withLanguage = shell.replace(/<html\b[^>]*>/i, () => `<html lang="${escapeMarkup(head.lang)}" dir="${directionOf(head.lang)}">`);
  const withoutTitle = withLanguage.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
  const withScreen = head.screen ? withoutTitle.replace(/(<sf-storefront\b[^>]*>)(<\/sf-storefront>)/i, (_, open: string, close: string) => `${open}${head.screen!.html}${close}`) : withoutTitle;
  return withScreen.replace(/<\/head>/i, () => `  ${tags.join('\n  ')}\n</head>`);
}
