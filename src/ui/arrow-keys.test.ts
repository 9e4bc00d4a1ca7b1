import { describe, expect, it } from 'vitest';
import { nextChoice } from './arrow-keys.ts';

describe('nextChoice', () => {
  it('follows the visual order, wraps, and reverses left and right in right to left', () => {
    expect(nextChoice('ArrowRight', 0, 3, { rtl: false })).toBe(1);
    expect(nextChoice('ArrowRight', 2, 3, { rtl: false })).toBe(0);
    expect(nextChoice('ArrowLeft', 0, 3, { rtl: false })).toBe(2);
    expect(nextChoice('ArrowRight', 0, 3, { rtl: true })).toBe(2);
    expect(nextChoice('ArrowLeft', 0, 3, { rtl: true })).toBe(1);
  });
  it('goes to the ends with Home and End, steps with Up and Down only for radio groups', () => {
    expect(nextChoice('Home', 2, 3, { rtl: false })).toBe(0);
    expect(nextChoice('End', 0, 3, { rtl: true })).toBe(2);
    expect(nextChoice('ArrowDown', 0, 3, { rtl: true, upDown: true })).toBe(1);
    expect(nextChoice('ArrowUp', 0, 3, { rtl: false, upDown: true })).toBe(2);
    expect(nextChoice('ArrowDown', 0, 3, { rtl: false })).toBeNull();
    expect(nextChoice('Enter', 0, 3, { rtl: false })).toBeNull();
  });
});
