import { describe, expect, it } from 'vitest';
import { orderLimits, pastLimit } from './order-limits.ts';

const vendor = (order_limits?: unknown, currency_exponent = 2) => ({ settings: order_limits === undefined ? {} : { order_limits }, currency_exponent });

describe('order limits', () => {
  it('default to a tip of 100, 99 of an item and a total of 10,000 in the vendor’s currency', () => {
    expect(orderLimits(vendor())).toEqual({ max_tip_minor: 100_00, max_line_quantity: 99, max_total_minor: 10_000_00 });
    expect(orderLimits(vendor(undefined, 0))).toEqual({ max_tip_minor: 100, max_line_quantity: 99, max_total_minor: 10_000 });
  });

  it('take what the vendor sets, and the default for what it sets out of bounds', () => {
    expect(orderLimits(vendor({ max_driver_tip: 20, max_line_quantity: 10, max_order_total: 500.5 })))
      .toEqual({ max_tip_minor: 20_00, max_line_quantity: 10, max_total_minor: 500_50 });
    expect(orderLimits(vendor({ max_driver_tip: 0 })).max_tip_minor).toBe(0); // no tips at all
    expect(orderLimits(vendor({ max_driver_tip: -1, max_line_quantity: 500, max_order_total: '50' })))
      .toEqual({ max_tip_minor: 100_00, max_line_quantity: 99, max_total_minor: 10_000_00 });
    expect(orderLimits(vendor('none'))).toEqual(orderLimits(vendor()));
  });

  it('names the first limit an order is past: a line’s quantity, then the tip, then the total', () => {
    const limits = orderLimits(vendor({ max_driver_tip: 20, max_line_quantity: 10, max_order_total: 500 }));
    const within = { tip_minor: 20_00, total_minor: 500_00 };
    expect(pastLimit(limits, [{ quantity: 10 }], within)).toBeUndefined();
    expect(pastLimit(limits, [{ quantity: 1 }, { quantity: 11 }], within)).toEqual({ limit: 'line_quantity', maximum: 10 });
    expect(pastLimit(limits, [{ quantity: 1 }], { ...within, tip_minor: 20_01 })).toEqual({ limit: 'driver_tip', maximum: 20_00 });
    expect(pastLimit(limits, [{ quantity: 1 }], { ...within, total_minor: 500_01 })).toEqual({ limit: 'order_total', maximum: 500_00 });
    expect(pastLimit(limits, [{ quantity: 11 }], { tip_minor: 1e8, total_minor: 1e9 })?.limit).toBe('line_quantity');
  });
});
