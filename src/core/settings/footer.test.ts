import { describe, expect, it } from 'vitest';
import type { StaticPage, VendorSettings } from '../../../contract/api/settings.ts';
import { footerText, quickLinks, socialLinks } from './footer.ts';

const page = (identifier: string, url: string, external = false, slug = identifier): StaticPage =>
  ({ page_name: identifier, slug, identifier, is_external_link: external, url });

const HOSTILE = ['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x'];

describe('footer text', () => {
  it('keeps up to 250 characters and cuts longer text to 210 plus an ellipsis', () => {
    expect(footerText('')).toBe('');
    expect(footerText('a'.repeat(250))).toBe('a'.repeat(250));
    expect(footerText('a'.repeat(251))).toBe(`${'a'.repeat(210)}…`);
  });

  it('counts characters, not UTF-16 units, so a cut never splits one', () => {
    expect(footerText('😀'.repeat(250))).toBe('😀'.repeat(250));
    expect(footerText('😀'.repeat(251))).toBe(`${'😀'.repeat(210)}…`);
  });
});

describe('quick links', () => {
  const full: Partial<VendorSettings> = {
    static_pages: [
      page('shipping', '/demo/pages/shipping.html', false, 'shipping-delivery'),
      page('about', '/demo/pages/about.html', false, 'about-us'),
      page('careers', 'https://jobs.example/', true),
      page('refund', 'https://shop.example/refund', true),
    ],
    pages: { privacypolicy_url: 'https://shop.example/privacy', terms_url: 'https://shop.example/terms', help_url: '' },
    support_field: { phone: '+1 415 555 0199', whatsapp: '', email: '' },
  };

  it('gives the seven links in the spec order from static pages and page URLs, and no other page', () => {
    expect(quickLinks(full)).toEqual([
      { name: 'about', href: '/pages/about-us', external: false },
      { name: 'terms', href: '/terms', external: false },
      { name: 'refund', href: 'https://shop.example/refund', external: true },
      { name: 'support', href: '/support', external: false },
      { name: 'shipping', href: '/pages/shipping-delivery', external: false },
      { name: 'privacy', href: '/privacypolicy', external: false },
      { name: 'faq', href: '/faq', external: false },
    ]);
  });

  it('finds a page by slug when its identifier is another, and prefers a static page to the route', () => {
    const links = quickLinks({ ...full, static_pages: [page('x', '/t.html', false, 'terms-conditions'), page('privacy', 'https://p.example/', true)] });
    expect(links.find((link) => link.name === 'terms')?.href).toBe('/pages/terms-conditions');
    expect(links.find((link) => link.name === 'privacy')?.href).toBe('https://p.example/');
  });

  it('leaves out a link with nothing to show: FAQ is always there', () => {
    expect(quickLinks({}).map((link) => link.name)).toEqual(['faq']);
    expect(quickLinks(null).map((link) => link.name)).toEqual(['faq']);
    expect(quickLinks({ support_field: { phone: '', whatsapp: '', email: '' }, pages: { privacypolicy_url: '', terms_url: '', help_url: '' } })
      .map((link) => link.name)).toEqual(['faq']);
  });

  it('drops a link whose address runs script, and a page URL that does not pass the URL rule', () => {
    const links = quickLinks({
      static_pages: HOSTILE.map((url, i) => page(['about', 'terms', 'refund', 'shipping', 'privacy'][i]!, url, true)),
      pages: { privacypolicy_url: HOSTILE[0]!, terms_url: HOSTILE[3]!, help_url: HOSTILE[1]! },
    });
    expect(links.map((link) => link.href)).toEqual(['/faq']);
  });

  it('encodes a slug so it stays one path segment', () => {
    expect(quickLinks({ static_pages: [page('about', '/a.html', false, '../admin?x')] })[0]?.href).toBe('/pages/..%2Fadmin%3Fx');
  });
});

describe('social links', () => {
  it('keeps only set links that pass the URL rule, in the spec order', () => {
    expect(socialLinks({ youtube: 'https://youtube.com/x', instagram: 'https://instagram.com/x', facebook_link: HOSTILE[0], twitter: HOSTILE[2] }))
      .toEqual([{ name: 'instagram', href: 'https://instagram.com/x' }, { name: 'youtube', href: 'https://youtube.com/x' }]);
    expect(socialLinks(undefined)).toEqual([]);
  });
});
