import { describe, expect, it } from 'vitest';
import { fromMinor, percentOf, toMinor } from './money.ts';

describe('money', () => {
  it('converts display amounts without binary drift', () => {
    expect(toMinor(0.1)).toBe(10);
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(-2.675)).toBe(-268);
    expect(toMinor(12.5, 3)).toBe(12500);
    expect(fromMinor(1999)).toBe(19.99);
  });

  it('converts display amounts for exponents 0, 2 and 3', () => {
    expect(toMinor(12.5, 2)).toBe(1250);
    expect(toMinor(1.005, 2)).toBe(101);
    expect(toMinor(0.29, 2)).toBe(29);
    expect(toMinor(1500, 0)).toBe(1500);
    expect(toMinor(1.234, 3)).toBe(1234);
  });

  it('rounds halves away from zero, the same for negative amounts', () => {
    expect(toMinor(0.005)).toBe(1);
    expect(toMinor(-0.005)).toBe(-1);
    expect(toMinor(-1.005)).toBe(-101);
    expect(toMinor(-0.004)).toBe(0);
    expect(Object.is(toMinor(-0.001), 0)).toBe(true);
  });

  it('rounds tax half-up to the minor unit', () => {
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(3, 50)).toBe(2);
    expect(percentOf(1, 49.99)).toBe(0);
    expect(percentOf(1999, 8.25)).toBe(165); // 164.9175
    expect(percentOf(200, 8.25)).toBe(17); // 16.5
    expect(percentOf(0, 15)).toBe(0);
  });
});
