// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../i18n/money.ts';
import { documentTitle } from './page-meta.ts';
import { themeVariables, warnUnreadableTheme } from './theme.ts';
import { decodeId, encodeId } from '../platform/ids.ts';

describe('theme (defaults)', () => {
  it("writes each of the theme's unreadable pairs to the console once a page, as the settings answer names them", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pair = (message: string) => ({ text: 'footer_text_color', background: 'footer_background_color', text_colour: '#777', background_colour: '#888', ratio: 1.2, minimum: 4.5, message });
    try {
      warnUnreadableTheme([pair('Storefront Elements: one'), pair('Storefront Elements: two')]);
      warnUnreadableTheme([pair('Storefront Elements: one')]);
      warnUnreadableTheme(undefined);
      expect(warn.mock.calls).toEqual([['Storefront Elements: one'], ['Storefront Elements: two']]);
    } finally {
      warn.mockRestore();
    }
  });

  it('uses the default colours when the vendor sets nothing', () => {
    const variables = themeVariables(undefined);
    expect(variables['--sf-color-primary']).toBe('#00000e');
    expect(variables['--sf-color-secondary']).toBe('#d8d4d4');
    expect(variables['--sf-color-text']).toBe('#000000');
    expect(variables['--sf-color-text-muted']).toBe('#d0c8c8');
    expect(variables['--sf-color-footer-bg']).toBe('#ffffff');
    expect(variables['--sf-color-slider-bg']).toBe('#f5f5f5');
    expect(variables['--sf-color-button-text']).toBe('#ffffff');
  });

  it("takes the vendor's colours and ignores values that are not colours", () => {
    const variables = themeVariables({ theme_primary_color: '#123456', text_primary_color: 'red; background: url(x)' });
    expect(variables['--sf-color-primary']).toBe('#123456');
    expect(variables['--sf-color-button']).toBe('#123456');
    expect(variables['--sf-color-text']).toBe('#000000');
  });

  it('lets nothing but a colour of the CSS colour grammar reach the sheet', () => {
    const variables = themeVariables({
      theme_primary_color: 'rebeccapurple',
      theme_secondary_color: 'hsl(200 55% 45% / 0.5)',
      footer_text_color: 'red;} body { background: url(https://evil.example/x) } a {',
      footer_background_color: 'rgb(1, 2, 3); color: red',
      text_secondary_color: 'var(--x)',
    });
    expect(variables['--sf-color-primary']).toBe('rebeccapurple');
    expect(variables['--sf-color-secondary']).toBe('hsl(200 55% 45% / 0.5)');
    expect(variables['--sf-color-footer-text']).toBe('#000000');
    expect(variables['--sf-color-footer-bg']).toBe('#ffffff');
    expect(variables['--sf-color-text-muted']).toBe('#d0c8c8');
  });
});

describe('money through Intl', () => {
  it('shows 2 decimals, or 1 for cost for two, with the vendor currency first', () => {
    expect(formatPrice(12.5, { locale: 'en', currency: '$', priceDecimals: 2 })).toBe('$12.50');
    expect(formatPrice(34, { locale: 'en', currency: '$', priceDecimals: 2 }, 1)).toBe('$34.0');
    expect(formatPrice(1234.5, { locale: 'de', currency: '€', priceDecimals: 2 })).toBe('€1.234,50');
  });

  it('does not force decimals for a vendor whose price_decimals is null', () => {
    expect(formatPrice(12, { locale: 'en', currency: '$', priceDecimals: null })).toBe('$12');
    expect(formatPrice(12.5, { locale: 'en', currency: '$', priceDecimals: null })).toBe('$12.5');
  });
});

describe('store ids in routes', () => {
  it('round-trips base64 ids and rejects junk', () => {
    expect(encodeId(12)).toBe('MTI=');
    expect(decodeId('MTI=')).toBe(12);
    expect(decodeId('not-base64!')).toBeNull();
    expect(decodeId(btoa('1; drop'))).toBeNull();
  });
});

describe('documentTitle', () => {
  const settings = { web_settings: { title: 'Harbor Eats: food delivery' } } as Parameters<typeof documentTitle>[0];
  it("names a screen by its heading, then the app name", () => {
    expect(documentTitle(settings, 'Harbor Eats', '  Golden Gate\n  Pizzeria ')).toBe('Golden Gate Pizzeria | Harbor Eats');
  });
  it("gives home and a screen without heading the vendor's web title, else the app name", () => {
    expect(documentTitle(settings, 'Harbor Eats')).toBe('Harbor Eats: food delivery');
    expect(documentTitle(settings, 'Harbor Eats', ' ')).toBe('Harbor Eats: food delivery');
    expect(documentTitle(null, 'Harbor Eats')).toBe('Harbor Eats');
  });
});
