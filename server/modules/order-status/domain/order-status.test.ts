import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderModeName, OrderStatus } from '../../../../contract/api/order-states.ts';
import { inTransaction } from '../../../db/tx.ts';
import { seedIfEmpty } from '../../../seed/index.ts';
import { createTestDb, type TestDb } from '../../../test/test-db.ts';
import { ORDER_STATUSES, stepsFor } from '../../../../contract/rules/order-steps.ts';
import { canTransition, nextStep, transition, TransitionError } from './order-status.ts';
import { harborFixture, insertOrder } from '../../../test/orders-fixtures.ts';

// The legal moves as docs/behaviour.md#orders-and-their-states lists them, written out independently of the module's table.
const LEGAL: Record<OrderModeName, string[]> = {
  delivery: [
    'payment_pending>placed', 'payment_pending>scheduled', 'payment_pending>payment_failed',
    'scheduled>placed', 'scheduled>cancelled', 'placed>confirmed', 'placed>cancelled', 'confirmed>preparing', 'confirmed>cancelled',
    'preparing>waiting', 'waiting>on_the_way', 'on_the_way>arrived', 'arrived>delivered',
  ],
  pickup: [
    'payment_pending>placed', 'payment_pending>scheduled', 'payment_pending>payment_failed',
    'scheduled>placed', 'scheduled>cancelled', 'placed>confirmed', 'placed>cancelled', 'confirmed>preparing', 'confirmed>cancelled',
    'preparing>waiting', 'waiting>delivered',
  ],
};

describe('order state machine rules', () => {
  for (const mode of ['delivery', 'pickup'] as const) {
    it(`allows exactly the legal moves for ${mode}`, () => {
      const allowed: string[] = [];
      for (const from of ORDER_STATUSES) for (const to of ORDER_STATUSES) if (canTransition(from, to, mode)) allowed.push(`${from}>${to}`);
      expect(allowed.sort()).toEqual([...LEGAL[mode]].sort());
      expect(ORDER_STATUSES).toHaveLength(11);
    });
  }

  it('walks forward one legal step at a time and stops at delivered', () => {
    for (const mode of ['delivery', 'pickup'] as const) {
      let status: OrderStatus = 'scheduled';
      const walked: OrderStatus[] = [status];
      for (let next = nextStep(status, mode); next; next = nextStep(status, mode)) {
        expect(canTransition(status, next, mode)).toBe(true);
        walked.push((status = next));
      }
      expect(walked).toEqual(stepsFor(mode, true));
    }
    for (const end of ['payment_pending', 'payment_failed', 'cancelled', 'delivered'] as const) expect(nextStep(end, 'delivery')).toBeUndefined();
  });

});

describe('transition()', () => {
  let t: TestDb;
  let h: Awaited<ReturnType<typeof harborFixture>>;
  beforeAll(async () => {
    t = await createTestDb();
    await seedIfEmpty(t.db);
    h = await harborFixture(t.db);
  });
  afterAll(async () => t.close());

  const move = (orderId: number, to: OrderStatus, vendorId = h.vendorId) =>
    inTransaction(t.db, (c) => transition(c, vendorId, orderId, to, 'store'));
  const order = async (id: number) =>
    (await t.db.query<{ status: string; payment_status: string; changed: Date }>(
      'SELECT status, payment_status, status_changed_at AS changed FROM orders WHERE id = $1', [id])).rows[0]!;
  const events = async (id: number) =>
    (await t.db.query<{ from_status: string | null; to_status: string; actor: string }>(
      'SELECT from_status, to_status, actor FROM order_status_events WHERE order_id = $1 ORDER BY id', [id])).rows;
  const wallet = async (userId: number) =>
    (await t.db.query<{ b: number }>('SELECT wallet_balance_minor AS b FROM users WHERE id = $1', [userId])).rows[0]!.b;
  const stock = async (itemId: number) =>
    (await t.db.query<{ s: number | null }>('SELECT stock AS s FROM items WHERE id = $1', [itemId])).rows[0]!.s;
  const ledger = async (orderId: number) =>
    (await t.db.query<{ kind: string; amount_minor: number; balance_after_minor: number }>(
      'SELECT kind, amount_minor, balance_after_minor FROM wallet_transactions WHERE order_id = $1 ORDER BY id', [orderId])).rows;

  it('walks a delivery order to delivered, recording each move', async () => {
    const id = await insertOrder(t.db, { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, lines: [{ itemId: h.margherita, quantity: 1 }], ageSeconds: 60 });
    const before = (await order(id)).changed;
    for (const to of ['confirmed', 'preparing', 'waiting', 'on_the_way', 'arrived', 'delivered'] as const) {
      const r = await move(id, to);
      expect(r.to).toBe(to);
    }
    const after = await order(id);
    expect(after.status).toBe('delivered');
    expect(after.payment_status).toBe('paid'); // the cash was collected on delivery
    expect(after.changed.getTime()).toBeGreaterThan(before.getTime());
    expect((await events(id)).map((e) => `${e.from_status}>${e.to_status}:${e.actor}`)).toEqual([
      'null>placed:customer', 'placed>confirmed:store', 'confirmed>preparing:store', 'preparing>waiting:store',
      'waiting>on_the_way:store', 'on_the_way>arrived:store', 'arrived>delivered:store',
    ]);
  });

  it('refuses illegal moves with a typed error and changes nothing', async () => {
    const id = await insertOrder(t.db, { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, mode: 'pickup', lines: [{ itemId: h.margherita, quantity: 1 }] });
    for (const to of ['delivered', 'on_the_way', 'preparing', 'payment_failed', 'scheduled', 'placed'] as const) {
      const error = await move(id, to).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransitionError);
      expect(error).toMatchObject({ reason: 'illegal', from: 'placed', to });
    }
    await move(id, 'confirmed');
    await move(id, 'preparing');
    await move(id, 'waiting');
    // Pickup never goes on the way, and a preparing order can no longer be cancelled.
    await expect(move(id, 'on_the_way')).rejects.toMatchObject({ reason: 'illegal', from: 'waiting' });
    await expect(move(id, 'cancelled')).rejects.toMatchObject({ reason: 'illegal' });
    expect((await order(id)).status).toBe('waiting');
    expect(await events(id)).toHaveLength(4);
    await move(id, 'delivered');
    await expect(move(id, 'cancelled')).rejects.toBeInstanceOf(TransitionError);
  });

  it("answers not_found for an unknown order or another vendor's", async () => {
    const id = await insertOrder(t.db, { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, lines: [{ itemId: h.margherita, quantity: 1 }] });
    await expect(move(id + 1000, 'confirmed')).rejects.toMatchObject({ reason: 'not_found' });
    await expect(move(id, 'confirmed', h.vendorId + 1)).rejects.toMatchObject({ reason: 'not_found' });
    expect((await order(id)).status).toBe('placed');
  });

  it('refunds a wallet-paid order and restores stock when it is cancelled', async () => {
    await t.db.query('UPDATE users SET wallet_balance_minor = 10000 WHERE id = $1', [h.alex]);
    const stockBefore = await stock(h.prosciutto);
    const id = await insertOrder(t.db, {
      vendorId: h.vendorId, userId: h.alex, restaurantId: h.pizzeria, paymentMethod: 'wallet',
      lines: [{ itemId: h.prosciutto, quantity: 2, optionIds: [h.largeSize] }, { itemId: h.margherita, quantity: 1 }],
    });
    const paid = 10000 - (await wallet(h.alex));
    expect(paid).toBeGreaterThan(0);
    expect(await stock(h.prosciutto)).toBe(stockBefore! - 2);

    const r = await move(id, 'cancelled');
    expect(r).toMatchObject({ from: 'placed', to: 'cancelled', payment_status: 'refunded', wallet_credit_minor: paid });
    expect(await wallet(h.alex)).toBe(10000);
    expect(await stock(h.prosciutto)).toBe(stockBefore);
    expect(await ledger(id)).toEqual([
      { kind: 'order_payment', amount_minor: -paid, balance_after_minor: 10000 - paid },
      { kind: 'order_refund', amount_minor: paid, balance_after_minor: 10000 },
    ]);
    expect((await order(id)).payment_status).toBe('refunded');
  });

  it('refunds a cancelled order paid online to the wallet', async () => {
    const walletBefore = await wallet(h.sam);
    const id = await insertOrder(t.db, { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, paymentMethod: 'online', lines: [{ itemId: h.margherita, quantity: 1 }] });
    const { rows: [paid] } = await t.db.query<{ total_minor: number }>('SELECT total_minor FROM orders WHERE id = $1', [id]);
    const r = await move(id, 'cancelled');
    expect(r).toMatchObject({ payment_status: 'refunded', wallet_credit_minor: paid!.total_minor });
    expect(await wallet(h.sam)).toBe(walletBefore + paid!.total_minor);
    expect(await ledger(id)).toEqual([{ kind: 'order_refund', amount_minor: paid!.total_minor, balance_after_minor: walletBefore + paid!.total_minor }]);
  });

  it('cancels cash due without touching the wallet; a failed payment gives the stock back', async () => {
    const walletBefore = await wallet(h.sam);
    const stockBefore = await stock(h.prosciutto);
    const cash = await insertOrder(t.db, { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, status: 'scheduled', lines: [{ itemId: h.prosciutto, quantity: 1 }] });
    await move(cash, 'cancelled');
    expect(await order(cash)).toMatchObject({ status: 'cancelled', payment_status: 'cancelled' });
    expect(await wallet(h.sam)).toBe(walletBefore);
    expect(await ledger(cash)).toEqual([]);

    const online = await insertOrder(t.db, {
      vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, status: 'payment_pending', paymentMethod: 'online', paymentStatus: 'pending',
      lines: [{ itemId: h.prosciutto, quantity: 1 }],
    });
    expect(await stock(h.prosciutto)).toBe(stockBefore! - 1);
    await move(online, 'payment_failed');
    expect(await stock(h.prosciutto)).toBe(stockBefore);
    expect(await ledger(online)).toEqual([]);
  });

  it('credits the cashback when the order is delivered, once', async () => {
    const before = await wallet(h.sam);
    const id = await insertOrder(t.db, {
      vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, mode: 'pickup', status: 'waiting', cashbackMinor: 375,
      lines: [{ itemId: h.margherita, quantity: 3 }],
    });
    const r = await move(id, 'delivered');
    expect(r.wallet_credit_minor).toBe(375);
    expect(await wallet(h.sam)).toBe(before + 375);
    expect(await ledger(id)).toEqual([{ kind: 'cashback', amount_minor: 375, balance_after_minor: before + 375 }]);
    await expect(move(id, 'delivered')).rejects.toBeInstanceOf(TransitionError);
    expect(await wallet(h.sam)).toBe(before + 375);
  });

  it('refunds once when two cancels race (row lock; matters on PostgreSQL)', async () => {
    await t.db.query('UPDATE users SET wallet_balance_minor = 5000 WHERE id = $1', [h.alex]);
    const id = await insertOrder(t.db, { vendorId: h.vendorId, userId: h.alex, restaurantId: h.pizzeria, paymentMethod: 'wallet', lines: [{ itemId: h.margherita, quantity: 1 }] });
    const results = await Promise.allSettled([move(id, 'cancelled'), move(id, 'cancelled'), move(id, 'cancelled')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof TransitionError)).toBe(true);
    expect(await wallet(h.alex)).toBe(5000);
    expect((await ledger(id)).map((l) => l.kind)).toEqual(['order_payment', 'order_refund']);
  });
});
