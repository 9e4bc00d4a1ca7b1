import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderResult } from '../../contract/api/checkout.ts';
import { inTransaction } from '../db/tx.ts';
import { transition } from '../modules/order-status/index.ts';
import { createCheckoutWorld, key, line, order, pressPaymentButton, pricing, type CheckoutWorld } from './checkout-fixtures.ts';
import { createSession } from '../modules/accounts/index.ts';

// PGlite runs one statement at a time, so races cannot happen there: these need a real PostgreSQL (DATABASE_URL).
describe.skipIf(!process.env.DATABASE_URL)('integrity under concurrent orders (PostgreSQL)', () => {
  const N = 50;
  let w: CheckoutWorld;
  let vendorId: number;
  let margherita: number;
  let medium: number;

  /** A fresh customer of Harbor Eats with this wallet balance (minor units); answers a bearer token. */
  async function customer(n: number, walletMinor = 0): Promise<{ id: number; token: string }> {
    const [row] = await w.sql<{ id: number }>(
      `INSERT INTO users (vendor_id, country_code, mobile_number, user_name, wallet_balance_minor) VALUES ($1, '1', $2, 'Racer', $3) RETURNING id`,
      [vendorId, `5550${String(n).padStart(6, '0')}`, walletMinor],
    );
    return { id: row!.id, token: await createSession(w.t.database.db, vendorId, row!.id) };
  }

  beforeAll(async () => {
    w = await createCheckoutWorld();
    expect(w.t.database.kind).toBe('postgres');
    vendorId = (await w.sql<{ id: number }>(`SELECT vendor_id AS id FROM vendor_hosts WHERE host = 'localhost'`))[0]!.id;
    margherita = await w.item('Margherita');
    medium = await w.option('Margherita', 'Medium 12"');
  });
  afterAll(async () => w?.t.close());

  it(`${N} concurrent orders against a stock of 10 give exactly 10 orders and a stock of 0`, async () => {
    const truffle = await w.item('Truffle Prosciutto');
    const small = await w.option('Truffle Prosciutto', 'Small 10"');
    await w.sql('UPDATE items SET stock = 10 WHERE id = $1', [truffle]);
    const buyers = await Promise.all(Array.from({ length: N }, (_, i) => customer(i)));
    const answers = await Promise.all(buyers.map((b) =>
      w.t.post('place_order', order(w.pizza, [line(truffle, 1, 22, [small])], 22.5), { token: b.token })));
    const codes = answers.map((a) => a.body.code);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 103)).toHaveLength(N - 10);
    expect((await w.sql('SELECT stock FROM items WHERE id = $1', [truffle]))[0]).toEqual({ stock: 0 });
    expect((await w.sql('SELECT count(DISTINCT order_id)::int AS n FROM order_lines WHERE item_id = $1', [truffle]))[0]).toEqual({ n: 10 });
  });

  it(`${N} concurrent orders of two limited items, listed in either order, all place without a deadlock`, async () => {
    const truffle = await w.item('Truffle Prosciutto');
    const small = await w.option('Truffle Prosciutto', 'Small 10"');
    await w.sql('UPDATE items SET stock = 100 WHERE id = ANY($1::bigint[])', [[truffle, margherita]]);
    const both = [line(truffle, 1, 22, [small]), line(margherita, 1, 17, [medium])];
    const buyers = await Promise.all(Array.from({ length: N }, (_, i) => customer(300 + i)));
    const priced = await w.t.post('check_restaurant_menu_with_price', pricing(w.pizza, both), { token: buyers[0]!.token });
    const total = (priced.body as { Result: { total: number } }).Result.total;
    const answers = await Promise.all(buyers.map((b, i) =>
      w.t.post('place_order', order(w.pizza, i % 2 ? both : [...both].reverse(), total), { token: b.token })));
    expect(answers.map((a) => `${a.status} ${a.body.code}`)).toEqual(Array.from({ length: N }, () => '200 200'));
    expect(await w.sql('SELECT stock FROM items WHERE id = ANY($1::bigint[]) ORDER BY id', [[truffle, margherita]])).toEqual([{ stock: 100 - N }, { stock: 100 - N }]);
    await w.sql('UPDATE items SET stock = NULL WHERE id = ANY($1::bigint[])', [[truffle, margherita]]);
  });

  it(`${N} concurrent wallet payments against a balance for 10 give exactly 10 orders and a balance of 0`, async () => {
    // Margherita Medium, pickup: 17.00 + 0.50 packaging.
    const buyer = await customer(100, 10 * 1750);
    const answers = await Promise.all(Array.from({ length: N }, () =>
      w.t.post('place_order', order(w.pizza, [line(margherita, 1, 17, [medium])], 17.5, { payment_method: 'wallet' }), { token: buyer.token })));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 106)).toHaveLength(N - 10);
    expect((await w.sql('SELECT wallet_balance_minor AS w FROM users WHERE id = $1', [buyer.id]))[0]).toEqual({ w: 0 });
    const ledger = await w.sql<{ amount_minor: number; balance_after_minor: number }>(
      'SELECT amount_minor, balance_after_minor FROM wallet_transactions WHERE user_id = $1 ORDER BY id', [buyer.id],
    );
    expect(ledger).toHaveLength(10);
    expect(ledger.every((l) => l.amount_minor === -1750 && l.balance_after_minor >= 0)).toBe(true);
    expect(ledger.map((l) => l.balance_after_minor).sort((a, b) => b - a)).toEqual(Array.from({ length: 10 }, (_, i) => (9 - i) * 1750));
    expect((await w.sql('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [buyer.id]))[0]).toEqual({ n: 10 });
  });

  it('a double submit with one idempotency key makes one order, answered to every submit', async () => {
    const buyer = await customer(200, 5000);
    const body = { ...order(w.pizza, [line(margherita, 1, 17, [medium])], 17.5, { payment_method: 'wallet' }), idempotency_key: key() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => w.t.post('place_order', body, { token: buyer.token })));
    const results = answers.map((a) => a.body.Result as PlaceOrderResult);
    expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.order_id)).size).toBe(1);
    expect(results.filter((r) => r.replayed === 0)).toHaveLength(1);
    expect((await w.sql('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [buyer.id]))[0]).toEqual({ n: 1 });
    expect((await w.sql('SELECT wallet_balance_minor AS w FROM users WHERE id = $1', [buyer.id]))[0]).toEqual({ w: 5000 - 1750 });
  });

  it('the wallet ledger sums to the balance after concurrent recharges, wallet orders and refunds', async () => {
    const buyer = await customer(400, 0);
    const rechargeOnce = async () => {
      const res = await w.t.app.inject({
        method: 'POST', url: '/api/v2/wallet_recharge', payload: { amount: 20, return_url: 'http://localhost:5173/wallet' },
        headers: { host: 'localhost:8080', authorization: `Bearer ${buyer.token}`, origin: 'http://localhost:5173' },
      });
      const url = new URL((res.json() as { Result: { payment_url: string } }).Result.payment_url);
      return pressPaymentButton(w.t.app, url.pathname + url.search, 'pay');
    };
    const orderAndMaybeCancel = async (i: number) => {
      const res = await w.t.post('place_order', order(w.pizza, [line(margherita, 1, 17, [medium])], 17.5, { payment_method: 'wallet' }), { token: buyer.token });
      const placed = res.body.Result as PlaceOrderResult | undefined;
      if (res.body.code === 200 && placed && i % 2 === 0) {
        await inTransaction(w.t.database.db, (c) => transition(c, vendorId, placed.order_id, 'cancelled', 'store'));
      }
      return res.body.code;
    };
    const codes = await Promise.all([
      ...Array.from({ length: 20 }, () => rechargeOnce().then((r) => r.statusCode)),
      ...Array.from({ length: 20 }, (_, i) => orderAndMaybeCancel(i)),
    ]);
    expect(codes.slice(0, 20).every((code) => code === 303)).toBe(true);
    expect(codes.slice(20).every((code) => code === 200 || code === 106)).toBe(true);
    const [books] = await w.sql<{ ledger: number; balance: number; recharges: number; lowest: number }>(
      `SELECT (SELECT coalesce(sum(amount_minor), 0)::int FROM wallet_transactions WHERE user_id = $1) AS ledger,
         (SELECT wallet_balance_minor FROM users WHERE id = $1) AS balance,
         (SELECT count(*)::int FROM wallet_transactions WHERE user_id = $1 AND kind = 'recharge') AS recharges,
         (SELECT coalesce(min(balance_after_minor), 0) FROM wallet_transactions WHERE user_id = $1) AS lowest`,
      [buyer.id],
    );
    expect(books!.recharges).toBe(20);
    expect(books!.ledger).toBe(books!.balance);
    expect(books!.lowest).toBeGreaterThanOrEqual(0);
  });
});
