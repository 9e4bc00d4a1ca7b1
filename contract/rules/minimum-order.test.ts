import { describe, expect, it } from 'vitest';
import { isBelowMinimum } from './minimum-order.ts';

describe('isBelowMinimum', () => {
  const store = { minimumMinor: 1500, minimumAdminCommission: 0 };

  it('refuses an items total below the minimum, to the last minor unit', () => {
    expect(isBelowMinimum(1499, store)).toBe(true);
    expect(isBelowMinimum(1500, store)).toBe(false);
    expect(isBelowMinimum(0, store)).toBe(true);
  });

  it('takes anything where the store charges a commission instead, or has no minimum', () => {
    expect(isBelowMinimum(100, { minimumMinor: 1500, minimumAdminCommission: 2 })).toBe(false);
    expect(isBelowMinimum(0, { minimumMinor: 0, minimumAdminCommission: 0 })).toBe(false);
  });
});
