/**
 * The MTN MoMo adapter beyond the kit's suite. MoMo signs nothing (no scheme, so no test vector of
 * its own to check): what is checked is our signature in the X-Callback-Url, the mapping of MoMo's
 * states and reasons, the ids and amounts in MoMo's forms, the account's fields, and that nothing the
 * address or the body claims is believed without asking MoMo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobileMoneyDouble } from '../../../doubles/mobile-money.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import { signedNotifyUrl } from '../kit/signatures.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { mobileMoneyAdapter, momoAmount, momoKeys, referenceIdOf, SANDBOX_PAYER, verdictOf } from './mobile-money.ts';

const SECRET = mobileMoneyDouble.testAccount.webhookSecret;

function sessionOf(sessionId: string): PaymentSession {
  return {
    sessionId, vendorId: 1, orderId: 42, customerId: 7, amountMinor: 1250, currencyCode: 'EUR', currencyExponent: 2,
    vendorName: 'Harbor Eats', baseUrl: 'http://localhost:8080',
  };
}
const urlsOf = (sessionId: string): PaymentUrls => ({
  back: (result) => `http://localhost:8080/pay/mobile-money/return/${sessionId}?result=${result}&token=t0ken`,
  notify: 'http://localhost:8080/webhooks/mobile-money/1',
});

describe('the MTN MoMo adapter', () => {
  let doubles: PaymentDoubles;
  let ctx: AdapterContext;
  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    ctx = { account: { ...mobileMoneyDouble.testAccount }, apiBase: `${doubles.url}/mobile-money`, now: () => new Date() };
  });
  afterAll(async () => doubles?.close());

  async function opened(sessionId: string) {
    const hosted = await mobileMoneyAdapter.create(ctx, sessionOf(sessionId), urlsOf(sessionId));
    return { ...hosted, kept: doubles.store.find('mobile-money', hosted.ref)! };
  }

  it('maps MoMo\'s states and reasons to ours', () => {
    const paid = { amount: '12.50', currency: 'EUR', status: 'SUCCESSFUL', financialTransactionId: '1234567890' };
    expect(verdictOf(paid, 'ref')).toEqual({ outcome: 'paid', providerPayment: '1234567890' });
    expect(verdictOf({ ...paid, status: 'PENDING' }, 'ref').outcome).toBe('pending');
    expect(verdictOf({ ...paid, status: 'FAILED', reason: { code: 'APPROVAL_REJECTED', message: '' } }, 'ref').outcome).toBe('cancelled');
    expect(verdictOf({ ...paid, status: 'FAILED', reason: 'EXPIRED' }, 'ref').outcome).toBe('cancelled');
    expect(verdictOf({ ...paid, status: 'FAILED', reason: { code: 'NOT_ENOUGH_FUNDS' } }, 'ref').outcome).toBe('failed');
    expect(verdictOf({ ...paid, status: 'FAILED' }, 'ref').outcome).toBe('failed');
  });

  it('writes ids as version 4 UUIDs that follow from their seed, and amounts in the currency\'s units', () => {
    expect(referenceIdOf('mobile-money:abc')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(referenceIdOf('mobile-money:abc')).toBe(referenceIdOf('mobile-money:abc'));
    expect(referenceIdOf('mobile-money:abc')).not.toBe(referenceIdOf('mobile-money:abd'));
    expect(momoAmount(1250, 2)).toBe('12.50');
    expect(momoAmount(5000, 0)).toBe('5000');
  });

  it('reads the account\'s fields: one API user for both products, or one each', () => {
    expect(momoKeys({ publicKey: 'u', secretKey: 'k', webhookSecret: '', merchantId: 'mtnuganda:c:d' })).toEqual({
      environment: 'mtnuganda', user: { collection: 'u', disbursement: 'u' }, apiKey: { collection: 'k', disbursement: 'k' },
      subscription: { collection: 'c', disbursement: 'd' },
    });
    expect(momoKeys({ publicKey: 'u1/u2', secretKey: 'k1/k2', webhookSecret: '', merchantId: 'sandbox:c:d' }).user.disbursement).toBe('u2');
  });

  it('asks the sandbox\'s payer to pay, with our signed callback; outside the sandbox it refuses without the customer\'s number', async () => {
    const { ref, kept } = await opened('Sess10n_one-0123456789abcdefghij');
    expect(ref).toBe(referenceIdOf('mobile-money:Sess10n_one-0123456789abcdefghij'));
    expect(kept.amount).toBe(12.5);
    expect(kept.extra.payer).toEqual({ partyIdType: 'MSISDN', partyId: SANDBOX_PAYER });
    expect(kept.extra.callbackUrl).toBe(signedNotifyUrl(urlsOf('x').notify, SECRET, 'Sess10n_one-0123456789abcdefghij'));
    const live = { ...ctx, account: { ...ctx.account, merchantId: ctx.account.merchantId.replace('sandbox', 'mtnuganda') } };
    await expect(mobileMoneyAdapter.create(live, sessionOf('Sess10n_x-0123456789abcdefghijkl'), urlsOf('x'))).rejects.toThrow(/MoMo number/);
  });

  it('does not believe a return that claims payment: MoMo is asked, and a request still pending is left to lapse', async () => {
    const { ref, kept } = await opened('Sess10n_two-0123456789abcdefghij');
    const verdict = await mobileMoneyAdapter.onReturn(ctx, { ref, providerPayment: null, amountMinor: 1250 }, {
      result: 'success', params: { status: 'SUCCESSFUL', financialTransactionId: '1234567890' },
    });
    expect(verdict).toEqual({ outcome: 'cancelled' });
    expect(kept.status).toBe('open');
  });

  it('refuses a callback whose signature or session was tampered with, and never takes the body\'s word', async () => {
    const { ref, kept } = await opened('Sess10n_three-0123456789abcdefgh');
    const pending = doubles.webhook('mobile-money', ref, SECRET);
    const claimsPaid = Buffer.from(JSON.stringify({ ...JSON.parse(pending.body) as object, status: 'SUCCESSFUL' }));
    expect(await mobileMoneyAdapter.webhook(ctx, { body: claimsPaid, headers: pending.headers, query: pending.query! }))
      .toEqual({ kind: 'event', ref, verdict: { outcome: 'pending' } });
    doubles.press('mobile-money', ref, 'pay');
    const hook = doubles.webhook('mobile-money', ref, SECRET);
    const input = { body: Buffer.from(hook.body), headers: hook.headers, query: hook.query! };
    expect(await mobileMoneyAdapter.webhook(ctx, input)).toEqual({ kind: 'event', ref, verdict: { outcome: 'paid', providerPayment: kept.paymentId } });
    expect(await mobileMoneyAdapter.webhook(ctx, { ...input, query: { ...input.query, session: 'Sess10n_two-0123456789abcdefghij' } })).toEqual({ kind: 'forged' });
    expect(await mobileMoneyAdapter.webhook(ctx, { ...input, query: { ...input.query, sig: '0'.repeat(64) } })).toEqual({ kind: 'forged' });
  });

  it('refunds the whole payment once through the Disbursement product', async () => {
    const { ref, kept } = await opened('Sess10n_four-0123456789abcdefghi');
    doubles.press('mobile-money', ref, 'pay');
    const payment = { ref, providerPayment: kept.paymentId, amountMinor: 1250 };
    await mobileMoneyAdapter.refund(ctx, payment);
    await mobileMoneyAdapter.refund(ctx, payment);
    expect(kept.refunds).toHaveLength(1);
    expect(kept.refunds[0]?.amount).toBe(12.5);
  });
});
