// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isSameChoice } from '../../../contract/rules/cart-line.ts';
import { $cart, $cartCount, $orderUploadImages, addLine, decrement, increment, removeLine, repriceLines, setCart, type CartLine } from './cart.ts';
import { cartLine } from '../checkout/checkout.fixtures.ts';

const line = (overrides: Partial<CartLine> = {}): CartLine => cartLine({ quantity: 1, ...overrides });

describe('cart rules', () => {
  beforeEach(() => setCart([]));

  it('increments a line with the same item and the same set of options, in any order', () => {
    const first = addLine([], line({ selectCustoizeID: [3, 1] }));
    const second = addLine(first as CartLine[], line({ selectCustoizeID: [1, 3], quantity: 2 }));
    expect(second).toHaveLength(1);
    expect((second as CartLine[])[0]!.quantity).toBe(3);
  });

  it('appends a line when the options differ', () => {
    const lines = addLine(addLine([], line({ selectCustoizeID: [1] })) as CartLine[], line({ selectCustoizeID: [2] }));
    expect(lines).toHaveLength(2);
    expect(isSameChoice(line({ selectCustoizeID: [1] }), line({ selectCustoizeID: [1, 2] }))).toBe(false);
  });

  it('refuses quantity 0 or less', () => {
    expect(addLine([], line({ quantity: 0 }))).toBe('quantity-unavailable');
    expect(addLine([], line({ quantity: -1 }))).toBe('quantity-unavailable');
  });

  it('allows plus only below the stock limit', () => {
    const lines = [line({ quantity: 4 })];
    const five = increment(lines, 0) as CartLine[];
    expect(five[0]!.quantity).toBe(5);
    expect(increment(five, 0)).toBe('maximum-reached');
    expect(addLine(five, line())).toBe('maximum-reached');
  });

  it('removes the line when minus is pressed at 1, and by trash', () => {
    expect(decrement([line({ quantity: 2 })], 0)[0]!.quantity).toBe(1);
    expect(decrement([line()], 0)).toEqual([]);
    expect(removeLine([line(), line({ item_id: 11 })], 0).map((l) => l.item_id)).toEqual([11]);
  });

  it('persists, counts quantities, empties order images with the last item and tells the page', () => {
    const heard = vi.fn();
    document.addEventListener('sf-cart-change', heard);
    $orderUploadImages.set(['a.jpg']);
    setCart([line({ quantity: 2 }), line({ item_id: 11, quantity: 3 })]);
    expect($cartCount.get()).toBe(5);
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(2);
    expect(heard).toHaveBeenCalledTimes(1);
    expect((heard.mock.calls[0]![0] as CustomEvent).detail.count).toBe(5);
    setCart([]);
    expect($orderUploadImages.get()).toEqual([]);
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([]);
    document.removeEventListener('sf-cart-change', heard);
  });

  it('mirrors a cart written by another tab', () => {
    const lines = [line({ quantity: 4 })];
    localStorage.setItem('cart', JSON.stringify(lines));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: JSON.stringify(lines), storageArea: localStorage }));
    expect($cart.get()).toEqual(lines);
    expect($cartCount.get()).toBe(4);
  });
});

describe('repriceLines', () => {
  it('takes the server unit price and option prices for the matching line only', () => {
    const lines = [
      line({ item_id: 1, price: 12, item_price: 10, selectCustoizeID: [7, 3], selectCustoizePrice: [1.5, 0.5] }),
      line({ item_id: 1, price: 10, item_price: 10, selectCustoizeID: [] }),
      line({ item_id: 2, price: 4 }),
    ];
    const next = repriceLines(lines, [
      { item_id: 1, selectCustoizeID: [3, 7], unit_price: 13.25, options: [{ option_id: 7, price: 2 }, { option_id: 3, price: 0.75 }] },
      { item_id: 2, selectCustoizeID: [], unit_price: 4 },
    ]);
    expect(next[0]).toMatchObject({ price: 13.25, selectCustoizePrice: [2, 0.75], item_price: 10.5, quantity: 1 });
    expect(next[1]).toBe(lines[1]); // no server price for the plain line: untouched
    expect(next[2]).toBe(lines[2]); // same price: untouched
  });

  it('returns the same array when nothing changed', () => {
    const lines = [line({ price: 12 })];
    expect(repriceLines(lines, [{ item_id: 10, selectCustoizeID: [], unit_price: 12 }])).toBe(lines);
  });
});
