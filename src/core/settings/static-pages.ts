/**
 * The static pages a customer can open: pages/{page} (the slug looked up in the settings'
 * static_pages), the list at pages, and privacypolicy, terms and help (the vendor's page URLs).
 * Every address passes the one URL rule; the links themselves are the footer's (`staticPageHref`).
 */
import type { StaticPage, VendorSettings } from '../../../contract/api/settings.ts';
import { safeLinkUrl, webUrlHost } from '../../../contract/rules/urls.ts';
import { staticPageHref } from './footer.ts';

type PageSettings = Pick<VendorSettings, 'static_pages' | 'pages'>;

/** A page to show: its name, the address to show, and whether that address is on this site. */
export interface ShownPage {
  name: string;
  url: string;
  /** On this site (a path, or an absolute URL of this origin): shown in a frame; else opened outside. */
  ownSite: boolean;
}

function pagesOf(settings: Partial<PageSettings> | null | undefined): StaticPage[] {
  return Array.isArray(settings?.static_pages) ? settings.static_pages.filter((page) => page && typeof page.slug === 'string') : [];
}

/** Whether `url` is on the site at `origin` (a same-site path, or an absolute URL of that origin). */
export function isOwnSite(url: string, origin: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//');
  if (webUrlHost(url) === undefined) return false;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

function shown(name: string, value: unknown, origin: string): ShownPage | undefined {
  const url = safeLinkUrl(value);
  // Only web addresses and paths are pages (mailto: and tel: are not).
  if (!url || !(url.startsWith('/') || webUrlHost(url) !== undefined)) return undefined;
  return { name, url, ownSite: isOwnSite(url, origin) };
}

/** The static page with this slug (case-insensitive), or undefined when the vendor has none or its address is refused. */
export function findStaticPage(settings: Partial<PageSettings> | null | undefined, slug: string, origin: string): ShownPage | undefined {
  const wanted = slug.toLowerCase();
  const page = pagesOf(settings).find((candidate) => candidate.slug.toLowerCase() === wanted);
  return page ? shown(page.page_name || page.slug, page.url, origin) : undefined;
}

/** The vendor's static pages that have an address to open, for the pages list: name, href, and whether it opens outside. */
export function staticPageLinks(settings: Partial<PageSettings> | null | undefined): Array<{ slug: string; name: string; href: string; external: boolean }> {
  return pagesOf(settings).flatMap((page) => {
    const href = staticPageHref(page);
    return href ? [{ slug: page.slug, name: page.page_name || page.slug, href, external: page.is_external_link }] : [];
  });
}

/** The routes shown from the vendor's page URLs, and their settings field. */
export const VENDOR_PAGE_FIELDS = { privacypolicy: 'privacypolicy_url', terms: 'terms_url', help: 'help_url' } as const;
export type VendorPageName = keyof typeof VENDOR_PAGE_FIELDS;

/** The address of privacypolicy, terms or help, named `name`, or undefined when the vendor set none. */
export function vendorPage(settings: Partial<PageSettings> | null | undefined, page: VendorPageName, name: string, origin: string): ShownPage | undefined {
  return shown(name, settings?.pages?.[VENDOR_PAGE_FIELDS[page]], origin);
}
