import { describe, expect, it } from 'vitest';
import { rechargeRefusal } from './wallet.ts';

describe('rechargeRefusal', () => {
  const terms = { minimum: 5, limit: 500 };
  it('asks for an amount', () => {
    expect(rechargeRefusal(0, 0, terms, 2)).toBe('required');
    expect(rechargeRefusal(-3, 0, terms, 2)).toBe('required');
    expect(rechargeRefusal(Number.NaN, 0, terms, 2)).toBe('required');
    expect(rechargeRefusal(0.004, 0, terms, 2)).toBe('required');
  });
  it('holds the minimum, to the cent', () => {
    expect(rechargeRefusal(4.99, 0, terms, 2)).toBe('minimum');
    expect(rechargeRefusal(5, 0, terms, 2)).toBeUndefined();
  });
  it('keeps the balance within the limit, to the cent', () => {
    expect(rechargeRefusal(475, 2500, terms, 2)).toBeUndefined();
    expect(rechargeRefusal(475.01, 2500, terms, 2)).toBe('limit');
    expect(rechargeRefusal(20, 49_000, { minimum: 20, limit: 500 }, 0)).toBe('limit');
  });
});
