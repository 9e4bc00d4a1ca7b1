import { computed } from 'nanostores';
import { isSameChoice } from '../../../contract/rules/cart-line.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { fromMinor, toMinor } from '../../../contract/rules/money.ts';
import { shared } from '../platform/registry.ts';
import { persistentAtom } from '../platform/storage.ts';

/** A cart line as localStorage `cart` keeps it (field names as stored). Prices are display values. */
export interface CartLine {
  restaurant_id: number;
  item_id: number;
  name: string;
  price: number;
  /** Names of the chosen options. */
  selected_type: string[];
  quantity: number;
  /** Stock limit: plus is allowed only below it. */
  itemTotalQuantity: number;
  selectCustoizeID: number[];
  selectCustoizePrice: number[];
  itemQuntity: number;
  /** 0 veg, 1 non-veg. */
  item_type: 0 | 1;
  item_price: number;
  image: string;
  saveprice: number;
  item_tax: number;
  mrp: number;
  packaging_charge: number;
}

function isCartLine(value: unknown): value is CartLine {
  const line = value as Partial<CartLine> | null;
  return (
    typeof line === 'object' && line !== null &&
    typeof line.item_id === 'number' && typeof line.restaurant_id === 'number' &&
    typeof line.name === 'string' && typeof line.price === 'number' &&
    typeof line.quantity === 'number' && line.quantity > 0 &&
    Array.isArray(line.selectCustoizeID) && Array.isArray(line.selected_type)
  );
}

function isCart(value: unknown): value is CartLine[] {
  return Array.isArray(value) && value.every(isCartLine);
}

export const $cart = persistentAtom<CartLine[]>('cart', [], { isValid: isCart });
/** Images the customer attached to the pending order (localStorage orderUploadImages). */
export const $orderUploadImages = persistentAtom<string[]>('orderUploadImages', [], {
  isValid: (value): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string'),
});

export const $cartCount = shared('cart.count', () =>
  computed($cart, (lines) => lines.reduce((sum, line) => sum + line.quantity, 0)),
);

export type CartRefusal = 'quantity-unavailable' | 'maximum-reached';

/** Add: increments the matching line or appends; quantity 0 or less is refused. */
export function addLine(lines: CartLine[], line: CartLine): CartLine[] | CartRefusal {
  if (!(line.quantity > 0)) return 'quantity-unavailable';
  const index = lines.findIndex((existing) => isSameChoice(existing, line));
  if (index === -1) return [...lines, line];
  const existing = lines[index]!;
  const quantity = existing.quantity + line.quantity;
  if (existing.itemTotalQuantity > 0 && quantity > existing.itemTotalQuantity) return 'maximum-reached';
  return lines.map((current, at) => (at === index ? { ...current, quantity } : current));
}

/** Plus: allowed only while quantity is below itemTotalQuantity. */
export function increment(lines: CartLine[], index: number): CartLine[] | CartRefusal {
  const line = lines[index];
  if (!line) return lines;
  if (line.itemTotalQuantity > 0 && line.quantity >= line.itemTotalQuantity) return 'maximum-reached';
  return lines.map((current, at) => (at === index ? { ...current, quantity: current.quantity + 1 } : current));
}

/** Minus: at quantity 1 the line is removed. */
export function decrement(lines: CartLine[], index: number): CartLine[] {
  const line = lines[index];
  if (!line) return lines;
  if (line.quantity <= 1) return removeLine(lines, index);
  return lines.map((current, at) => (at === index ? { ...current, quantity: current.quantity - 1 } : current));
}

export function removeLine(lines: CartLine[], index: number): CartLine[] {
  return lines.filter((_, at) => at !== index);
}

const change = shared('cart.change', () => {
  const state = { origin: null as EventTarget | null };
  // One place tells the host page, for changes made here and those mirrored from another tab.
  $cart.listen((lines) => {
    emitHostEvent('sf-cart-change', { lines, count: lines.reduce((sum, line) => sum + line.quantity, 0) }, state.origin);
  });
  return state;
});

/** Writes the cart, empties the saved order images with the last item; the host page hears `sf-cart-change`. */
export function setCart(lines: CartLine[], origin?: EventTarget | null): void {
  change.origin = origin ?? null;
  $cart.set(lines);
  change.origin = null;
  if (lines.length === 0) $orderUploadImages.set([]);
}

export function clearCart(origin?: EventTarget | null): void {
  setCart([], origin);
}

/** The server's price for a line: the unit price and each option's price, matched by item and option set. */
export interface LinePrice {
  item_id: number;
  selectCustoizeID: number[];
  unit_price: number;
  options?: ReadonlyArray<{ option_id: number; price: number }>;
}

/** Reprice: lines the server priced differently take its unit price (and option prices); others stay as they are. */
export function repriceLines(lines: CartLine[], prices: readonly LinePrice[]): CartLine[] {
  let changed = false;
  const next = lines.map((line) => {
    const priced = prices.find((price) => isSameChoice(price, line));
    if (!priced || priced.unit_price === line.price) return line;
    changed = true;
    const optionPrice = new Map((priced.options ?? []).map((option) => [option.option_id, option.price]));
    const selectCustoizePrice = line.selectCustoizeID.map((id, at) => optionPrice.get(id) ?? line.selectCustoizePrice[at] ?? 0);
    const optionsTotal = selectCustoizePrice.reduce((sum, price) => sum + toMinor(price), 0);
    return { ...line, price: priced.unit_price, item_price: fromMinor(Math.max(0, toMinor(priced.unit_price) - optionsTotal)), selectCustoizePrice };
  });
  return changed ? next : lines;
}
