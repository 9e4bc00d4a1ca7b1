import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderResult, PriceBreakdown } from '../../../../contract/api/checkout.ts';
import type { DeliveryQuote } from '../../../../contract/api/delivery-partners.ts';
import type { VendorSettings } from '../../../../contract/api/settings.ts';
import { DELIVERY_PARTNER_TEXTS } from '../../../../contract/rules/delivery-partners.ts';
import { metresBetween, minutesAt } from '../../../../contract/rules/geo.ts';
import { connectDemoPartners } from '../../../doubles/delivery/demo-partners.ts';
import { dunzoDouble, dunzoPriceRupees } from '../../../doubles/delivery/dunzo.ts';
import { startedKm } from '../../../doubles/delivery/kit.ts';
import { porterBikeFarePaise, porterDouble } from '../../../doubles/delivery/porter.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import {
  ALEX, createCheckoutWorld, FAR_INSIDE, line, NEAR, NEW_YORK, order, pricing, SAM, SOUQ, type CheckoutWorld,
} from '../../../test/checkout-fixtures.ts';
import { PORTER_RIDE_KMH } from '../adapters/porter.ts';

describe('delivery partners: quotes, the bill and place_order', () => {
  let doubles: PaymentDoubles;
  let w: CheckoutWorld;
  let alex: string;
  let sam: string;
  let ahmed: string;
  let margherita: number;
  let small: number;
  let near: number;
  let far: number;
  let pizzeria: { latitude: number; longitude: number };
  /** Every answer the tests saw, searched for the partners' keys at the end. */
  const seen: unknown[] = [];

  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    w = await createCheckoutWorld({ paymentDoublesUrl: doubles.url });
    // Porter and Dunzo quote in rupees: Harbor charges in INR for these tests, Souq stays in AED.
    await w.sql(`UPDATE vendors SET currency_code = 'INR', currency_symbol = '₹' WHERE id = (SELECT vendor_id FROM vendor_hosts WHERE host = 'localhost')`);
    expect(await connectDemoPartners(w.t.database.db)).toBe(2);
    alex = await w.t.signIn(undefined, ALEX);
    sam = await w.t.signIn(undefined, SAM);
    ahmed = await w.t.signIn(SOUQ);
    margherita = await w.item('Margherita');
    small = await w.option('Margherita', 'Small 10"');
    near = await w.address(alex, NEAR);
    far = await w.address(alex, FAR_INSIDE);
    const [store] = await w.sql<{ latitude: number; longitude: number }>('SELECT latitude, longitude FROM restaurants WHERE id = $1', [w.pizza]);
    pizzeria = { latitude: Number(store!.latitude), longitude: Number(store!.longitude) };
  });
  afterAll(async () => {
    await w?.t.close();
    await doubles?.close();
  });

  const post = async (name: string, body: object, token: string | undefined = alex, host?: string) => {
    const res = await w.t.post(name, body, { ...(token ? { token } : {}), ...(host ? { host } : {}) });
    seen.push(res.body);
    return res;
  };
  const porter = (where: { latitude: number; longitude: number }, token = alex, store = w.pizza) =>
    post('get_porter_delivery_charge', { restaurant_id: store, latitude: where.latitude, longitude: where.longitude }, token);
  const dunzo = (where: { latitude: number; longitude: number }, token = alex, store = w.pizza) =>
    post('get-dunzo-quotation', { restaurant_id: store, latitude: where.latitude, longitude: where.longitude }, token);
  const quoted = async (ask: Promise<{ status: number; body: { code: number; Result?: unknown } }>) => {
    const res = await ask;
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.Result as DeliveryQuote;
  };
  const cart = () => [line(margherita, 2, 14, [small])];
  const bill = (extra: object, token = alex) =>
    post('check_restaurant_menu_with_price', pricing(w.pizza, cart(), { order_mode: 'delivery', shiping_id: far, ...extra }), token);

  it('tells the storefront which partners the vendor offers, only where they quote in its currency', async () => {
    const harbor = (await post('get-vendor-settings', {}, undefined)).body as unknown as { settings: VendorSettings };
    expect(harbor.settings.delivery_partners).toEqual(['porter', 'dunzo']);
    const souq = (await post('get-vendor-settings', {}, undefined, SOUQ)).body as unknown as { settings: VendorSettings };
    expect(souq.settings).not.toHaveProperty('delivery_partners');
  });

  it('quotes through Porter: the two-wheeler fare by distance, its time to the store plus the ride', async () => {
    const quote = await quoted(porter(FAR_INSIDE));
    const km = startedKm(pizzeria, FAR_INSIDE);
    expect(quote).toMatchObject({ partner: 'porter', delivery_charge: porterBikeFarePaise(km) / 100 });
    expect(quote.eta_minutes).toBe(8 + minutesAt(metresBetween(pizzeria, FAR_INSIDE), PORTER_RIDE_KMH));
    expect(quote.quote_id).toMatch(/^dq_[A-Za-z0-9_-]+$/);
    const expires = Date.parse(quote.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(9 * 60_000);
    expect(expires).toBeLessThanOrEqual(10 * 60_000);
    expect(doubles.store.log).toContain('porter POST /v1/get_quote');
  });

  it('quotes through Dunzo: its estimated price and its time to the drop', async () => {
    const quote = await quoted(dunzo(FAR_INSIDE));
    const km = startedKm(pizzeria, FAR_INSIDE);
    expect(quote).toMatchObject({ partner: 'dunzo', delivery_charge: dunzoPriceRupees(km), eta_minutes: 10 + 3 * km });
    expect(doubles.store.log).toContain('dunzo POST /api/v2/quote');
  });

  it('answers 101 when the partner cannot deliver there, is not offered, or cannot be reached', async () => {
    for (const ask of [porter(NEW_YORK), dunzo(NEW_YORK)]) {
      expect((await ask).body).toMatchObject({ code: 101, msg: DELIVERY_PARTNER_TEXTS.outOfArea, msg_key: 'delivery.out_of_area' });
    }
    // Souq charges in AED: no partner is offered there.
    expect((await porter(NEAR, ahmed)).status).toBe(401);
    const souqStore = (await w.sql<{ id: number }>(`SELECT r.id FROM restaurants r JOIN vendor_hosts h ON h.vendor_id = r.vendor_id WHERE h.host = $1 LIMIT 1`, [SOUQ]))[0]!.id;
    const souq = await w.t.post('get-dunzo-quotation', { restaurant_id: souqStore, latitude: 25.2, longitude: 55.27 }, { token: ahmed, host: SOUQ });
    expect(souq.body).toMatchObject({ code: 101, msg: DELIVERY_PARTNER_TEXTS.unavailable });
    doubles.store.failNext(1);
    expect((await porter(NEAR)).body).toMatchObject({ code: 101, msg: DELIVERY_PARTNER_TEXTS.unavailable });
    // A store that is not the vendor's, and a customer who is not signed in.
    expect((await porter(NEAR, alex, 999_999)).body).toMatchObject({ code: 101, msg: 'Store not found' });
    expect((await porter(NEAR, '')).status).toBe(401);
    expect((await post('get_porter_delivery_charge', { restaurant_id: w.pizza, latitude: 91, longitude: 0 })).status).toBe(422);
  });

  it('prices the bill with the chosen quote, and place_order charges exactly that fare', async () => {
    const quote = await quoted(porter(FAR_INSIDE));
    const own = (await bill({})).body.Result as PriceBreakdown;
    const res = await bill({ delivery_partner: 'porter', quote_id: quote.quote_id });
    expect(res.body.code).toBe(200);
    const b = res.body.Result as PriceBreakdown;
    expect(b).toMatchObject({ delivery_charge: quote.delivery_charge, delivery_partner: 'porter', store_delivery_charge: own.delivery_charge });
    expect(b.total).toBeCloseTo(own.total - own.delivery_charge + quote.delivery_charge, 6);

    const placed = await post('place_order', order(w.pizza, cart(), b.total, {
      order_mode: 'delivery', shiping_id: far, delivery_partner: 'porter', quote_id: quote.quote_id,
    }));
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    const result = placed.body.Result as PlaceOrderResult;
    expect(result.total).toBe(b.total);
    const [row] = await w.sql<{ delivery_charge_minor: number; total_minor: number; delivery_partner: string }>(
      'SELECT delivery_charge_minor, total_minor, delivery_partner FROM orders WHERE id = $1', [result.order_id],
    );
    expect(row).toEqual({ delivery_charge_minor: Math.round(quote.delivery_charge * 100), total_minor: Math.round(b.total * 100), delivery_partner: 'porter' });
    const [kept] = await w.sql<{ order_id: number }>('SELECT order_id FROM delivery_quotes WHERE quote_ref = $1', [quote.quote_id]);
    expect(Number(kept!.order_id)).toBe(result.order_id);

    // One order per quote: another order with it is refused; the same attempt again answers its order.
    const again = await post('place_order', order(w.pizza, cart(), b.total, {
      order_mode: 'delivery', shiping_id: far, delivery_partner: 'porter', quote_id: quote.quote_id,
    }));
    expect(again.status).toBe(422);
    expect(again.body.errors?.quote_id).toEqual([DELIVERY_PARTNER_TEXTS.quoteInvalid]);
  });

  it('answers a retried attempt with its order, though the quote is now that order\'s', async () => {
    const quote = await quoted(dunzo(FAR_INSIDE));
    const b = (await bill({ delivery_partner: 'dunzo', quote_id: quote.quote_id })).body.Result as PriceBreakdown;
    const attempt = order(w.pizza, cart(), b.total, { order_mode: 'delivery', shiping_id: far, delivery_partner: 'dunzo', quote_id: quote.quote_id });
    const first = (await post('place_order', attempt)).body.Result as PlaceOrderResult;
    const retried = await post('place_order', attempt);
    expect(retried.body.code).toBe(200);
    expect(retried.body.Result).toMatchObject({ order_id: first.order_id, replayed: 1 });
  });

  it('refuses an expired quote, another store\'s, another customer\'s, another address\'s, and one sent without its partner', async () => {
    const expired = await quoted(porter(FAR_INSIDE));
    await w.sql(`UPDATE delivery_quotes SET expires_at = now() - interval '1 second' WHERE quote_ref = $1`, [expired.quote_id]);
    for (const res of [
      await bill({ delivery_partner: 'porter', quote_id: expired.quote_id }),
      await post('place_order', order(w.pizza, cart(), 30, { order_mode: 'delivery', shiping_id: far, delivery_partner: 'porter', quote_id: expired.quote_id })),
    ]) {
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ errors: { quote_id: [DELIVERY_PARTNER_TEXTS.quoteExpired] }, msg_key: 'delivery.quote_expired' });
    }

    const burgers = await w.store('burger-dock');
    const elsewhere = await quoted(porter(FAR_INSIDE, alex, burgers));
    const samsHome = await w.address(sam, FAR_INSIDE);
    const valid = await quoted(porter(FAR_INSIDE));
    const refusals = [
      // Another store's quote.
      await bill({ delivery_partner: 'porter', quote_id: elsewhere.quote_id }),
      // Another customer's quote.
      await post('check_restaurant_menu_with_price', pricing(w.pizza, cart(), {
        order_mode: 'delivery', shiping_id: samsHome, delivery_partner: 'porter', quote_id: valid.quote_id,
      }), sam),
      // Another address than the quote's drop point.
      await bill({ shiping_id: near, delivery_partner: 'porter', quote_id: valid.quote_id }),
      // Another partner than the quote's.
      await bill({ delivery_partner: 'dunzo', quote_id: valid.quote_id }),
      // No such quote.
      await bill({ delivery_partner: 'porter', quote_id: 'dq_not_a_quote' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(422);
      expect(res.body.errors?.quote_id).toEqual([DELIVERY_PARTNER_TEXTS.quoteInvalid]);
    }
    expect((await bill({ delivery_partner: 'porter' })).body.errors?.quote_id).toEqual([DELIVERY_PARTNER_TEXTS.quoteMissing]);
    expect((await bill({ quote_id: valid.quote_id })).body.errors?.delivery_partner).toEqual([DELIVERY_PARTNER_TEXTS.quoteMissing]);
    // Pickup has no delivery: a partner sent along changes nothing.
    const pickup = await post('check_restaurant_menu_with_price', pricing(w.pizza, cart(), { delivery_partner: 'porter', quote_id: valid.quote_id }));
    expect(pickup.body.Result).toMatchObject({ delivery_charge: 0, delivery_partner: '' });
  });

  it('puts no partner key in any answer', () => {
    const text = JSON.stringify(seen);
    expect(seen.length).toBeGreaterThan(20);
    for (const secret of [porterDouble.testAccount.apiKey, dunzoDouble.testAccount.apiKey, dunzoDouble.testAccount.clientId]) {
      expect(text).not.toContain(secret);
    }
  });
});
