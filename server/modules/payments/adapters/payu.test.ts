/**
 * What the kit's suite cannot see of the PayU adapter: its three hashes against PayU's own Node SDK
 * (payu-websdk's hasher: PayU's documentation publishes the hash formulas but no vector with a salt, so
 * the official implementation is the reference), the state mapping of status and unmappedstatus, and that
 * a post back or a webhook whose hash does not check out settles nothing (a tampered return is read from
 * verify_payment instead). The double is reached on loopback through the doubles' server.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payuDouble } from '../../../doubles/payu.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { commandHash, payuAdapter, paymentHash, responseHash, signedByPayu, verdictOf } from './payu.ts';

interface PayuHasher {
  paymentHasher(credes: { key: string; salt: string; config: object }, params: Record<string, string>): string;
  reverseHasher(credes: { key: string; salt: string; config: object }, params: Record<string, string>): string;
  apiHasher(credes: { key: string; salt: string; config: object }, params: Record<string, string>): string;
}
const sdk = createRequire(import.meta.url)('payu-websdk/utils/hasher') as PayuHasher;

const KEY = 'gtKFFx';
const SALT = 'eCwWELxi';
const credes = { key: KEY, salt: SALT, config: {} };
const request = { key: KEY, txnid: 'txn12345', amount: '10.00', productinfo: 'iPhone', firstname: 'Ashish', email: 'test@example.com', udf1: 'a', udf3: 'c' };

describe('PayU hashes', () => {
  it('signs the _payment request as PayU\'s SDK does (key|txnid|amount|productinfo|firstname|email|udf1…udf10|salt)', () => {
    expect(paymentHash(request, SALT)).toBe(sdk.paymentHasher(credes, { ...request }));
    expect(paymentHash({ ...request, amount: '10.01' }, SALT)).not.toBe(sdk.paymentHasher(credes, { ...request }));
  });

  it('checks the reverse hash as PayU\'s SDK computes it, with and without additional charges', () => {
    const answer = { ...request, status: 'success' };
    expect(responseHash(answer, SALT)).toBe(sdk.reverseHasher(credes, { ...answer }));
    expect(responseHash({ ...answer, additionalCharges: '2.50' }, SALT)).toBe(sdk.reverseHasher(credes, { ...answer, additionalCharges: '2.50' }));
    expect(responseHash({ ...answer, status: 'failure' }, SALT)).not.toBe(sdk.reverseHasher(credes, { ...answer }));
  });

  it('signs postservice commands as key|command|var1|salt', () => {
    expect(commandHash(KEY, 'verify_payment', 'txn12345', SALT)).toBe(sdk.apiHasher(credes, { command: 'verify_payment', var1: 'txn12345' }));
  });

  it('takes a post only with this account\'s key and the reverse hash over its salt', () => {
    const account = { publicKey: KEY, secretKey: SALT, webhookSecret: '', merchantId: '' };
    const signed = { ...request, status: 'success', mihpayid: '403993715521', hash: responseHash({ ...request, status: 'success' }, SALT) };
    expect(signedByPayu(signed, account)).toBe(true);
    expect(signedByPayu({ ...signed, hash: signed.hash.toUpperCase() }, account)).toBe(true);
    expect(signedByPayu({ ...signed, amount: '1.00' }, account)).toBe(false);
    expect(signedByPayu({ ...signed, status: 'failure' }, account)).toBe(false);
    expect(signedByPayu(signed, { ...account, secretKey: 'another' })).toBe(false);
    expect(signedByPayu(signed, { ...account, publicKey: 'other1' })).toBe(false);
  });
});

describe('PayU states', () => {
  it.each([
    ['success', 'captured', 'paid'],
    ['success', 'auth', 'paid'],
    ['failure', 'userCancelled', 'cancelled'],
    ['failure', 'bounced', 'cancelled'],
    ['failure', 'failed', 'failed'],
    ['failure', 'dropped', 'failed'],
    ['pending', 'pending', 'pending'],
    ['Not Found', undefined, 'pending'],
  ])('%s / %s is %s', (status, unmapped, outcome) => {
    expect(verdictOf(status, unmapped, '403993715521').outcome).toBe(outcome);
  });

  it('keeps the PayU id of a paid transaction for its refund', () => {
    expect(verdictOf('success', 'captured', '403993715521')).toEqual({ outcome: 'paid', providerPayment: '403993715521' });
  });
});

describe('the PayU adapter against its double', () => {
  let doubles: PaymentDoubles;
  let ctx: AdapterContext;
  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    ctx = { account: payuDouble.testAccount, apiBase: `${doubles.url}/payu`, now: () => new Date() };
  });
  afterAll(() => doubles?.close());

  const urls: PaymentUrls = { back: (result) => `http://localhost:8080/pay/payu/return/s?result=${result}&token=t`, notify: 'http://localhost:8080/webhooks/payu/1' };
  const session = (): PaymentSession => ({
    sessionId: randomBytes(24).toString('base64url'), vendorId: 1, orderId: null, customerId: 7, amountMinor: 1250, currencyCode: 'INR',
    currencyExponent: 2, vendorName: 'Harbor Eats', baseUrl: 'http://localhost:8080',
  });

  it('opens the payment with a major-unit amount and answers PayU\'s page', async () => {
    const opened = await openAtPayu();
    expect(opened.page).toBe(`${doubles.url}/payu/checkout/${opened.ref}`);
    expect(opened.ref).toMatch(/^[A-Za-z0-9]{1,25}$/);
    expect(doubles.store.find('payu', opened.ref)?.amount).toBe(12.5);
  });

  /** Opens a payment as the customer's browser does: the start page's form, posted to PayU, which answers its page. */
  async function openAtPayu() {
    const opened = await payuAdapter.create(ctx, session(), urls);
    expect(opened.start?.kind).toBe('form');
    if (opened.start?.kind !== 'form') throw new Error('PayU starts with a form');
    const posted = await fetch(opened.start.action, { method: 'POST', body: new URLSearchParams(opened.start.fields), redirect: 'manual' });
    return { ref: opened.ref, page: posted.headers.get('location') };
  }

  it('reads a tampered post back from verify_payment, not from its fields', async () => {
    const { ref } = await openAtPayu();
    const exit = doubles.press('payu', ref, 'fail');
    const fields = 'post' in exit ? exit.fields : {};
    const payment = { ref, providerPayment: null, amountMinor: 1250 };
    expect(await payuAdapter.onReturn(ctx, payment, { result: 'cancel', params: fields })).toEqual({ outcome: 'failed' });
    const tampered = { ...fields, status: 'success', unmappedstatus: 'captured' };
    expect(await payuAdapter.onReturn(ctx, payment, { result: 'success', params: tampered })).toEqual({ outcome: 'failed' });
    expect(await payuAdapter.webhook(ctx, { body: Buffer.from(new URLSearchParams(tampered).toString()), headers: {}, query: {} })).toEqual({ kind: 'forged' });
  });

  it('cancels a checkout left open when the customer is back by the failure URL with nothing from PayU', async () => {
    const { ref } = await openAtPayu();
    const payment = { ref, providerPayment: null, amountMinor: 1250 };
    expect(await payuAdapter.onReturn(ctx, payment, { result: 'cancel', params: {} })).toEqual({ outcome: 'cancelled' });
    expect(await payuAdapter.onReturn(ctx, payment, { result: 'success', params: {} })).toEqual({ outcome: 'pending' });
  });
});
