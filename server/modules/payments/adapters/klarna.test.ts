/**
 * Klarna's adapter where the kit's suite cannot see: the HPP session states as ours, status callbacks
 * (which Klarna does not sign) taken only with our signature and then read from Klarna, and a return
 * that is not believed without Klarna. Klarna publishes no signature scheme, hence no test vector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { klarnaDouble } from '../../../doubles/klarna.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { klarnaAdapter, uuidOf, verdictOfSession } from './klarna.ts';

describe('Klarna HPP session states', () => {
  it('pays a completed session with its order, and maps the rest', () => {
    expect(verdictOfSession({ status: 'COMPLETED', order_id: 'o-1' })).toEqual({ outcome: 'paid', providerPayment: 'o-1' });
    expect(verdictOfSession({ status: 'COMPLETED' })).toEqual({ outcome: 'pending' });
    expect(verdictOfSession({ status: 'CANCELLED' })).toEqual({ outcome: 'cancelled' });
    expect(verdictOfSession({ status: 'DISABLED' })).toEqual({ outcome: 'cancelled' });
    expect(verdictOfSession({ status: 'ERROR' })).toEqual({ outcome: 'failed' });
    // Klarna lets a refused customer try again: FAILED is not final.
    for (const status of ['WAITING', 'IN_PROGRESS', 'BACK', 'MANUAL_ID_CHECK', 'FAILED'] as const) expect(verdictOfSession({ status })).toEqual({ outcome: 'pending' });
  });

  it('keys a refund by a UUID made from the session', () => {
    expect(uuidOf('refund:a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidOf('refund:a')).toBe(uuidOf('refund:a'));
    expect(uuidOf('refund:a')).not.toBe(uuidOf('refund:b'));
  });
});

describe('Klarna against its double', () => {
  let doubles: PaymentDoubles;
  let ctx: AdapterContext;
  const urls: PaymentUrls = { back: (result) => `http://localhost:8080/pay/klarna/return/s?result=${result}&token=t`, notify: 'http://localhost:8080/webhooks/klarna/1' };
  const session = (): PaymentSession => ({
    sessionId: `s_${Math.random().toString(36).slice(2)}_klarna_unit`, vendorId: 1, orderId: null, customerId: 1,
    amountMinor: 1250, currencyCode: 'USD', currencyExponent: 2, vendorName: 'Harbor', baseUrl: 'http://localhost:8080',
  });

  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    ctx = { account: { ...klarnaDouble.testAccount }, apiBase: `${doubles.url}/klarna`, now: () => new Date() };
  });
  afterAll(() => doubles?.close());

  it('does not believe a return to the success URL: an unpaid session is disabled and reads as cancelled', async () => {
    const opened = await klarnaAdapter.create(ctx, session(), urls);
    expect(doubles.store.find('klarna', opened.ref)?.amount).toBe(1250);
    const verdict = await klarnaAdapter.onReturn(ctx, { ref: opened.ref, providerPayment: null, amountMinor: 1250 }, { result: 'success', params: {} });
    expect(verdict).toEqual({ outcome: 'cancelled' });
    expect(doubles.store.find('klarna', opened.ref)?.extra.disabled).toBe(true);
  });

  it('takes a status callback only with our signature, and what Klarna says rather than its body', async () => {
    const opened = await klarnaAdapter.create(ctx, session(), urls);
    const hook = doubles.webhook('klarna', opened.ref, ctx.account.webhookSecret);
    const claimed = JSON.stringify({ event_id: 'e-1', session: { session_id: opened.ref, status: 'COMPLETED', order_id: 'made-up' } });
    // Signed by us, but Klarna still waits for the customer: nothing settles.
    expect(await klarnaAdapter.webhook(ctx, { body: Buffer.from(claimed), headers: hook.headers, query: hook.query ?? {} })).toEqual({ kind: 'ignored' });
    const forged = doubles.webhook('klarna', opened.ref, 'not-the-secret');
    expect(await klarnaAdapter.webhook(ctx, { body: Buffer.from(forged.body), headers: forged.headers, query: forged.query ?? {} })).toEqual({ kind: 'forged' });
    doubles.press('klarna', opened.ref, 'pay');
    const paid = doubles.webhook('klarna', opened.ref, ctx.account.webhookSecret);
    const reading = await klarnaAdapter.webhook(ctx, { body: Buffer.from(paid.body), headers: paid.headers, query: paid.query ?? {} });
    expect(reading).toEqual({ kind: 'event', ref: opened.ref, verdict: { outcome: 'paid', providerPayment: doubles.store.find('klarna', opened.ref)?.paymentId } });
  });

  it('says failed to a customer Klarna refused, and refunds a captured order once', async () => {
    const refused = await klarnaAdapter.create(ctx, session(), urls);
    doubles.press('klarna', refused.ref, 'fail');
    expect(await klarnaAdapter.onReturn(ctx, { ref: refused.ref, providerPayment: null, amountMinor: 1250 }, { result: 'cancel', params: {} })).toEqual({ outcome: 'failed' });
    const opened = await klarnaAdapter.create(ctx, session(), urls);
    doubles.press('klarna', opened.ref, 'pay');
    const paid = await klarnaAdapter.check(ctx, { ref: opened.ref, providerPayment: null, amountMinor: 1250 });
    const payment = { ref: opened.ref, providerPayment: paid.providerPayment ?? null, amountMinor: 1250 };
    await klarnaAdapter.refund(ctx, payment);
    await klarnaAdapter.refund(ctx, payment);
    expect(doubles.store.find('klarna', opened.ref)?.refunds.map((refund) => refund.amount)).toEqual([1250]);
  });
});
