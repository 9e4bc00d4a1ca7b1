import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from './colours.ts';
import { contrastRatio, parseColour, themeContrastWarnings } from './contrast.ts';

describe('theme contrast (WCAG 2.2)', () => {
  it('reads every form of the colour grammar as sRGB, and nothing else', () => {
    expect(parseColour('#fff')).toEqual([255, 255, 255, 1]);
    expect(parseColour('#1b2a4a80')).toEqual([27, 42, 74, 128 / 255]);
    expect(parseColour('RebeccaPurple')).toEqual([102, 51, 153, 1]);
    expect(parseColour('rgb(10, 20, 30)')).toEqual([10, 20, 30, 1]);
    expect(parseColour('rgb(100% 0% 50% / 50%)')).toEqual([255, 0, 127.5, 0.5]);
    const [r, g, b] = parseColour('hsl(120deg 100% 25%)')!;
    expect([r, g, b].map(Math.round)).toEqual([0, 128, 0]);
    for (const refused of ['var(--x)', 'transparent', 'red;', '#12', 'oklch(0.5 0.1 120)']) expect(parseColour(refused), refused).toBeUndefined();
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The reference values: #767676 is the lightest grey that passes on white, #777777 just fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    // Order does not matter; a translucent colour is measured as it shows over what is under it.
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('rgba(0, 0, 0, 0.5)', '#ffffff')).toBeCloseTo(contrastRatio('#808080', '#ffffff')!, 1);
  });

  it('names each pair under 4.5:1 with its colours and ratio, the defaults included where nothing is set', () => {
    const warnings = themeContrastWarnings({
      button_primary_color: '#f5c518', button_text_primary_color: '#ffffff', text_secondary_color: '#6b7280', footer_background_color: 'navy',
      footer_text_color: 'midnightblue',
    });
    expect(warnings.map((warning) => [warning.text, warning.background])).toEqual([
      ['button_text_primary_color', 'button_primary_color'],
      ['footer_text_color', 'footer_background_color'],
    ]);
    const [button] = warnings;
    expect(button).toMatchObject({ text_colour: '#ffffff', background_colour: '#f5c518', minimum: 4.5 });
    expect(button!.ratio).toBe(Math.floor(contrastRatio('#ffffff', '#f5c518')! * 100) / 100);
    expect(button!.message).toBe(
      `Storefront Elements: Button text in button_text_primary_color (#ffffff) on button_primary_color (#f5c518) has a contrast of ${button!.ratio}:1, `
      + 'under the 4.5:1 WCAG 2.2 asks of text (1.4.3). Customers may not be able to read it: choose colours further apart.',
    );
    // A theme that sets nothing gets the defaults, whose secondary text is too light to read on white.
    expect(themeContrastWarnings(undefined)).toEqual([expect.objectContaining({ text: 'text_secondary_color', text_colour: DEFAULT_THEME.text_secondary_color })]);
    // A colour outside the grammar is the default's, never a reason to fail.
    expect(themeContrastWarnings({ text_secondary_color: '#4b5563', text_primary_color: 'url(x)' })).toEqual([]);
  });
});
