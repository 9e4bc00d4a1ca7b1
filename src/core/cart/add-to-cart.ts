import type { MenuItem } from '../../../contract/api/menu.ts';
import { fromMinor, toMinor } from '../../../contract/rules/money.ts';
import { chosenOptions, unitPriceMinor, type Selection } from '../menu/options.ts';
import { $cart, addLine, setCart, type CartLine, type CartRefusal } from './cart.ts';

/**
 * Adding to the cart from a menu: the item with its chosen options becomes a cart line, and
 * the add is checked against the cart (one store per cart, the item's stock over all its lines).
 */

/** The stored cart line for the item with its chosen options. Prices are display values. */
export function toCartLine(item: MenuItem, selection: Selection, quantity: number, minorDigits = 2): CartLine {
  const options = chosenOptions(item, selection);
  const unit = fromMinor(unitPriceMinor(item, selection, minorDigits), minorDigits);
  const mrp = item.mrp > item.price ? item.mrp : item.price;
  return {
    restaurant_id: item.restaurant_id,
    item_id: item.item_id,
    name: item.name,
    price: unit,
    selected_type: options.map((option) => option.name),
    quantity,
    // cart.ts reads 0 as "no limit".
    itemTotalQuantity: item.stock ?? 0,
    selectCustoizeID: options.map((option) => option.option_id),
    selectCustoizePrice: options.map((option) => option.price),
    itemQuntity: 1,
    item_type: item.item_type,
    item_price: item.price,
    image: item.image,
    saveprice: fromMinor(Math.max(0, toMinor(mrp, minorDigits) - toMinor(item.price, minorDigits)), minorDigits),
    item_tax: item.item_tax,
    mrp,
    packaging_charge: item.packaging_charge,
  };
}

/** One cart holds one store's items. */
export function cartHasOtherStore(lines: readonly CartLine[], restaurantId: number): boolean {
  return lines.some((line) => line.restaurant_id !== restaurantId);
}

export type AddOutcome =
  | { kind: 'added'; lines: CartLine[] }
  | { kind: 'other-store' }
  | { kind: 'refused'; reason: CartRefusal };

/**
 * Adding to the cart, with the item's stock counted over all its lines (whatever the options):
 * quantity 0 or less is refused, more than the stock is 'maximum-reached', a cart
 * holding another store's items asks first ('other-store') unless `replace`.
 */
export function planAdd(lines: readonly CartLine[], line: CartLine, options: { replace?: boolean } = {}): AddOutcome {
  if (!(line.quantity > 0)) return { kind: 'refused', reason: 'quantity-unavailable' };
  const base = cartHasOtherStore(lines, line.restaurant_id) ? (options.replace ? [] : null) : [...lines];
  if (base === null) return { kind: 'other-store' };
  if (line.itemTotalQuantity > 0) {
    const inCart = base.filter((existing) => existing.item_id === line.item_id).reduce((sum, existing) => sum + existing.quantity, 0);
    if (inCart + line.quantity > line.itemTotalQuantity) return { kind: 'refused', reason: 'maximum-reached' };
  }
  const next = addLine(base, line);
  return typeof next === 'string' ? { kind: 'refused', reason: next } : { kind: 'added', lines: next };
}

/** Applies planAdd to the shared cart; the host page hears `sf-cart-change` from `origin`. */
export function addToCart(line: CartLine, origin?: EventTarget | null, options: { replace?: boolean } = {}): AddOutcome {
  const outcome = planAdd($cart.get(), line, options);
  if (outcome.kind === 'added') setCart(outcome.lines, origin);
  return outcome;
}

