/**
 * Every provider of the kit, through the same journey against its local double (server/doubles): a
 * customer recharges the wallet through the provider's spec call and page, and pays, fails or cancels
 * there; the balance moves once; a replayed webhook changes nothing and a forged one is refused; a
 * payment the provider confirms after it lapsed here goes back through the provider's refund.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderResult } from '../../../../contract/api/checkout.ts';
import type { WalletHistory, WalletRechargeStarted } from '../../../../contract/api/wallet.ts';
import { PAYMENT_PROVIDERS, type ProviderName } from '../../../../contract/rules/payment-providers.ts';
import { DOUBLES } from '../../../doubles/index.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { DoubleWebhook, PageExit } from '../../../doubles/kit.ts';
import { forgetVendors } from '../../../http/vendor.ts';
import { line, order } from '../../../test/checkout-fixtures.ts';
import { createTestApp, HARBOR, type TestApp } from '../../../test/test-app.ts';
import { refundPending } from '../providers/refunds.ts';
import { ADAPTERS } from '../adapters/index.ts';

const RETURN = 'http://localhost:5173/wallet';
/** SF_PROVIDERS=a,b tries only those (while one is being built). */
const PROVIDERS = (process.env.SF_PROVIDERS?.split(',') ?? Object.keys(DOUBLES)) as ProviderName[];

/** The minor digits of the currencies the doubles are tried in. */
const EXPONENT: Record<string, number> = { JPY: 0, KRW: 0, CLP: 0, UGX: 0, BHD: 3, KWD: 3, OMR: 3 };

describe('the provider kit: every provider against its double', () => {
  let doubles: PaymentDoubles;
  let t: TestApp;
  let vendorId: number;

  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    t = await createTestApp({ paymentDoublesUrl: doubles.url });
    vendorId = (await t.database.db.query<{ id: number }>(`SELECT vendor_id AS id FROM vendor_hosts WHERE host = $1`, [HARBOR])).rows[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
    await doubles?.close();
  });

  it('docs/payments.md has a row for every provider: its recharge call, where the customer pays, its SDK', () => {
    const doc = readFileSync(new URL('../../../../docs/payments.md', import.meta.url), 'utf8');
    for (const [name, adapter] of Object.entries(ADAPTERS)) {
      const provider = PAYMENT_PROVIDERS[name as ProviderName];
      const row = doc.split('\n').find((line) => line.startsWith(`| ${provider.title} |`));
      expect(row, `a row for ${name}`).toBeDefined();
      expect(row).toContain(`\`${provider.rechargeCall}\``);
      expect(row).toContain(`| ${adapter!.facts.page} |`);
      if (adapter!.facts.integration.kind === 'sdk') expect(row).toContain(`\`${adapter!.facts.integration.package}\``);
    }
  });

  it('has an adapter for every double and a double for every adapter but Stripe\'s (its own double)', () => {
    expect(Object.keys(ADAPTERS).filter((name) => name !== 'stripe').sort()).toEqual(Object.keys(DOUBLES).sort());
  });

  describe.each(PROVIDERS)('%s', (name) => {
    const double = DOUBLES[name]!;
    const exponent = EXPONENT[double.testCurrency] ?? 2;
    // A customer of their own per provider (recharges are limited per customer and hour).
    let alex: string;

    beforeAll(async () => {
      // Harbor takes this provider's currency and only this provider, for this block.
      const db = t.database.db;
      await db.query('UPDATE vendors SET currency_code = $2, currency_exponent = $3 WHERE id = $1', [vendorId, double.testCurrency, exponent]);
      await db.query('UPDATE vendor_payment_accounts SET enabled = false WHERE vendor_id = $1', [vendorId]);
      const { publicKey, secretKey, webhookSecret, merchantId } = double.testAccount;
      await db.query(
        `INSERT INTO vendor_payment_accounts (vendor_id, provider, public_key, secret_key, webhook_secret, merchant_id) VALUES ($1, $2, $3, $4, $5, $6)`,
        [vendorId, name, publicKey, secretKey, webhookSecret, merchantId],
      );
      // Terms that fit any currency's units (whole pesos as well as dollars).
      await db.query(
        `UPDATE vendors SET settings = settings || jsonb_build_object('payment_provider', $2::text, 'wallet_recharge', '{"minimum": 1, "limit": 100000, "amounts": []}'::jsonb) WHERE id = $1`,
        [vendorId, name],
      );
      forgetVendors(db);
      const mobile = `41555${String(PROVIDERS.indexOf(name)).padStart(5, '0')}`;
      await db.query(
        `INSERT INTO users (vendor_id, country_code, mobile_number, user_name, email, mobile_verified_at) VALUES ($1, '1', $2, 'Alex Doe', $3, now())`,
        [vendorId, mobile, `alex.${name}@example.com`],
      );
      alex = await t.signIn(HARBOR, mobile);
    });

    const balance = async () => ((await t.post('get_user_wallet_amount', {}, { token: alex })).body.Result as { wallet_amount: number }).wallet_amount;

    async function recharge(amount: number) {
      const res = await t.app.inject({
        method: 'POST', url: `/api/v2/${PAYMENT_PROVIDERS[name].rechargeCall}`, payload: { amount, return_url: RETURN },
        headers: { host: 'localhost:8080', authorization: `Bearer ${alex}`, origin: 'http://localhost:5173' },
      });
      expect(res.json().code, res.body).toBe(200);
      const started = res.json().Result as WalletRechargeStarted;
      await openStartPage(started.payment_url);
      const { rows } = await t.database.db.query<{ provider_ref: string; provider: string }>(
        'SELECT provider_ref, provider FROM payments WHERE session_id = $1', [started.recharge_id],
      );
      expect(rows[0]?.provider).toBe(name);
      const ref = rows[0]!.provider_ref;
      const opened = doubles.store.find(name, ref);
      expect(opened, `the double has ${ref}`).toBeDefined();
      return { ...started, ref, opened: opened! };
    }

    /**
     * A payment that starts on a page of ours (a form posted to the provider, the provider's payment form,
     * or a wait for the customer's phone) is opened as a browser would: the page, then its form posted on.
     */
    let startUrl = '';
    async function openStartPage(url: string) {
      startUrl = '';
      const address = new URL(url);
      if (!address.pathname.startsWith(`/pay/${name}/start/`)) return;
      startUrl = url;
      const page = await t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}`, headers: { host: 'localhost:8080' } });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      if (page.body.includes('poll=1')) {
        // A page that waits for the phone: asked in JSON, it has nowhere to go yet.
        const asked = await t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}&poll=1`, headers: { host: 'localhost:8080' } });
        expect(asked.json()).toEqual({ next: null });
      }
      const form = /<form method="post" action="([^"]+)">(.*?)<\/form>/s.exec(page.body);
      if (!form) return;
      const unescape = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
      const fields = Object.fromEntries([...form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [unescape(m[1]!), unescape(m[2]!)]));
      const posted = await fetch(unescape(form[1]!), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
      expect(posted.status, await posted.text()).toBeLessThan(400);
    }

    /** The customer, sent on by the provider's page (or waiting on ours while they approve on their phone), arrives at this server's return route. */
    async function arrive(exit: PageExit) {
      if ('phone' in exit) {
        const waiting = new URL(startUrl);
        const res = await t.app.inject({ method: 'GET', url: `${waiting.pathname}${waiting.search}`, headers: { host: 'localhost:8080' } });
        expect(res.statusCode, res.body).toBe(303);
        return Object.fromEntries(new URL(res.headers.location as string).searchParams);
      }
      const target = new URL('redirect' in exit ? exit.redirect : exit.post);
      expect(target.origin).toBe('http://localhost:8080');
      const res = 'redirect' in exit
        ? await t.app.inject({ method: 'GET', url: `${target.pathname}${target.search}`, headers: { host: 'localhost:8080' } })
        : await t.app.inject({
          method: 'POST', url: `${target.pathname}${target.search}`, payload: new URLSearchParams(exit.fields).toString(),
          headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
        });
      expect(res.statusCode, res.body).toBe(303);
      return Object.fromEntries(new URL(res.headers.location as string).searchParams);
    }

    const post = (hook: DoubleWebhook, vendor = vendorId) => {
      const query = hook.query ? `?${new URLSearchParams(hook.query)}` : '';
      return t.app.inject({ method: 'POST', url: `/webhooks/${name}/${vendor}${query}`, payload: hook.body, headers: { host: 'localhost:8080', ...hook.headers } });
    };

    it('is offered in the wallet and opens its page with the amount in the provider\'s units', async () => {
      const history = (await t.post('get_user_wallet_history', {}, { token: alex })).body.Result as WalletHistory;
      expect(history.recharge_providers.map((provider) => provider.name)).toContain(name);
      const started = await recharge(12.5);
      expect(started.payment_url).toMatch(/^https?:\/\//);
      const minor = Math.round(12.5 * 10 ** exponent);
      expect([minor, 12.5, '12.50', '12.5', '1250']).toContainEqual(started.opened.amount);
      expect(started.opened.currency.toUpperCase()).toBe(double.testCurrency);
    });

    it('paid on its page: credited once, however often the return and the webhook come', async () => {
      const before = await balance();
      const started = await recharge(20);
      const back = await arrive(doubles.press(name, started.ref, 'pay'));
      expect(back).toEqual({ recharge: started.recharge_id, payment: 'paid' });
      expect(await balance()).toBeCloseTo(before + 20, 6);
      const hook = doubles.webhook(name, started.ref, double.testAccount.webhookSecret || double.testAccount.secretKey);
      for (let i = 0; i < 2; i++) expect((await post(hook)).statusCode).toBe(200);
      expect(await balance()).toBeCloseTo(before + 20, 6);
    });

    it('paid, and the webhook comes before the customer: credited once', async () => {
      const before = await balance();
      const started = await recharge(15);
      const exit = doubles.press(name, started.ref, 'pay');
      const hook = doubles.webhook(name, started.ref, double.testAccount.webhookSecret || double.testAccount.secretKey);
      expect((await post(hook)).statusCode).toBe(200);
      expect(await balance()).toBeCloseTo(before + 15, 6);
      expect((await arrive(exit)).payment).toBe('paid');
      expect(await balance()).toBeCloseTo(before + 15, 6);
    });

    it('refuses a webhook with a forged signature, or sent to another vendor\'s endpoint, and changes nothing', async () => {
      const before = await balance();
      const started = await recharge(9);
      doubles.press(name, started.ref, 'pay');
      const forged = await post(doubles.webhook(name, started.ref, 'not-the-secret'));
      expect(forged.statusCode).toBe(400);
      const elsewhere = await post(doubles.webhook(name, started.ref, double.testAccount.webhookSecret || double.testAccount.secretKey), 999_999);
      expect(elsewhere.statusCode).toBe(400);
      expect(await balance()).toBeCloseTo(before, 6);
    });

    it('failed or cancelled on its page: nothing is credited, and the storefront is told which', async () => {
      const before = await balance();
      const failed = await recharge(7);
      expect((await arrive(doubles.press(name, failed.ref, 'fail'))).payment).toBe('failed');
      const cancelled = await recharge(8);
      expect((await arrive(doubles.press(name, cancelled.ref, 'cancel'))).payment).toBe('cancelled');
      expect(await balance()).toBeCloseTo(before, 6);
    });

    it('a payment made after it lapsed here is not credited, and goes back through the provider\'s refund, once', async () => {
      const before = await balance();
      const started = await recharge(11);
      await t.database.db.query(`UPDATE payments SET expires_at = now() - interval '1 minute' WHERE session_id = $1`, [started.recharge_id]);
      doubles.press(name, started.ref, 'pay');
      const hook = doubles.webhook(name, started.ref, double.testAccount.webhookSecret || double.testAccount.secretKey);
      expect((await post(hook)).statusCode).toBe(200);
      expect((await post(hook)).statusCode).toBe(200);
      await refundPending(t.database.db, t.app.runtime.payments, (error) => { throw error; });
      const { rows } = await t.database.db.query<{ status: string }>('SELECT status FROM payments WHERE session_id = $1', [started.recharge_id]);
      expect(rows[0]?.status).toBe('refunded');
      const paid = doubles.store.find(name, started.ref)!;
      expect(paid.refunds.length).toBe(1);
      expect([paid.amount, Number(paid.amount)]).toContainEqual(Number(paid.refunds[0]!.amount));
      expect(await balance()).toBeCloseTo(before, 6);
    });

    it('an order paid online through it (the vendor\'s provider) is placed once paid', async () => {
      const pizza = await t.storeId('golden-gate-pizzeria');
      await t.database.db.query('DELETE FROM restaurant_hours WHERE restaurant_id = $1', [pizza]);
      const menu = (await t.post('restaurantCategoryWithMenu', { restaurant_id: pizza })).body.Result as Array<{ items: Array<{ item_id: number; name: string; price: number }> }>;
      const knots = menu.flatMap((category) => category.items).find((item) => item.name === 'Garlic Knots')!;
      const lines = [line(knots.item_id, 3, knots.price)];
      const quote = await t.post('check_restaurant_menu_with_price', { restaurant_id: pizza, order_mode: 'pickup', lines }, { token: alex });
      const total = (quote.body.Result as { total: number }).total;
      const res = await t.app.inject({
        method: 'POST', url: '/api/v2/place_order',
        payload: order(pizza, lines, total, { payment_method: 'online', return_url: 'http://localhost:5173/payment-online' }),
        headers: { host: 'localhost:8080', authorization: `Bearer ${alex}`, origin: 'http://localhost:5173' },
      });
      expect(res.json().code, res.body).toBe(200);
      const placed = res.json().Result as PlaceOrderResult;
      expect(placed.status).toBe('payment_pending');
      await openStartPage(placed.payment_url);
      const { rows } = await t.database.db.query<{ provider_ref: string }>('SELECT provider_ref FROM payments WHERE order_id = $1', [placed.order_id]);
      const back = await arrive(doubles.press(name, rows[0]!.provider_ref, 'pay'));
      expect(back).toEqual({ order_id: String(placed.order_id), payment: 'paid' });
      expect((await t.post('check_payment_status', { order_id: placed.order_id }, { token: alex })).body.Result).toMatchObject({ payment_status: 'paid', status: 'placed' });
    });

    it('a provider that cannot be reached: the recharge is refused plainly and nothing is left open', async () => {
      const asked = doubles.store.log.length;
      doubles.store.failNext(3);
      const res = await t.app.inject({
        method: 'POST', url: `/api/v2/${PAYMENT_PROVIDERS[name].rechargeCall}`, payload: { amount: 5, return_url: RETURN },
        headers: { host: 'localhost:8080', authorization: `Bearer ${alex}` },
      });
      doubles.store.failNext(0);
      if (doubles.store.log.length === asked) {
        // Nothing is asked of this provider as the payment starts (the customer's browser posts it the form): it opens.
        expect(res.statusCode, res.body).toBe(200);
        return;
      }
      expect(res.statusCode).toBe(503);
      expect(res.json().msg).toBe('Online payment is not available right now. Please try again in a moment.');
      const { rows } = await t.database.db.query<{ status: string }>(
        'SELECT status FROM payments WHERE vendor_id = $1 AND provider = $2 ORDER BY id DESC LIMIT 1', [vendorId, name],
      );
      expect(rows[0]?.status).toBe('failed');
    });
  });
});
