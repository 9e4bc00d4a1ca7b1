import { describe, expect, it } from 'vitest';
import { cartTotal, checkoutDecision, lineTotal } from './totals.ts';

const line = (price: number, quantity: number) => ({ price, quantity });
const store = (minimum_order_value: number, minimum_admin_commision = 0) => ({ minimum_order_value, minimum_admin_commision });

describe('cartTotal', () => {
  it('is 0 for an empty cart', () => {
    expect(cartTotal([])).toBe(0);
  });

  it('sums price × quantity without floating-point drift', () => {
    expect(cartTotal([line(0.1, 3), line(0.2, 1)])).toBe(0.5);
    expect(cartTotal([line(1.005, 1), line(19.99, 3)])).toBe(60.98);
    expect(lineTotal(line(0.1, 3))).toBe(0.3);
  });
});

describe('checkoutDecision', () => {
  const lines = [line(5, 2)];

  it('refuses an empty cart before anything else', () => {
    expect(checkoutDecision({ lines: [], signedIn: false, detail: store(100) })).toBe('empty');
    expect(checkoutDecision({ lines: [], signedIn: true, detail: null })).toBe('empty');
  });

  it('sends a guest to sign in', () => {
    expect(checkoutDecision({ lines, signedIn: false, detail: store(100) })).toBe('sign-in');
  });

  it('asks for the minimum when the total is below minimum_order_value', () => {
    expect(checkoutDecision({ lines, signedIn: true, detail: store(15) })).toEqual({ minimum: 15 });
    expect(checkoutDecision({ lines: [line(0.1, 3)], signedIn: true, detail: store(0.31) })).toEqual({ minimum: 0.31 });
  });

  it('accepts a total equal to or above the minimum', () => {
    expect(checkoutDecision({ lines, signedIn: true, detail: store(10) })).toBe('review-cart');
    expect(checkoutDecision({ lines: [line(0.1, 3)], signedIn: true, detail: store(0.3) })).toBe('review-cart');
  });

  it('does not enforce the minimum for a store with a non-zero minimum_admin_commision', () => {
    expect(checkoutDecision({ lines, signedIn: true, detail: store(100, 5) })).toBe('review-cart');
  });

  it('goes to review-cart when there is no minimum or the store is unknown', () => {
    expect(checkoutDecision({ lines, signedIn: true, detail: store(0) })).toBe('review-cart');
    expect(checkoutDecision({ lines, signedIn: true, detail: null })).toBe('review-cart');
  });
});
