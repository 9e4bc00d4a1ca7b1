/**
 * The store's minimum order, one rule for the storefront's checkout button and the server's
 * refusals (orders and subscriptions): a store that takes no commission in its place
 * (minimum_admin_commision 0) refuses an items total below its minimum_order_value. In minor units.
 */
export function isBelowMinimum(itemsTotalMinor: number, store: { minimumMinor: number; minimumAdminCommission: number }): boolean {
  return store.minimumAdminCommission === 0 && store.minimumMinor > 0 && itemsTotalMinor < store.minimumMinor;
}
