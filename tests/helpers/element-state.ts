/**
 * Page state for the element tests: the bundle's shared stores, values written to
 * localStorage as another tab would write them, and cart lines to put there.
 */
import type { CartLine } from '../../src/core/cart/cart.ts';

type Registry = Map<string, { get(): unknown; set(value: unknown): void }>;

/** A store of the page's shared registry (the bundle's nanostores). */
export function sharedStore<T>(key: string): { get(): T; set(value: T): void } {
  const registry = (globalThis as unknown as Record<symbol, Registry>)[Symbol.for('storefront-elements.registry')]!;
  const store = registry.get(key);
  if (!store) throw new Error(`no shared store ${key}`);
  return store as { get(): T; set(value: T): void };
}

/** Writes a stored value as another tab would, so every island hears it. */
export function writeStored(key: string, value: unknown): void {
  const text = JSON.stringify(value);
  localStorage.setItem(key, text);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: text, storageArea: localStorage }));
}

/** Removes a stored value as another tab would. */
export function removeStored(key: string): void {
  localStorage.removeItem(key);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: null, storageArea: localStorage }));
}

/** Writes the cart as another tab would. */
export function writeCart(lines: CartLine[]): void {
  writeStored('cart', lines);
}

/** A cart line of store 1 for item `item_id`, named "Item <id>", 5.00 each, 10 in stock, no options. */
export function itemLine(item_id: number, quantity: number, overrides: Partial<CartLine> = {}): CartLine {
  return {
    restaurant_id: 1, item_id, name: `Item ${item_id}`, price: 5, selected_type: [], quantity, itemTotalQuantity: 10,
    selectCustoizeID: [], selectCustoizePrice: [], itemQuntity: 1, item_type: 0, item_price: 5, image: '', saveprice: 0,
    item_tax: 0, mrp: 5, packaging_charge: 0, ...overrides,
  };
}
