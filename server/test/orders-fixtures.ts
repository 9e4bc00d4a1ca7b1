// Test-only: writes orders straight into the database the way place_order leaves them
// (lines priced from the catalogue, stock taken, a wallet payment debited), so the order
// lifecycle can be tested without the checkout.
import type { OrderModeName, OrderStatus, PaymentMethod, PaymentStatus } from '../../contract/api/order-states.ts';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/tx.ts';

export interface FixtureLine {
  itemId: number;
  quantity: number;
  optionIds?: number[];
}

export interface FixtureOrder {
  vendorId: number;
  userId: number;
  restaurantId: number;
  mode?: OrderModeName;
  status?: OrderStatus;
  paymentMethod?: PaymentMethod;
  /** Defaults: wallet 'paid', cash 'cash_due', online 'paid'. */
  paymentStatus?: PaymentStatus;
  lines: FixtureLine[];
  cashbackMinor?: number;
  deliveryMinor?: number;
  tipMinor?: number;
  scheduledFor?: Date;
  /** Backdates created_at and status_changed_at. */
  ageSeconds?: number;
  /** Debit the wallet for a paid wallet order (default true). */
  debitWallet?: boolean;
  /** Take stock for limited items (default true). */
  takeStock?: boolean;
}

let keys = 0;

export async function insertOrder(db: Db, o: FixtureOrder): Promise<number> {
  const mode = o.mode ?? 'delivery';
  const status = o.status ?? 'placed';
  const method = o.paymentMethod ?? 'cash';
  const paymentStatus = o.paymentStatus ?? (method === 'cash' ? 'cash_due' : 'paid');
  return inTransaction(db, async (c) => {
    const { rows: [vendor] } = await c.query<{ currency_code: string; currency_exponent: number }>(
      'SELECT currency_code, currency_exponent FROM vendors WHERE id = $1', [o.vendorId],
    );
    const lines = [];
    for (const line of o.lines) {
      const { rows: [item] } = await c.query<{ name: string; image: string; item_type: number; price_minor: number; tax_percent: number; packaging_charge_minor: number }>(
        'SELECT name, image, item_type, price_minor, tax_percent, packaging_charge_minor FROM items WHERE vendor_id = $1 AND id = $2',
        [o.vendorId, line.itemId],
      );
      if (!item) throw new Error(`fixture: no item ${line.itemId}`);
      const { rows: options } = await c.query<{ option_id: number; name: string; price_minor: number }>(
        'SELECT id AS option_id, name, price_minor FROM item_options WHERE vendor_id = $1 AND id = ANY($2::bigint[]) ORDER BY id',
        [o.vendorId, line.optionIds ?? []],
      );
      const unit = item.price_minor + options.reduce((sum, opt) => sum + opt.price_minor, 0);
      const total = unit * line.quantity;
      lines.push({ line, item, options, unit, total, tax: Math.round((total * Number(item.tax_percent)) / 100), packaging: item.packaging_charge_minor * line.quantity });
      if (o.takeStock ?? true) {
        await c.query('UPDATE items SET stock = stock - $3 WHERE vendor_id = $1 AND id = $2 AND stock IS NOT NULL', [o.vendorId, line.itemId, line.quantity]);
      }
    }
    const itemTotal = lines.reduce((s, l) => s + l.total, 0);
    const tax = lines.reduce((s, l) => s + l.tax, 0);
    const packaging = lines.reduce((s, l) => s + l.packaging, 0);
    const delivery = mode === 'delivery' ? o.deliveryMinor ?? 0 : 0;
    const tip = o.tipMinor ?? 0;
    const total = itemTotal + tax + packaging + delivery + tip;
    const age = o.ageSeconds ?? 0;
    const { rows: [order] } = await c.query<{ id: number }>(
      `INSERT INTO orders (vendor_id, user_id, restaurant_id, idempotency_key, order_mode, status, status_changed_at, payment_method,
         payment_status, scheduled_for, delivery_address, delivery_latitude, delivery_longitude, currency_code, currency_exponent,
         item_total_minor, tax_minor, tax_name, packaging_minor, delivery_charge_minor, discount_minor, cashback_minor, tip_minor,
         total_minor, created_at)
       VALUES ($1,$2,$3,$4,$5,$6, now() - make_interval(secs => $7),$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,'Service tax',$18,$19,0,$20,$21,$22,
         now() - make_interval(secs => $7))
       RETURNING id`,
      [
        o.vendorId, o.userId, o.restaurantId, `fixture-${process.pid}-${++keys}-${Date.now()}`, mode, status, age, method, paymentStatus,
        o.scheduledFor ?? null, mode === 'delivery' ? '4B, Howard Plaza, 500 Howard St' : '', mode === 'delivery' ? 37.7877 : null,
        mode === 'delivery' ? -122.3966 : null, vendor!.currency_code, vendor!.currency_exponent, itemTotal, tax, packaging, delivery,
        o.cashbackMinor ?? 0, tip, total,
      ],
    );
    const orderId = order!.id;
    for (const [i, l] of lines.entries()) {
      await c.query(
        `INSERT INTO order_lines (vendor_id, order_id, item_id, name, image, item_type, quantity, unit_price_minor, line_total_minor,
           tax_minor, packaging_minor, options, sort_order)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
        [o.vendorId, orderId, l.line.itemId, l.item.name, l.item.image, l.item.item_type, l.line.quantity, l.unit, l.total, l.tax,
          l.packaging, JSON.stringify(l.options), i],
      );
    }
    await c.query(
      `INSERT INTO order_status_events (vendor_id, order_id, from_status, to_status, actor, created_at)
       VALUES ($1, $2, NULL, $3, 'customer', now() - make_interval(secs => $4))`,
      [o.vendorId, orderId, status, age],
    );
    if (method === 'wallet' && paymentStatus === 'paid' && (o.debitWallet ?? true)) {
      const { rows: [user] } = await c.query<{ balance: number }>(
        `UPDATE users SET wallet_balance_minor = wallet_balance_minor - $3 WHERE vendor_id = $1 AND id = $2
         RETURNING wallet_balance_minor AS balance`,
        [o.vendorId, o.userId, total],
      );
      await c.query(
        `INSERT INTO wallet_transactions (vendor_id, user_id, order_id, kind, amount_minor, balance_after_minor)
         VALUES ($1, $2, $3, 'order_payment', $4, $5)`,
        [o.vendorId, o.userId, orderId, -total, user!.balance],
      );
    }
    return orderId;
  });
}

/** Ids the lifecycle tests need from the Harbor Eats seed. */
export async function harborFixture(db: Db): Promise<{
  vendorId: number; alex: number; sam: number; pizzeria: number; margherita: number; prosciutto: number; largeSize: number;
}> {
  const one = async (sql: string, params: unknown[] = []): Promise<number> => {
    const { rows } = await db.query<{ id: number }>(sql, params);
    if (!rows[0]) throw new Error(`fixture: nothing for ${sql}`);
    return rows[0].id;
  };
  const vendorId = await one("SELECT vendor_id AS id FROM vendor_hosts WHERE host = 'localhost'");
  const pizzeria = await one("SELECT id FROM restaurants WHERE vendor_id = $1 AND slug = 'golden-gate-pizzeria'", [vendorId]);
  return {
    vendorId,
    pizzeria,
    alex: await one("SELECT id FROM users WHERE vendor_id = $1 AND mobile_number = '4155550100'", [vendorId]),
    sam: await one("SELECT id FROM users WHERE vendor_id = $1 AND mobile_number = '4155550101'", [vendorId]),
    margherita: await one("SELECT id FROM items WHERE vendor_id = $1 AND restaurant_id = $2 AND stock IS NULL ORDER BY sort_order, id LIMIT 1", [vendorId, pizzeria]),
    prosciutto: await one("SELECT id FROM items WHERE vendor_id = $1 AND restaurant_id = $2 AND name = 'Truffle Prosciutto'", [vendorId, pizzeria]),
    largeSize: await one(
      `SELECT o.id FROM item_options o JOIN item_option_groups g ON g.vendor_id = o.vendor_id AND g.id = o.group_id
       JOIN items i ON i.vendor_id = g.vendor_id AND i.id = g.item_id
       WHERE o.vendor_id = $1 AND i.name = 'Truffle Prosciutto' AND o.price_minor > 0 ORDER BY o.price_minor LIMIT 1`,
      [vendorId],
    ),
  };
}

/**
 * The pizzeria's cheapest item without options or a stock limit, offered by subscription: subscriptions
 * on for the vendor, the pizzeria open to orders with no minimum (its hours are the caller's).
 */
export async function subscribableItem(db: Db, h: { vendorId: number; pizzeria: number }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM items i WHERE vendor_id = $1 AND restaurant_id = $2 AND stock IS NULL AND is_available
       AND NOT EXISTS (SELECT 1 FROM item_option_groups g WHERE g.vendor_id = i.vendor_id AND g.item_id = i.id)
     ORDER BY price_minor, id LIMIT 1`,
    [h.vendorId, h.pizzeria],
  );
  const item = rows[0]?.id;
  if (item === undefined) throw new Error('fixture: no plain item at the pizzeria');
  await db.query('UPDATE restaurants SET minimum_order_value_minor = 0, on_off = true WHERE id = $1', [h.pizzeria]);
  await db.query('UPDATE items SET is_subscribable = true WHERE id = $1', [item]);
  await db.query(`UPDATE vendors SET settings = settings || '{"subscription_status": 1}' WHERE id = $1`, [h.vendorId]);
  return item;
}
