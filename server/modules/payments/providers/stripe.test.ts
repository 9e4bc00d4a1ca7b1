import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderResult } from '../../../../contract/api/checkout.ts';
import type { WalletHistory, WalletRechargeStarted } from '../../../../contract/api/wallet.ts';
import { inTransaction } from '../../../db/tx.ts';
import { transition } from '../../order-status/index.ts';
import { line, order } from '../../../test/checkout-fixtures.ts';
import { KEPT_ACCOUNTS_MAX } from './accounts.ts';
import { refundPending } from './refunds.ts';
import { startStripeDouble, type DoubleSession, type StripeDouble } from '../../../doubles/stripe.ts';
import { createTestApp, HARBOR, type TestApp } from '../../../test/test-app.ts';

// Harbor Eats takes payments through Stripe (its own account), against the local double: no outside call.
const KEY = 'sk_test_harbor_eats';
const WEBHOOK_SECRET = 'whsec_test_harbor_eats';
const RETURN = 'http://localhost:5173/wallet';

describe('Stripe Checkout (official SDK against a local double)', () => {
  let double: StripeDouble;
  let t: TestApp;
  let vendorId: number;
  let alex: string;
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    double = await startStripeDouble();
    t = await createTestApp({ stripeApiUrl: double.url });
    vendorId = (await t.database.db.query<{ id: number }>(`SELECT vendor_id AS id FROM vendor_hosts WHERE host = $1`, [HARBOR])).rows[0]!.id;
    await t.database.db.query(`UPDATE vendors SET settings = settings || '{"payment_provider": "stripe"}' WHERE id = $1`, [vendorId]);
    await t.database.db.query(
      `INSERT INTO vendor_payment_accounts (vendor_id, provider, secret_key, webhook_secret) VALUES ($1, 'stripe', $2, $3)`,
      [vendorId, KEY, WEBHOOK_SECRET],
    );
    alex = await t.signIn(HARBOR, '4155550100');
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  const balance = async () => ((await t.post('get_user_wallet_amount', {}, { token: alex })).body.Result as { wallet_amount: number }).wallet_amount;
  const recharges = async () => ((await t.post('get_user_wallet_history', { limit: 50 }, { token: alex })).body.Result as WalletHistory)
    .transactions.filter((x) => x.kind === 'recharge').length;
  const status = async (id: string) => ((await t.post('wallet_recharge_status', { recharge_id: id }, { token: alex })).body.Result as { status: string }).status;

  async function startRecharge(amount: number) {
    const res = await t.app.inject({
      method: 'POST', url: '/api/v2/wallet_recharge', payload: { amount, return_url: RETURN },
      headers: { host: 'localhost:8080', authorization: `Bearer ${alex}`, origin: 'http://localhost:5173' },
    });
    expect(res.json().code, res.body).toBe(200);
    const started = res.json().Result as WalletRechargeStarted;
    const checkout = [...double.sessions.values()].find((session) => session.metadata.session_id === started.recharge_id)!;
    return { ...started, checkout };
  }

  /** Stripe's page sends the customer back to this server, by the way back the session was made with. */
  const back = (checkout: DoubleSession, result: 'success' | 'cancel') => {
    const url = new URL(result === 'success' ? checkout.success_url : checkout.cancel_url);
    return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: 'localhost:8080' } });
  };

  /** Stripe posts a signed event to the vendor's endpoint. */
  function webhook(type: string, sessionId: string, options: { secret?: string; vendor?: number } = {}) {
    const payload = double.event(type, sessionId);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
    return t.app.inject({
      method: 'POST', url: `/webhooks/stripe/${options.vendor ?? vendorId}`, payload,
      headers: { host: 'localhost:8080', 'content-type': 'application/json', 'stripe-signature': signature },
    });
  }

  it('opens a Checkout Session with the vendor\'s key, the amount, our session id and the way back', async () => {
    const started = await startRecharge(40);
    expect(started.payment_url).toBe(started.checkout.url);
    expect(started.checkout).toMatchObject({
      amount_total: 4000, currency: 'usd', client_reference_id: started.recharge_id, status: 'open',
      success_url: expect.stringMatching(new RegExp(`^http://localhost:8080/pay/stripe/return/${started.recharge_id}\\?result=success&sf_link=\\d+\\.[\\w-]{43}$`)),
      cancel_url: expect.stringMatching(new RegExp(`^http://localhost:8080/pay/stripe/return/${started.recharge_id}\\?result=cancel&sf_link=\\d+\\.[\\w-]{43}$`)),
    });
    expect(started.checkout.expires_at - Date.now() / 1000).toBeGreaterThan(30 * 60);
    expect([...double.keys]).toEqual([KEY]);
  });

  it('credits once when the return comes before the webhook, and a replayed webhook credits nothing more', async () => {
    const before = await balance();
    const started = await startRecharge(20);
    double.pay(started.checkout.id);
    const res = await back(started.checkout, 'success');
    expect(res.statusCode).toBe(303);
    expect(Object.fromEntries(new URL(res.headers.location as string).searchParams)).toEqual({ recharge: started.recharge_id, payment: 'paid' });
    expect(await balance()).toBeCloseTo(before + 20, 6);
    for (let i = 0; i < 2; i++) expect((await webhook('checkout.session.completed', started.checkout.id)).json()).toEqual({ received: true });
    await back(started.checkout, 'success');
    expect(await balance()).toBeCloseTo(before + 20, 6);
    expect(await status(started.recharge_id)).toBe('paid');
  });

  it('credits once when the webhook comes first', async () => {
    const before = await balance();
    const count = await recharges();
    const started = await startRecharge(15);
    double.pay(started.checkout.id);
    expect((await webhook('checkout.session.completed', started.checkout.id)).statusCode).toBe(200);
    expect(await balance()).toBeCloseTo(before + 15, 6);
    expect(new URL((await back(started.checkout, 'success')).headers.location as string).searchParams.get('payment')).toBe('paid');
    expect(await balance()).toBeCloseTo(before + 15, 6);
    expect(await recharges()).toBe(count + 1);
  });

  it('a customer asking how the recharge went gets Stripe\'s answer when neither the return nor the webhook has come', async () => {
    const before = await balance();
    const started = await startRecharge(11);
    expect(await status(started.recharge_id)).toBe('pending');
    double.pay(started.checkout.id);
    expect(await status(started.recharge_id)).toBe('paid');
    expect(await balance()).toBeCloseTo(before + 11, 6);
  });

  it('refuses an event without the vendor\'s signature, and ignores one sent to another vendor\'s endpoint', async () => {
    const before = await balance();
    const started = await startRecharge(10);
    double.pay(started.checkout.id);
    const forged = await webhook('checkout.session.completed', started.checkout.id, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST', url: `/webhooks/stripe/${vendorId}`, payload: double.event('checkout.session.completed', started.checkout.id),
      headers: { host: 'localhost:8080', 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const other = await t.database.db.query<{ id: number }>(`SELECT vendor_id AS id FROM vendor_hosts WHERE host = 'souq.localhost'`);
    expect((await webhook('checkout.session.completed', started.checkout.id, { vendor: other.rows[0]!.id })).statusCode).toBe(400);
    expect(await balance()).toBeCloseTo(before, 6);
    const { rows } = await t.database.db.query('SELECT status FROM payments WHERE session_id = $1', [started.recharge_id]);
    expect(rows).toEqual([{ status: 'pending' }]);
  });

  it('a customer who cancels on Stripe\'s page: the session is closed there, nothing is credited', async () => {
    const before = await balance();
    const started = await startRecharge(10);
    const res = await back(started.checkout, 'cancel');
    expect(new URL(res.headers.location as string).searchParams.get('payment')).toBe('cancelled');
    expect(double.sessions.get(started.checkout.id)!.status).toBe('expired');
    expect(await balance()).toBeCloseTo(before, 6);
    expect((await webhook('checkout.session.expired', started.checkout.id)).statusCode).toBe(200);
    expect(await status(started.recharge_id)).toBe('cancelled');
  });

  it('the way back is bound to the customer: without its token, or with one for another payment, nothing is cancelled', async () => {
    const started = await startRecharge(14);
    const other = await startRecharge(15);
    const cancelUrl = new URL(started.checkout.cancel_url);
    const tries = [
      `${cancelUrl.pathname}?result=cancel`,
      `${cancelUrl.pathname}?result=cancel&sf_link=`,
      `${cancelUrl.pathname}?result=cancel&sf_link=${new URL(other.checkout.cancel_url).searchParams.get('sf_link')}`,
      `${cancelUrl.pathname}?result=cancel&sf_link=${cancelUrl.searchParams.get('sf_link')!.replace(/^\d+/, (expiry) => String(Number(expiry) + 3600))}`,
    ];
    for (const url of tries) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:8080' } });
      expect([res.statusCode, res.body], url).toEqual([404, 'Payment not found']);
    }
    expect(double.sessions.get(started.checkout.id)!.status).toBe('open');
    expect(await status(started.recharge_id)).toBe('pending');
    // The customer's own way back still works.
    expect(new URL((await back(started.checkout, 'cancel')).headers.location as string).searchParams.get('payment')).toBe('cancelled');
  });

  it('falsely signed webhooks to any number of vendor ids keep a bounded number of accounts in memory', async () => {
    const ids = Array.from({ length: KEPT_ACCOUNTS_MAX + 200 }, (_, i) => 1_000_000 + i);
    for (let i = 0; i < ids.length; i += 100) {
      const answers = await Promise.all(ids.slice(i, i + 100).map((id) => t.app.inject({
        method: 'POST', url: `/webhooks/stripe/${id}`, payload: '{}',
        headers: { host: 'localhost:8080', 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      })));
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 400));
    }
    expect(t.app.runtime.payments.keptAccounts).toBe(KEPT_ACCOUNTS_MAX);
  });

  it('a payment confirmed after it lapsed here is recorded and refunded through Stripe, never credited', async () => {
    const before = await balance();
    const started = await startRecharge(30);
    await t.database.db.query(`UPDATE payments SET expires_at = now() - interval '1 minute' WHERE session_id = $1`, [started.recharge_id]);
    const paid = double.pay(started.checkout.id);
    expect((await webhook('checkout.session.completed', started.checkout.id)).statusCode).toBe(200);
    expect(double.refunds.filter((refund) => refund.payment_intent === paid.payment_intent)).toEqual([
      expect.objectContaining({ amount: 3000, status: 'succeeded' }),
    ]);
    const { rows } = await t.database.db.query('SELECT status, provider_payment, refunded_at IS NOT NULL AS refunded FROM payments WHERE session_id = $1', [started.recharge_id]);
    expect(rows[0]).toEqual({ status: 'refunded', provider_payment: paid.payment_intent, refunded: true });
    // Again: no second refund, no credit.
    await webhook('checkout.session.completed', started.checkout.id);
    expect(double.refunds.filter((refund) => refund.payment_intent === paid.payment_intent)).toHaveLength(1);
    expect(await balance()).toBeCloseTo(before, 6);
    expect(await status(started.recharge_id)).toBe('cancelled');
  });

  it('when Stripe cannot be asked on the return, the customer goes back with the payment pending and the webhook settles it', async () => {
    const before = await balance();
    const started = await startRecharge(12);
    double.pay(started.checkout.id);
    double.failNext(4);
    const res = await back(started.checkout, 'success');
    expect(new URL(res.headers.location as string).searchParams.get('payment')).toBe('pending');
    double.failNext(0);
    expect((await webhook('checkout.session.completed', started.checkout.id)).statusCode).toBe(200);
    expect(await balance()).toBeCloseTo(before + 12, 6);
  });

  /** place_order for one Margherita Medium, pickup at the pizzeria (open at every hour), paid online. */
  async function placeOnline() {
    const pizza = await t.storeId('golden-gate-pizzeria');
    await t.database.db.query('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [pizza]);
    const margherita = (await t.database.db.query<{ id: number }>(`SELECT id FROM items WHERE name = 'Margherita' AND vendor_id = $1`, [vendorId])).rows[0]!.id;
    const medium = (await t.database.db.query<{ id: number }>(
      `SELECT o.id FROM item_options o JOIN item_option_groups g ON g.id = o.group_id WHERE g.item_id = $1 AND o.name = 'Medium 12"'`, [margherita],
    )).rows[0]!.id;
    return t.app.inject({
      method: 'POST', url: '/api/v2/place_order',
      payload: order(pizza, [line(margherita, 1, 17, [medium])], 17.5, { payment_method: 'online', return_url: 'http://localhost:5173/payment-online' }),
      headers: { host: 'localhost:8080', authorization: `Bearer ${alex}`, origin: 'http://localhost:5173' },
    });
  }

  /** An online pickup order of one Margherita Medium at the pizzeria, paid on Stripe's page and confirmed on the return. */
  async function paidOnlineOrder(): Promise<{ orderId: number; intent: string }> {
    const res = await placeOnline();
    expect(res.json().code, res.body).toBe(200);
    const placed = res.json().Result as PlaceOrderResult;
    const checkout = [...double.sessions.values()].find((session) => session.url === placed.payment_url)!;
    expect(checkout.amount_total).toBe(1750);
    const paid = double.pay(checkout.id);
    const returned = await back(checkout, 'success');
    expect(Object.fromEntries(new URL(returned.headers.location as string).searchParams)).toEqual({ order_id: String(placed.order_id), payment: 'paid' });
    return { orderId: placed.order_id, intent: paid.payment_intent! };
  }

  it('a cancelled order paid online goes back through Stripe when the vendor refunds there, to the wallet otherwise', async () => {
    const cancel = (orderId: number) => inTransaction(t.database.db, (c) => transition(c, vendorId, orderId, 'cancelled', 'store'));
    const sweep = () => refundPending(t.database.db, t.app.runtime.payments, (error) => {
      throw error;
    });
    await t.database.db.query(`UPDATE vendors SET settings = settings || '{"online_refund": "provider"}' WHERE id = $1`, [vendorId]);
    const before = await balance();
    const viaStripe = await paidOnlineOrder();
    expect((await cancel(viaStripe.orderId)).payment_status).toBe('refunded');
    expect(await sweep()).toBe(1);
    expect(double.refunds.filter((refund) => refund.payment_intent === viaStripe.intent)).toEqual([expect.objectContaining({ amount: 1750 })]);
    expect(await sweep()).toBe(0);
    expect(await balance()).toBeCloseTo(before, 6);
    const { rows } = await t.database.db.query('SELECT status FROM payments WHERE order_id = $1', [viaStripe.orderId]);
    expect(rows).toEqual([{ status: 'refunded' }]);

    await t.database.db.query(`UPDATE vendors SET settings = settings - 'online_refund' WHERE id = $1`, [vendorId]);
    const viaWallet = await paidOnlineOrder();
    expect((await cancel(viaWallet.orderId)).wallet_credit_minor).toBe(1750);
    expect(await sweep()).toBe(0);
    expect(double.refunds.filter((refund) => refund.payment_intent === viaWallet.intent)).toEqual([]);
    expect(await balance()).toBeCloseTo(before + 17.5, 6);
  });

  it('a customer cancelling an order paid through Stripe is refunded there at once, not at the next sweep', async () => {
    await t.database.db.query(`UPDATE vendors SET settings = settings || '{"online_refund": "provider"}' WHERE id = $1`, [vendorId]);
    try {
      const before = await balance();
      const paid = await paidOnlineOrder();
      const res = await t.app.inject({
        method: 'POST', url: '/api/v2/cancel_order', payload: { order_id: paid.orderId },
        headers: { host: 'localhost:8080', authorization: `Bearer ${alex}`, origin: 'http://localhost:5173' },
      });
      expect(res.json().Result).toEqual({ order_id: paid.orderId, status: 'cancelled', payment_status: 'refunded', refund: 17.5, refund_to: 'provider' });
      await expect.poll(() => double.refunds.filter((refund) => refund.payment_intent === paid.intent).length).toBe(1);
      await expect.poll(async () => (await t.database.db.query('SELECT status FROM payments WHERE order_id = $1', [paid.orderId])).rows)
        .toEqual([{ status: 'refunded' }]);
      expect(await balance()).toBeCloseTo(before, 6);
    } finally {
      await t.database.db.query(`UPDATE vendors SET settings = settings - 'online_refund' WHERE id = $1`, [vendorId]);
    }
  });

  it('when Stripe cannot open a payment: a 503 the customer can retry, no recharge left open, no order kept', async () => {
    double.failNext(10);
    const res = await t.app.inject({
      method: 'POST', url: '/api/v2/wallet_recharge', payload: { amount: 10, return_url: RETURN },
      headers: { host: 'localhost:8080', authorization: `Bearer ${alex}`, origin: 'http://localhost:5173' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, msg: 'Online payment is not available right now. Please try again in a moment.', msg_key: 'payment.provider_down' });
    const { rows: open } = await t.database.db.query(`SELECT count(*)::int AS n FROM payments WHERE purpose = 'recharge' AND status = 'pending' AND provider_ref IS NULL`);
    expect(open).toEqual([{ n: 0 }]);
    const orders = async () => (await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE vendor_id = $1', [vendorId])).rows[0]!.n;
    const before = await orders();
    double.failNext(10);
    const placed = await placeOnline();
    expect(placed.statusCode).toBe(503);
    expect(await orders()).toBe(before);
    double.failNext(0);
  });

  it('an order paid online through Stripe is placed once paid', async () => {
    const { orderId } = await paidOnlineOrder();
    expect((await t.post('check_payment_status', { order_id: orderId }, { token: alex })).body.Result).toEqual({
      order_id: orderId, payment_status: 'paid', status: 'placed',
    });
  });
});
