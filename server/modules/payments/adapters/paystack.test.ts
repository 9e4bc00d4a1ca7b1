/**
 * What the kit's suite cannot see of the Paystack adapter: its webhook signature (Paystack's docs give
 * the scheme, HMAC-SHA512 of the raw body with the secret key, but publish no test vector, so the
 * expected value is computed here independently of the adapter), its state mapping, and that a return
 * naming another transaction pays nothing. The double is reached in-process through a stubbed fetch.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paystackDouble } from '../../../doubles/paystack.ts';
import { DoubleStore } from '../../../doubles/kit.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { paystackAdapter, paystackReference, paystackVerdict } from './paystack.ts';
import { answeredBy } from '../../../doubles/in-process.ts';


const store = new DoubleStore();
store.base = 'http://doubles.test';
const ctx: AdapterContext = { account: paystackDouble.testAccount, apiBase: 'http://doubles.test/paystack', now: () => new Date() };
const urls = (session: string): PaymentUrls => ({
  back: (result) => `http://localhost:8080/pay/paystack/return/${session}?result=${result}&token=t`,
  notify: 'http://localhost:8080/webhooks/paystack/1',
});
const session = (sessionId: string): PaymentSession => ({
  sessionId, vendorId: 1, orderId: null, customerId: 7, amountMinor: 1250, currencyCode: 'USD', currencyExponent: 2, vendorName: 'Harbor', baseUrl: 'http://localhost:8080',
});
const payment = (ref: string) => ({ ref, providerPayment: null, amountMinor: 1250 });

describe('the Paystack adapter', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', answeredBy(paystackDouble, store));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('takes a webhook signed with HMAC-SHA512 of its exact body with the secret key, and nothing else', async () => {
    const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: { id: 302961, reference: 'sess.one', status: 'success', amount: 1250 } }));
    const signed = (key: string, bytes: Buffer) => createHmac('sha512', key).update(bytes).digest('hex');
    const read = (bytes: Buffer, signature?: string) => paystackAdapter.webhook(ctx, { body: bytes, headers: signature === undefined ? {} : { 'x-paystack-signature': signature }, query: {} });

    expect(await read(body, signed(ctx.account.secretKey, body))).toEqual({ kind: 'event', ref: 'sess.one', verdict: { outcome: 'paid', providerPayment: '302961' } });
    const tampered = Buffer.from(body.toString().replace('1250', '9250'));
    expect(await read(tampered, signed(ctx.account.secretKey, body))).toEqual({ kind: 'forged' });
    expect(await read(body, signed('sk_test_someone_else', body))).toEqual({ kind: 'forged' });
    expect(await read(body)).toEqual({ kind: 'forged' });
  });

  it('maps Paystack\'s transaction states to ours', () => {
    expect(paystackVerdict({ id: 1, status: 'success' })).toEqual({ outcome: 'paid', providerPayment: '1' });
    expect(paystackVerdict({ id: 1, status: 'failed' })).toEqual({ outcome: 'failed' });
    expect(paystackVerdict({ id: 1, status: 'reversed' })).toEqual({ outcome: 'cancelled' });
    for (const status of ['abandoned', 'ongoing', 'pending', 'processing', 'queued']) expect(paystackVerdict({ id: 1, status }).outcome).toBe('pending');
  });

  it('gives Paystack a reference it takes, one per session', () => {
    expect(paystackReference('a1_B2-c3')).toBe('a1.B2-c3');
    expect(paystackReference('a1_B2-c3')).toMatch(/^[A-Za-z0-9.=-]+$/);
  });

  it('reads a return by asking Paystack about its own reference, never the one the address names', async () => {
    const paid = await paystackAdapter.create(ctx, session('paid_session_0001'), urls('paid_session_0001'));
    const open = await paystackAdapter.create(ctx, session('open_session_0001'), urls('open_session_0001'));
    const settled = store.find('paystack', paid.ref)!;
    store.settle(settled, 'pay');
    paystackDouble.exit(settled, 'pay', store);

    const forged = { result: 'success' as const, params: { trxref: paid.ref, reference: paid.ref } };
    expect((await paystackAdapter.onReturn(ctx, payment(open.ref), forged)).outcome).toBe('cancelled');
    expect(await paystackAdapter.onReturn(ctx, payment(paid.ref), forged)).toEqual({ outcome: 'paid', providerPayment: settled.paymentId });
  });

  it('refunds a payment once, however often it is asked to', async () => {
    const opened = await paystackAdapter.create(ctx, session('refund_session_01'), urls('refund_session_01'));
    const settled = store.find('paystack', opened.ref)!;
    store.settle(settled, 'pay');
    paystackDouble.exit(settled, 'pay', store);
    await paystackAdapter.refund(ctx, payment(opened.ref));
    await paystackAdapter.refund(ctx, payment(opened.ref));
    expect(settled.refunds).toEqual([{ id: expect.any(String), amount: 1250 }]);
  });
});
