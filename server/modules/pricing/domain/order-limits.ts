/**
 * The vendor's limits on one order: the driver tip, the quantity of a line and the order's total.
 * A vendor sets them in its settings (`order_limits`, display units of its currency, read by
 * vendors/domain/settings.ts); pricing applies them (docs/behaviour.md#order-limits).
 */
import type { OrderLimit } from '../../../../contract/api/checkout.ts';
import { toMinor } from '../../../../contract/rules/money.ts';
import { orderLimitSettings, type Vendor } from '../../vendors/index.ts';

/** A vendor's limits: money in minor units of its currency. */
export interface OrderLimits {
  max_tip_minor: number;
  max_line_quantity: number;
  max_total_minor: number;
}

/** The limit an order is past, and that limit (minor units for money, a count for a line's quantity). */
export interface LimitRefusal {
  limit: OrderLimit;
  maximum: number;
}

/** The vendor's limits as the settings answer them (vendors/domain/settings.ts), money in minor units. */
export function orderLimits(vendor: Pick<Vendor, 'settings' | 'currency_exponent'>): OrderLimits {
  const set = orderLimitSettings(vendor);
  return {
    max_tip_minor: toMinor(set.max_driver_tip, vendor.currency_exponent),
    max_line_quantity: set.max_line_quantity,
    max_total_minor: toMinor(set.max_order_total, vendor.currency_exponent),
  };
}

/** The first limit a priced order is past, in the order the customer would fix them; undefined within all. */
export function pastLimit(
  limits: OrderLimits,
  lines: ReadonlyArray<{ quantity: number }>,
  price: { tip_minor: number; total_minor: number },
): LimitRefusal | undefined {
  if (lines.some((line) => line.quantity > limits.max_line_quantity)) return { limit: 'line_quantity', maximum: limits.max_line_quantity };
  if (price.tip_minor > limits.max_tip_minor) return { limit: 'driver_tip', maximum: limits.max_tip_minor };
  if (price.total_minor > limits.max_total_minor) return { limit: 'order_total', maximum: limits.max_total_minor };
  return undefined;
}
