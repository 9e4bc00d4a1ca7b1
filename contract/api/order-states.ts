/** The words every order call shares: how an order is served, paid and how far it has come. */

/** The order mode as the API names it; the browser keeps it as pickupDeliveryFlag 1 (delivery) or 0 (pickup). */
export const ORDER_MODES = ['delivery', 'pickup'] as const;
export type OrderModeName = (typeof ORDER_MODES)[number];

export const PAYMENT_METHODS = ['wallet', 'cash', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type PaymentStatus = 'pending' | 'paid' | 'cash_due' | 'failed' | 'cancelled' | 'refunded';

/**
 * Order states. payment_pending and payment_failed are never shown to the store nor listed
 * for the customer. Labels: scheduled 'Schedule', placed 'Order Placed', confirmed 'Order
 * Confirmed', preparing 'Preparing Your Food' ('Processing' for grocery vendors), waiting
 * 'Waiting' (ready, waiting for the driver or the customer), on_the_way 'On The Way', arrived
 * 'Arrived', delivered 'Delivered', cancelled 'Cancelled'. Pickup skips on_the_way and arrived.
 */
export type OrderStatus =
  | 'payment_pending' | 'payment_failed' | 'scheduled' | 'placed' | 'confirmed' | 'preparing'
  | 'waiting' | 'on_the_way' | 'arrived' | 'delivered' | 'cancelled';
