import { randomBytes } from 'node:crypto';
import { Cashfree, CFEnvironment } from 'cashfree-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashfreeDouble } from '../../../doubles/cashfree.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { AdapterContext, PaymentUrls, WebhookInput } from '../kit/adapter.ts';
import type { PaymentSession, ProviderPayment } from '../providers/provider.ts';
import { cashfreeAdapter, verdictOfLink, webhookSignature } from './cashfree.ts';

const SECRET = cashfreeDouble.testAccount.secretKey;
const urls: PaymentUrls = { back: (result) => `http://localhost:8080/pay/cashfree/return/s?result=${result}&token=t`, notify: 'http://localhost:8080/webhooks/cashfree/1' };

function session(amountMinor: number): PaymentSession {
  return {
    sessionId: randomBytes(24).toString('base64url'), vendorId: 1, orderId: null, customerId: 1, amountMinor, currencyCode: 'INR',
    currencyExponent: 2, vendorName: 'Harbor Eats', baseUrl: 'http://localhost:8080',
  };
}

/** A webhook as Cashfree sends it: the raw body, signed over the timestamp and the body. */
function hook(body: string, secret = SECRET, timestamp = '1617695238078'): WebhookInput {
  return {
    body: Buffer.from(body),
    headers: { 'content-type': 'application/json', 'x-webhook-timestamp': timestamp, 'x-webhook-signature': webhookSignature(secret, timestamp, body) },
    query: {},
  };
}
const linkEvent = (status: string) => JSON.stringify({
  data: { link_id: 'link_1', link_status: status, order: { order_id: 'CFPay_1_abc', transaction_status: 'SUCCESS' } },
  type: 'PAYMENT_LINK_EVENT', version: 1, event_time: '2021-08-18T12:55:06+05:30',
});

describe('Cashfree: webhook signature', () => {
  const ctx: AdapterContext = { account: cashfreeDouble.testAccount, apiBase: 'http://cashfree.invalid', now: () => new Date() };

  // Cashfree's "Webhook Signature Verification" page gives the scheme (Base64Encode(HMACSHA256(timestamp + payload,
  // secret key))) and the timestamp 1617695238078, but no signature to expect: the official SDK's own check is the vector.
  it('signs as Cashfree\'s own SDK verifies, and the SDK refuses a changed body or timestamp', () => {
    const sdk = new Cashfree(CFEnvironment.SANDBOX, 'TEST_client', SECRET, undefined, undefined, undefined, false);
    const body = linkEvent('PAID');
    const signature = webhookSignature(SECRET, '1617695238078', body);
    expect(sdk.PGVerifyWebhookSignature(signature, body, '1617695238078').type).toBe('PAYMENT_LINK_EVENT');
    expect(() => sdk.PGVerifyWebhookSignature(signature, body.replace('PAID', 'PAIDX'), '1617695238078')).toThrow();
    expect(() => sdk.PGVerifyWebhookSignature(signature, body, '1617695238079')).toThrow();
  });

  it('takes a signed link event, and refuses one whose body, timestamp or secret is not the one signed', async () => {
    expect(await cashfreeAdapter.webhook(ctx, hook(linkEvent('PAID')))).toEqual({ kind: 'event', ref: 'link_1', verdict: { outcome: 'paid', providerPayment: 'CFPay_1_abc' } });
    const signed = hook(linkEvent('PAID'));
    expect(await cashfreeAdapter.webhook(ctx, { ...signed, body: Buffer.from(linkEvent('PAID').replace('link_1', 'link_2')) })).toEqual({ kind: 'forged' });
    expect(await cashfreeAdapter.webhook(ctx, { ...signed, headers: { ...signed.headers, 'x-webhook-timestamp': '1617695238079' } })).toEqual({ kind: 'forged' });
    expect(await cashfreeAdapter.webhook(ctx, hook(linkEvent('PAID'), 'cfsk_ma_test_someone_else'))).toEqual({ kind: 'forged' });
    const unsigned = hook(linkEvent('PAID'));
    delete (unsigned.headers as Record<string, unknown>)['x-webhook-signature'];
    expect(await cashfreeAdapter.webhook(ctx, unsigned)).toEqual({ kind: 'forged' });
  });

  it('maps the link\'s states: PAID paid, CANCELLED and EXPIRED cancelled, ACTIVE and PARTIALLY_PAID still open', async () => {
    expect(['PAID', 'CANCELLED', 'EXPIRED', 'ACTIVE', 'PARTIALLY_PAID', undefined].map(verdictOfLink))
      .toEqual(['paid', 'cancelled', 'cancelled', 'pending', 'pending', 'pending']);
    expect(await cashfreeAdapter.webhook(ctx, hook(linkEvent('EXPIRED')))).toEqual({ kind: 'event', ref: 'link_1', verdict: { outcome: 'cancelled' } });
    expect(await cashfreeAdapter.webhook(ctx, hook(linkEvent('PARTIALLY_PAID')))).toEqual({ kind: 'ignored' });
    expect(await cashfreeAdapter.webhook(ctx, hook(JSON.stringify({ type: 'PAYMENT_SUCCESS_WEBHOOK', data: { order: { order_id: 'CFPay_1_abc' } } })))).toEqual({ kind: 'ignored' });
  });
});

describe('Cashfree against its double', () => {
  let doubles: PaymentDoubles;
  let ctx: AdapterContext;
  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    ctx = { account: cashfreeDouble.testAccount, apiBase: `${doubles.url}/cashfree`, now: () => new Date() };
  });
  afterAll(async () => {
    await doubles?.close();
  });

  async function open(amountMinor = 1250): Promise<ProviderPayment> {
    const opened = await cashfreeAdapter.create(ctx, session(amountMinor), urls);
    return { ref: opened.ref, providerPayment: null, amountMinor };
  }

  it('opens a Payment Link in rupees, not paise, and sends the customer to its page', async () => {
    const opened = await cashfreeAdapter.create(ctx, session(1250), urls);
    expect(opened.url).toBe(`${doubles.url}/cashfree/checkout/${opened.ref}`);
    expect(doubles.store.find('cashfree', opened.ref)?.amount).toBe(12.5);
  });

  it('does not take a return\'s word for a payment: a return claiming PAID on an unpaid link cancels it', async () => {
    const payment = await open();
    const verdict = await cashfreeAdapter.onReturn(ctx, payment, { result: 'success', params: { link_id: payment.ref, link_status: 'PAID', order_id: 'CFPay_forged' } });
    expect(verdict).toEqual({ outcome: 'cancelled' });
    expect(doubles.store.find('cashfree', payment.ref)?.status).toBe('cancelled');
  });

  it('reads a failed attempt on the link as failed', async () => {
    const payment = await open();
    doubles.press('cashfree', payment.ref, 'fail');
    expect(await cashfreeAdapter.onReturn(ctx, payment, { result: 'success', params: {} })).toEqual({ outcome: 'failed' });
  });

  it('refunds the order the link was paid through, once however often it is asked', async () => {
    const payment = await open(2000);
    doubles.press('cashfree', payment.ref, 'pay');
    const verdict = await cashfreeAdapter.onReturn(ctx, payment, { result: 'success', params: {} });
    expect(verdict.outcome).toBe('paid');
    const paid = { ...payment, providerPayment: verdict.providerPayment ?? null };
    await cashfreeAdapter.refund(ctx, paid);
    await cashfreeAdapter.refund(ctx, paid);
    expect(doubles.store.find('cashfree', payment.ref)?.refunds).toEqual([{ id: expect.stringMatching(/^rf[0-9a-f]{32}$/), amount: 20 }]);
  });
});
