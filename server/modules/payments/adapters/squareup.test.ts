/**
 * Square's adapter where the kit's suite cannot see: Square's webhook signature against Square's own
 * test vectors, its order states as ours, and a return that is not believed without Square.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Square } from 'square';
import { squareupDouble } from '../../../doubles/squareup.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { squareSignature, squareupAdapter, verdictOfOrder } from './squareup.ts';

describe('Square\'s webhook signature', () => {
  // The test vectors Square publishes with its official Node SDK (the tests of its WebhooksHelper), for the
  // scheme of Square's "Verify and Validate an Event Notification" page.
  const body = '{"merchant_id":"MLEFBHHSJGVHD","type":"webhooks.test_notification","event_id":"ac3ac95b-f97d-458c-a6e6-18981597e05f","created_at":"2022-07-13T20:30:59.037339943Z","data":{"type":"webhooks","id":"bc368e64-01aa-407e-b46e-3231809b1129"}}';
  const url = 'https://webhook.site/679a4f3a-dcfa-49ee-bac5-9d0edad886b9';

  it('is base64 HMAC-SHA256 of the notification URL and the body with the signature key', () => {
    expect(squareSignature('Ibxx_5AKakO-3qeNVR61Dw', url, body)).toBe('GF4YkrJgGBDZ9NIYbNXBnMzqb2HoL4RW/S6vkZ9/2N4=');
    expect(squareSignature('signature-key', 'https://webhook.site/webhooks', '{"data":{"type":"webhooks","id":"fake_id"}}')).toBe('W3FlCNk5IA3ZQ2LHTWoajvzfaDu/OwY2tNHIHC3IUOA=');
    expect(squareSignature('signature-key', 'https://webhook.site/webhooks', '{"data":{"type":"webhooks","id":">id<"}}')).toBe('Cxt7+aTi4rKgcA0bC4g9EHdVtLSDWdqccmL5MvihU4U=');
  });

  it('changes with the URL or the key', () => {
    expect(squareSignature('Ibxx_5AKakO-3qeNVR61Dw', 'https://webhook.site/79a4f3a-dcfa-49ee-bac5-9d0edad886b9', body)).not.toBe('GF4YkrJgGBDZ9NIYbNXBnMzqb2HoL4RW/S6vkZ9/2N4=');
    expect(squareSignature('MCmhFRxGX82xMwg5FsaoQA', url, body)).not.toBe('GF4YkrJgGBDZ9NIYbNXBnMzqb2HoL4RW/S6vkZ9/2N4=');
  });
});

describe('Square order states', () => {
  const money = (amount: bigint) => ({ amount, currency: 'USD' as Square.Currency });
  const tender = { id: 'PAY1', paymentId: 'PAY1', type: 'CARD' } as Square.Tender;

  it('pays an order its tenders cover, and maps the rest', () => {
    expect(verdictOfOrder({ locationId: 'L', state: 'COMPLETED', tenders: [tender] })).toEqual({ outcome: 'paid', providerPayment: 'PAY1' });
    expect(verdictOfOrder({ locationId: 'L', state: 'OPEN', tenders: [tender], netAmountDueMoney: money(0n) })).toEqual({ outcome: 'paid', providerPayment: 'PAY1' });
    expect(verdictOfOrder({ locationId: 'L', state: 'OPEN', netAmountDueMoney: money(1250n) })).toEqual({ outcome: 'pending' });
    expect(verdictOfOrder({ locationId: 'L', state: 'CANCELED' })).toEqual({ outcome: 'cancelled' });
    expect(verdictOfOrder({ locationId: 'L', state: 'DRAFT' })).toEqual({ outcome: 'pending' });
  });
});

describe('Square against its double', () => {
  let doubles: PaymentDoubles;
  let ctx: AdapterContext;
  const urls: PaymentUrls = { back: (result) => `http://localhost:8080/pay/squareup/return/s?result=${result}&token=t`, notify: 'http://localhost:8080/webhooks/squareup/1' };
  const session = (): PaymentSession => ({
    sessionId: `s_${Math.random().toString(36).slice(2)}_square_unit`, vendorId: 1, orderId: null, customerId: 1,
    amountMinor: 1250, currencyCode: 'USD', currencyExponent: 2, vendorName: 'Harbor', baseUrl: 'http://localhost:8080',
  });

  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    ctx = { account: { ...squareupDouble.testAccount }, apiBase: `${doubles.url}/squareup`, now: () => new Date() };
  });
  afterAll(() => doubles?.close());

  it('does not believe Square\'s parameters on the way back: an unpaid order stays as it is', async () => {
    const opened = await squareupAdapter.create(ctx, session(), urls);
    const payment = { ref: opened.ref, providerPayment: null, amountMinor: 1250 };
    expect(doubles.store.find('squareup', opened.ref)?.amount).toBe(1250);
    const forged = await squareupAdapter.onReturn(ctx, payment, { result: 'success', params: { orderId: opened.ref, transactionId: opened.ref } });
    expect(forged.outcome).toBe('pending');
    expect(doubles.store.find('squareup', opened.ref)?.extra.state).toBeUndefined();
  });

  it('cancels the order of a customer back without paying, and says failed after a refused card', async () => {
    const left = await squareupAdapter.create(ctx, session(), urls);
    doubles.press('squareup', left.ref, 'cancel');
    expect(await squareupAdapter.onReturn(ctx, { ref: left.ref, providerPayment: null, amountMinor: 1250 }, { result: 'success', params: {} })).toEqual({ outcome: 'cancelled' });
    expect(doubles.store.find('squareup', left.ref)?.extra.state).toBe('CANCELED');
    const refused = await squareupAdapter.create(ctx, session(), urls);
    doubles.press('squareup', refused.ref, 'fail');
    expect(await squareupAdapter.onReturn(ctx, { ref: refused.ref, providerPayment: null, amountMinor: 1250 }, { result: 'success', params: {} })).toEqual({ outcome: 'failed' });
  });

  it('refuses a webhook signed for another notification URL', async () => {
    const opened = await squareupAdapter.create(ctx, session(), urls);
    doubles.press('squareup', opened.ref, 'pay');
    const hook = doubles.webhook('squareup', opened.ref, ctx.account.webhookSecret);
    const input = (headers: Record<string, string>) => ({ body: Buffer.from(hook.body), headers, query: {}, url: urls.notify });
    expect(await squareupAdapter.webhook(ctx, input(hook.headers))).toMatchObject({ kind: 'event', ref: opened.ref, verdict: { outcome: 'paid' } });
    const elsewhere = squareSignature(ctx.account.webhookSecret, 'http://localhost:8080/webhooks/squareup/2', hook.body);
    expect(await squareupAdapter.webhook(ctx, input({ ...hook.headers, 'x-square-hmacsha256-signature': elsewhere }))).toEqual({ kind: 'forged' });
    // Nor is a webhook without the address it came to believed.
    expect(await squareupAdapter.webhook(ctx, { body: Buffer.from(hook.body), headers: hook.headers, query: {} })).toEqual({ kind: 'forged' });
  });
});
