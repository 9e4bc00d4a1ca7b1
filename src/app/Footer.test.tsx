// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaticPage, VendorSettings } from '../../contract/api/settings.ts';
import { activateLocale, i18n } from '../core/i18n/i18n.ts';
import { $settings } from '../core/settings/settings.ts';
import { Footer } from './Footer.tsx';

const page = (identifier: string, url: string, external = false, slug = identifier): StaticPage =>
  ({ page_name: `vendor name of ${identifier}`, slug, identifier, is_external_link: external, url });

const HOSTILE = ['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x'];

function settings(overrides: Partial<VendorSettings> = {}): VendorSettings {
  return {
    app_name: 'Shop',
    copyright_name: '',
    static_pages: [page('about', '/demo/pages/about.html', false, 'about-us'), page('refund', '/r.html', false, 'refund-policy'), page('shipping', '/s.html', false, 'shipping-delivery')],
    pages: { privacypolicy_url: 'https://shop.example/privacy', terms_url: 'https://shop.example/terms', help_url: '' },
    support_field: { phone: '+1 415 555 0199', whatsapp: '', email: '' },
    web_settings: { footer_text: 'Fresh food.', instagram: 'https://instagram.com/shop', facebook_link: 'https://facebook.com/shop', twitter: 'https://twitter.com/shop', youtube: 'https://youtube.com/shop' },
    ...overrides,
  } as unknown as VendorSettings;
}

async function render(locale: string, value: VendorSettings): Promise<Document> {
  await activateLocale(locale);
  $settings.set(value);
  const html = renderToStaticMarkup(<I18nProvider i18n={i18n}><Footer /></I18nProvider>);
  return new DOMParser().parseFromString(html, 'text/html');
}

const texts = (nodes: NodeListOf<Element>) => [...nodes].map((node) => node.textContent);

afterEach(() => $settings.set(null));

describe('footer', () => {
  it('shows the seven quick links in the spec order with their labels, not the vendor page names', async () => {
    const doc = await render('en', settings());
    expect(texts(doc.querySelectorAll('nav a'))).toEqual(['About us', 'Terms & Conditions', 'Refund Policy', 'Support', 'Shipping & Delivery', 'Privacy Policy', 'FAQ']);
    expect([...doc.querySelectorAll('nav a')].map((a) => a.getAttribute('href')))
      .toEqual(['/pages/about-us', '/terms', '/pages/refund-policy', '/support', '/pages/shipping-delivery', '/privacypolicy', '/faq']);
    expect(doc.querySelector('nav')?.getAttribute('aria-labelledby')).toBe(doc.querySelector('nav h2')?.id);
  });

  it('draws the four social links as labelled 24 px icons that open in a new tab', async () => {
    const doc = await render('en', settings());
    const social = [...doc.querySelectorAll('a[data-social]')];
    expect(social.map((a) => a.getAttribute('aria-label'))).toEqual(['Instagram', 'Facebook', 'Twitter', 'YouTube']);
    for (const a of social) {
      expect(a.textContent).toBe('');
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
      expect(a.className).toMatch(/\bh-11\b/);
      expect(a.className).toMatch(/\bw-11\b/);
      const svg = a.querySelector('svg');
      expect(svg?.getAttribute('aria-hidden')).toBe('true');
      expect(svg?.getAttribute('width')).toBe('24');
    }
  });

  it('shows the copyright line with the current year and the copyright name, else the app name', async () => {
    const year = new Date().getFullYear();
    expect((await render('en', settings())).body.textContent).toContain(`© ${year} Shop. All rights reserved.`);
    expect((await render('en', settings({ copyright_name: 'Shop Holdings' }))).body.textContent).toContain(`© ${year} Shop Holdings. All rights reserved.`);
    // An owner ending in a full stop does not get a second one.
    expect((await render('en', settings({ copyright_name: 'Shop Holdings Inc.' }))).body.textContent).toContain(`© ${year} Shop Holdings Inc. All rights reserved.`);
  });

  it('cuts a long footer text to 210 characters and an ellipsis', async () => {
    const doc = await render('en', settings({ web_settings: { ...settings().web_settings, footer_text: 'x'.repeat(300) } }));
    expect(doc.querySelector('footer p')?.textContent).toBe(`${'x'.repeat(210)}…`);
  });

  it('has no English label in Arabic', async () => {
    const doc = await render('ar', settings());
    const labels = [...texts(doc.querySelectorAll('nav a, nav h2')), ...[...doc.querySelectorAll('[aria-label]')].map((node) => node.getAttribute('aria-label'))];
    expect(labels).toHaveLength(13);
    for (const label of labels) expect(label).not.toMatch(/[A-Za-z]/);
    expect(doc.body.textContent).not.toContain('All rights reserved');
  });

  it('draws no href that runs script from the vendor settings', async () => {
    const doc = await render('en', settings({
      static_pages: [page('careers', 'https://jobs.example/', true), ...HOSTILE.map((url, i) => page(['about', 'terms', 'refund', 'shipping', 'privacy'][i]!, url, true))],
      pages: { privacypolicy_url: HOSTILE[0]!, terms_url: HOSTILE[1]!, help_url: HOSTILE[2]! },
      support_field: { phone: '', whatsapp: '', email: '' },
      web_settings: { ...settings().web_settings, instagram: HOSTILE[0]!, twitter: HOSTILE[3]!, youtube: HOSTILE[1]! },
    }));
    const hrefs = [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/faq', 'https://facebook.com/shop']);
    expect(doc.body.innerHTML).not.toMatch(/script:|data:/i);
  });
});
