// The floor place_order is measured against in `npm run bench`: the smallest correct order
// transaction on the same PostgreSQL, written by hand, with no HTTP, no sign-in and no rule
// beyond what keeps the books right. Per order, in one transaction:
//   the prices read; stock taken with a conditional update (one statement for every item);
//   for a wallet order the balance taken with a conditional update; the order; its lines (one
//   statement); for a wallet order the ledger row. Cash and wallet alternate as in the bench.
// Same pool size as the API server (10), the same customers and items, the same concurrency.
import pg from 'pg';

const PRICES = `SELECT id, price_minor, tax_percent, packaging_charge_minor, name FROM items
  WHERE vendor_id = $1 AND restaurant_id = $2 AND id = ANY($3::bigint[]) AND is_available`;
const TAKE_STOCK = `UPDATE items i SET stock = i.stock - w.quantity FROM unnest($2::bigint[], $3::int[]) AS w(id, quantity)
  WHERE i.vendor_id = $1 AND i.id = w.id AND (i.stock IS NULL OR i.stock >= w.quantity) RETURNING i.id`;
const TAKE_WALLET = `UPDATE users SET wallet_balance_minor = wallet_balance_minor - $3
  WHERE vendor_id = $1 AND id = $2 AND wallet_balance_minor >= $3 RETURNING wallet_balance_minor AS balance`;
const ORDER = `INSERT INTO orders (vendor_id, user_id, restaurant_id, idempotency_key, order_mode, status, payment_method, payment_status,
    currency_code, currency_exponent, item_total_minor, tax_minor, packaging_minor, delivery_charge_minor, discount_minor, tip_minor, total_minor)
  VALUES ($1, $2, $3, $4, 'pickup', 'placed', $5, $6, 'USD', 2, $7, $8, $9, 0, 0, 0, $10) RETURNING id`;
const LINES = `INSERT INTO order_lines (vendor_id, order_id, item_id, name, quantity, unit_price_minor, line_total_minor, tax_minor, packaging_minor, sort_order)
  SELECT $1, $2, w.item_id, w.name, w.quantity, w.unit, w.unit * w.quantity, w.tax, w.packaging, w.ord - 1
  FROM unnest($3::bigint[], $4::text[], $5::int[], $6::bigint[], $7::bigint[], $8::bigint[]) WITH ORDINALITY AS w(item_id, name, quantity, unit, tax, packaging, ord)`;
const LEDGER = `INSERT INTO wallet_transactions (vendor_id, user_id, order_id, kind, amount_minor, balance_after_minor)
  VALUES ($1, $2, $3, 'order_payment', $4, $5)`;

/** One order as the floor places it; throws (rolled back) when stock or the wallet is short. */
async function floorOrder(client, { vendorId, restaurantId, userId, cart, key, wallet }) {
  await client.query('BEGIN');
  try {
    const ids = cart.map((line) => line.item_id);
    const { rows: items } = await client.query(PRICES, [vendorId, restaurantId, ids]);
    const byId = new Map(items.map((item) => [Number(item.id), item]));
    const lines = cart.map((line) => {
      const item = byId.get(line.item_id);
      if (!item) throw new Error(`item ${line.item_id} is not orderable`);
      const unit = Number(item.price_minor);
      const total = unit * line.quantity;
      return { ...line, name: item.name, unit, tax: Math.round((total * Number(item.tax_percent)) / 100), packaging: Number(item.packaging_charge_minor) * line.quantity };
    });
    const itemTotal = lines.reduce((sum, line) => sum + line.unit * line.quantity, 0);
    const tax = lines.reduce((sum, line) => sum + line.tax, 0);
    const packaging = lines.reduce((sum, line) => sum + line.packaging, 0);
    const total = itemTotal + tax + packaging;
    const taken = await client.query(TAKE_STOCK, [vendorId, ids, cart.map((line) => line.quantity)]);
    if (taken.rowCount !== ids.length) throw new Error('out of stock');
    let balance;
    if (wallet) {
      const { rows } = await client.query(TAKE_WALLET, [vendorId, userId, total]);
      if (!rows.length) throw new Error('wallet short');
      balance = rows[0].balance;
    }
    const { rows: [order] } = await client.query(ORDER, [
      vendorId, userId, restaurantId, key, wallet ? 'wallet' : 'cash', wallet ? 'paid' : 'cash_due', itemTotal, tax, packaging, total,
    ]);
    await client.query(LINES, [
      vendorId, order.id, ids, lines.map((l) => l.name), lines.map((l) => l.quantity), lines.map((l) => l.unit),
      lines.map((l) => l.tax), lines.map((l) => l.packaging),
    ]);
    if (wallet) await client.query(LEDGER, [vendorId, userId, order.id, -total, balance]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * `orders` floor orders from the bench customers at once (one worker per customer, a warm-up round
 * not counted), in `schema` of `databaseUrl`. Resolves to { seconds, latencies (sorted ms), failures }.
 */
export async function orderFloor({ databaseUrl, schema, customers, orders, cart }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: `-c search_path=${schema}` });
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const failures = [];
  const latencies = [];
  let next = 0;
  async function worker(index, until, phase) {
    while (next < until) {
      const n = next++;
      const begin = performance.now();
      const client = await pool.connect();
      try {
        await floorOrder(client, {
          vendorId: customers.vendorId, restaurantId: customers.restaurantId, userId: customers.userIds[index], cart,
          key: `floor-${run}-${phase}-${n}`, wallet: index % 2 === 0,
        });
        if (phase === 'run') latencies.push(performance.now() - begin);
      } catch (error) {
        failures.push(error.message);
      } finally {
        client.release();
      }
    }
  }
  try {
    const workers = customers.userIds.length;
    await Promise.all(Array.from({ length: workers }, (_, i) => worker(i, workers, 'warm')));
    next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: workers }, (_, i) => worker(i, orders, 'run')));
    const seconds = (performance.now() - started) / 1000;
    return { seconds, latencies: latencies.sort((a, b) => a - b), failures };
  } finally {
    await pool.end();
  }
}
