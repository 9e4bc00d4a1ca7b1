import { describe, expect, it } from 'vitest';
import { ART_NAMES, artFor, drawArt } from './art.ts';
import { renderSvg } from './svg.ts';

describe('the demo\'s illustrated pictures', () => {
  it('picks the illustration the most telling text calls for, in English and Arabic', () => {
    const cases: Array<[string[], string]> = [
      [['Butter Chicken', 'Curries'], 'curry'],
      [['Chicken Biryani'], 'biryani'],
      [['Masala Dosa'], 'dosa'],
      [['Buttermilk Pancakes'], 'pancakes'],
      [['Strawberry Shortcake'], 'cake'],
      [['Ribeye Steak'], 'steak'],
      [['Watermelon juice'], 'smoothie'],
      [['Dragon Roll', 'Rolls'], 'sushi'],
      [['North Beach Special', 'Pizzas'], 'pizza'],
      [['Dock Classic', 'Burgers'], 'burger'],
      [['ستيك ريب آي'], 'steak'],
      [['خبز عربي', 'الخبز'], 'dosa'],
      [['شاي أحمر 100 كيس'], 'tea'],
      [['باراسيتامول 500 ملغ', 'صيدلية'], 'pill'],
    ];
    for (const [texts, art] of cases) expect(artFor(texts, 'meal'), texts.join(' / ')).toBe(art);
    expect(artFor(['Something else entirely'], 'shop')).toBe('shop');
  });

  it('draws every illustration it names, on the vendor\'s colours, a colour outside the grammar left out', () => {
    for (const art of ART_NAMES) expect(drawArt('item', art, 'x', undefined)).toMatch(/^<svg [^>]+>.*<\/svg>\n$/s);
    const themed = drawArt('store', 'pizza', 'golden-gate', { primary: '#0f766e', secondary: '#f59e0b' });
    expect(themed).toContain('fill="#0f766e"');
    const hostile = drawArt('banner', 'pizza', 'golden-gate', { primary: '"/><script>alert(1)</script>', secondary: 'url(javascript:x)' });
    expect(hostile).not.toContain('<script');
    expect(hostile).not.toContain('javascript');
  });

  it('fits a drawn logo\'s name beside its mark whatever its length, and draws a brand\'s mark whole in its circle', () => {
    const sizeOf = (slug: string) => Number(/<text x="104"[^>]*font-size="([\d.]+)"/.exec(renderSvg('logo', slug))![1]);
    expect(sizeOf('harbor-eats')).toBeCloseTo(28.8);
    const long = 'the-very-long-named-neighbourhood-kitchen';
    // About 0.6 em a letter: the name ends inside the 320 px logo.
    expect(104 + sizeOf(long) * 0.6 * long.length).toBeLessThanOrEqual(320 - 8);
    // The vendor's own name, in its own script, escaped as any text.
    const souq = renderSvg('logo', 'souq-al-madina', undefined, 'سوق المدينة');
    expect(souq).toContain('>سوق المدينة</text>');
    expect(souq).not.toContain('souq al madina');
    const hostile = renderSvg('logo', 'harbor-eats', undefined, '</text><script>alert(1)</script>\u0007');
    expect(hostile).not.toContain('<script');
    expect(hostile).not.toContain('\u0007');
    const mark = renderSvg('mark', 'harbor-originals');
    expect(mark).toContain('width="128" height="128"');
    expect(mark).toContain('>HO</text>');
  });
});
