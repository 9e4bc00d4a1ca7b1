/**
 * What the kit's suite cannot see of HyperPay's adapter (the platform's COPYandPAY, oppwa.ts): the
 * webhook decryption against the platform's own published example, the result-code mapping, amounts
 * in two-decimal major units, that a return naming another checkout (or pointing resourcePath at one)
 * pays nothing, that a refund is made once, and that no checkout is opened against the platform itself
 * while this server has no payment form page. The double is reached in-process through a stubbed fetch.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hyperpayDouble } from '../../../doubles/hyperpay.ts';
import { DoubleStore } from '../../../doubles/kit.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { hyperpayAdapter } from './hyperpay.ts';
import { decryptWebhook, majorAmount, outcomeOfCode, verdictOfPayment } from './oppwa.ts';
import { answeredBy } from '../../../doubles/in-process.ts';


const store = new DoubleStore();
store.base = 'http://doubles.test';
const calls: string[] = [];
const ctx: AdapterContext = { account: hyperpayDouble.testAccount, apiBase: 'http://doubles.test/hyperpay', now: () => new Date() };
const urls = (session: string): PaymentUrls => ({
  back: (result) => `http://localhost:8080/pay/hyperpay/return/${session}?result=${result}&token=t`,
  notify: 'http://localhost:8080/webhooks/hyperpay/1',
});
const session = (sessionId: string, amountMinor = 1250): PaymentSession => ({
  sessionId, vendorId: 1, orderId: null, customerId: 7, amountMinor, currencyCode: 'USD', currencyExponent: 2, vendorName: 'Harbor', baseUrl: 'http://localhost:8080',
});
const payment = (ref: string) => ({ ref, providerPayment: null, amountMinor: 1250 });

/** The customer on the form page: the double's exit, as its server would send them back. */
function press(ref: string, action: 'pay' | 'fail' | 'cancel'): Record<string, string> {
  const opened = store.find('hyperpay', ref)!;
  store.settle(opened, action);
  const exit = hyperpayDouble.exit(opened, action, store);
  if (!('redirect' in exit)) throw new Error('COPYandPAY returns by a redirect');
  return Object.fromEntries(new URL(exit.redirect).searchParams);
}

describe('HyperPay (COPYandPAY on the ACI platform)', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', answeredBy(hyperpayDouble, store, calls));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('decrypts a webhook as the platform\'s "Webhooks: Decryption" example does, and refuses one that does not decrypt', () => {
    // The example of the platform's webhook decryption page: key, IV and tag headers, hex body, and its plain text.
    const secret = '000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f';
    const headers = { 'x-initialization-vector': '000000000000000000000000', 'x-authentication-tag': 'CE573FB7A41AB78E743180DC83FF09BD' };
    const body = '0A3471C72D9BE49A8520F79C66BBD9A12FF9';
    expect(decryptWebhook(Buffer.from(body), headers, secret)).toBe('{"type":"PAYMENT"}');
    expect(decryptWebhook(Buffer.from(JSON.stringify({ encryptedBody: body })), headers, secret)).toBe('{"type":"PAYMENT"}');
    expect(decryptWebhook(Buffer.from(body.replace('0A', '0B')), headers, secret)).toBeUndefined();
    expect(decryptWebhook(Buffer.from(body), { ...headers, 'x-authentication-tag': 'CE573FB7A41AB78E743180DC83FF09BE' }, secret)).toBeUndefined();
    expect(decryptWebhook(Buffer.from(body), headers, secret.replace('0f', '1f'))).toBeUndefined();
    expect(decryptWebhook(Buffer.from(body), { 'x-initialization-vector': headers['x-initialization-vector'] }, secret)).toBeUndefined();
  });

  it('reads a decrypted PAYMENT webhook as the checkout\'s verdict, and ignores a refund or an event without a payment', async () => {
    const opened = await hyperpayAdapter.create(ctx, session('sess-webhook-0001'), urls('sess-webhook-0001'));
    press(opened.ref, 'pay');
    const hook = hyperpayDouble.webhook(store.find('hyperpay', opened.ref)!, ctx.account.webhookSecret, store);
    const read = (body: string, headers = hook.headers) => hyperpayAdapter.webhook(ctx, { body: Buffer.from(body), headers, query: {} });
    expect(await read(hook.body)).toEqual({ kind: 'event', ref: opened.ref, verdict: { outcome: 'paid', providerPayment: store.find('hyperpay', opened.ref)!.paymentId } });
    const forged = hyperpayDouble.webhook(store.find('hyperpay', opened.ref)!, 'not-the-secret', store);
    expect(await read(forged.body, forged.headers)).toEqual({ kind: 'forged' });
    // The platform's example decrypts, but is no payment: acknowledged, nothing settled.
    const example = { 'x-initialization-vector': '000000000000000000000000', 'x-authentication-tag': 'CE573FB7A41AB78E743180DC83FF09BD' };
    const exampleCtx = { ...ctx, account: { ...ctx.account, webhookSecret: '000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f' } };
    expect(await hyperpayAdapter.webhook(exampleCtx, { body: Buffer.from('0A3471C72D9BE49A8520F79C66BBD9A12FF9'), headers: example, query: {} })).toEqual({ kind: 'ignored' });
  });

  it('maps the platform\'s result codes by its documented patterns', () => {
    expect(outcomeOfCode('000.000.000')).toBe('paid');
    expect(outcomeOfCode('000.100.110')).toBe('paid');
    expect(outcomeOfCode('000.400.000')).toBe('paid'); // processed, to be reviewed by hand
    expect(outcomeOfCode('000.200.000')).toBe('pending');
    expect(outcomeOfCode('000.200.100')).toBe('pending');
    expect(outcomeOfCode('800.400.500')).toBe('pending');
    expect(outcomeOfCode('100.396.104')).toBe('pending'); // uncertain: it can still be paid
    expect(outcomeOfCode('100.396.101')).toBe('cancelled');
    expect(outcomeOfCode('100.396.103')).toBe('cancelled');
    expect(outcomeOfCode('800.100.151')).toBe('failed');
    expect(outcomeOfCode('000.400.030')).toBe('failed');
    expect(verdictOfPayment({ id: 'tx', result: { code: '000.100.110' } })).toEqual({ outcome: 'paid', providerPayment: 'tx' });
    expect(verdictOfPayment({ result: { code: '200.300.404' } })).toEqual({ outcome: 'cancelled' });
  });

  it('gives amounts as two-decimal major units', async () => {
    expect(majorAmount(1250, 2)).toBe('12.50');
    expect(majorAmount(7, 2)).toBe('0.07');
    expect(majorAmount(1250, 0)).toBe('1250.00');
    expect(majorAmount(12340, 3)).toBe('12.34');
    expect(() => majorAmount(12345, 3)).toThrow();
    const opened = await hyperpayAdapter.create(ctx, session('sess-amount-00001', 2005), urls('sess-amount-00001'));
    expect(store.find('hyperpay', opened.ref)!.extra.amount).toBe('20.05');
    expect(store.find('hyperpay', opened.ref)!.reference).toBe('sess-amount-00001');
  });

  it('reads a return by asking for its own checkout: one naming another checkout, or pointing elsewhere, pays nothing', async () => {
    const paid = await hyperpayAdapter.create(ctx, session('sess-return-paid1'), urls('sess-return-paid1'));
    const open = await hyperpayAdapter.create(ctx, session('sess-return-open1'), urls('sess-return-open1'));
    const back = press(paid.ref, 'pay');
    expect(back).toMatchObject({ id: paid.ref, resourcePath: `/v1/checkouts/${paid.ref}/payment` });
    expect((await hyperpayAdapter.onReturn(ctx, payment(paid.ref), { result: 'success', params: back })).outcome).toBe('paid');
    // The paid checkout's return, replayed on the open one: the open one is asked (not the path it names), and was not paid.
    const before = calls.length;
    expect(await hyperpayAdapter.onReturn(ctx, payment(open.ref), { result: 'success', params: back })).toEqual({ outcome: 'cancelled' });
    expect(calls.slice(before)).toEqual([`GET /hyperpay/v1/checkouts/${open.ref}/payment`]);
    expect(await hyperpayAdapter.onReturn(ctx, payment(open.ref), { result: 'success', params: { id: open.ref, resourcePath: back.resourcePath! } }))
      .toEqual({ outcome: 'pending' });
    const failed = await hyperpayAdapter.create(ctx, session('sess-return-fail1'), urls('sess-return-fail1'));
    expect(await hyperpayAdapter.onReturn(ctx, payment(failed.ref), { result: 'success', params: press(failed.ref, 'fail') })).toEqual({ outcome: 'failed' });
    const cancelled = await hyperpayAdapter.create(ctx, session('sess-return-canc1'), urls('sess-return-canc1'));
    expect(await hyperpayAdapter.onReturn(ctx, payment(cancelled.ref), { result: 'success', params: press(cancelled.ref, 'cancel') })).toEqual({ outcome: 'cancelled' });
  });

  it('refunds the whole payment once, reading its linked refunds first', async () => {
    const opened = await hyperpayAdapter.create(ctx, session('sess-refund-00001'), urls('sess-refund-00001'));
    press(opened.ref, 'pay');
    const paid = store.find('hyperpay', opened.ref)!;
    await hyperpayAdapter.refund(ctx, { ref: opened.ref, providerPayment: paid.paymentId, amountMinor: 1250 });
    await hyperpayAdapter.refund(ctx, { ref: opened.ref, providerPayment: paid.paymentId, amountMinor: 1250 });
    expect(paid.refunds.map((refund) => refund.amount)).toEqual([12.5]);
  });

  it('starts on a page of ours that loads the platform\'s payment form for the checkout, whose script the double serves', async () => {
    const opened = await hyperpayAdapter.create(ctx, session('sess-form-000001'), urls('sess-form-000001'));
    expect(opened.start).toEqual({ kind: 'widget', script: `${ctx.apiBase}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(opened.ref)}`, brands: 'VISA MASTER' });
    if (opened.start?.kind !== 'widget') throw new Error('COPYandPAY starts with its form');
    const script = await hyperpayDouble.handle({
      method: 'GET', path: '/v1/paymentWidgets.js', query: new URL(opened.start.script).searchParams, headers: {}, raw: '', body: {},
    }, store);
    expect(script?.headers?.['content-type']).toContain('javascript');
    expect(String(script?.body)).toContain(`/hyperpay/checkout/${opened.ref}`);
  });
});
