import type { StaticPage } from '../../../../contract/api/settings.ts';
import { encodeId } from '../../../../contract/rules/ids.ts';
import { LOCALE_PARAM } from '../../../../contract/rules/page-locale.ts';
import { escapeMarkup } from '../../../markup.ts';

/** A store's page on the vendor's site: its menu, by the store's base64 id (the storefront's restaurant/{restaurant_id}). */
export const storePagePath = (storeId: number) => `/restaurant/${encodeURIComponent(encodeId(storeId))}`;

/**
 * A page's address on the vendor's site, in the language `lang` names (`?lang=ar`), or as it opens for
 * whoever comes (no language). `path` is appended to the origin, never resolved against it, so a path
 * such as `//other.example/x` stays a path of this site.
 */
export const pageAddress = (origin: string, path: string, lang?: string) => `${origin}${path}${lang ? `?${LOCALE_PARAM}=${lang}` : ''}`;

/**
 * What search engines read of a vendor's site, on the vendor's own host:
 *
 * - robots.txt lets crawlers read the storefront (its pages, scripts, stylesheets and pictures, which
 *   they need to render it) and keeps them out of this server's own paths (the API, payment and
 *   development pages), and names the sitemap;
 * - sitemap.xml lists the pages worth finding: home, the FAQ, the vendor's own static pages and the
 *   menu of every active store. Screens of a signed-in customer (orders, wallet, profile) and pages
 *   that only act (checkout, sign-in) are left out: they show nothing to a crawler.
 */
export const CRAWLER_DISALLOWED = ['/api/', '/pay/', '/dev/', '/test/'] as const;

/** The largest sitemap a file may be (the sitemaps protocol's limit is 50,000 addresses). */
export const SITEMAP_MAX_URLS = 50_000;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...CRAWLER_DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The paths of the vendor's pages that the sitemap lists, home first. */
/** `storeIds`: the active stores, whose menus' addresses carry the id base64-encoded as the storefront's routes do. */
export function sitemapPaths(storeIds: readonly number[], staticPages: readonly StaticPage[]): string[] {
  const pages = staticPages
    .filter((page) => !page.is_external_link && /^[\w-]{1,100}$/.test(page.slug))
    .map((page) => `/pages/${page.slug}`);
  const menus = storeIds.map(storePagePath);
  return [...new Set(['/', '/faq', ...pages, ...menus])].slice(0, SITEMAP_MAX_URLS);
}

export function sitemapXml(origin: string, paths: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeMarkup(`${origin}${path}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}
