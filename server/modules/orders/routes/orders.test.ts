import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, OrderStatusResult, OrderSummary, RatingResult, ReorderResult } from '../../../../contract/api/orders.ts';
import { inTransaction } from '../../../db/tx.ts';
import { transition } from '../../order-status/index.ts';
import { harborFixture, insertOrder, type FixtureOrder } from '../../../test/orders-fixtures.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from '../../../test/test-app.ts';

describe('orders API', () => {
  let t: TestApp;
  let h: Awaited<ReturnType<typeof harborFixture>>;
  let alex: string;
  let sam: string;
  let ahmed: string;
  beforeAll(async () => {
    t = await createTestApp();
    h = await harborFixture(t.database.db);
    alex = await t.signIn(HARBOR, '4155550100');
    sam = await t.signIn(HARBOR, '4155550101');
    ahmed = await t.signIn(SOUQ);
  });
  afterAll(async () => t.close());

  const post = (call: string, body: object, token?: string, host = HARBOR) => t.post(call, body, { host, ...(token ? { token } : {}) });
  const order = (o: Partial<FixtureOrder>) =>
    insertOrder(t.database.db, { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, lines: [{ itemId: h.margherita, quantity: 1 }], ...o });
  const move = (id: number, to: Parameters<typeof transition>[3]) =>
    inTransaction(t.database.db, (c) => transition(c, h.vendorId, id, to, 'store'));

  it('requires a signed-in customer of this vendor', async () => {
    for (const call of ['ongoing_orders', 'order_history', 'current_orders_withratings', 'view_order_details', 'get_order_status',
      'add_rating', 'check_rating', 'reorder_details', 'cancel_order', 'upload-order-images', 'remove-order-image']) {
      expect((await post(call, { order_id: 1, rating: 5, image: 'x', token: 'x' })).status, call).toBe(401);
      expect((await post(call, { order_id: 1, rating: 5, image: 'x', token: 'x' }, ahmed)).status, call).toBe(401);
    }
  });

  it('answers 101 when there are no orders', async () => {
    for (const call of ['ongoing_orders', 'order_history', 'current_orders_withratings']) {
      expect((await post(call, {}, alex)).body, call).toEqual({ code: 101, msg: 'No orders found', Result: [] });
    }
  });

  it('splits ongoing and past, newest first, never listing payment states', async () => {
    const placed = await order({ status: 'placed', ageSeconds: 500 });
    const scheduled = await order({ status: 'scheduled', ageSeconds: 400, scheduledFor: new Date(Date.now() + 86_400_000) });
    const onTheWay = await order({ status: 'on_the_way', ageSeconds: 300, lines: [{ itemId: h.prosciutto, quantity: 2, optionIds: [h.largeSize] }, { itemId: h.margherita, quantity: 1 }] });
    const delivered = await order({ status: 'delivered', ageSeconds: 200 });
    const cancelled = await order({ status: 'cancelled', ageSeconds: 100 });
    await order({ status: 'payment_pending', paymentMethod: 'online', paymentStatus: 'pending' });
    await order({ status: 'payment_failed', paymentMethod: 'online', paymentStatus: 'failed' });
    await order({ userId: h.alex, status: 'placed' });

    const ongoing = (await post('ongoing_orders', {}, sam)).body;
    expect(ongoing.code).toBe(200);
    const list = ongoing.Result as OrderSummary[];
    expect(list.map((o) => o.order_id)).toEqual([onTheWay, scheduled, placed]);
    expect(list[0]).toMatchObject({
      restaurant_id: h.pizzeria, restaurant_name: 'Golden Gate Pizzeria', order_mode: 'delivery', status: 'on_the_way',
      payment_method: 'cash', payment_status: 'cash_due', item_count: 3, item_names: ['Truffle Prosciutto', 'Margherita'], rating: 0, scheduled_for: '',
    });
    expect(list[0]!.restaurant_image).toMatch(/^http:\/\/localhost:8080\/media\/store\//);
    expect(list[1]!.scheduled_for).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(Date.parse(list[0]!.created_at)).toBeGreaterThan(Date.parse(list[1]!.created_at));

    const past = (await post('order_history', {}, sam)).body.Result as OrderSummary[];
    expect(past.map((o) => o.order_id)).toEqual([cancelled, delivered]);
    const page = (await post('ongoing_orders', { skip: 1, limit: 1 }, sam)).body.Result as OrderSummary[];
    expect(page.map((o) => o.order_id)).toEqual([scheduled]);
    // Texts in the asked language.
    expect(((await post('ongoing_orders', { is_langauge: 'ar' }, sam)).body.Result as OrderSummary[])[0]!.restaurant_name).toBe('بيتزيريا البوابة الذهبية');
    expect((await post('ongoing_orders', { limit: 0 }, sam)).status).toBe(422);
    expect((await post('order_history', { skip: -1 }, sam)).status).toBe(422);
  });

  it('shows the whole order in view_order_details', async () => {
    const id = await order({
      userId: h.alex, status: 'confirmed', deliveryMinor: 299, tipMinor: 200, cashbackMinor: 100,
      lines: [{ itemId: h.prosciutto, quantity: 2, optionIds: [h.largeSize] }],
    });
    const res = await post('view_order_details', { order_id: id }, alex);
    expect(res.body.code).toBe(200);
    const d = res.body.Result as OrderDetail;
    const { rows: [item] } = await t.database.db.query<{ price_minor: number }>('SELECT price_minor FROM items WHERE id = $1', [h.prosciutto]);
    const { rows: [option] } = await t.database.db.query<{ name: string; price_minor: number }>('SELECT name, price_minor FROM item_options WHERE id = $1', [h.largeSize]);
    const unit = (item!.price_minor + option!.price_minor) / 100;
    expect(d.lines).toEqual([{
      item_id: h.prosciutto, name: 'Truffle Prosciutto', image: expect.stringMatching(/^http:\/\/localhost:8080\/media\/item\//), item_type: 1,
      selectCustoizeID: [h.largeSize], selected_type: [option!.name], options: [{ option_id: h.largeSize, name: option!.name, price: option!.price_minor / 100 }],
      quantity: 2, unit_price: unit, client_price: unit, price_changed: 0, line_total: unit * 2, tax: 0, packaging_charge: 0, is_available: 1, stock: null,
    }]);
    expect(d).toMatchObject({
      order_id: id, status: 'confirmed', item_total: unit * 2, delivery_charge: 2.99, driver_tip: 2, cashback: 1, discount: 0, tax_name: 'Service tax',
      total: unit * 2 + 2.99 + 2, delivery_address: '4B, Howard Plaza, 500 Howard St', delivery_latitude: 37.7877,
      restaurant_address: '1520 Stockton St, San Francisco, CA 94133', restaurant_latitude: 37.8003, restaurant_longitude: -122.4102,
      steps: ['placed', 'confirmed', 'preparing', 'waiting', 'on_the_way', 'arrived', 'delivered'],
      history: [{ status: 'confirmed', at: expect.any(String) }], rating: 0, review: '', images: [],
    });
    expect(d.restaurant_phone).toEqual(expect.any(String));
  });

  it("answers 101 'Order not found' for another customer's or vendor's order", async () => {
    const id = await order({ userId: h.alex });
    const notFound = { code: 101, msg: 'Order not found' };
    for (const call of ['view_order_details', 'get_order_status', 'check_rating', 'reorder_details', 'add_rating', 'cancel_order']) {
      expect((await post(call, { order_id: id, rating: 5 }, sam)).body, call).toEqual(notFound);
      expect((await post(call, { order_id: id, rating: 5 }, ahmed, SOUQ)).body, call).toEqual(notFound);
      expect((await post(call, { order_id: 99_999_999, rating: 5 }, alex)).body, call).toEqual(notFound);
    }
    expect((await post('view_order_details', { order_id: 'abc' }, alex)).status).toBe(422);
    expect((await post('get_order_status', {}, alex)).body).toMatchObject({ code: 422, errors: { order_id: ['order_id is required'] } });
  });

  it('follows the status until delivered (pickup skips the driver states)', async () => {
    const id = await order({ mode: 'pickup', status: 'placed' });
    const status = async () => (await post('get_order_status', { order_id: id }, sam)).body.Result as OrderStatusResult;
    expect(await status()).toMatchObject({ order_id: id, order_mode: 'pickup', status: 'placed', is_open: true, steps: ['placed', 'confirmed', 'preparing', 'waiting', 'delivered'] });
    for (const to of ['confirmed', 'preparing', 'waiting', 'delivered'] as const) await move(id, to);
    const done = await status();
    expect(done).toMatchObject({ status: 'delivered', is_open: false });
    expect(done.history.map((e) => e.status)).toEqual(['placed', 'confirmed', 'preparing', 'waiting', 'delivered']);
    // The customer never sees the payment states in the history.
    const online = await order({ status: 'payment_pending', paymentMethod: 'online', paymentStatus: 'pending', scheduledFor: new Date(Date.now() + 3_600_000) });
    await move(online, 'scheduled');
    const s = (await post('get_order_status', { order_id: online }, sam)).body.Result as OrderStatusResult;
    expect(s.history.map((e) => e.status)).toEqual(['scheduled']);
    expect(s.steps[0]).toBe('scheduled');
  });

  it('lets the customer cancel their own order until the store takes it, the money going back where it came from', async () => {
    const balance = async () => (await t.database.db.query<{ b: number }>('SELECT wallet_balance_minor AS b FROM users WHERE id = $1', [h.alex])).rows[0]!.b;
    await t.database.db.query('UPDATE users SET wallet_balance_minor = 10000 WHERE id = $1', [h.alex]);
    const cancel = async (id: number) => (await post('cancel_order', { order_id: id }, alex)).body;

    // Paid from the wallet and scheduled for tomorrow: the whole total back in the wallet, with its ledger line.
    const scheduled = await order({ userId: h.alex, status: 'scheduled', paymentMethod: 'wallet', scheduledFor: new Date(Date.now() + 86_400_000) });
    const detail = (await post('view_order_details', { order_id: scheduled }, alex)).body.Result as OrderDetail;
    const paid = await balance();
    const answer = await cancel(scheduled);
    expect(answer).toEqual({
      code: 200, msg: 'Your order has been cancelled',
      Result: { order_id: scheduled, status: 'cancelled', payment_status: 'refunded', refund: detail.total, refund_to: 'wallet' },
    });
    expect(await balance()).toBe(paid + Math.round(detail.total * 100));
    const { rows: ledger } = await t.database.db.query(
      `SELECT kind, amount_minor FROM wallet_transactions WHERE user_id = $1 AND order_id = $2 ORDER BY id`, [h.alex, scheduled],
    );
    const total = Math.round(detail.total * 100);
    expect(ledger).toEqual([{ kind: 'order_payment', amount_minor: -total }, { kind: 'order_refund', amount_minor: total }]);
    const { rows: events } = await t.database.db.query(`SELECT to_status, actor FROM order_status_events WHERE order_id = $1 ORDER BY id DESC LIMIT 1`, [scheduled]);
    expect(events).toEqual([{ to_status: 'cancelled', actor: 'customer' }]);
    // Once cancelled: nothing more, and no second refund.
    expect(await cancel(scheduled)).toEqual({ code: 111, msg: 'This order can no longer be cancelled' });
    expect(await balance()).toBe(paid + Math.round(detail.total * 100));

    // Cash not yet paid: nothing to give back.
    const cash = await order({ userId: h.alex, status: 'placed' });
    expect((await cancel(cash)).Result).toMatchObject({ payment_status: 'cancelled', refund: 0, refund_to: 'none' });

    // The store has taken it: too late.
    const confirmed = await order({ userId: h.alex, status: 'placed', paymentMethod: 'wallet' });
    await move(confirmed, 'confirmed');
    const before = await balance();
    expect(await cancel(confirmed)).toEqual({ code: 111, msg: 'This order can no longer be cancelled' });
    expect(await balance()).toBe(before);
    const pending = await order({ userId: h.alex, status: 'payment_pending', paymentMethod: 'online', paymentStatus: 'pending' });
    expect((await cancel(pending)).code).toBe(111);
  });

  it('a cancel and the store taking the order at once: exactly one of them wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await order({ userId: h.alex, status: 'placed', paymentMethod: 'wallet' });
      const [cancelled, taken] = await Promise.allSettled([post('cancel_order', { order_id: id }, alex), move(id, 'confirmed')]);
      const customerWon = cancelled.status === 'fulfilled' && cancelled.value.body.code === 200;
      expect(customerWon).toBe(taken.status === 'rejected');
      const { rows } = await t.database.db.query<{ status: string; refunds: number }>(
        `SELECT status, (SELECT count(*)::int FROM wallet_transactions WHERE order_id = $1 AND kind = 'order_refund') AS refunds FROM orders WHERE id = $1`, [id],
      );
      expect(rows[0]).toEqual(customerWon ? { status: 'cancelled', refunds: 1 } : { status: 'confirmed', refunds: 0 });
    }
  });

  it('rates a delivered order once, refreshing the store rating', async () => {
    const open = await order({ userId: h.alex, status: 'preparing' });
    expect((await post('add_rating', { order_id: open, rating: 5 }, alex)).body).toEqual({ code: 111, msg: 'Only a delivered order can be rated' });

    const a = await order({ userId: h.alex, status: 'delivered', ageSeconds: 50 });
    const b = await order({ userId: h.alex, status: 'delivered' });
    for (const rating of [0, 6, 3.5, 'abc', '', null, true]) {
      const bad = await post('add_rating', { order_id: a, rating }, alex);
      expect(bad.status, String(rating)).toBe(422);
      expect(bad.body.errors, String(rating)).toEqual({ rating: ['Rating must be a whole number from 1 to 5'] });
    }
    expect((await post('add_rating', { order_id: a, rating: 4, review: 'x'.repeat(1001) }, alex)).body.errors).toEqual({ review: ['Review must be at most 1000 characters'] });
    expect((await post('add_rating', { order_id: a }, alex)).body.errors).toEqual({ rating: ['rating is required'] });

    // The latest delivered order is offered for rating with the ongoing ones.
    const current = (await post('current_orders_withratings', {}, alex)).body.Result as OrderSummary[];
    expect(current.map((o) => o.order_id)).toContain(b);
    expect(current.map((o) => o.order_id)).not.toContain(a);
    expect(current.every((o) => o.status !== 'delivered' || o.order_id === b)).toBe(true);

    expect((await post('check_rating', { order_id: b }, alex)).body.Result).toEqual({ order_id: b, rated: 0, rating: 0, review: '' });
    expect((await post('add_rating', { order_id: b, rating: '2', review: '  Cold pizza  ' }, alex)).body).toEqual({
      code: 200, msg: 'Thank you for your rating', Result: { order_id: b, rated: 1, rating: 2, review: 'Cold pizza' },
    });
    expect((await post('add_rating', { order_id: b, rating: 5 }, alex)).body).toEqual({ code: 111, msg: 'This order has already been rated' });
    expect((await post('add_rating', { order_id: a, rating: 5 }, alex)).body.code).toBe(200);
    expect((await post('check_rating', { order_id: b }, alex)).body.Result as RatingResult).toEqual({ order_id: b, rated: 1, rating: 2, review: 'Cold pizza' });
    const { rows: [store] } = await t.database.db.query<{ rating: number; rating_count: number }>(
      'SELECT rating, rating_count FROM restaurants WHERE id = $1', [h.pizzeria]);
    expect(store).toEqual({ rating: 3.5, rating_count: 2 });
    const detail = (await post('view_order_details', { order_id: b }, alex)).body.Result as OrderDetail;
    expect(detail).toMatchObject({ rating: 2, review: 'Cold pizza' });
    const after = (await post('current_orders_withratings', {}, alex)).body.Result as OrderSummary[];
    expect(after.map((o) => o.order_id)).not.toContain(b);
  });

  it('prices a reorder at today’s prices and flags what is gone', async () => {
    const db = t.database.db;
    const { rows: [knots] } = await db.query<{ id: number }>("SELECT id FROM items WHERE vendor_id = $1 AND name = 'Garlic Knots'", [h.vendorId]);
    const id = await order({
      userId: h.alex, status: 'delivered',
      lines: [{ itemId: h.margherita, quantity: 2 }, { itemId: h.prosciutto, quantity: 1, optionIds: [h.largeSize] }, { itemId: knots!.id, quantity: 1 }],
    });
    const paid = (await post('view_order_details', { order_id: id }, alex)).body.Result as OrderDetail;
    await db.query('UPDATE items SET price_minor = price_minor + 100 WHERE id = $1', [h.margherita]);
    await db.query('UPDATE item_options SET is_available = false WHERE id = $1', [h.largeSize]);
    await db.query('UPDATE items SET stock = 0 WHERE id = $1', [knots!.id]);
    try {
      const r = (await post('reorder_details', { order_id: id }, alex)).body.Result as ReorderResult;
      expect(r.restaurant_id).toBe(h.pizzeria);
      const [margherita, prosciutto, garlic] = r.lines;
      expect(margherita).toMatchObject({ quantity: 2, client_price: paid.lines[0]!.unit_price, unit_price: paid.lines[0]!.unit_price + 1, price_changed: 1, is_available: 1 });
      expect(margherita!.line_total).toBeCloseTo((paid.lines[0]!.unit_price + 1) * 2, 6);
      expect(prosciutto).toMatchObject({ price_changed: 0, is_available: 0, selectCustoizeID: [h.largeSize], client_price: paid.lines[1]!.unit_price });
      expect(garlic).toMatchObject({ is_available: 0, stock: 0, price_changed: 0 });
      const ar = (await post('reorder_details', { order_id: id, is_langauge: 'ar' }, alex)).body.Result as ReorderResult;
      expect(ar.lines[0]!.name).toBe('مارغريتا');
    } finally {
      await db.query('UPDATE items SET price_minor = price_minor - 100 WHERE id = $1', [h.margherita]);
      await db.query('UPDATE item_options SET is_available = true WHERE id = $1', [h.largeSize]);
    }
  });
});
