import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletHistory, WalletRechargeStarted, WalletRechargeStatus } from '../../../../contract/api/wallet.ts';
import { pressPaymentButton } from '../../../test/checkout-fixtures.ts';
import { inTransaction } from '../../../db/tx.ts';
import { transition } from '../../order-status/index.ts';
import { harborFixture, insertOrder } from '../../../test/orders-fixtures.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from '../../../test/test-app.ts';

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
    expect((await t.post('get_user_wallet_history', {}, { token: alex })).body).toEqual({
      code: 200, Result: { wallet_amount: 25, transactions: [], recharge_providers: [{ name: 'test', title: 'Test payment' }] },
    });
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

  describe('recharge through the test provider', () => {
    const RETURN = 'http://localhost:5173/wallet';
    const recharge = async (amount: unknown, token = alex, host = HARBOR) => t.app.inject({
      method: 'POST', url: '/api/v2/wallet_recharge', payload: { amount, return_url: RETURN },
      headers: { host: `${host}:8080`, authorization: `Bearer ${token}`, origin: 'http://localhost:5173' },
    });
    const balance = async (token = alex) => ((await t.post('get_user_wallet_amount', {}, { token })).body.Result as { wallet_amount: number }).wallet_amount;
    const status = async (id: string, token = alex) => t.post('wallet_recharge_status', { recharge_id: id }, { token });
    const start = async (amount: number) => {
      const res = await recharge(amount);
      expect(res.json().code, res.body).toBe(200);
      const started = res.json().Result as WalletRechargeStarted;
      const url = new URL(started.payment_url);
      return { ...started, path: url.pathname + url.search };
    };

    it('tells the storefront the terms in the settings', async () => {
      const res = await t.post('get-vendor-settings', {});
      expect((res.body as unknown as { settings: { wallet_recharge: unknown } }).settings.wallet_recharge).toEqual({ minimum: 5, limit: 500, amounts: [10, 25, 50, 100] });
    });

    it('refuses a missing amount, one under the minimum, and one past the limit, with the spec\'s text', async () => {
      const field = async (amount: unknown) => (await recharge(amount)).json() as { errors?: Record<string, string[]> };
      expect((await recharge(undefined)).statusCode).toBe(422);
      expect((await field(0)).errors?.amount).toEqual(['Please enter an amount']);
      expect((await field(4.99)).errors?.amount).toEqual(['The smallest recharge is 5.00']);
      const room = 500 - (await balance());
      expect((await field(room + 0.01)).errors?.amount).toEqual(['Wallet Recharge Limit exceeded']);
      expect((await recharge(-5)).statusCode).toBe(422);
      expect((await recharge('ten')).statusCode).toBe(422);
    });

    it('credits a paid recharge once, whatever is pressed again, with its ledger line', async () => {
      const before = await balance();
      const started = await start(50);
      const page = await t.app.inject({ method: 'GET', url: started.path, headers: { host: 'localhost:8080' } });
      expect(page.body).toContain('Wallet recharge');
      expect(page.body).toContain('$50.00');
      expect((await status(started.recharge_id)).body.Result).toMatchObject({ status: 'pending', amount: 50, wallet_amount: before });
      const paid = await pressPaymentButton(t.app, started.path, 'pay');
      expect(paid.statusCode).toBe(303);
      const back = new URL(paid.headers.location as string);
      expect(`${back.origin}${back.pathname}`).toBe(RETURN);
      expect(Object.fromEntries(back.searchParams)).toEqual({ recharge: started.recharge_id, payment: 'paid' });
      expect(await balance()).toBeCloseTo(before + 50, 6);
      // Pressed again, or cancelled afterwards: nothing more.
      await pressPaymentButton(t.app, started.path, 'pay');
      await pressPaymentButton(t.app, started.path, 'cancel');
      expect(await balance()).toBeCloseTo(before + 50, 6);
      expect((await status(started.recharge_id)).body.Result).toEqual({
        recharge_id: started.recharge_id, amount: 50, status: 'paid', wallet_amount: before + 50,
      } satisfies WalletRechargeStatus);
      const history = (await t.post('get_user_wallet_history', {}, { token: alex })).body.Result as WalletHistory;
      expect(history.transactions[0]).toMatchObject({ kind: 'recharge', amount: 50, balance_after: before + 50, order_id: null });
      expect(history.transactions.filter((x) => x.kind === 'recharge')).toHaveLength(1);
    });

    it('credits nothing for a failed or cancelled recharge, nor for one that lapsed', async () => {
      const before = await balance();
      const failed = await start(10);
      expect(new URL((await pressPaymentButton(t.app, failed.path, 'fail')).headers.location as string).searchParams.get('payment')).toBe('failed');
      const cancelled = await start(10);
      await pressPaymentButton(t.app, cancelled.path, 'cancel');
      const lapsed = await start(10);
      await t.database.db.query(`UPDATE payments SET expires_at = now() - interval '1 minute' WHERE session_id = $1`, [lapsed.recharge_id]);
      expect((await status(lapsed.recharge_id)).body.Result).toMatchObject({ status: 'cancelled' });
      expect(new URL((await pressPaymentButton(t.app, lapsed.path, 'pay')).headers.location as string).searchParams.get('payment')).toBe('cancelled');
      expect(await balance()).toBeCloseTo(before, 6);
      expect((await status(failed.recharge_id)).body.Result).toMatchObject({ status: 'failed' });
    });

    it('shows a customer only their own recharges', async () => {
      const started = await start(10);
      const sam = await t.signIn(HARBOR, '4155550101');
      expect((await status(started.recharge_id, sam)).body).toEqual({ code: 101, msg: 'Recharge not found' });
      expect((await status('short')).status).toBe(422);
    });
  });
});
