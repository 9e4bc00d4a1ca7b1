/**
 * What the kit's suite cannot see of the mada adapter (HyperPay's mada entity on the platform's
 * COPYandPAY, oppwa.ts; the scheme itself is tried in hyperpay.test.ts): it takes SAR only, opens its
 * checkouts with the mada entity (the account's merchantId), and its webhooks are read with its own
 * key, not HyperPay's card entity's. The double is reached in-process through a stubbed fetch.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hyperpayMadaDouble } from '../../../doubles/hyperpay-mada.ts';
import { hyperpayDouble } from '../../../doubles/hyperpay.ts';
import { DoubleStore } from '../../../doubles/kit.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { hyperpayMadaAdapter } from './hyperpay-mada.ts';
import { answeredBy } from '../../../doubles/in-process.ts';


const store = new DoubleStore();
store.base = 'http://doubles.test';
const ctx: AdapterContext = { account: hyperpayMadaDouble.testAccount, apiBase: 'http://doubles.test/hyperpay-mada', now: () => new Date() };
const urls: PaymentUrls = {
  back: (result) => `http://localhost:8080/pay/hyperpay-mada/return/s?result=${result}&token=t`,
  notify: 'http://localhost:8080/webhooks/hyperpay-mada/1',
};
const session = (sessionId: string, currencyCode: string): PaymentSession => ({
  sessionId, vendorId: 1, orderId: null, customerId: 7, amountMinor: 5000, currencyCode, currencyExponent: 2, vendorName: 'Souq', baseUrl: 'http://localhost:8080',
});

describe('mada through HyperPay', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', answeredBy(hyperpayMadaDouble, store));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('takes SAR only', async () => {
    expect(hyperpayMadaAdapter.facts.currencies).toEqual(['SAR']);
    await expect(hyperpayMadaAdapter.create(ctx, session('sess-mada-usd-0001', 'USD'), urls)).rejects.toThrow(/USD/);
    expect(store.payments.size).toBe(0);
  });

  it('opens its checkout with the mada entity, 50.00 SAR', async () => {
    const opened = await hyperpayMadaAdapter.create(ctx, session('sess-mada-sar-0001', 'SAR'), urls);
    const checkout = store.find('hyperpay-mada', opened.ref)!;
    expect(checkout.extra).toMatchObject({ entityId: hyperpayMadaDouble.testAccount.merchantId, amount: '50.00', paymentType: 'DB' });
    expect(checkout.currency).toBe('SAR');
  });

  it('reads its webhooks with its own key: one encrypted with the card entity\'s key is forged', async () => {
    const opened = await hyperpayMadaAdapter.create(ctx, session('sess-mada-hook-001', 'SAR'), urls);
    const checkout = store.find('hyperpay-mada', opened.ref)!;
    store.settle(checkout, 'pay');
    hyperpayMadaDouble.exit(checkout, 'pay', store);
    const own = hyperpayMadaDouble.webhook(checkout, ctx.account.webhookSecret, store);
    const cards = hyperpayMadaDouble.webhook(checkout, hyperpayDouble.testAccount.webhookSecret, store);
    const read = (hook: typeof own) => hyperpayMadaAdapter.webhook(ctx, { body: Buffer.from(hook.body), headers: hook.headers, query: {} });
    expect(await read(own)).toMatchObject({ kind: 'event', ref: opened.ref, verdict: { outcome: 'paid' } });
    expect(await read(cards)).toEqual({ kind: 'forged' });
  });
});
