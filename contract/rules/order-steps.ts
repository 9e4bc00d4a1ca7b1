import type { OrderModeName, OrderStatus } from '../api/order-states.ts';

/**
 * The order's states (docs/behaviour.md#orders-and-their-states), and which of them a customer
 * sees as ongoing or past: one list for the server's queries and the storefront's order lists.
 * payment_pending is where an online payment waits; scheduled holds an order for a later slot;
 * the rest is the life of an order at the store. Pickup skips the driver states.
 */
export const ORDER_STATUSES = [
  'payment_pending', 'payment_failed', 'scheduled', 'placed', 'confirmed', 'preparing',
  'waiting', 'on_the_way', 'arrived', 'delivered', 'cancelled',
] as const satisfies readonly OrderStatus[];

const DELIVERY_STEPS: readonly OrderStatus[] = ['placed', 'confirmed', 'preparing', 'waiting', 'on_the_way', 'arrived', 'delivered'];
const PICKUP_STEPS: readonly OrderStatus[] = ['placed', 'confirmed', 'preparing', 'waiting', 'delivered'];

/** The states an order goes through, in order; a scheduled order starts at 'scheduled'. */
export function stepsFor(mode: OrderModeName, scheduled = false): OrderStatus[] {
  const steps = mode === 'pickup' ? PICKUP_STEPS : DELIVERY_STEPS;
  return scheduled ? ['scheduled', ...steps] : [...steps];
}

/** Listed to the customer as ongoing orders (payment states never are). */
export const ONGOING_STATUSES: readonly OrderStatus[] = ['scheduled', 'placed', 'confirmed', 'preparing', 'waiting', 'on_the_way', 'arrived'];
/** Listed as past orders. */
export const PAST_STATUSES: readonly OrderStatus[] = ['delivered', 'cancelled'];

export const isOngoing = (status: OrderStatus): boolean => ONGOING_STATUSES.includes(status);
export const isPast = (status: OrderStatus): boolean => PAST_STATUSES.includes(status);

/** False once the order has ended (delivered, cancelled, payment failed): clients stop following it. */
export function isOpen(status: OrderStatus): boolean {
  return status !== 'delivered' && status !== 'cancelled' && status !== 'payment_failed';
}
