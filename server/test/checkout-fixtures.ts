// Test-only helpers shared by the offers, checkout and integrity tests: a seeded app whose
// test stores are open around the clock, catalogue lookups and request builders.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OrderLine } from '../../contract/api/checkout.ts';
import type { PlaceOrderRequest, PricingRequest } from '../../contract/api/checkout.ts';
import type { BuildOptions } from '../app.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from './test-app.ts';

export { HARBOR, SOUQ };

export const ALEX = '4155550100';
export const SAM = '4155550101';

/** Near Golden Gate Pizzeria (under the 2 free km) and 3.4 km south of it (inside its 6 km). */
export const NEAR = { address: '1600 Stockton St', latitude: 37.799, longitude: -122.41 };
export const FAR_INSIDE = { address: '700 Clay St', latitude: 37.7697, longitude: -122.4102 };
export const NEW_YORK = { address: '1 Broadway, New York', latitude: 40.7128, longitude: -74.006 };

export interface CheckoutWorld {
  t: TestApp;
  /** Golden Gate Pizzeria (Harbor), open around the clock for the tests. */
  pizza: number;
  item(name: string, host?: string): Promise<number>;
  option(itemName: string, optionName: string, host?: string): Promise<number>;
  store(slug: string, host?: string): Promise<number>;
  /** Saves an address for the token's customer; answers its shiping_id. */
  address(token: string, where: { address: string; latitude: number; longitude: number }, host?: string): Promise<number>;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export async function createCheckoutWorld(options: Omit<BuildOptions, 'db'> = {}): Promise<CheckoutWorld> {
  const t = await createTestApp(options);
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.database.db.query(text, params)).rows as T[];
  const pizza = await t.storeId('golden-gate-pizzeria');
  // Hours make tests depend on the clock; a store without hours is open around the clock.
  await sql('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [pizza]);
  const vendorOf = (host: string) => `(SELECT vendor_id FROM vendor_hosts WHERE host = '${host === SOUQ ? SOUQ : HARBOR}')`;
  return {
    t,
    pizza,
    sql,
    store: (slug, host = HARBOR) => t.storeId(slug, host),
    async item(name, host = HARBOR) {
      const rows = await sql<{ id: number }>(
        `SELECT id FROM items WHERE vendor_id = ${vendorOf(host)} AND coalesce(i18n -> 'en' ->> 'name', name) = $1`, [name],
      );
      if (!rows[0]) throw new Error(`no item ${name}`);
      return rows[0].id;
    },
    async option(itemName, optionName, host = HARBOR) {
      const rows = await sql<{ id: number }>(
        `SELECT o.id FROM item_options o JOIN item_option_groups g ON g.vendor_id = o.vendor_id AND g.id = o.group_id
         JOIN items i ON i.vendor_id = g.vendor_id AND i.id = g.item_id
         WHERE i.vendor_id = ${vendorOf(host)} AND coalesce(i.i18n -> 'en' ->> 'name', i.name) = $1
           AND coalesce(o.i18n -> 'en' ->> 'name', o.name) = $2`,
        [itemName, optionName],
      );
      if (!rows[0]) throw new Error(`no option ${itemName} / ${optionName}`);
      return rows[0].id;
    },
    async address(token, where, host = HARBOR) {
      const saved = await t.post('add_shiping_address', { city: 'X', address_clarification: 'Home', ...where }, { host, token });
      if (saved.body.code !== 200) throw new Error(`address not saved: ${JSON.stringify(saved.body)}`);
      return (saved.body.Result as { shiping_id: number }).shiping_id;
    },
  };
}

export function line(item_id: number, quantity: number, price: number, selectCustoizeID: number[] = []): OrderLine {
  return { item_id, quantity, price, selectCustoizeID };
}

export function pricing(restaurant_id: number, lines: OrderLine[], extra: Partial<PricingRequest> = {}): PricingRequest {
  return { restaurant_id, order_mode: 'pickup', lines, ...extra };
}

export function key(): string {
  return `k-${randomBytes(8).toString('hex')}`;
}

export function order(
  restaurant_id: number, lines: OrderLine[], expected_total: number, extra: Partial<PlaceOrderRequest> = {},
): PlaceOrderRequest {
  return { restaurant_id, order_mode: 'pickup', lines, idempotency_key: key(), payment_method: 'cash', expected_total, ...extra };
}

/** The cart of the online payment tests: Alex signed in, and one small Truffle Prosciutto (22) with `stock` units. */
export interface TruffleCart {
  alex: string;
  truffle: number;
  small: number;
  lines(): OrderLine[];
}

export async function truffleCart(w: CheckoutWorld, stock: number): Promise<TruffleCart> {
  const alex = await w.t.signIn(undefined, ALEX);
  const truffle = await w.item('Truffle Prosciutto');
  const small = await w.option('Truffle Prosciutto', 'Small 10"');
  await w.sql('UPDATE items SET stock = $2 WHERE id = $1', [truffle, stock]);
  return { alex, truffle, small, lines: () => [line(truffle, 1, 22, [small])] };
}

/**
 * A press on the test payment page's button `action` at `path`: the page's form post, from the
 * page's own origin unless `headers` say otherwise (tests/security/payment-binding.test.ts).
 */
export function pressPaymentButton(
  app: FastifyInstance, path: string, action: string, headers: Record<string, string> = { origin: 'http://localhost:8080' },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST', url: path, payload: `action=${action}`,
    headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}
