import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceBreakdown } from '../../../../contract/api/checkout.ts';
import type { Coupon } from '../../../../contract/api/offers.ts';
import { ALEX, createCheckoutWorld, line, NEAR, order, pricing, SAM, SOUQ, type CheckoutWorld } from '../../../test/checkout-fixtures.ts';

describe('offers: couponlisting, coupon_redeem, auto_apply_coupon_redeem', () => {
  let w: CheckoutWorld;
  let alex: string;
  let sam: string;
  let margherita: number;
  let small: number;
  let near: number;
  let harborId: number;
  beforeAll(async () => {
    w = await createCheckoutWorld();
    alex = await w.t.signIn(undefined, ALEX);
    sam = await w.t.signIn(undefined, SAM);
    margherita = await w.item('Margherita');
    small = await w.option('Margherita', 'Small 10"');
    near = await w.address(alex, NEAR);
    harborId = (await w.sql<{ id: number }>(`SELECT vendor_id AS id FROM vendor_hosts WHERE host = 'localhost'`))[0]!.id;
  });
  afterAll(async () => w.t.close());

  const list = async (body: object, token?: string, host?: string) =>
    w.t.post('couponlisting', { user_id: '', ...body }, { ...(token ? { token } : {}), ...(host ? { host } : {}) });
  const codes = (res: { body: { Result?: unknown } }) => ((res.body.Result ?? []) as Coupon[]).map((c) => c.coupon_code);
  /** Margherita Small × n for delivery to Alex's address near the pizzeria. */
  const cart = (n: number, extra: object = {}) => pricing(w.pizza, [line(margherita, n, 14, [small])], { order_mode: 'delivery', shiping_id: near, ...extra });
  const redeem = (body: object, token = alex) => w.t.post('coupon_redeem', body, { token });
  const coupon = async (fields: Record<string, unknown>) => {
    const cols = Object.keys(fields);
    await w.sql(
      `INSERT INTO coupons (vendor_id, ${cols.join(', ')}) VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')})`,
      [harborId, ...Object.values(fields)],
    );
  };

  it('lists active coupons of the order type and Both, for guests too', async () => {
    expect(codes(await list({ coupon_type: 'Delivery' }))).toEqual(['WELCOME10', 'FLAT5', 'FREEBITE']);
    expect(codes(await list({ coupon_type: 'Pickup' }))).toEqual(['PICKUP15', 'FREEBITE']);
    const welcome = ((await list({ coupon_type: 'Delivery', is_langauge: 'ar' })).body.Result as Coupon[])[0]!;
    expect(welcome).toMatchObject({
      coupon_code: 'WELCOME10', coupon_name: 'خصم 10٪ على طلبك الأول', coupon_type: 'Delivery', discount_kind: 'percent',
      discount_percent: 10, max_discount: 5, min_order: 15, cashback: 0, restaurant_id: null,
    });
    expect(welcome.coupon_image).toMatch(/^http:\/\/localhost(:\d+)?\/media\/coupon\/harbor-eats\/offer\/welcome10\.png$/);
    expect(welcome.expires_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const free = ((await list({ coupon_type: 'Pickup' })).body.Result as Coupon[]).find((c) => c.coupon_code === 'FREEBITE');
    expect(free?.discount_kind).toBe('free_item');
    expect(await list({ coupon_type: 'Pickup' }, undefined, SOUQ)).toMatchObject({ body: { code: 101, msg: 'No Offers Available', msg_key: 'offers.none', Result: [] } });
  });

  it('lists a store-limited coupon only with that store, and hides coupons not started yet', async () => {
    await coupon({ code: 'PIZZA3', name: 'Pizza 3 off', coupon_type: 'Both', discount_type: 'flat', discount_flat_minor: 300, restaurant_id: w.pizza });
    await coupon({ code: 'LATER', name: 'Later', coupon_type: 'Both', discount_type: 'flat', discount_flat_minor: 100, starts_at: new Date(Date.now() + 86_400_000) });
    expect(codes(await list({ coupon_type: 'Pickup' }))).toEqual(['PICKUP15', 'FREEBITE']);
    expect(codes(await list({ coupon_type: 'Pickup', restaurant_id: w.pizza }))).toEqual(['PICKUP15', 'FREEBITE', 'PIZZA3']);
    const burger = await w.store('burger-dock');
    expect(codes(await list({ coupon_type: 'Pickup', restaurant_id: burger }))).toEqual(['PICKUP15', 'FREEBITE']);
    const pizza3 = (await redeem(cart(2, { coupon_code: 'PIZZA3', restaurant_id: burger, lines: [line(await w.item('Onion Rings'), 3, 5.5)] })));
    expect(pizza3.body).toMatchObject({ code: 107, msg: 'This promo code is not valid at this store', Result: { coupon_refusal: 'wrong_store' } });
    expect((await redeem(cart(2, { coupon_code: 'LATER' }))).body).toMatchObject({ code: 107, Result: { coupon_refusal: 'not_started' } });
  });

  it('applies a percent coupon, capped, with the discount in the breakdown', async () => {
    const res = await redeem(cart(2, { coupon_code: 'welcome10' }));
    expect(res.body).toMatchObject({ code: 200, Result: { coupon_code: 'WELCOME10', discount: 2.8, coupon_refusal: '', item_total: 28, total: 28 + 0.5 + 2.99 - 2.8 } });
    // 10% of 70 is 7: capped at 5.
    expect((await redeem(cart(5, { coupon_code: 'WELCOME10' }))).body.Result).toMatchObject({ discount: 5 });
  });

  it('refuses with the reason: invalid, expired, wrong mode, minimum order, single item only', async () => {
    const refusal = async (body: object) => {
      const res = await redeem(body);
      expect(res.body.code, JSON.stringify(body)).toBe(107);
      const b = res.body.Result as PriceBreakdown;
      expect(b.discount).toBe(0);
      return [b.coupon_refusal, res.body.msg];
    };
    expect(await refusal(cart(2, { coupon_code: 'NOPE' }))).toEqual(['invalid', 'Invalid promo code']);
    expect(await refusal(cart(2, { coupon_code: 'SOUQ10' }))).toEqual(['invalid', 'Invalid promo code']); // another vendor's
    expect(await refusal(cart(2, { coupon_code: 'SUMMER30' }))).toEqual(['expired', 'This promo code has expired']);
    expect(await refusal(cart(2, { coupon_code: 'PICKUP15' }))).toEqual(['wrong_mode', 'This promo code is not valid for this order type']);
    expect(await refusal(cart(1, { coupon_code: 'FLAT5' }))).toEqual(['minimum_order', 'Minimum items total must be $25.00 for this promo code']);
    expect((await redeem(cart(1, { coupon_code: 'FLAT5' }))).body.Result).toMatchObject({ coupon_min_order: 25, coupon_code: 'FLAT5' });
    expect(await refusal(cart(2, { coupon_code: 'FREEBITE' }))).toEqual(['single_item_only', 'A free-order coupon is valid for a single item only']);
  });

  it('makes a single item free up to the coupon cap', async () => {
    const res = await redeem(pricing(w.pizza, [line(margherita, 1, 14, [small])], { coupon_code: 'FREEBITE' }));
    expect(res.body.Result).toMatchObject({ discount: 8, item_total: 14, total: 14 + 0.5 - 8 });
    const knots = await w.item('Garlic Knots');
    expect((await redeem(pricing(w.pizza, [line(knots, 1, 6.5)], { coupon_code: 'FREEBITE' }))).body.Result).toMatchObject({ discount: 6.5, total: 0.5 });
  });

  it('gives cashback without a discount (Souq, AED)', async () => {
    const ahmed = await w.t.signIn(SOUQ);
    const supermarket = await w.store('gulf-supermarket', SOUQ);
    const rice = await w.item('Basmati rice 5 kg', SOUQ);
    const body = { ...pricing(supermarket, [line(rice, 4, 42)], { coupon_code: 'CASHBACK15' }), order_mode: 'delivery' as const };
    const res = await w.t.post('coupon_redeem', body, { token: ahmed, host: SOUQ });
    expect(res.body).toMatchObject({ code: 200, Result: { discount: 0, cashback: 15, item_total: 168, tax: 8.4 } });
  });

  it('counts per-customer and total limits: limit_reached, used_up, and listing hides used-up coupons', async () => {
    // Alex uses WELCOME10 (once per customer).
    const placed = await w.t.post('place_order', order(w.pizza, [line(margherita, 2, 14, [small])], 28 + 0.5 + 2.99 - 2.8, {
      order_mode: 'delivery', shiping_id: near, coupon_code: 'WELCOME10',
    }), { token: alex });
    expect(placed.body.code).toBe(200);
    expect((await redeem(cart(2, { coupon_code: 'WELCOME10' }))).body).toMatchObject({
      code: 107, msg: 'You have already used this promo code', Result: { coupon_refusal: 'limit_reached' },
    });
    expect(codes(await list({ coupon_type: 'Delivery' }, alex))).toEqual(['FLAT5', 'FREEBITE']);
    expect(codes(await list({ coupon_type: 'Delivery' }, sam))).toEqual(['WELCOME10', 'FLAT5', 'FREEBITE']);
    expect(codes(await list({ coupon_type: 'Delivery' }))).toEqual(['WELCOME10', 'FLAT5', 'FREEBITE']);

    await coupon({ code: 'ONCE', name: 'Only one', coupon_type: 'Both', discount_type: 'flat', discount_flat_minor: 100, total_limit: 1 });
    const first = await w.t.post('place_order', order(w.pizza, [line(margherita, 2, 14, [small])], 27.5, { coupon_code: 'ONCE' }), { token: alex });
    expect(first.body.code).toBe(200);
    const samsHome = await w.address(sam, NEAR);
    expect((await redeem(cart(2, { coupon_code: 'ONCE', shiping_id: samsHome }), sam)).body).toMatchObject({
      code: 107, msg: 'This promo code has been fully used', Result: { coupon_refusal: 'used_up' },
    });
    expect(codes(await list({ coupon_type: 'Pickup' }, sam))).not.toContain('ONCE');
  });

  it('auto-applies the coupon that saves the most, or answers 101', async () => {
    const sams = await w.address(sam, NEAR);
    const best = await w.t.post('auto_apply_coupon_redeem', cart(2, { shiping_id: sams }), { token: sam });
    // 28.00: WELCOME10 saves 2.80; FLAT5 needs 25 and saves 5.
    expect(best.body).toMatchObject({ code: 200, Result: { coupon_code: 'FLAT5', discount: 5 } });
    const one = await w.t.post('auto_apply_coupon_redeem', cart(1, { shiping_id: sams }), { token: sam });
    // 14.00, single item: FREEBITE's 8 beats nothing else that applies (WELCOME10 needs 15).
    expect(one.body).toMatchObject({ code: 200, Result: { coupon_code: 'FREEBITE', discount: 8 } });
    // 11.00 of onion rings at Burger Dock: below every minimum, two items, and PIZZA3 is the pizzeria's.
    const rings = await w.item('Onion Rings');
    const none = await w.t.post('auto_apply_coupon_redeem', pricing(await w.store('burger-dock'), [line(rings, 2, 5.5)], { order_mode: 'delivery', shiping_id: sams }), { token: sam });
    expect(none.body).toMatchObject({ code: 101, msg: 'No Offers Available', msg_key: 'offers.none', Result: { coupon_code: '', discount: 0 } });
    expect((await w.t.post('auto_apply_coupon_redeem', cart(2))).status).toBe(401);
    expect((await w.t.post('coupon_redeem', cart(2, { coupon_code: 'FLAT5' }))).status).toBe(401);
  });

  it('needs a code for coupon_redeem', async () => {
    const res = await redeem(cart(2));
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('coupon_code');
  });
});
