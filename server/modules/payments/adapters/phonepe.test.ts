/**
 * What the kit's suite cannot see of the PhonePe adapter: the webhook's Authorization (SHA-256 of the
 * dashboard's username:password) against PhonePe's own Node SDK (@phonepe-pg/pg-sdk-node's callback check;
 * PhonePe's pages show a sample header but not the credentials behind it, so the SDK is the reference),
 * that a webhook with it is still read from the order status API and never from its body, the state
 * mapping of orders and of the customer's return, and that a return claiming a payment pays nothing
 * (PhonePe signs no return: it is asked). The double is reached on loopback through the doubles' server.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonepeDouble } from '../../../doubles/phonepe.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { phonepeAdapter, returnVerdictOf, verdictOf, webhookAuthorization } from './phonepe.ts';

const { CommonUtils } = createRequire(import.meta.url)('@phonepe-pg/pg-sdk-node/dist/common/CommonUtils.js') as {
  CommonUtils: { isCallbackValid(username: string, password: string, authorization: string): boolean };
};

describe('PhonePe webhook authorization', () => {
  it('is what PhonePe\'s SDK accepts for the username and password, and nothing else', () => {
    expect(CommonUtils.isCallbackValid('merchant_user', 'Passw0rd123', webhookAuthorization('merchant_user:Passw0rd123'))).toBe(true);
    expect(CommonUtils.isCallbackValid('merchant_user', 'Passw0rd124', webhookAuthorization('merchant_user:Passw0rd123'))).toBe(false);
  });
});

describe('PhonePe states', () => {
  it.each([
    [{ state: 'COMPLETED', paymentDetails: [{ transactionId: 'OM1', state: 'COMPLETED' }] }, 'paid'],
    [{ state: 'FAILED', errorCode: 'PAYMENT_DECLINED' }, 'failed'],
    [{ state: 'FAILED', errorCode: 'USER_CANCEL' }, 'cancelled'],
    [{ state: 'PENDING', paymentDetails: [] }, 'pending'],
  ])('an order %j is %s', (order, outcome) => {
    expect(verdictOf(order).outcome).toBe(outcome);
  });

  it('keeps the transaction of a completed order for the record', () => {
    expect(verdictOf({ state: 'COMPLETED', paymentDetails: [{ transactionId: 'OM1', state: 'FAILED' }, { transactionId: 'OM2', state: 'COMPLETED' }] }))
      .toEqual({ outcome: 'paid', providerPayment: 'OM2' });
  });

  it.each([
    [{ state: 'PENDING', paymentDetails: [] }, 'cancelled'],
    [{ state: 'PENDING', paymentDetails: [{ state: 'FAILED', errorCode: 'PAYMENT_DECLINED' }] }, 'failed'],
    [{ state: 'PENDING', paymentDetails: [{ state: 'PENDING' }] }, 'pending'],
    [{ state: 'COMPLETED', paymentDetails: [{ transactionId: 'OM1', state: 'COMPLETED' }] }, 'paid'],
  ])('back from the page, an order %j is %s', (order, outcome) => {
    expect(returnVerdictOf(order).outcome).toBe(outcome);
  });
});

describe('the PhonePe adapter against its double', () => {
  let doubles: PaymentDoubles;
  let ctx: AdapterContext;
  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    ctx = { account: phonepeDouble.testAccount, apiBase: `${doubles.url}/phonepe`, now: () => new Date() };
  });
  afterAll(() => doubles?.close());

  const urls: PaymentUrls = { back: (result) => `http://localhost:8080/pay/phonepe/return/s?result=${result}&token=t`, notify: 'http://localhost:8080/webhooks/phonepe/1' };
  const session = (): PaymentSession => ({
    sessionId: randomBytes(24).toString('base64url'), vendorId: 1, orderId: null, customerId: 7, amountMinor: 1250, currencyCode: 'INR',
    currencyExponent: 2, vendorName: 'Harbor Eats', baseUrl: 'http://localhost:8080',
  });

  it('opens the order in paise and answers PhonePe\'s page', async () => {
    const opened = await phonepeAdapter.create(ctx, session(), urls);
    expect(opened.url).toBe(`${doubles.url}/phonepe/checkout/${opened.ref}`);
    expect(doubles.store.find('phonepe', opened.ref)?.amount).toBe(1250);
  });

  it('reads a return from the order status, whatever its address claims', async () => {
    const { ref } = await phonepeAdapter.create(ctx, session(), urls);
    const payment = { ref, providerPayment: null, amountMinor: 1250 };
    const claim = { result: 'success' as const, params: { state: 'COMPLETED', code: 'PAYMENT_SUCCESS' } };
    expect(await phonepeAdapter.onReturn(ctx, payment, claim)).toEqual({ outcome: 'cancelled' });
    const other = await phonepeAdapter.create(ctx, session(), urls);
    doubles.press('phonepe', other.ref, 'fail');
    expect(await phonepeAdapter.onReturn(ctx, { ...payment, ref: other.ref }, claim)).toEqual({ outcome: 'failed' });
  });

  it('refuses a webhook without the credential, and reads one with it from PhonePe, not from its body', async () => {
    const { ref } = await phonepeAdapter.create(ctx, session(), urls);
    const claim = Buffer.from(JSON.stringify({ event: 'checkout.order.completed', payload: { merchantOrderId: ref, state: 'COMPLETED' } }));
    const authorization = webhookAuthorization(ctx.account.webhookSecret);
    expect(await phonepeAdapter.webhook(ctx, { body: claim, headers: {}, query: {} })).toEqual({ kind: 'forged' });
    expect(await phonepeAdapter.webhook(ctx, { body: claim, headers: { authorization: webhookAuthorization('sfdouble:guess1234') }, query: {} }))
      .toEqual({ kind: 'forged' });
    expect(await phonepeAdapter.webhook(ctx, { body: claim, headers: { authorization }, query: {} }))
      .toEqual({ kind: 'event', ref, verdict: { outcome: 'pending' } });
    doubles.press('phonepe', ref, 'pay');
    const paid = await phonepeAdapter.webhook(ctx, { body: claim, headers: { authorization }, query: {} });
    expect(paid).toMatchObject({ kind: 'event', ref, verdict: { outcome: 'paid' } });
  });
});
