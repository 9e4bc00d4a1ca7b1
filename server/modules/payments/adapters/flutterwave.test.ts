/**
 * What the kit's suite cannot see of the Flutterwave adapter: a webhook counts only with the account's
 * secret hash in verif-hash (Flutterwave publishes no signature vector: the hash is compared as it is)
 * and then only as the API reports the transaction, never as its body says; its state mapping and
 * amounts in major units; and that a return naming another payment's transaction pays nothing. The
 * double is reached in-process through a stubbed fetch.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { flutterwaveDouble } from '../../../doubles/flutterwave.ts';
import { DoubleStore, exitUrl, type DoublePayment } from '../../../doubles/kit.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { flutterwaveAdapter, flutterwaveVerdict, majorUnits } from './flutterwave.ts';
import { answeredBy } from '../../../doubles/in-process.ts';


const store = new DoubleStore();
store.base = 'http://doubles.test';
const ctx: AdapterContext = { account: flutterwaveDouble.testAccount, apiBase: 'http://doubles.test/flutterwave', now: () => new Date() };
const urls = (session: string): PaymentUrls => ({
  back: (result) => `http://localhost:8080/pay/flutterwave/return/${session}?result=${result}&token=t`,
  notify: 'http://localhost:8080/webhooks/flutterwave/1',
});
const session = (sessionId: string): PaymentSession => ({
  sessionId, vendorId: 1, orderId: null, customerId: 7, amountMinor: 1250, currencyCode: 'USD', currencyExponent: 2, vendorName: 'Harbor', baseUrl: 'http://localhost:8080',
});
const payment = (ref: string) => ({ ref, providerPayment: null, amountMinor: 1250 });

/** Opens a payment and acts on its page; answers the double's payment and where the customer was sent. */
async function opened(sessionId: string, action?: 'pay' | 'fail'): Promise<{ ref: string; double: DoublePayment; back: URL | undefined }> {
  const { ref } = await flutterwaveAdapter.create(ctx, session(sessionId), urls(sessionId));
  const double = store.find('flutterwave', ref)!;
  if (!action) return { ref, double, back: undefined };
  store.settle(double, action);
  const exit = flutterwaveDouble.exit(double, action, store);
  return { ref, double, back: new URL(exitUrl(exit)) };
}

describe('the Flutterwave adapter', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', answeredBy(flutterwaveDouble, store));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('takes a webhook only with the secret hash, and then as the API reports the transaction, not as the body says', async () => {
    const failed = await opened('failed_session_01', 'fail');
    const claim = Buffer.from(JSON.stringify({ event: 'charge.completed', data: { id: failed.double.extra.tx_id, tx_ref: failed.ref, status: 'successful' } }));
    const read = (hash?: string, body = claim) => flutterwaveAdapter.webhook(ctx, { body, headers: hash === undefined ? {} : { 'verif-hash': hash }, query: {} });

    expect(await read()).toEqual({ kind: 'forged' });
    expect(await read('not-the-secret-hash')).toEqual({ kind: 'forged' });
    expect(await read(`${ctx.account.webhookSecret} `)).toEqual({ kind: 'forged' });
    expect(await read(ctx.account.webhookSecret)).toEqual({ kind: 'event', ref: failed.ref, verdict: { outcome: 'failed' } });
    const unknown = Buffer.from(JSON.stringify({ event: 'charge.completed', data: { id: 1, tx_ref: failed.ref, status: 'successful' } }));
    expect(await read(ctx.account.webhookSecret, unknown)).toEqual({ kind: 'ignored' });
  });

  it('maps Flutterwave\'s transaction states to ours, and sends amounts in major units', async () => {
    expect(flutterwaveVerdict({ id: 42, status: 'successful' })).toEqual({ outcome: 'paid', providerPayment: '42' });
    expect(flutterwaveVerdict({ id: 42, status: 'failed' })).toEqual({ outcome: 'failed' });
    expect(flutterwaveVerdict({ id: 42, status: 'pending' })).toEqual({ outcome: 'pending' });
    expect(majorUnits(1250, 2)).toBe(12.5);
    expect(majorUnits(1250, 0)).toBe(1250);
    expect(majorUnits(1234, 3)).toBe(1.234);
    expect((await opened('amount_session_01')).double.amount).toBe(12.5);
  });

  it('reads a return by verifying the transaction it names, which counts only if it is this payment\'s', async () => {
    const paid = await opened('paid_session_0001', 'pay');
    const open = await opened('open_session_0001');
    const forged = { result: 'success' as const, params: { status: 'successful', tx_ref: open.ref, transaction_id: String(paid.double.extra.tx_id) } };
    expect((await flutterwaveAdapter.onReturn(ctx, payment(open.ref), forged)).outcome).toBe('pending');
    const cancelled = { result: 'success' as const, params: { status: 'cancelled', tx_ref: open.ref } };
    expect((await flutterwaveAdapter.onReturn(ctx, payment(open.ref), cancelled)).outcome).toBe('cancelled');
    const back = { result: 'success' as const, params: Object.fromEntries(paid.back!.searchParams) };
    expect(await flutterwaveAdapter.onReturn(ctx, payment(paid.ref), back)).toEqual({ outcome: 'paid', providerPayment: paid.double.paymentId });
  });

  it('refunds a payment once, however often it is asked to', async () => {
    const paid = await opened('refund_session_01', 'pay');
    await flutterwaveAdapter.refund(ctx, { ...payment(paid.ref), providerPayment: paid.double.paymentId });
    await flutterwaveAdapter.refund(ctx, payment(paid.ref));
    expect(paid.double.refunds).toEqual([{ id: expect.any(String), amount: 12.5 }]);
  });
});
