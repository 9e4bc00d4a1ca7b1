import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaticPage, VendorSettings } from '../../contract/api/settings.ts';
import { activateLocale, i18n } from '../core/i18n/i18n.ts';
import { $settings } from '../core/vendor/settings.ts';
import { Footer, footerText, quickLinks, socialLinks } from './Footer.tsx';

describe('footer text', () => {
  it('keeps up to 250 characters and cuts longer text to 210 plus an ellipsis', () => {
    expect(footerText('a'.repeat(250))).toBe('a'.repeat(250));
    expect(footerText('a'.repeat(251))).toBe(`${'a'.repeat(210)}…`);
  });
});

const page = (slug: string, url: string, external = true): StaticPage =>
  ({ page_name: slug, slug, identifier: slug, is_external_link: external, url });

describe('footer links (finding 4: links that run script)', () => {
  const HOSTILE = ['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x'];

  beforeAll(async () => activateLocale('en'));

  it('links a page by its slug, or by its own address when that passes the URL rule', () => {
    const pages = [page('about-us', '/demo/pages/about.html', false), page('careers', 'https://jobs.example/'), ...HOSTILE.map((url, i) => page(`evil-${i}`, url))];
    expect(quickLinks(pages).map(({ href }) => href)).toEqual(['/pages/about-us', 'https://jobs.example/']);
  });

  it('keeps only social links that pass the URL rule', () => {
    expect(socialLinks({ instagram: 'https://instagram.com/x', facebook_link: HOSTILE[0], twitter: HOSTILE[2], youtube: '' }))
      .toEqual([['instagram', 'https://instagram.com/x']]);
  });

  it('draws no href that runs script from the vendor settings', () => {
    $settings.set({
      app_name: 'Shop',
      static_pages: [page('careers', 'https://jobs.example/'), ...HOSTILE.map((url, i) => page(`evil-${i}`, url))],
      web_settings: { footer_text: '', instagram: HOSTILE[0], facebook_link: 'https://facebook.com/shop', twitter: HOSTILE[3], youtube: HOSTILE[1] },
    } as unknown as VendorSettings);
    const html = renderToStaticMarkup(<I18nProvider i18n={i18n}><Footer /></I18nProvider>);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(['https://jobs.example/', 'https://facebook.com/shop']);
    expect(html).not.toMatch(/script:/i);
    expect(html).not.toContain('data:');
  });
});
