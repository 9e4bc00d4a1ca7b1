import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import type { CartLine } from './cart.ts';
import { isBelowMinimum } from '../../../contract/rules/minimum-order.ts';
import { fromMinor, toMinor } from '../../../contract/rules/money.ts';

/** The cart total: each line's price × quantity, summed in integer minor units. */
export function cartTotal(lines: readonly Pick<CartLine, 'price' | 'quantity'>[]): number {
  return fromMinor(lines.reduce((sum, line) => sum + toMinor(line.price) * line.quantity, 0));
}

/** A line's price × quantity, computed in integer minor units. */
export function lineTotal(line: Pick<CartLine, 'price' | 'quantity'>): number {
  return cartTotal([line]);
}

export type CheckoutDecision = 'empty' | 'sign-in' | { minimum: number } | 'review-cart';

export interface CheckoutContext {
  lines: readonly Pick<CartLine, 'price' | 'quantity'>[];
  signedIn: boolean;
  /** The cart's store; null while unknown (the minimum is then not checked). */
  detail: Pick<RestaurantDetail, 'minimum_order_value' | 'minimum_admin_commision'> | null;
}

/** The store's minimum order when the cart is below it (and the store enforces it: minimum_admin_commision 0), else null. */
export function unmetMinimum(
  lines: readonly Pick<CartLine, 'price' | 'quantity'>[],
  detail: Pick<RestaurantDetail, 'minimum_order_value' | 'minimum_admin_commision'> | null,
): number | null {
  if (!detail) return null;
  const store = { minimumMinor: toMinor(detail.minimum_order_value), minimumAdminCommission: detail.minimum_admin_commision };
  return isBelowMinimum(toMinor(cartTotal(lines)), store) ? detail.minimum_order_value : null;
}

/**
 * Checkout from the cart panel: an empty cart is refused, a guest signs in first,
 * a store without minimum_admin_commision refuses a total below its minimum_order_value,
 * and otherwise the customer goes to review-cart.
 */
export function checkoutDecision({ lines, signedIn, detail }: CheckoutContext): CheckoutDecision {
  if (lines.length === 0) return 'empty';
  if (!signedIn) return 'sign-in';
  const minimum = unmetMinimum(lines, detail);
  return minimum === null ? 'review-cart' : { minimum };
}
