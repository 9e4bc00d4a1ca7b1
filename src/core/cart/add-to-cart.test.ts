// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { item } from '../menu/menu.fixtures.ts';
import { addToCart, cartHasOtherStore, planAdd, toCartLine } from './add-to-cart.ts';
import { $cart, setCart, type CartLine } from './cart.ts';

describe('cart lines', () => {
  it('builds the stored cart line', () => {
    const line = toCartLine(item({ stock: 5 }), { 1: [12], 2: [21] }, 2);
    expect(line).toMatchObject({
      restaurant_id: 1, item_id: 100, name: 'Margherita', price: 19, quantity: 2, itemTotalQuantity: 5,
      selected_type: ['Medium', 'Mozzarella'], selectCustoizeID: [12, 21], selectCustoizePrice: [3, 2],
      item_type: 0, item_price: 14, mrp: 16, saveprice: 2, item_tax: 5, packaging_charge: 0.5, image: '/media/item/1.svg',
    });
    expect(toCartLine(item({ stock: null, mrp: 0 }), {}, 1)).toMatchObject({ itemTotalQuantity: 0, mrp: 14, saveprice: 0 });
  });

  const line = (overrides: Partial<CartLine> = {}): CartLine => ({ ...toCartLine(item({ stock: 5 }), { 1: [11] }, 1), ...overrides });

  it('increments the same item with the identical options, appends otherwise', () => {
    const first = planAdd([], line());
    expect(first.kind).toBe('added');
    const lines = (first as { lines: CartLine[] }).lines;
    const again = planAdd(lines, line({ quantity: 2 }));
    expect(again).toMatchObject({ kind: 'added', lines: [{ quantity: 3 }] });
    const other = planAdd(lines, line({ selectCustoizeID: [12] }));
    expect((other as { lines: CartLine[] }).lines).toHaveLength(2);
  });

  it('refuses quantity 0 or less, and more than the stock over all lines of the item', () => {
    expect(planAdd([], line({ quantity: 0 }))).toEqual({ kind: 'refused', reason: 'quantity-unavailable' });
    expect(planAdd([], line({ quantity: -1 }))).toEqual({ kind: 'refused', reason: 'quantity-unavailable' });
    expect(planAdd([], line({ quantity: 6 }))).toEqual({ kind: 'refused', reason: 'maximum-reached' });
    const four = [line({ quantity: 3 }), line({ selectCustoizeID: [12], quantity: 1 })];
    expect(planAdd(four, line({ quantity: 1 })).kind).toBe('added');
    expect(planAdd(four, line({ selectCustoizeID: [13], quantity: 2 }))).toEqual({ kind: 'refused', reason: 'maximum-reached' });
    // unlimited stock
    expect(planAdd([], line({ itemTotalQuantity: 0, quantity: 500 })).kind).toBe('added');
  });

  it('one cart holds one store: another store asks first, and replaces on confirm', () => {
    const fromStore2 = [line({ restaurant_id: 2, item_id: 7 })];
    expect(cartHasOtherStore(fromStore2, 1)).toBe(true);
    expect(cartHasOtherStore([], 1)).toBe(false);
    expect(planAdd(fromStore2, line())).toEqual({ kind: 'other-store' });
    expect(planAdd(fromStore2, line(), { replace: true })).toMatchObject({ kind: 'added', lines: [{ restaurant_id: 1, item_id: 100 }] });
  });

  it('adds to the shared cart and tells the host page from the element', () => {
    setCart([]);
    const host = document.createElement('sf-menu');
    document.body.append(host);
    const heard = vi.fn();
    host.addEventListener('sf-cart-change', heard);
    expect(addToCart(line(), host).kind).toBe('added');
    expect($cart.get()).toHaveLength(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect((heard.mock.calls[0]![0] as CustomEvent).detail.count).toBe(1);
    expect(addToCart(line({ restaurant_id: 3 }), host).kind).toBe('other-store');
    expect($cart.get()[0]!.restaurant_id).toBe(1);
    expect(heard).toHaveBeenCalledTimes(1);
    host.remove();
    setCart([]);
  });
});
