/**
 * Finding 9, "totals without limit": a tip of 1,000,000 was accepted, and an order of $1,000,032.
 * The driver tip, the quantity of a line and the order's total now have limits (the vendor's, else
 * 100, 99 and 10,000 in its currency): the bill and place_order answer ORDER_CODES.overLimit with
 * the limit in words, and no order is placed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceBreakdown } from '../../contract/api/checkout.ts';
import { ORDER_CODES } from '../../contract/constants.ts';
import { createCheckoutWorld, key, line, NEAR, type CheckoutWorld } from '../../server/test/checkout-fixtures.ts';

describe('limits on the tip, a line and the total', () => {
  let w: CheckoutWorld;
  let token: string;
  let knots: number;
  let address: number;
  beforeAll(async () => {
    w = await createCheckoutWorld();
    token = await w.t.signIn();
    knots = await w.item('Garlic Knots');
    address = await w.address(token, NEAR);
  });
  afterAll(async () => w.t.close());

  const orders = async () => (await w.sql<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0]!.n;
  /** Five Garlic Knots delivered near the store, with this tip. */
  const delivery = (driver_tip: number) => ({
    restaurant_id: w.pizza, order_mode: 'delivery', shiping_id: address, driver_tip, lines: [line(knots, 5, 6.5)],
  });
  const quote = (body: object) => w.t.post('check_restaurant_menu_with_price', body, { token });
  const place = (body: object, expected_total: number) =>
    w.t.post('place_order', { ...body, idempotency_key: key(), payment_method: 'cash', expected_total }, { token });

  it('refuses a tip of 1,000,000 (the order of $1,000,032), in the bill and when placing', async () => {
    const before = await orders();
    const bill = await quote(delivery(1_000_000));
    expect(bill.status).toBe(200);
    expect(bill.body).toMatchObject({ code: ORDER_CODES.overLimit, msg: 'The driver tip can be at most $100.00' });
    const breakdown = bill.body.Result as PriceBreakdown;
    expect(breakdown).toMatchObject({ limit_refusal: 'driver_tip', limit_maximum: 100, driver_tip: 1_000_000 });
    expect(breakdown.total).toBeGreaterThan(1_000_000);

    const placed = await place(delivery(1_000_000), breakdown.total);
    expect(placed.body).toMatchObject({ code: ORDER_CODES.overLimit, msg: 'The driver tip can be at most $100.00', Result: { limit_refusal: 'driver_tip' } });
    expect(await orders()).toBe(before);
  });

  it('takes a tip of exactly the limit', async () => {
    const bill = await quote(delivery(100));
    expect(bill.body.code).toBe(200);
    const breakdown = bill.body.Result as PriceBreakdown;
    expect(breakdown).toMatchObject({ limit_refusal: '', limit_maximum: 0, driver_tip: 100 });
    expect((await place(delivery(100), breakdown.total)).body.code).toBe(200);
  });

  it('refuses an order past the total of 10,000, and a promo code does not get it through', async () => {
    const before = await orders();
    // 16 lines of 99 Garlic Knots: 16 × 99 × $6.50 = $10,296 before tax.
    const big = { restaurant_id: w.pizza, order_mode: 'pickup', lines: Array.from({ length: 16 }, () => line(knots, 99, 6.5)) };
    const bill = await quote(big);
    expect(bill.body).toMatchObject({ code: ORDER_CODES.overLimit, msg: 'An order can be at most $10000.00' });
    expect(bill.body.Result).toMatchObject({ limit_refusal: 'order_total', limit_maximum: 10_000 });
    const total = (bill.body.Result as PriceBreakdown).total;
    expect((await place(big, total)).body).toMatchObject({ code: ORDER_CODES.overLimit, Result: { limit_refusal: 'order_total' } });
    expect((await w.t.post('auto_apply_coupon_redeem', big, { token })).body.code).toBe(ORDER_CODES.overLimit);
    expect(await orders()).toBe(before);
  });

  it('refuses more than 99 of a line in the request itself', async () => {
    const res = await quote({ restaurant_id: w.pizza, order_mode: 'pickup', lines: [line(knots, 100, 6.5)] });
    expect(res).toMatchObject({ status: 422, body: { msg: 'Quantity must be a whole number from 1 to 99' } });
  });
});
