import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderRequest, PlaceOrderResult, PriceBreakdown } from '../../../../contract/api/checkout.ts';
import { orderFingerprint } from '../../../../contract/rules/order-fingerprint.ts';
import {
  ALEX, createCheckoutWorld, FAR_INSIDE, key, line, NEAR, NEW_YORK, order, pricing, SAM, SOUQ, type CheckoutWorld,
} from '../../../test/checkout-fixtures.ts';
import { requestHash } from '../index.ts';

describe('check_restaurant_menu_with_price and place_order', () => {
  let w: CheckoutWorld;
  let alex: string;
  let sam: string;
  let ahmed: string;
  let margherita: number;
  let large: number;
  let mushrooms: number;
  let small: number;
  let near: number;
  let far: number;
  beforeAll(async () => {
    w = await createCheckoutWorld();
    alex = await w.t.signIn(undefined, ALEX);
    sam = await w.t.signIn(undefined, SAM);
    ahmed = await w.t.signIn(SOUQ);
    margherita = await w.item('Margherita');
    large = await w.option('Margherita', 'Large 14"');
    small = await w.option('Margherita', 'Small 10"');
    mushrooms = await w.option('Margherita', 'Mushrooms');
    near = await w.address(alex, NEAR);
    far = await w.address(alex, FAR_INSIDE);
  });
  afterAll(async () => w.t.close());

  const price = (body: object, token = alex) => w.t.post('check_restaurant_menu_with_price', body, { token });
  const place = (body: object, token = alex, host?: string) => w.t.post('place_order', body, { token, ...(host ? { host } : {}) });
  const wallet = async (mobile = ALEX) =>
    (await w.sql<{ w: number }>('SELECT wallet_balance_minor AS w FROM users WHERE mobile_number = $1', [mobile]))[0]!.w;
  const stock = async (id: number) => (await w.sql<{ s: number | null }>('SELECT stock AS s FROM items WHERE id = $1', [id]))[0]!.s;
  const orders = async () => (await w.sql<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0]!.n;

  describe('pricing', () => {
    it('needs a signed-in customer', async () => {
      expect((await w.t.post('check_restaurant_menu_with_price', pricing(w.pizza, [line(margherita, 1, 14, [small])]))).status).toBe(401);
      expect((await price(pricing(w.pizza, [line(margherita, 1, 14, [small])]), ahmed)).status).toBe(401);
    });

    it('prices items, options, packaging, distance-based delivery and the tip from its own data', async () => {
      const res = await price(pricing(w.pizza, [line(margherita, 2, 21.5, [large, mushrooms])], { order_mode: 'delivery', shiping_id: far, driver_tip: 2 }));
      expect(res.status).toBe(200);
      const b = res.body.Result as PriceBreakdown;
      expect(b.lines[0]).toMatchObject({
        item_id: margherita, name: 'Margherita', quantity: 2, unit_price: 21.5, client_price: 21.5, price_changed: 0, line_total: 43,
        selected_type: ['Large 14"', 'Mushrooms'], selectCustoizeID: [large, mushrooms], is_available: 1, stock: null, tax: 0,
      });
      expect(b.lines[0]!.image).toMatch(/^http:\/\/localhost(:\d+)?\/media\/item\/harbor-eats\/pizza\/margherita\.png$/);
      // 3.4 km: 2 free km, then 2 started km at 0.75.
      expect(b.distance_km).toBeCloseTo(3.4, 1);
      expect(b).toMatchObject({
        item_total: 43, tax: 0, tax_name: 'Sales tax', packaging_charge: 0.5, delivery_charge: 4.49, discount: 0, driver_tip: 2,
        total: 49.99, price_changed: 0, has_unavailable: 0, wallet_amount: 25, coupon_code: '', coupon_refusal: '',
      });
    });

    it('charges tax per line, rounded half-up, under the vendor tax name in the asked language', async () => {
      const smash = await w.item('Double Smash');
      const bacon = await w.option('Double Smash', 'Bacon');
      const res = await price({ ...pricing(await w.store('burger-dock'), [line(smash, 3, 16.5, [bacon])]), is_langauge: 'ar' });
      const b = res.body.Result as PriceBreakdown;
      expect([b.item_total, b.tax, b.tax_name]).toEqual([49.5, 4.27, 'ضريبة المبيعات']); // 49.5 × 8.63% = 4.27185
      expect(b.total).toBe(53.77);
    });

    it('charges no delivery and no tip for pickup', async () => {
      const b = (await price(pricing(w.pizza, [line(margherita, 1, 14, [small])], { driver_tip: 5 }))).body.Result as PriceBreakdown;
      expect([b.delivery_charge, b.driver_tip, b.distance_km, b.total]).toEqual([0, 0, null, 14.5]);
    });

    it('flags changed prices, unavailable items and short stock on their lines', async () => {
      const cannoli = await w.item('Cannoli (2)');
      const truffle = await w.item('Truffle Prosciutto');
      const trufSmall = await w.option('Truffle Prosciutto', 'Small 10"');
      const b = (await price(pricing(w.pizza, [line(margherita, 1, 9.99, [small]), line(cannoli, 1, 7), line(truffle, 6, 22, [trufSmall])])))
        .body.Result as PriceBreakdown;
      expect(b.lines.map((l) => [l.price_changed, l.is_available, l.stock])).toEqual([[1, 1, null], [0, 0, null], [0, 1, 5]]);
      expect([b.price_changed, b.has_unavailable]).toEqual([1, 1]);
      expect(b.item_total).toBe(14 + 7 + 132); // priced from the server, whatever the client said
    });

    it('flags another store’s or vendor’s item as unavailable instead of pricing it', async () => {
      const milk = await w.item('Fresh full-fat milk 2 L', SOUQ);
      const taco = await w.item('Fish Tacos (3)');
      const b = (await price(pricing(w.pizza, [line(milk, 1, 0.01), line(taco, 1, 12)]))).body.Result as PriceBreakdown;
      expect(b.lines.map((l) => [l.is_available, l.line_total])).toEqual([[0, 0], [0, 0]]);
      expect(b.has_unavailable).toBe(1);
      // An item of a hidden category is off the menu.
      const tiramisu = await w.item('Tiramisu');
      await w.sql('UPDATE menu_categories SET is_active = false WHERE id = (SELECT category_id FROM items WHERE id = $1)', [tiramisu]);
      const hidden = (await price(pricing(w.pizza, [line(tiramisu, 1, 8)]))).body.Result as PriceBreakdown;
      expect(hidden.lines[0]!.is_available).toBe(0);
      await w.sql('UPDATE menu_categories SET is_active = true WHERE id = (SELECT category_id FROM items WHERE id = $1)', [tiramisu]);
    });

    it('answers 422 with the line field for bad quantities, foreign options and broken choices', async () => {
      const pepperoniLarge = await w.option('Pepperoni Classic', 'Large 14"');
      const cases: Array<[object, string]> = [
        [line(margherita, 0, 14, [small]), 'lines.0.quantity'],
        [line(margherita, 1.5, 14, [small]), 'lines.0.quantity'],
        [{ ...line(margherita, 1, 14, [small]), quantity: '2' }, 'lines.0.quantity'],
        [line(margherita, 100, 14, [small]), 'lines.0.quantity'],
        [line(margherita, 1, 14, [small, pepperoniLarge]), 'lines.0.selectCustoizeID'],
        [line(margherita, 1, 14, [999999]), 'lines.0.selectCustoizeID'],
        [line(margherita, 1, 14, []), 'lines.0.selectCustoizeID'], // Size is required
        [line(margherita, 1, 14, [small, large]), 'lines.0.selectCustoizeID'], // one size at most
        [line(margherita, 1, 14, [small, small]), 'lines.0.selectCustoizeID'],
        [{ ...line(margherita, 1, 14, [small]), price: 'free' }, 'lines.0.price'],
        [{ ...line(margherita, 1, 14, [small]), item_id: -3 }, 'lines.0.item_id'],
      ];
      for (const [bad, field] of cases) {
        const res = await price(pricing(w.pizza, [line(margherita, 1, 14, [small]), bad as never]));
        expect(res.status, JSON.stringify(bad)).toBe(422);
        expect(Object.keys(res.body.errors ?? {}), JSON.stringify(bad)).toEqual([field.replace('lines.0', 'lines.1')]);
      }
      const many = Array.from({ length: 101 }, () => line(margherita, 1, 14, [small]));
      expect((await price(pricing(w.pizza, many))).body.errors).toHaveProperty('lines');
      expect((await price(pricing(w.pizza, []))).body).toMatchObject({ code: 422, errors: { lines: ['Please add Item in to cart'] } });
      expect((await price({ ...pricing(w.pizza, [line(margherita, 1, 14, [small])]), order_mode: 'drone' })).body.errors).toHaveProperty('order_mode');
    });

    it('refuses another customer’s address with 422 on shiping_id, and an unknown store with 101', async () => {
      const samsHome = await w.address(sam, NEAR);
      const res = await price(pricing(w.pizza, [line(margherita, 1, 14, [small])], { order_mode: 'delivery', shiping_id: samsHome }));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ shiping_id: ['Address not found'] });
      const souqStore = await w.store('gulf-supermarket', SOUQ);
      expect((await price(pricing(souqStore, [line(margherita, 1, 14, [small])]))).body).toEqual({ code: 101, msg: 'Store not found', msg_key: 'store.not_found' });
    });
  });

  describe('place_order', () => {
    it('places a cash pickup order with its lines, status event and stock taken', async () => {
      const truffle = await w.item('Truffle Prosciutto');
      const trufLarge = await w.option('Truffle Prosciutto', 'Large 14"');
      const before = await stock(truffle);
      const body = order(w.pizza, [line(truffle, 2, 28, [trufLarge]), line(margherita, 1, 14, [small])], 70.5);
      const res = await place(body);
      expect(res.body).toMatchObject({ code: 200, msg: 'Order placed successfully' });
      const r = res.body.Result as PlaceOrderResult;
      expect(r).toMatchObject({ status: 'placed', payment_status: 'cash_due', total: 70.5, payment_url: '', replayed: 0 });
      // The key remembers the order as sent (its fingerprint, the storefront's own rule): the same lines in
      // another order are the same order, replayed.
      const reordered = await place({ ...body, lines: [...(body.lines as unknown[])].reverse() });
      expect(reordered.body.Result).toMatchObject({ order_id: r.order_id, replayed: 1 });
      const [stored] = await w.sql<{ request_hash: string }>('SELECT request_hash FROM orders WHERE id = $1', [r.order_id]);
      expect(stored?.request_hash).toBe(requestHash(orderFingerprint(body as PlaceOrderRequest)));
      expect(await stock(truffle)).toBe(before! - 2);
      const [o] = await w.sql<Record<string, unknown>>('SELECT * FROM orders WHERE id = $1', [r.order_id]);
      expect(o).toMatchObject({ order_mode: 'pickup', item_total_minor: 7000, packaging_minor: 50, delivery_charge_minor: 0, total_minor: 7050, currency_code: 'USD', currency_exponent: 2 });
      const lines = await w.sql<{ name: string; quantity: number; unit_price_minor: number; options: unknown }>(
        'SELECT name, quantity, unit_price_minor, options FROM order_lines WHERE order_id = $1 ORDER BY sort_order', [r.order_id],
      );
      expect(lines).toEqual([
        { name: 'Truffle Prosciutto', quantity: 2, unit_price_minor: 2800, options: [{ option_id: trufLarge, name: 'Large 14"', price_minor: 600 }] },
        { name: 'Margherita', quantity: 1, unit_price_minor: 1400, options: [{ option_id: small, name: 'Small 10"', price_minor: 0 }] },
      ]);
      expect(await w.sql('SELECT from_status, to_status, actor FROM order_status_events WHERE order_id = $1', [r.order_id]))
        .toEqual([{ from_status: null, to_status: 'placed', actor: 'customer' }]);
    });

    it('pays by wallet for delivery: debits the wallet once with a ledger row, and a retry replays the order', async () => {
      const before = await wallet();
      const medium = await w.option('Margherita', 'Medium 12"');
      const body = order(w.pizza, [line(margherita, 1, 17, [medium])], 17 + 0.5 + 2.99 + 1, {
        order_mode: 'delivery', shiping_id: near, driver_tip: 1, payment_method: 'wallet',
      });
      const first = await place(body);
      expect(first.body.Result).toMatchObject({ status: 'placed', payment_status: 'paid', total: 21.49, replayed: 0 });
      const again = await place(body);
      expect(again.body.Result).toMatchObject({ order_id: (first.body.Result as PlaceOrderResult).order_id, replayed: 1, total: 21.49 });
      expect(await wallet()).toBe(before - 2149);
      // The same key with another cart is refused, not answered with the first order.
      const other = await place({ ...body, lines: [line(margherita, 2, 17, [medium])], expected_total: 17 * 2 + 1 + 2.99 + 1 });
      expect(other.status).toBe(422);
      expect(Object.keys(other.body.errors ?? {})).toEqual(['idempotency_key']);
      expect(await wallet()).toBe(before - 2149);
      const id = (first.body.Result as PlaceOrderResult).order_id;
      expect(await w.sql('SELECT kind, amount_minor, balance_after_minor FROM wallet_transactions WHERE order_id = $1', [id]))
        .toEqual([{ kind: 'order_payment', amount_minor: -2149, balance_after_minor: before - 2149 }]);
      const [o] = await w.sql<Record<string, unknown>>('SELECT delivery_address, tip_minor, distance_km, address_id FROM orders WHERE id = $1', [id]);
      expect(o).toMatchObject({ delivery_address: '1600 Stockton St', tip_minor: 100, address_id: near });
    });

    it('refuses a wallet order the balance cannot cover, writing nothing', async () => {
      const count = await orders();
      const samsHome = await w.address(sam, NEAR);
      const res = await place(order(w.pizza, [line(margherita, 2, 14, [small])], 31.49, { order_mode: 'delivery', shiping_id: samsHome, payment_method: 'wallet' }), sam);
      expect(res.body).toEqual({ code: 106, msg: 'Insufficient wallet amount please recharge your wallet', msg_key: 'wallet.insufficient' });
      expect(await orders()).toBe(count);
      expect(await wallet(SAM)).toBe(0);
    });

    it('refuses a wallet order of limited stock the balance cannot cover, taking no stock', async () => {
      const count = await orders();
      const truffle = await w.item('Truffle Prosciutto');
      const trufLarge = await w.option('Truffle Prosciutto', 'Large 14"');
      const before = await stock(truffle);
      const res = await place(order(w.pizza, [line(truffle, 1, 28, [trufLarge])], 28.5, { payment_method: 'wallet' }), sam);
      expect(res.body).toMatchObject({ code: 106, msg_key: 'wallet.insufficient' });
      expect(await stock(truffle)).toBe(before);
      expect(await orders()).toBe(count);
      expect(await wallet(SAM)).toBe(0);
    });

    it('answers priceChanged with the fresh breakdown when a line price or the expected total differs', async () => {
      const count = await orders();
      const stale = await place(order(w.pizza, [line(margherita, 1, 12, [small])], 12.5));
      expect(stale.body).toMatchObject({ code: 102, msg: 'Some of item price has been changed in your cart please go back and confirm.', msg_key: 'order.prices_changed' });
      expect((stale.body.Result as PriceBreakdown).lines[0]).toMatchObject({ unit_price: 14, client_price: 12, price_changed: 1 });
      const total = await place(order(w.pizza, [line(margherita, 1, 14, [small])], 0.5));
      expect(total.body).toMatchObject({ code: 102, Result: { total: 14.5, price_changed: 0 } });
      expect(await orders()).toBe(count);
    });

    it('answers itemsUnavailable for an unavailable item, short stock or another vendor’s item', async () => {
      const count = await orders();
      const cannoli = await w.item('Cannoli (2)');
      const milk = await w.item('Fresh full-fat milk 2 L', SOUQ);
      for (const lines of [[line(cannoli, 1, 7)], [line(milk, 1, 12.5)]]) {
        const res = await place(order(w.pizza, lines, 7.5));
        expect(res.body).toMatchObject({ code: 103, msg: 'Few items are not available', msg_key: 'order.items_unavailable', Result: { has_unavailable: 1 } });
      }
      expect(await orders()).toBe(count);
    });

    it('answers storeClosed for a store switched off now, and out of reach for an address outside its radius', async () => {
      const burger = await w.store('burger-dock');
      await w.sql('UPDATE restaurants SET on_off = false WHERE id = $1', [burger]);
      const fries = await w.item('Fries');
      const regular = await w.option('Fries', 'Regular');
      const closed = await place(order(burger, [line(fries, 4, 4.5, [regular])], 19.54));
      expect(closed.body).toEqual({ code: 104, msg: 'Restaurant is currently off, Please try after some time', msg_key: 'store.closed' });
      await w.sql('UPDATE restaurants SET on_off = true WHERE id = $1', [burger]);

      const nyc = await w.address(alex, NEW_YORK);
      const far = await place(order(w.pizza, [line(margherita, 2, 14, [small])], 0, { order_mode: 'delivery', shiping_id: nyc }));
      expect(far.body).toEqual({ code: 105, msg: 'Your location is out of reach', msg_key: 'location.out_of_reach' });
      const noAddress = await place(order(w.pizza, [line(margherita, 2, 14, [small])], 0, { order_mode: 'delivery' }));
      expect(noAddress.status).toBe(422);
      expect(noAddress.body.errors).toHaveProperty('shiping_id');
    });

    it('answers belowMinimum under the store minimum unless the store waives it', async () => {
      const knots = await w.item('Garlic Knots');
      const res = await place(order(w.pizza, [line(knots, 1, 6.5)], 7));
      expect(res.body).toMatchObject({ code: 109, msg: 'Minimum items total must be $15.00' });
      await w.sql('UPDATE restaurants SET minimum_admin_commision = 1 WHERE id = $1', [w.pizza]);
      expect((await place(order(w.pizza, [line(knots, 1, 6.5)], 7))).body.code).toBe(200);
      await w.sql('UPDATE restaurants SET minimum_admin_commision = 0 WHERE id = $1', [w.pizza]);
    });

    it('answers couponRefused for an expired code, and records the use of a good one', async () => {
      const expired = await place(order(w.pizza, [line(margherita, 2, 14, [small])], 28.5, { coupon_code: 'SUMMER30', order_mode: 'delivery', shiping_id: near }));
      expect(expired.body).toMatchObject({ code: 107, msg: 'This promo code has expired', Result: { coupon_refusal: 'expired', discount: 0 } });
      // PICKUP15: 15% of 28 = 4.20.
      const ok = await place(order(w.pizza, [line(margherita, 2, 14, [small])], 28.5 - 4.2, { coupon_code: 'pickup15' }));
      expect(ok.body.code).toBe(200);
      const id = (ok.body.Result as PlaceOrderResult).order_id;
      expect(await w.sql('SELECT coupon_code, discount_minor FROM orders WHERE id = $1', [id])).toEqual([{ coupon_code: 'PICKUP15', discount_minor: 420 }]);
      expect(await w.sql('SELECT count(*)::int AS n FROM coupon_redemptions WHERE order_id = $1', [id])).toEqual([{ n: 1 }]);
    });

    it('schedules ahead on a slot of the store, and refuses a time that is not one', async () => {
      const slot = new Date(Math.ceil((Date.now() + 2 * 3600_000) / 1800_000) * 1800_000).toISOString();
      const res = await place(order(w.pizza, [line(margherita, 2, 14, [small])], 28.5, { schedule_at: slot }));
      expect(res.body.Result).toMatchObject({ status: 'scheduled', payment_status: 'cash_due' });
      const [o] = await w.sql<{ scheduled_for: Date }>('SELECT scheduled_for FROM orders WHERE id = $1', [(res.body.Result as PlaceOrderResult).order_id]);
      expect(o!.scheduled_for.toISOString()).toBe(slot);
      const offGrid = new Date(Date.parse(slot) + 10 * 60_000).toISOString();
      expect((await place(order(w.pizza, [line(margherita, 2, 14, [small])], 28.5, { schedule_at: offGrid }))).body.code).toBe(108);
      const tooFar = new Date(Date.parse(slot) + 8 * 86_400_000).toISOString();
      expect((await place(order(w.pizza, [line(margherita, 2, 14, [small])], 28.5, { schedule_at: tooFar }))).body.code).toBe(108);
      expect((await place(order(w.pizza, [line(margherita, 2, 14, [small])], 28.5, { schedule_at: 'soon' }))).status).toBe(422);
    });

    it('takes orders ahead while closed only when the store or vendor allows it', async () => {
      const slot = new Date(Math.ceil((Date.now() + 3 * 3600_000) / 1800_000) * 1800_000).toISOString();
      const burger = await w.store('burger-dock');
      const onion = await w.item('Onion Rings');
      await w.sql('UPDATE restaurants SET on_off = false WHERE id = $1', [burger]);
      await w.sql('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [burger]);
      // Harbor Eats schedules after business hours.
      const ahead = await place(order(burger, [line(onion, 3, 5.5)], 17.92, { schedule_at: slot }));
      expect(ahead.body.Result).toMatchObject({ status: 'scheduled' });
      await w.sql('UPDATE restaurants SET on_off = true WHERE id = $1', [burger]);

      // Souq Al Madina does not; its roastery is switched off and takes no pre-orders.
      const roastery = await w.store('al-sultan-roastery', SOUQ);
      const almonds = await w.item('Raw almonds', SOUQ);
      const refused = await place(order(roastery, [line(almonds, 1, 60)], 60, { schedule_at: slot }), ahmed, SOUQ);
      expect(refused.body).toEqual({ code: 104, msg: 'Restaurant is currently off, Please try after some time', msg_key: 'store.closed' });
    });

    it('binds the customer’s pending order images to the order', async () => {
      const token = `tok-${key()}`;
      const [user] = await w.sql<{ id: number; vendor_id: number }>('SELECT id, vendor_id FROM users WHERE mobile_number = $1', [ALEX]);
      await w.sql(`INSERT INTO order_images (vendor_id, user_id, token, mime_type, content) VALUES ($1, $2, $3, 'image/png', '\\x00')`, [user!.vendor_id, user!.id, token]);
      const res = await place({ ...order(w.pizza, [line(margherita, 2, 14, [small])], 28.5), order_images: [token, 'someone-elses'] });
      expect(await w.sql('SELECT order_id FROM order_images WHERE token = $1', [token])).toEqual([{ order_id: (res.body.Result as PlaceOrderResult).order_id }]);
    });

    it('charges what the server prices, whatever else the client sends', async () => {
      // Fields a tampered client might add are not read: the charge comes from the catalogue.
      const tampered = {
        ...order(w.pizza, [{ ...line(margherita, 2, 14, [small]), unit_price: 0, line_total: 0, tax: -5 } as never], 28.5),
        total: 0.01, discount: 28, item_total: 0, delivery_charge: 0, vendor_id: '', payment_status: 'paid',
      };
      const res = await place(tampered);
      expect(res.body.code).toBe(200);
      const [o] = await w.sql<Record<string, number>>(
        'SELECT total_minor, discount_minor, item_total_minor, payment_status FROM orders WHERE id = $1', [(res.body.Result as PlaceOrderResult).order_id],
      );
      expect(o).toEqual({ total_minor: 2850, discount_minor: 0, item_total_minor: 2800, payment_status: 'cash_due' });
      // A client that lowers its line price and its expected total together is refused, not undercharged.
      const cheap = await place(order(w.pizza, [line(margherita, 2, 1, [small])], 2.5));
      expect(cheap.body.code).toBe(102);
      expect((cheap.body.Result as PriceBreakdown).total).toBe(28.5);
      // Another vendor's address and coupon are unknown here.
      const souqHome = await w.address(ahmed, { address: 'Deira', latitude: 25.27, longitude: 55.3 }, SOUQ);
      const foreign = await place(order(w.pizza, [line(margherita, 2, 14, [small])], 28.5, { order_mode: 'delivery', shiping_id: souqHome }));
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors).toEqual({ shiping_id: ['Address not found'] });
      const souqCoupon = await place(order(w.pizza, [line(margherita, 2, 14, [small])], 28.5, { coupon_code: 'FRESH20' }));
      expect(souqCoupon.body).toMatchObject({ code: 107, Result: { coupon_refusal: 'invalid', total: 28.5 } });
      // The vendor comes from the host: a vendor_id naming another vendor is refused.
      expect((await place({ ...order(w.pizza, [line(margherita, 2, 14, [small])], 28.5), vendor_id: 999 })).status).toBe(404);
    });

    it('validates the request: key, payment method, expected total, return URL', async () => {
      const good = order(w.pizza, [line(margherita, 2, 14, [small])], 28.5);
      for (const [bad, field] of [
        [{ idempotency_key: 'short' }, 'idempotency_key'],
        [{ payment_method: 'iou' }, 'payment_method'],
        [{ expected_total: -1 }, 'expected_total'],
        [{ payment_method: 'online', return_url: 'javascript:alert(1)' }, 'return_url'],
      ] as const) {
        const res = await place({ ...good, ...bad });
        expect(res.status, field).toBe(422);
        expect(res.body.errors, field).toHaveProperty(field);
      }
      expect((await w.t.post('place_order', good)).status).toBe(401);
    });
  });
});
