import type { PricedLine } from '../../../contract/api/checkout.ts';
import type { ReorderResult } from '../../../contract/api/orders.ts';
import { ORDER_CODES } from '../../../contract/constants.ts';
import { callApi } from '../api/client.ts';
import { $cart, addLine, setCart, type CartLine } from '../cart/cart.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { MESSAGES, say } from '../i18n/messages.ts';

/** Display amounts without float noise (0.1 + 0.2). */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** A past order's line as a cart line, at today's price. */
export function toCartLine(restaurantId: number, line: PricedLine, quantity: number): CartLine {
  const optionsTotal = line.options.reduce((sum, option) => sum + option.price, 0);
  const itemPrice = round(line.unit_price - optionsTotal);
  return {
    restaurant_id: restaurantId,
    item_id: line.item_id,
    name: line.name,
    price: line.unit_price,
    selected_type: line.selected_type.length > 0 ? line.selected_type : line.options.map((option) => option.name),
    quantity,
    // cart.ts reads 0 as "no limit".
    itemTotalQuantity: line.stock ?? 0,
    selectCustoizeID: line.selectCustoizeID,
    selectCustoizePrice: line.options.map((option) => option.price),
    itemQuntity: 1,
    item_type: line.item_type,
    item_price: itemPrice,
    image: line.image,
    saveprice: 0,
    // The cart keeps a tax percent; the order line has the tax amount.
    item_tax: line.line_total > 0 ? Math.round((line.tax / line.line_total) * 10000) / 100 : 0,
    mrp: itemPrice,
    packaging_charge: line.quantity > 0 ? round(line.packaging_charge / line.quantity) : 0,
  };
}

export interface PriceChange {
  name: string;
  was: number;
  now: number;
}

export interface QuantityCut {
  name: string;
  wanted: number;
  added: number;
}

export interface ReorderPlan {
  orderId: number;
  restaurantId: number;
  /** Lines to add, quantities within stock. */
  lines: CartLine[];
  /** Left out: no longer sold, or out of stock. */
  unavailable: string[];
  /** Fewer than ordered, for the stock left. */
  cut: QuantityCut[];
  /** Today's price differs from the one paid. */
  changed: PriceChange[];
  /** The cart holds another store's items: it must be cleared first (ask). */
  otherStore: boolean;
}

/** Units of the item already in `lines` (whatever its options): stock counts them all. */
const inCart = (lines: readonly CartLine[], itemId: number) =>
  lines.filter((line) => line.item_id === itemId).reduce((sum, line) => sum + line.quantity, 0);

/**
 * What a reorder would do to `cart`: unavailable lines are left out, quantities are cut
 * to the stock left (counting what the cart holds), changed prices are listed for the
 * customer to confirm, and a cart of another store is flagged.
 */
export function planReorder(orderId: number, result: ReorderResult, cart: readonly CartLine[]): ReorderPlan {
  const otherStore = cart.some((line) => line.restaurant_id !== result.restaurant_id);
  const base = otherStore ? [] : [...cart];
  const plan: ReorderPlan = { orderId, restaurantId: result.restaurant_id, lines: [], unavailable: [], cut: [], changed: [], otherStore };
  for (const line of result.lines) {
    if (line.is_available !== 1 || line.stock === 0) {
      plan.unavailable.push(line.name);
      continue;
    }
    const taken = inCart([...base, ...plan.lines], line.item_id);
    const room = line.stock === null ? line.quantity : Math.max(0, line.stock - taken);
    const quantity = Math.min(line.quantity, room);
    if (quantity === 0) {
      plan.unavailable.push(line.name);
      continue;
    }
    if (quantity < line.quantity) plan.cut.push({ name: line.name, wanted: line.quantity, added: quantity });
    if (line.price_changed === 1) plan.changed.push({ name: line.name, was: line.client_price, now: line.unit_price });
    plan.lines.push(toCartLine(result.restaurant_id, line, quantity));
  }
  return plan;
}

/** The cart after the reorder: the plan's lines merged in (same item and options add up), or a fresh cart when replacing. */
export function mergeReorder(cart: readonly CartLine[], plan: ReorderPlan, options: { replace?: boolean } = {}): CartLine[] | 'other-store' {
  if (plan.otherStore && !options.replace) return 'other-store';
  let lines: CartLine[] = plan.otherStore ? [] : [...cart];
  for (const line of plan.lines) {
    // A line already in the cart keeps its own price; the stock limit is today's.
    const next = addLine(
      lines.map((existing) => (existing.item_id === line.item_id ? { ...existing, itemTotalQuantity: line.itemTotalQuantity } : existing)),
      line,
    );
    // planReorder already kept quantities within stock; a refusal here means the stock is the limit.
    if (typeof next !== 'string') lines = next;
  }
  return lines;
}

/** Whether the customer should see the plan before the cart changes. */
export function needsConfirmation(plan: ReorderPlan): boolean {
  return plan.otherStore || plan.changed.length > 0 || plan.unavailable.length > 0 || plan.cut.length > 0;
}

export type ReorderFetch = { ok: true; plan: ReorderPlan } | { ok: false; message: string };

/** reorder_details, planned against the current cart. */
export async function fetchReorder(orderId: number): Promise<ReorderFetch> {
  try {
    const response = await callApi('reorder_details', { order_id: orderId });
    if (response.code === 200 && response.Result) return { ok: true, plan: planReorder(orderId, response.Result, $cart.get()) };
    if (response.code === ORDER_CODES.notFound) return { ok: false, message: response.msg || say(MESSAGES.somethingWentWrong) };
    return { ok: false, message: response.msg ?? say(MESSAGES.somethingWentWrongTryAgain) };
  } catch {
    return { ok: false, message: say(MESSAGES.somethingWentWrongTryAgain) };
  }
}

/** Puts the plan into the shared cart (the host page hears sf-cart-change and sf-reorder). */
export function applyReorder(plan: ReorderPlan, options: { replace?: boolean; origin?: EventTarget | null } = {}): boolean {
  const cart = $cart.get();
  // The cart may have changed while the customer read the plan.
  const current = { ...plan, otherStore: cart.some((line) => line.restaurant_id !== plan.restaurantId) };
  const lines = mergeReorder(cart, current, options);
  if (lines === 'other-store') return false;
  setCart(lines, options.origin);
  emitHostEvent('sf-reorder', { order_id: plan.orderId }, options.origin);
  return true;
}
