/**
 * What the kit's suite cannot see of the Yoco adapter: its webhook signature against the test vector
 * of the Standard Webhooks specification (the scheme Yoco's "Verifying the events" page describes; Yoco
 * publishes no vector of its own), the timestamp window, its state mapping, and that a return, which
 * carries nothing, pays nothing unless Yoco says the checkout completed. The double is reached
 * in-process through a stubbed fetch.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { yocoDouble } from '../../../doubles/yoco.ts';
import { DoubleStore, exitUrl, type DoublePayment } from '../../../doubles/kit.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { standardWebhookSignature, verifyStandardWebhook, yocoAdapter, yocoVerdict } from './yoco.ts';
import { answeredBy } from '../../../doubles/in-process.ts';


const store = new DoubleStore();
store.base = 'http://doubles.test';
const ctx: AdapterContext = { account: yocoDouble.testAccount, apiBase: 'http://doubles.test/yoco', now: () => new Date() };
const urls = (session: string): PaymentUrls => ({
  back: (result) => `http://localhost:8080/pay/yoco/return/${session}?result=${result}&token=t`,
  notify: 'http://localhost:8080/webhooks/yoco/1',
});
const session = (sessionId: string): PaymentSession => ({
  sessionId, vendorId: 1, orderId: null, customerId: 7, amountMinor: 1250, currencyCode: 'ZAR', currencyExponent: 2, vendorName: 'Harbor', baseUrl: 'http://localhost:8080',
});
const payment = (ref: string) => ({ ref, providerPayment: null, amountMinor: 1250 });

/** Opens a checkout and acts on its page; answers the double's checkout and the return's query. */
async function opened(sessionId: string, action?: 'pay' | 'fail' | 'cancel'): Promise<{ ref: string; double: DoublePayment; query: Record<string, string> }> {
  const { ref } = await yocoAdapter.create(ctx, session(sessionId), urls(sessionId));
  const double = store.find('yoco', ref)!;
  if (!action) return { ref, double, query: {} };
  store.settle(double, action);
  const exit = yocoDouble.exit(double, action, store);
  const query = Object.fromEntries(new URL(exitUrl(exit)).searchParams);
  delete query.token;
  return { ref, double, query };
}

/** What our return route hands the adapter for that query. */
const returned = (query: Record<string, string>) => {
  const { result, ...params } = query;
  return { result: result === 'cancel' ? 'cancel' as const : result === 'success' ? 'success' as const : undefined, params };
};

describe('the Yoco adapter', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', answeredBy(yocoDouble, store));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('signs as the Standard Webhooks specification\'s test vector, and checks the signature and its time', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const timestamp = '1614265330';
    const body = '{"test": 2432232314}';
    expect(standardWebhookSignature(secret, id, timestamp, body)).toBe('g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');

    const at = (seconds: number) => new Date(seconds * 1000);
    const signature = 'v1,bm9wZQ== v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
    expect(verifyStandardWebhook(secret, { id, timestamp, signature }, body, at(1614265330 + 60))).toBe(true);
    expect(verifyStandardWebhook(secret, { id, timestamp, signature }, body, at(1614265330 + 4 * 60))).toBe(false);
    expect(verifyStandardWebhook(secret, { id, timestamp, signature }, '{"test": 2432232315}', at(1614265330))).toBe(false);
    expect(verifyStandardWebhook(secret, { id: 'msg_other', timestamp, signature }, body, at(1614265330))).toBe(false);
    expect(verifyStandardWebhook(secret, { id, timestamp, signature: 'v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' }, body, at(1614265330))).toBe(false);
    expect(verifyStandardWebhook('whsec_bm90IHRoZSBzZWNyZXQ=', { id, timestamp, signature }, body, at(1614265330))).toBe(false);
  });

  it('maps Yoco\'s checkout states to ours', () => {
    expect(yocoVerdict({ status: 'completed', paymentId: 'p_1' })).toEqual({ outcome: 'paid', providerPayment: 'p_1' });
    expect(yocoVerdict({ status: 'expired', paymentId: null })).toEqual({ outcome: 'cancelled' });
    for (const status of ['created', 'started', 'processing']) expect(yocoVerdict({ status, paymentId: null })).toEqual({ outcome: 'pending' });
  });

  it('reads a return by asking Yoco: the success address alone pays nothing', async () => {
    const open = await opened('open_session_0001');
    expect(await yocoAdapter.onReturn(ctx, payment(open.ref), returned({ result: 'success' }))).toEqual({ outcome: 'pending' });
    const failed = await opened('failed_session_01', 'fail');
    expect(await yocoAdapter.onReturn(ctx, payment(failed.ref), returned(failed.query))).toEqual({ outcome: 'failed' });
    const cancelled = await opened('cancel_session_01', 'cancel');
    expect(await yocoAdapter.onReturn(ctx, payment(cancelled.ref), returned(cancelled.query))).toEqual({ outcome: 'cancelled' });
    const paid = await opened('paid_session_0001', 'pay');
    expect(await yocoAdapter.onReturn(ctx, payment(paid.ref), returned(paid.query))).toEqual({ outcome: 'paid', providerPayment: paid.double.paymentId });
  });

  it('reads the payment.succeeded webhook the double sends, and refuses it for another secret', async () => {
    const paid = await opened('hook_session_0001', 'pay');
    const hook = yocoDouble.webhook(paid.double, ctx.account.webhookSecret, store);
    expect(await yocoAdapter.webhook(ctx, { body: Buffer.from(hook.body), headers: hook.headers, query: {} }))
      .toEqual({ kind: 'event', ref: paid.ref, verdict: { outcome: 'paid', providerPayment: paid.double.paymentId } });
    const forged = yocoDouble.webhook(paid.double, 'whsec_bm90IHRoZSBzZWNyZXQ=', store);
    expect(await yocoAdapter.webhook(ctx, { body: Buffer.from(forged.body), headers: forged.headers, query: {} })).toEqual({ kind: 'forged' });
  });

  it('refunds a payment once, with one idempotency key, however often it is asked to', async () => {
    const paid = await opened('refund_session_01', 'pay');
    await yocoAdapter.refund(ctx, payment(paid.ref));
    await yocoAdapter.refund(ctx, payment(paid.ref));
    expect(paid.double.refunds).toEqual([{ id: expect.any(String), amount: 1250 }]);
  });
});
