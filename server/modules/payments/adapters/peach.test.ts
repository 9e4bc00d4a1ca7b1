/**
 * What the kit's suite cannot see of the Peach adapter (Hosted Checkout V1): the Checkout signature
 * against Peach's published examples, the result-code mapping, that a tampered or unsigned return is
 * not believed (Peach is asked instead), the webhooks it takes and the ones it refuses, and a refund
 * made once. The double is reached in-process through a stubbed fetch.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DoubleStore } from '../../../doubles/kit.ts';
import { peachDouble } from '../../../doubles/peach.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { merchantTransactionId, peachAdapter, peachSignature, peachSignedText, verdictOfCheckout } from './peach.ts';
import { answeredBy } from '../../../doubles/in-process.ts';


const store = new DoubleStore();
store.base = 'http://doubles.test';
const calls: string[] = [];
const ctx: AdapterContext = { account: peachDouble.testAccount, apiBase: 'http://doubles.test/peach', now: () => new Date() };
const urls = (session: string): PaymentUrls => ({
  back: (result) => `http://localhost:8080/pay/peach/return/${session}?result=${result}&token=t`,
  notify: 'http://localhost:8080/webhooks/peach/1',
});
const session = (sessionId: string): PaymentSession => ({
  sessionId, vendorId: 1, orderId: null, customerId: 7, amountMinor: 1250, currencyCode: 'USD', currencyExponent: 2, vendorName: 'Harbor', baseUrl: 'http://localhost:8080',
});
const payment = (ref: string) => ({ ref, providerPayment: null, amountMinor: 1250 });

/** The customer on the hosted page: the fields the double posts back (with our way back's own `result`). */
function press(ref: string, action: 'pay' | 'fail' | 'cancel'): Record<string, string> {
  const opened = store.find('peach', ref)!;
  store.settle(opened, action);
  const exit = peachDouble.exit(opened, action, store);
  if (!('post' in exit)) throw new Error('Hosted Checkout returns by a form post');
  return { result: 'success', ...exit.fields };
}

describe('Peach Payments Hosted Checkout', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', answeredBy(peachDouble, store, calls));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('signs as Peach documents: sorted names and values, no separators, HMAC-SHA256 with the secret token', () => {
    // The "Refund" page's example request and the concatenated string it gives for it.
    expect(peachSignedText({
      amount: '5.00', 'authentication.entityId': '8ac7a4ca7802ed8e0178176ca52222dz', id: '8ac7a4a284c684140184c7a8f19a553z',
      currency: 'ZAR', paymentType: 'RF', signature: 'left out',
    })).toBe('amount5.00authentication.entityId8ac7a4ca7802ed8e0178176ca52222dzcurrencyZARid8ac7a4a284c684140184c7a8f19a553zpaymentTypeRF');
    // The tests of Peach's Checkout PHP SDK, which the "Hosted Checkout authentication" page names as the signature's example:
    // entity 123, secret 321, a checkout request and a status query.
    expect(peachSignature({
      amount: '12.32', nonce: '0987654321', shopperResultUrl: 'https://httpbin.org/post', merchantTransactionId: 'INV-001',
      currency: 'ZAR', paymentType: 'DB', 'authentication.entityId': '123',
    }, '321')).toBe('e8d2a1b7075d5f811be5000922ee3631c7b2f89444bc8960fd321cd2fd68d1f7');
    expect(peachSignature({ 'authentication.entityId': '123', checkoutId: '123456', merchantTransactionId: '654321' }, '321'))
      .toBe('c8123dbdedef3f199f6c2049358d8e53473cc4c9a6ea693c0e19dc4e85330bcb');
  });

  it('maps Checkout\'s result codes to ours', () => {
    expect(verdictOfCheckout('000.100.110', 'tx1')).toEqual({ outcome: 'paid', providerPayment: 'tx1' });
    expect(verdictOfCheckout('000.000.000', 'tx2')).toEqual({ outcome: 'paid', providerPayment: 'tx2' });
    expect(verdictOfCheckout('000.200.100', undefined)).toEqual({ outcome: 'pending' });
    expect(verdictOfCheckout('100.396.104', undefined)).toEqual({ outcome: 'pending' });
    expect(verdictOfCheckout('100.396.101', undefined)).toEqual({ outcome: 'cancelled' });
    expect(verdictOfCheckout('800.100.152', 'tx3')).toEqual({ outcome: 'failed' });
  });

  it('opens a Checkout with a signed request and a merchantTransactionId of 16 characters', async () => {
    const opened = await peachAdapter.create(ctx, session('sess-open-000000000000000000001'), urls('sess-open-000000000000000000001'));
    expect(opened.ref).toBe(merchantTransactionId('sess-open-000000000000000000001'));
    expect(opened.ref).toMatch(/^[0-9a-f]{16}$/);
    expect(opened.url).toMatch(/^http:\/\/doubles\.test\/peach\/checkout\//);
    expect(store.find('peach', opened.ref)!.extra.amount).toBe('12.50');
    await expect(peachAdapter.create({ ...ctx, account: { ...ctx.account, secretKey: 'f'.repeat(32) } }, session('sess-open-000000000000000000002'), urls('x')))
      .rejects.toThrow(/401/);
  });

  it('believes a return signed for this payment, and asks Peach about a tampered or unsigned one', async () => {
    const paid = await peachAdapter.create(ctx, session('sess-ret-paid-0000000000000001'), urls('a'));
    const fields = press(paid.ref, 'pay');
    let before = calls.length;
    expect(await peachAdapter.onReturn(ctx, payment(paid.ref), { result: 'success', params: fields }))
      .toEqual({ outcome: 'paid', providerPayment: fields.id });
    expect(calls.length).toBe(before);

    const failed = await peachAdapter.create(ctx, session('sess-ret-fail-0000000000000001'), urls('b'));
    const declined = press(failed.ref, 'fail');
    const tampered = { ...declined, 'result.code': '000.100.110' };
    before = calls.length;
    expect(await peachAdapter.onReturn(ctx, payment(failed.ref), { result: 'success', params: tampered })).toEqual({ outcome: 'failed' });
    expect(calls.slice(before)).toEqual(['GET /peach/status']);
    // The paid return, replayed for another payment: it names another merchantTransactionId, so that payment is asked.
    const other = await peachAdapter.create(ctx, session('sess-ret-open-0000000000000001'), urls('c'));
    expect(await peachAdapter.onReturn(ctx, payment(other.ref), { result: 'success', params: fields })).toEqual({ outcome: 'cancelled' });
    // Signed, but for another amount than this payment's.
    expect(await peachAdapter.onReturn(ctx, { ...payment(other.ref), amountMinor: 999 }, { result: 'success', params: { ...fields, merchantTransactionId: other.ref } }))
      .toEqual({ outcome: 'cancelled' });
  });

  it('takes a webhook signed with the secret token, refuses a forged one, and ignores the JSON check and refunds', async () => {
    const opened = await peachAdapter.create(ctx, session('sess-hook-00000000000000000001'), urls('d'));
    press(opened.ref, 'pay');
    const checkout = store.find('peach', opened.ref)!;
    const read = (hook: { body: string; headers: Record<string, string> }) => peachAdapter.webhook(ctx, { body: Buffer.from(hook.body), headers: hook.headers, query: {} });
    expect(await read(peachDouble.webhook(checkout, ctx.account.secretKey, store)))
      .toEqual({ kind: 'event', ref: opened.ref, verdict: { outcome: 'paid', providerPayment: checkout.paymentId } });
    expect(await read(peachDouble.webhook(checkout, 'not-the-secret', store))).toEqual({ kind: 'forged' });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const signed = peachDouble.webhook(checkout, ctx.account.secretKey, store).body;
    expect(await read({ body: signed.replace('amount=12.50', 'amount=99.50'), headers: form })).toEqual({ kind: 'forged' });
    expect(await read({ body: JSON.stringify({ test: true }), headers: { 'content-type': 'application/json' } })).toEqual({ kind: 'ignored' });
    const refund = { 'authentication.entityId': ctx.account.merchantId, merchantTransactionId: opened.ref, paymentType: 'RF', 'result.code': '000.100.110', id: 'rf1' };
    expect(await read({ body: new URLSearchParams({ ...refund, signature: peachSignature(refund, ctx.account.secretKey) }).toString(), headers: form }))
      .toEqual({ kind: 'ignored' });
  });

  it('refunds the whole payment once', async () => {
    const opened = await peachAdapter.create(ctx, session('sess-refund-000000000000000001'), urls('e'));
    press(opened.ref, 'pay');
    const paid = store.find('peach', opened.ref)!;
    await peachAdapter.refund(ctx, { ref: opened.ref, providerPayment: paid.paymentId, amountMinor: 1250 });
    await peachAdapter.refund(ctx, { ref: opened.ref, providerPayment: paid.paymentId, amountMinor: 1250 });
    expect(paid.refunds.map((made) => made.amount)).toEqual([12.5]);
  });
});
