import { describe, expect, it } from 'vitest';
import { cssColourOr as cssColourOrOf, isCssColour as isCssColourOf } from './colours.ts';
import { isListedNamedColour } from './named-colours.ts';

const isCssColour = (value: unknown) => isCssColourOf(value, isListedNamedColour);
const cssColourOr = (value: unknown, fallback: string) => cssColourOrOf(value, fallback, isListedNamedColour);

describe('CSS colours', () => {
  it('accepts hex, rgb(), hsl() with bounded arguments and the named colours', () => {
    for (const colour of [
      '#fff', '#FFF8', '#1b2a4a', '#1b2a4a80', 'rgb(0, 128, 255)', 'rgba(0,128,255,0.5)', 'rgb(10% 20% 30%)',
      'rgb(1 2 3 / 50%)', 'RGBA(255 255 255 / .25)', 'hsl(120, 50%, 40%)', 'hsla(360deg, 100%, 0%, 1)',
      'hsl(200 55% 45%)', 'hsl(12.5 10% 10% / 0.3)', 'red', 'RebeccaPurple', 'lightgoldenrodyellow',
    ]) {
      expect(isCssColour(colour), colour).toBe(true);
    }
  });

  it('refuses everything else', () => {
    for (const value of [
      'red"/><script>alert(1)</script><rect fill="', 'red; background: url(x)', '#12', '#12345', '#1234567', '#ggg',
      ' #fff', '#fff ', 'rgb(256, 0, 0)', 'rgb(0, 0, 0, 2)', 'rgb(101%, 0%, 0%)', 'rgb(1, 2)', 'rgb(1, 2, 3, 4, 5)',
      'rgb(1 2 3 4)', 'rgb(1, 2, 3 / 1)', 'rgb(1 2 3 / 1 / 1)', 'rgb(1,2,)', 'rgb(1e3, 0, 0)', 'rgb(-1, 0, 0)',
      'hsl(361, 50%, 50%)', 'hsl(120, 50, 50)', 'hsl(120, 150%, 50%)', 'hsl(120deg 50% 50% / 2)', 'transparent',
      'currentcolor', 'inherit', 'var(--x)', 'url(x)', 'expression(alert(1))', 'red\n', 'rgb(1,\t2, 3)', '', 'notacolour',
      'rgb(0,0,0)'.padEnd(80, ' '), 123, null, undefined, {},
    ]) {
      expect(isCssColour(value), String(value)).toBe(false);
    }
  });

  it('falls back for a value that is not a colour', () => {
    expect(cssColourOr('#123456', '#000')).toBe('#123456');
    expect(cssColourOr('red" onload="x', '#000')).toBe('#000');
    expect(cssColourOr(undefined, '#000')).toBe('#000');
  });
});
