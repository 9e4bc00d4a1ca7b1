/**
 * The 4Geeks adapter beyond the kit's suite. 4Geeks publishes no signature scheme for its returns or
 * notifications (so there is no test vector of its own to check): what is checked is our signature in
 * the console's endpoint URL, the mapping of the session's states, and that nothing the address or the
 * body claims is believed without asking 4Geeks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geeksDouble } from '../../../doubles/geeks.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import { exitUrl } from '../../../doubles/kit.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { consoleWebhookQuery, geeksAdapter, verdictOf } from './geeks.ts';

const SECRET = geeksDouble.testAccount.webhookSecret;

function sessionOf(sessionId: string): PaymentSession {
  return {
    sessionId, vendorId: 1, orderId: null, customerId: 7, amountMinor: 1999, currencyCode: 'USD', currencyExponent: 2,
    vendorName: 'Harbor Eats', baseUrl: 'http://localhost:8080',
  };
}
const urlsOf = (sessionId: string): PaymentUrls => ({
  back: (result) => `http://localhost:8080/pay/geeks/return/${sessionId}?result=${result}&token=t0ken`,
  notify: 'http://localhost:8080/webhooks/geeks/1',
});

describe('the 4Geeks adapter', () => {
  let doubles: PaymentDoubles;
  let ctx: AdapterContext;
  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    ctx = { account: { ...geeksDouble.testAccount }, apiBase: `${doubles.url}/geeks`, now: () => new Date() };
  });
  afterAll(async () => doubles?.close());

  async function opened(sessionId: string) {
    const hosted = await geeksAdapter.create(ctx, sessionOf(sessionId), urlsOf(sessionId));
    return { ...hosted, kept: doubles.store.find('geeks', hosted.ref)! };
  }

  it('maps a session\'s states to ours', () => {
    expect(verdictOf({ session_id: 's', status: 'completed', payment_id: 'pay_1', payment_status: 'succeeded' }))
      .toEqual({ outcome: 'paid', providerPayment: 'pay_1' });
    expect(verdictOf({ session_id: 's', status: 'open', payment_id: 'pay_1', payment_status: 'failed' }).outcome).toBe('pending');
    expect(verdictOf({ session_id: 's', status: 'open' }).outcome).toBe('pending');
    expect(verdictOf({ session_id: 's', status: 'expired' }).outcome).toBe('cancelled');
    expect(verdictOf({ session_id: 's', status: 'failed' }).outcome).toBe('failed');
  });

  it('opens a session with the amount as a major-unit decimal string and the way back', async () => {
    const { kept, url } = await opened('Sess10n_one-0123456789abcdefghij');
    expect(kept.amount).toBe(19.99);
    expect(kept.returnUrl).toBe(urlsOf('Sess10n_one-0123456789abcdefghij').back('success'));
    expect(url).toBe(doubles.store.pageUrl('geeks', kept.ref));
  });

  it('does not believe a return\'s id_payment: a failed payment of another session does not fail this one', async () => {
    const other = await opened('Sess10n_two-0123456789abcdefghij');
    const exit = doubles.press('geeks', other.ref, 'fail');
    const failedElsewhere = new URL(exitUrl(exit)).searchParams.get('id_payment')!;
    const { ref } = await opened('Sess10n_three-0123456789abcdefgh');
    const payment = { ref, providerPayment: null, amountMinor: 1999 };
    expect(await geeksAdapter.onReturn(ctx, payment, { result: 'success', params: { id_payment: failedElsewhere, status: 'succeeded' } }))
      .toEqual({ outcome: 'cancelled' });
    expect(await geeksAdapter.onReturn(ctx, { ...payment, ref: other.ref }, { result: 'success', params: { id_payment: failedElsewhere } }))
      .toEqual({ outcome: 'failed' });
  });

  it('refuses a notification without our signature, and never takes the body\'s word', async () => {
    const { ref, kept } = await opened('Sess10n_four-0123456789abcdefghi');
    const open = doubles.webhook('geeks', ref, SECRET);
    const claimsPaid = Buffer.from(JSON.stringify({ type: 'payment.succeeded', data: { session_id: ref, status: 'succeeded' } }));
    expect(await geeksAdapter.webhook(ctx, { body: claimsPaid, headers: open.headers, query: open.query! }))
      .toEqual({ kind: 'event', ref, verdict: { outcome: 'pending' } });
    doubles.press('geeks', ref, 'pay');
    const hook = doubles.webhook('geeks', ref, SECRET);
    const input = { body: Buffer.from(hook.body), headers: hook.headers, query: hook.query! };
    expect(hook.query).toEqual(consoleWebhookQuery(SECRET));
    expect(await geeksAdapter.webhook(ctx, input)).toEqual({ kind: 'event', ref, verdict: { outcome: 'paid', providerPayment: kept.paymentId } });
    expect(await geeksAdapter.webhook(ctx, { ...input, query: consoleWebhookQuery('another-secret') })).toEqual({ kind: 'forged' });
    expect(await geeksAdapter.webhook(ctx, { ...input, query: {} })).toEqual({ kind: 'forged' });
  });

  it('refunds the whole payment once', async () => {
    const { ref, kept } = await opened('Sess10n_five-0123456789abcdefghi');
    doubles.press('geeks', ref, 'pay');
    const payment = { ref, providerPayment: kept.paymentId, amountMinor: 1999 };
    await geeksAdapter.refund(ctx, payment);
    await geeksAdapter.refund(ctx, payment);
    expect(kept.refunds).toEqual([{ id: expect.stringMatching(/^ref_/) as unknown as string, amount: 19.99 }]);
  });
});
