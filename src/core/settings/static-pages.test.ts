import { describe, expect, it } from 'vitest';
import type { StaticPage } from '../../../contract/api/settings.ts';
import { findStaticPage, isOwnSite, staticPageLinks, vendorPage } from './static-pages.ts';

const ORIGIN = 'http://localhost:8181';
const page = (slug: string, url: string, is_external_link = false, page_name = slug): StaticPage =>
  ({ page_name, slug, identifier: slug, is_external_link, url });
const settings = {
  static_pages: [
    page('about-us', '/demo/pages/about.html', false, 'About us'),
    page('careers', 'https://harboreats.example/careers', true, 'Careers'),
    page('evil', 'javascript:alert(1)'),
    page('mail', 'mailto:a@b.example'),
  ],
  pages: { privacypolicy_url: 'https://harboreats.example/privacy', terms_url: '', help_url: `${ORIGIN}/demo/pages/help.html` },
};

describe('static pages', () => {
  it('looks a slug up in static_pages, case-insensitively, with its name and address', () => {
    expect(findStaticPage(settings, 'about-us', ORIGIN)).toEqual({ name: 'About us', url: '/demo/pages/about.html', ownSite: true });
    expect(findStaticPage(settings, 'ABOUT-US', ORIGIN)?.name).toBe('About us');
    expect(findStaticPage(settings, 'careers', ORIGIN)).toEqual({ name: 'Careers', url: 'https://harboreats.example/careers', ownSite: false });
  });

  it('finds nothing for an unknown slug, a refused address or a non-web address', () => {
    expect(findStaticPage(settings, 'nope', ORIGIN)).toBeUndefined();
    expect(findStaticPage(settings, 'evil', ORIGIN)).toBeUndefined();
    expect(findStaticPage(settings, 'mail', ORIGIN)).toBeUndefined();
    expect(findStaticPage(null, 'about-us', ORIGIN)).toBeUndefined();
    expect(findStaticPage({ static_pages: 'x' as unknown as StaticPage[] }, 'about-us', ORIGIN)).toBeUndefined();
  });

  it('lists the pages with the footer\'s hrefs', () => {
    expect(staticPageLinks(settings)).toEqual([
      { slug: 'about-us', name: 'About us', href: '/pages/about-us', external: false },
      { slug: 'careers', name: 'Careers', href: 'https://harboreats.example/careers', external: true },
      { slug: 'evil', name: 'evil', href: '/pages/evil', external: false },
      { slug: 'mail', name: 'mail', href: '/pages/mail', external: false },
    ]);
  });

  it('shows privacypolicy, terms and help from the vendor\'s page URLs', () => {
    expect(vendorPage(settings, 'privacypolicy', 'Privacy Policy', ORIGIN)).toEqual({ name: 'Privacy Policy', url: 'https://harboreats.example/privacy', ownSite: false });
    expect(vendorPage(settings, 'terms', 'Terms', ORIGIN)).toBeUndefined();
    expect(vendorPage(settings, 'help', 'Help', ORIGIN)?.ownSite).toBe(true);
  });

  it('tells this site from another', () => {
    expect(isOwnSite('/x', ORIGIN)).toBe(true);
    expect(isOwnSite('//evil.example/x', ORIGIN)).toBe(false);
    expect(isOwnSite('http://localhost:8181/a', ORIGIN)).toBe(true);
    expect(isOwnSite('http://localhost:9999/a', ORIGIN)).toBe(false);
    expect(isOwnSite('https://souq.example/', ORIGIN)).toBe(false);
  });
});
