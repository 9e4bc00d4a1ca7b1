import type { OrderStatus } from '../api/order-states.ts';

/** The states a customer may cancel their own order in (cancel_order): the store has not taken it yet. */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['placed', 'scheduled'];

export function customerMayCancel(status: string): boolean {
  return (CUSTOMER_CANCELLABLE as readonly string[]).includes(status);
}
