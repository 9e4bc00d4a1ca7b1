/**
 * The vendor's limits on one order: the driver tip, the quantity of a line and the order's total.
 * A vendor sets them in its settings (`order_limits`, display units of its currency); what it leaves
 * out, or sets out of bounds, takes the default. Pricing applies them (docs/behaviour.md#order-limits).
 */
import { MAX_LINE_QUANTITY, type OrderLimit } from '../../../../contract/api/checkout.ts';
import { MAX_AMOUNT } from '../../../../contract/api/common.ts';
import { toMinor } from '../../../../contract/rules/money.ts';
import type { Vendor } from '../../vendors/index.ts';

/** The limits of a vendor that sets none, in display units of its currency. */
export const DEFAULT_ORDER_LIMITS = {
  max_driver_tip: 100,
  max_line_quantity: MAX_LINE_QUANTITY,
  max_order_total: 10_000,
} as const;

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

/** A setting within [min, max], else the fallback. */
function setting(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

export function orderLimits(vendor: Pick<Vendor, 'settings' | 'currency_exponent'>): OrderLimits {
  const raw = vendor.settings.order_limits;
  const set: Record<string, unknown> = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const d = DEFAULT_ORDER_LIMITS;
  return {
    max_tip_minor: toMinor(setting(set.max_driver_tip, d.max_driver_tip, 0, MAX_AMOUNT), vendor.currency_exponent),
    max_line_quantity: Math.floor(setting(set.max_line_quantity, d.max_line_quantity, 1, MAX_LINE_QUANTITY)),
    max_total_minor: toMinor(setting(set.max_order_total, d.max_order_total, 1, MAX_AMOUNT), vendor.currency_exponent),
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
