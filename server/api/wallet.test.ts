import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletHistory } from '../../contract/api/wallet.ts';
import { inTransaction } from '../db/tx.ts';
import { transition } from '../domain/order-status.ts';
import { harborFixture, insertOrder } from '../test/orders-fixtures.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from '../test/test-app.ts';

describe('wallet API', () => {
  let t: TestApp;
  let h: Awaited<ReturnType<typeof harborFixture>>;
  let alex: string;
  let ahmed: string;
  beforeAll(async () => {
    t = await createTestApp();
    h = await harborFixture(t.database.db);
    alex = await t.signIn(HARBOR, '4155550100');
    ahmed = await t.signIn(SOUQ);
  });
  afterAll(async () => t.close());

  const getAmount = (token?: string, host = HARBOR) => t.app.inject({
    method: 'GET', url: '/api/v2/get_user_wallet_amount',
    headers: { host: `${host}:8080`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

  it('requires a signed-in customer', async () => {
    expect((await getAmount()).statusCode).toBe(401);
    expect((await getAmount(ahmed)).statusCode).toBe(401);
    expect((await t.post('get_user_wallet_amount', {})).status).toBe(401);
    expect((await t.post('get_user_wallet_history', {}, { token: ahmed })).status).toBe(401);
  });

  it('answers the balance by GET and POST in the vendor currency', async () => {
    expect((await getAmount(alex)).json()).toEqual({ code: 200, Result: { wallet_amount: 25 } });
    expect((await t.post('get_user_wallet_amount', {}, { token: alex })).body).toEqual({ code: 200, Result: { wallet_amount: 25 } });
    expect((await getAmount(ahmed, SOUQ)).json()).toEqual({ code: 200, Result: { wallet_amount: 250 } });
  });

  it('lists the ledger newest first with the balance after each change', async () => {
    expect((await t.post('get_user_wallet_history', {}, { token: alex })).body).toEqual({ code: 200, Result: { wallet_amount: 25, transactions: [] } });
    const paid = await insertOrder(t.database.db, {
      vendorId: h.vendorId, userId: h.alex, restaurantId: h.pizzeria, paymentMethod: 'wallet', lines: [{ itemId: h.margherita, quantity: 1 }],
    });
    await inTransaction(t.database.db, (c) => transition(c, h.vendorId, paid, 'cancelled', 'store'));
    const res = await t.post('get_user_wallet_history', {}, { token: alex });
    const history = res.body.Result as WalletHistory;
    expect(history.wallet_amount).toBe(25);
    expect(history.transactions.map((x) => [x.kind, x.order_id])).toEqual([['order_refund', paid], ['order_payment', paid]]);
    const [refund, payment] = history.transactions;
    expect(refund!.amount).toBeGreaterThan(0);
    expect(payment!.amount).toBe(-refund!.amount);
    expect(payment!.balance_after).toBeCloseTo(25 - refund!.amount, 6);
    expect(refund!.balance_after).toBe(25);
    expect(refund!.id).toBeGreaterThan(payment!.id);
    expect(Date.parse(refund!.created_at)).not.toBeNaN();
    const page = (await t.post('get_user_wallet_history', { skip: 1, limit: 1 }, { token: alex })).body.Result as WalletHistory;
    expect(page.transactions.map((x) => x.kind)).toEqual(['order_payment']);
    expect((await t.post('get_user_wallet_history', { limit: 1000 }, { token: alex })).status).toBe(422);
  });
});
