/**
 * The footer's rules: the footer text's length, the seven Quick Links resolved from the vendor's
 * static pages and page URLs, and the social links. Every href passes the one URL rule
 * (`safeLinkUrl`); a link whose address it drops is left out.
 */
import type { StaticPage, VendorSettings, WebSettings } from '../../../contract/api/settings.ts';
import { safeLinkUrl } from '../../../contract/rules/urls.ts';

/** Footer text longer than this is cut. */
export const FOOTER_TEXT_MAX = 250;
/** The length a cut footer text keeps before its ellipsis. */
export const FOOTER_TEXT_CUT = 210;

/** Footer text longer than 250 characters is cut to 210 plus an ellipsis (counted in characters, not UTF-16 units). */
export function footerText(text: string): string {
  const characters = Array.from(text);
  return characters.length > FOOTER_TEXT_MAX ? `${characters.slice(0, FOOTER_TEXT_CUT).join('')}…` : text;
}

/** The Quick Links, in the spec's order. */
export const QUICK_LINKS = ['about', 'terms', 'refund', 'support', 'shipping', 'privacy', 'faq'] as const;
export type QuickLinkName = (typeof QUICK_LINKS)[number];

/**
 * The static page of each link: the page whose identifier or slug is one of these. The demo
 * vendors use the identifiers about, refund and shipping.
 */
const PAGE_KEYS: Record<QuickLinkName, readonly string[]> = {
  about: ['about', 'about-us', 'aboutus'],
  terms: ['terms', 'terms-conditions', 'terms-and-conditions'],
  refund: ['refund', 'refund-policy'],
  support: ['support'],
  shipping: ['shipping', 'shipping-delivery', 'shipping-and-delivery'],
  privacy: ['privacy', 'privacy-policy', 'privacypolicy'],
  faq: ['faq'],
};

type FooterSettings = Pick<VendorSettings, 'static_pages' | 'pages' | 'support_field'>;

/** A static page's href: its own address when it is an external link, else `/pages/{slug}`. */
export function staticPageHref(page: StaticPage): string | undefined {
  return safeLinkUrl(page.is_external_link ? page.url : `/pages/${encodeURIComponent(page.slug)}`);
}

function findPage(pages: readonly StaticPage[], name: QuickLinkName): StaticPage | undefined {
  const keys = PAGE_KEYS[name];
  return pages.find((page) => keys.includes(page.identifier?.toLowerCase()))
    ?? pages.find((page) => keys.includes(page.slug?.toLowerCase()));
}

/** The storefront route a link falls back to when no static page is given, or undefined when it has nothing to show. */
function routeHref(name: QuickLinkName, settings: Partial<FooterSettings>): string | undefined {
  switch (name) {
    case 'terms': return safeLinkUrl(settings.pages?.terms_url) && '/terms';
    case 'privacy': return safeLinkUrl(settings.pages?.privacypolicy_url) && '/privacypolicy';
    case 'support': {
      const field = settings.support_field;
      return field?.phone || field?.whatsapp || field?.email || safeLinkUrl(settings.pages?.help_url) ? '/support' : undefined;
    }
    case 'faq': return '/faq';
    default: return undefined;
  }
}

/**
 * The Quick Links the vendor's settings give, in the spec's order: a static page for the link
 * (by identifier, then slug) when there is one, else the storefront's own route where it has
 * something to show (terms and privacy policy when their page URL is set, support when a contact
 * or the help URL is set, FAQ always). A link with nothing to show is left out.
 */
export function quickLinks(settings: Partial<FooterSettings> | null | undefined): Array<{ name: QuickLinkName; href: string; external: boolean }> {
  const pages = Array.isArray(settings?.static_pages) ? settings.static_pages : [];
  return QUICK_LINKS.flatMap((name) => {
    const page = findPage(pages, name);
    if (page) {
      const href = staticPageHref(page);
      return href ? [{ name, href, external: page.is_external_link }] : [];
    }
    const href = safeLinkUrl(routeHref(name, settings ?? {}));
    return href ? [{ name, href, external: false }] : [];
  });
}

export const SOCIAL_LINKS = ['instagram', 'facebook', 'twitter', 'youtube'] as const;
export type SocialName = (typeof SOCIAL_LINKS)[number];

const SOCIAL_FIELDS: Record<SocialName, keyof WebSettings> = {
  instagram: 'instagram',
  facebook: 'facebook_link',
  twitter: 'twitter',
  youtube: 'youtube',
};

/** The social links that are set and pass the URL rule, in the spec's order. */
export function socialLinks(web: Partial<WebSettings> | null | undefined): Array<{ name: SocialName; href: string }> {
  return SOCIAL_LINKS.flatMap((name) => {
    const href = safeLinkUrl(web?.[SOCIAL_FIELDS[name]]);
    return href ? [{ name, href }] : [];
  });
}
