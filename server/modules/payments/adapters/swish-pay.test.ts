/**
 * The Swish adapter beyond the kit's suite. Swish signs neither its callbacks nor the app's return
 * (it publishes no signature scheme, so there is no test vector of its own to check): what is checked
 * is our signature in the callback URL, the mapping of Swish's states, and that nothing the address or
 * the body claims is believed without asking Swish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swishPayDouble } from '../../../doubles/swish-pay.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import { signedNotifyUrl } from '../kit/signatures.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { paymentRequestIdOf, swishMessage, swishPayAdapter, verdictOf } from './swish-pay.ts';

const SECRET = swishPayDouble.testAccount.webhookSecret;

function sessionOf(sessionId: string): PaymentSession {
  return {
    sessionId, vendorId: 1, orderId: null, customerId: 7, amountMinor: 12_345, currencyCode: 'SEK', currencyExponent: 2,
    vendorName: 'Hamnkrogen & Co', baseUrl: 'http://localhost:8080',
  };
}
const urlsOf = (sessionId: string): PaymentUrls => ({
  back: (result) => `http://localhost:8080/pay/swish-pay/return/${sessionId}?result=${result}&token=t0ken`,
  notify: 'http://localhost:8080/webhooks/swish-pay/1',
});

describe('the Swish adapter', () => {
  let doubles: PaymentDoubles;
  let ctx: AdapterContext;
  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    ctx = { account: { ...swishPayDouble.testAccount }, apiBase: `${doubles.url}/swish-pay`, now: () => new Date() };
  });
  afterAll(async () => doubles?.close());

  async function opened(sessionId: string) {
    const hosted = await swishPayAdapter.create(ctx, sessionOf(sessionId), urlsOf(sessionId));
    return { ...hosted, kept: doubles.store.find('swish-pay', hosted.ref)! };
  }

  it('maps Swish\'s states to ours', () => {
    expect(verdictOf({ id: 'A', status: 'PAID', paymentReference: '1E2FC19E5E5E4E18916609B7F8911C12' }))
      .toEqual({ outcome: 'paid', providerPayment: '1E2FC19E5E5E4E18916609B7F8911C12' });
    expect(verdictOf({ id: 'A', status: 'CREATED' }).outcome).toBe('pending');
    expect(verdictOf({ id: 'A', status: 'DECLINED' }).outcome).toBe('cancelled');
    expect(verdictOf({ id: 'A', status: 'CANCELLED' }).outcome).toBe('cancelled');
    expect(verdictOf({ id: 'A', status: 'ERROR', errorCode: 'RF07' }).outcome).toBe('failed');
    expect(verdictOf({ id: 'A', status: 'ERROR', errorCode: 'TM01' }).outcome).toBe('cancelled');
    expect(verdictOf({ id: 'A', status: 'ERROR', errorCode: 'BANKIDCL' }).outcome).toBe('cancelled');
  });

  it('opens a request in SEK as a major-unit string, with Swish\'s own id form, a clean message and our signed callback', async () => {
    const { ref, kept, start } = await opened('Sess10n_one-0123456789abcdefghij');
    expect(ref).toBe(paymentRequestIdOf('Sess10n_one-0123456789abcdefghij'));
    expect(ref).toMatch(/^[0-9A-F]{32}$/);
    expect(kept.amount).toBe(123.45);
    expect(kept.extra.message).toBe('Hamnkrogen Co: wallet recharge');
    expect(kept.extra.callbackUrl).toBe(signedNotifyUrl(urlsOf('x').notify, SECRET, 'Sess10n_one-0123456789abcdefghij'));
    // The customer waits on our page; on a phone its link opens the Swish app with the request's token, back to our way back.
    expect(start?.kind).toBe('device');
    const open = new URL(start?.kind === 'device' ? start.open ?? '' : '');
    expect(open.protocol).toBe('swish:');
    expect(open.searchParams.get('token')).toBe(kept.extra.token);
    expect(open.searchParams.get('callbackurl')).toBe(urlsOf('Sess10n_one-0123456789abcdefghij').back('success'));
    expect(swishMessage('Café «Ølstue» #12 & bår')).toBe('Caf lstue 12 bår');
  });

  it('does not believe a return that claims payment: Swish is asked, and the open request is cancelled there', async () => {
    const { ref, kept } = await opened('Sess10n_two-0123456789abcdefghij');
    const verdict = await swishPayAdapter.onReturn(ctx, { ref, providerPayment: null, amountMinor: 12_345 }, {
      result: 'success', params: { status: 'PAID', paymentReference: '1E2FC19E5E5E4E18916609B7F8911C12' },
    });
    expect(verdict).toEqual({ outcome: 'cancelled' });
    expect(kept.status).toBe('cancelled');
    expect(kept.extra.cancelledByMerchant).toBe(true);
  });

  it('refuses a callback whose signature or session was tampered with, and never takes the body\'s word', async () => {
    const { ref, kept } = await opened('Sess10n_three-0123456789abcdefgh');
    const open = doubles.webhook('swish-pay', ref, SECRET);
    const claimsPaid = Buffer.from(JSON.stringify({ ...JSON.parse(open.body) as object, status: 'PAID' }));
    expect(await swishPayAdapter.webhook(ctx, { body: claimsPaid, headers: open.headers, query: open.query! }))
      .toEqual({ kind: 'event', ref, verdict: { outcome: 'pending' } });
    doubles.press('swish-pay', ref, 'pay');
    const hook = doubles.webhook('swish-pay', ref, SECRET);
    const input = { body: Buffer.from(hook.body), headers: hook.headers, query: hook.query! };
    expect(await swishPayAdapter.webhook(ctx, input)).toEqual({ kind: 'event', ref, verdict: { outcome: 'paid', providerPayment: kept.paymentId } });
    expect(await swishPayAdapter.webhook(ctx, { ...input, query: { ...input.query, session: 'Sess10n_two-0123456789abcdefghij' } })).toEqual({ kind: 'forged' });
    expect(await swishPayAdapter.webhook(ctx, { ...input, query: { ...input.query, sig: '0'.repeat(64) } })).toEqual({ kind: 'forged' });
    expect(await swishPayAdapter.webhook(ctx, { ...input, query: {} })).toEqual({ kind: 'forged' });
  });

  it('refunds the whole payment once, to the original payment reference', async () => {
    const { ref, kept } = await opened('Sess10n_four-0123456789abcdefghi');
    doubles.press('swish-pay', ref, 'pay');
    const payment = { ref, providerPayment: kept.paymentId, amountMinor: 12_345 };
    await swishPayAdapter.refund(ctx, payment);
    await swishPayAdapter.refund(ctx, payment);
    expect(kept.refunds).toHaveLength(1);
    expect(kept.refunds[0]?.amount).toBe(123.45);
  });
});
