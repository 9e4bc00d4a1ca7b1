/**
 * PayPal's adapter where the kit's suite cannot see: amounts in PayPal's units, the order states as
 * ours, a return that is not believed without PayPal, and webhooks checked by PayPal's verification API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, type Order } from '@paypal/paypal-server-sdk';
import { paypalDouble } from '../../../doubles/paypal.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { paypalAdapter, paypalValue, verdictOfOrder } from './paypal.ts';

const order = (status: OrderStatus, capture?: { id: string; status: string }) => ({
  id: 'ORDER1', status, purchaseUnits: [{ payments: capture ? { captures: [capture] } : undefined }],
}) as Order;

describe('PayPal amounts', () => {
  it('are decimal strings in the major unit, and whole units where PayPal takes no decimals', () => {
    expect(paypalValue(1250, 2, 'USD')).toBe('12.50');
    expect(paypalValue(5, 2, 'EUR')).toBe('0.05');
    expect(paypalValue(100000, 2, 'USD')).toBe('1000.00');
    expect(paypalValue(1250, 0, 'JPY')).toBe('1250');
    expect(paypalValue(125000, 2, 'HUF')).toBe('1250');
    expect(() => paypalValue(125050, 2, 'HUF')).toThrow(/whole units/);
  });
});

describe('PayPal order states', () => {
  it('pays only a captured order, and maps the rest', () => {
    expect(verdictOfOrder(order(OrderStatus.Completed, { id: 'CAP1', status: 'COMPLETED' }))).toEqual({ outcome: 'paid', providerPayment: 'CAP1' });
    expect(verdictOfOrder(order(OrderStatus.Completed, { id: 'CAP1', status: 'PENDING' }))).toEqual({ outcome: 'pending' });
    expect(verdictOfOrder(order(OrderStatus.Completed, { id: 'CAP1', status: 'DECLINED' }))).toEqual({ outcome: 'failed' });
    expect(verdictOfOrder(order(OrderStatus.Approved))).toEqual({ outcome: 'pending' });
    expect(verdictOfOrder(order(OrderStatus.PayerActionRequired))).toEqual({ outcome: 'pending' });
    expect(verdictOfOrder(order(OrderStatus.Voided))).toEqual({ outcome: 'cancelled' });
  });
});

describe('PayPal against its double', () => {
  let doubles: PaymentDoubles;
  let ctx: AdapterContext;
  const urls: PaymentUrls = { back: (result) => `http://localhost:8080/pay/paypal/return/s?result=${result}&token=t`, notify: 'http://localhost:8080/webhooks/paypal/1' };
  const session = (): PaymentSession => ({
    sessionId: `s_${Math.random().toString(36).slice(2)}_paypal_unit`, vendorId: 1, orderId: null, customerId: 1,
    amountMinor: 1250, currencyCode: 'USD', currencyExponent: 2, vendorName: 'Harbor', baseUrl: 'http://localhost:8080',
  });

  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    ctx = { account: { ...paypalDouble.testAccount }, apiBase: `${doubles.url}/paypal`, now: () => new Date() };
  });
  afterAll(() => doubles?.close());

  it('opens the order through the double, with the amount as PayPal takes it', async () => {
    const opened = await paypalAdapter.create(ctx, session(), urls);
    expect(opened.url).toBe(doubles.store.pageUrl('paypal', opened.ref));
    expect(doubles.store.find('paypal', opened.ref)?.extra.value).toBe('12.50');
  });

  it('does not believe a return that says it paid: an order not approved is not captured, and reads as cancelled', async () => {
    const opened = await paypalAdapter.create(ctx, session(), urls);
    const payment = { ref: opened.ref, providerPayment: null, amountMinor: 1250 };
    const verdict = await paypalAdapter.onReturn(ctx, payment, { result: 'success', params: { token: opened.ref, PayerID: 'FORGED123' } });
    expect(verdict.outcome).toBe('cancelled');
    expect(doubles.store.find('paypal', opened.ref)?.extra.captureId).toBeUndefined();
    doubles.press('paypal', opened.ref, 'pay');
    const paid = await paypalAdapter.onReturn(ctx, payment, { result: 'success', params: {} });
    expect(paid).toEqual({ outcome: 'paid', providerPayment: doubles.store.find('paypal', opened.ref)?.extra.captureId });
  });

  it('takes a webhook PayPal\'s API verifies, and refuses one whose body was changed after signing', async () => {
    const opened = await paypalAdapter.create(ctx, session(), urls);
    doubles.press('paypal', opened.ref, 'pay');
    const hook = doubles.webhook('paypal', opened.ref, ctx.account.webhookSecret);
    const input = (body: string, headers = hook.headers) => ({ body: Buffer.from(body), headers, query: {} });
    const reading = await paypalAdapter.webhook(ctx, input(hook.body));
    expect(reading).toMatchObject({ kind: 'event', ref: opened.ref, verdict: { outcome: 'paid' } });
    const changed = hook.body.replace('"CHECKOUT.ORDER.APPROVED"', '"PAYMENT.CAPTURE.DECLINED"');
    expect(changed).not.toBe(hook.body);
    expect(await paypalAdapter.webhook(ctx, input(changed))).toEqual({ kind: 'forged' });
    const unsigned = Object.fromEntries(Object.entries(hook.headers).filter(([name]) => name !== 'paypal-transmission-sig'));
    expect(await paypalAdapter.webhook(ctx, input(hook.body, unsigned))).toEqual({ kind: 'forged' });
  });

  it('refunds a capture once', async () => {
    const opened = await paypalAdapter.create(ctx, session(), urls);
    doubles.press('paypal', opened.ref, 'pay');
    const paid = await paypalAdapter.onReturn(ctx, { ref: opened.ref, providerPayment: null, amountMinor: 1250 }, { result: 'success', params: {} });
    const payment = { ref: opened.ref, providerPayment: paid.providerPayment ?? null, amountMinor: 1250 };
    await paypalAdapter.refund(ctx, payment);
    await paypalAdapter.refund(ctx, payment);
    expect(doubles.store.find('paypal', opened.ref)?.refunds.map((refund) => refund.amount)).toEqual([12.5]);
  });
});
