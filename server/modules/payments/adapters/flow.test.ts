import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowDouble } from '../../../doubles/flow.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession, ProviderPayment } from '../providers/provider.ts';
import { flowAdapter, flowSignature, outcomeOf } from './flow.ts';

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const urls: PaymentUrls = { back: (result) => `http://localhost:8080/pay/flow/return/s?result=${result}&token=t`, notify: 'http://localhost:8080/webhooks/flow/1' };

describe('Flow: the signature s', () => {
  // Flow's "Primeros pasos" page (Firmado de parámetros): apiKey "XXXX-XXXX-XXXX", currency "CLP" and amount 5000 are
  // signed as the string "amount5000apiKeyXXXX-XXXX-XXXXcurrencyCLP"; its "Estado de una orden" page signs apiKey and
  // token with the secret "my secret". Flow prints no resulting signature, so the HMAC is taken of the string it gives.
  it('is the HMAC-SHA256 of the parameters sorted by name and concatenated as name+value', () => {
    expect(flowSignature('my secret', { apiKey: 'XXXX-XXXX-XXXX', currency: 'CLP', amount: '5000' }))
      .toBe(hmacHex('my secret', 'amount5000apiKeyXXXX-XXXX-XXXXcurrencyCLP'));
    expect(flowSignature('my secret', { token: 'AJ089FF5467367', apiKey: '1F90971E-8276-4715-97FF-2BLG5030EE3B' }))
      .toBe(hmacHex('my secret', 'apiKey1F90971E-8276-4715-97FF-2BLG5030EE3BtokenAJ089FF5467367'));
    expect(flowSignature('my secret', { apiKey: 'XXXX-XXXX-XXXX', currency: 'CLP', amount: '5001' }))
      .not.toBe(hmacHex('my secret', 'amount5000apiKeyXXXX-XXXX-XXXXcurrencyCLP'));
  });

  it('maps Flow\'s states: 1 pending, 2 paid, 3 rejected, 4 cancelled', () => {
    expect([1, 2, 3, 4, undefined].map(outcomeOf)).toEqual(['pending', 'paid', 'failed', 'cancelled', 'pending']);
  });
});

describe('Flow against its double', () => {
  let doubles: PaymentDoubles;
  let ctx: AdapterContext;
  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    ctx = { account: flowDouble.testAccount, apiBase: `${doubles.url}/flow`, now: () => new Date() };
  });
  afterAll(async () => {
    await doubles?.close();
  });

  async function open(amountMinor = 5000): Promise<ProviderPayment & { url: string }> {
    const session: PaymentSession = {
      sessionId: randomBytes(24).toString('base64url'), vendorId: 1, orderId: null, customerId: 1, amountMinor, currencyCode: 'CLP',
      currencyExponent: 0, vendorName: 'Harbor Eats', baseUrl: 'http://localhost:8080',
      customer: { name: 'Camila Rojas', email: 'camila@example.com', phone: '56912345678' },
    };
    const opened = await flowAdapter.create(ctx, session, urls);
    return { ref: opened.ref, providerPayment: null, amountMinor, url: opened.url };
  }

  it('opens the order in whole pesos and sends the customer to url?token=', async () => {
    const payment = await open(5000);
    expect(payment.url).toBe(`${doubles.url}/flow/checkout/${payment.ref}?token=${payment.ref}`);
    expect(doubles.store.find('flow', payment.ref)?.amount).toBe(5000);
  });

  it('is refused by Flow when signed with another secret key', async () => {
    const session: PaymentSession = {
      sessionId: randomBytes(24).toString('base64url'), vendorId: 1, orderId: null, customerId: 1, amountMinor: 5000, currencyCode: 'CLP',
      currencyExponent: 0, vendorName: 'Harbor Eats', baseUrl: 'http://localhost:8080',
    };
    await expect(flowAdapter.create({ ...ctx, account: { ...ctx.account, secretKey: 'f'.repeat(40) } }, session, urls)).rejects.toThrow(/401/);
  });

  it('does not take a return\'s token: a return naming another, paid order leaves this one unpaid', async () => {
    const paid = await open();
    doubles.press('flow', paid.ref, 'pay');
    const other = await open();
    expect(await flowAdapter.onReturn(ctx, other, { result: 'success', params: { token: paid.ref } })).toEqual({ outcome: 'cancelled' });
    expect((await flowAdapter.onReturn(ctx, paid, { result: 'success', params: { token: paid.ref } })).outcome).toBe('paid');
  });

  it('takes a confirmation only with our signature of the session it names, for a token of that session', async () => {
    const first = await open();
    const second = await open();
    doubles.press('flow', first.ref, 'pay');
    const secret = flowDouble.testAccount.webhookSecret;
    const hook = doubles.webhook('flow', first.ref, secret);
    const input = { body: Buffer.from(hook.body), headers: hook.headers, query: hook.query ?? {} };
    expect(await flowAdapter.webhook(ctx, input)).toMatchObject({ kind: 'event', ref: first.ref, verdict: { outcome: 'paid' } });
    const altered = doubles.webhook('flow', first.ref, 'not-the-secret');
    expect(await flowAdapter.webhook(ctx, { ...input, query: altered.query ?? {} })).toEqual({ kind: 'forged' });
    // The first session's signed address with the second session's token.
    expect(await flowAdapter.webhook(ctx, { ...input, body: Buffer.from(`token=${second.ref}`) })).toEqual({ kind: 'forged' });
  });

  it('refunds the whole amount to the payer Flow recorded', async () => {
    const payment = await open(7000);
    doubles.press('flow', payment.ref, 'pay');
    const verdict = await flowAdapter.check(ctx, payment);
    await flowAdapter.refund(ctx, { ...payment, providerPayment: verdict.providerPayment ?? null });
    const paid = doubles.store.find('flow', payment.ref)!;
    expect(paid.refunds.map((refund) => refund.amount)).toEqual([7000]);
    expect(paid.extra.refundStatus).toMatchObject({ receiverEmail: 'camila@example.com', amount: 7000 });
  });
});
