/**
 * What the kit's suite cannot see of the Paytm adapter: CHECKSUMHASH checked by Paytm's own library
 * (paytmchecksum; Paytm's documentation publishes sample checksums but never the merchant key behind them,
 * so there is no vector to replay: checksums are made here by the same library, with a 16-character key as
 * Paytm's merchant keys are), the state mapping of STATUS and RESPCODE, and that a callback or webhook whose
 * checksum does not check out settles nothing (a tampered return is read from the Transaction Status API).
 * The double is reached on loopback through the doubles' server.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paytmDouble } from '../../../doubles/paytm.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession } from '../providers/provider.ts';
import { paytmAdapter, signedByPaytm, verdictOf } from './paytm.ts';

const PaytmChecksum = createRequire(import.meta.url)('paytmchecksum') as {
  generateSignature(params: Record<string, string> | string, key: string): Promise<string>;
};

const KEY = 'Ab3#kD9&mP2$qR7!';
const account = { publicKey: 'WEBSTAGING', secretKey: KEY, webhookSecret: '', merchantId: 'INTEGR7769XXXXXX9383' };
const callback = {
  BANKNAME: 'WALLET', BANKTXNID: '62909899', CURRENCY: 'INR', GATEWAYNAME: 'WALLET', MID: 'INTEGR7769XXXXXX9383', ORDERID: 'ORDERID_98765',
  PAYMENTMODE: 'PPI', RESPCODE: '01', RESPMSG: 'Txn Success', STATUS: 'TXN_SUCCESS', TXNAMOUNT: '1.00', TXNDATE: '2020-07-24 15:13:02.0',
  TXNID: '202005081112128XXXXXX68470101509706',
};

describe('Paytm checksums', () => {
  it('takes a callback only with a CHECKSUMHASH over every field by this account\'s merchant key, for its MID', async () => {
    const signed = { ...callback, CHECKSUMHASH: await PaytmChecksum.generateSignature({ ...callback }, KEY) };
    expect(signedByPaytm(signed, account)).toBe(true);
    expect(signedByPaytm({ ...signed, result: 'success' }, account, ['result'])).toBe(true);
    expect(signedByPaytm({ ...signed, STATUS: 'TXN_FAILURE' }, account)).toBe(false);
    expect(signedByPaytm({ ...signed, TXNAMOUNT: '100.00' }, account)).toBe(false);
    expect(signedByPaytm({ ...signed, result: 'success' }, account)).toBe(false);
    expect(signedByPaytm(signed, { ...account, merchantId: 'OTHERMID000000000000' })).toBe(false);
    expect(signedByPaytm({ ...signed, CHECKSUMHASH: 'not a checksum' }, account)).toBe(false);
    expect(signedByPaytm({ ...callback }, account)).toBe(false);
  });

  it('refuses a checksum the merchant key did not make (a key of the wrong size, too)', async () => {
    const other = { ...callback, CHECKSUMHASH: await PaytmChecksum.generateSignature({ ...callback, RESPMSG: 'x' }, KEY) };
    expect(signedByPaytm(other, account)).toBe(false);
    const signed = { ...callback, CHECKSUMHASH: await PaytmChecksum.generateSignature({ ...callback }, KEY) };
    expect(signedByPaytm(signed, { ...account, secretKey: 'short' })).toBe(false);
  });
});

describe('Paytm states', () => {
  it.each([
    ['TXN_SUCCESS', '01', 'paid'],
    ['TXN_FAILURE', '227', 'failed'],
    ['TXN_FAILURE', '141', 'cancelled'],
    ['TXN_FAILURE', '334', 'pending'],
    ['TXN_FAILURE', '501', 'pending'],
    ['PENDING', '402', 'pending'],
  ])('%s with %s is %s', (status, code, outcome) => {
    expect(verdictOf(status, code, 'TXN1').outcome).toBe(outcome);
  });

  it('keeps Paytm\'s transaction id of a paid order for its refund', () => {
    expect(verdictOf('TXN_SUCCESS', '01', 'TXN1')).toEqual({ outcome: 'paid', providerPayment: 'TXN1' });
  });
});

describe('the Paytm adapter against its double', () => {
  let doubles: PaymentDoubles;
  let ctx: AdapterContext;
  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    ctx = { account: paytmDouble.testAccount, apiBase: `${doubles.url}/paytm`, now: () => new Date() };
  });
  afterAll(() => doubles?.close());

  const urls: PaymentUrls = { back: (result) => `http://localhost:8080/pay/paytm/return/s?result=${result}&token=t`, notify: 'http://localhost:8080/webhooks/paytm/1' };
  const session = (): PaymentSession => ({
    sessionId: randomBytes(24).toString('base64url'), vendorId: 1, orderId: null, customerId: 7, amountMinor: 1250, currencyCode: 'INR',
    currencyExponent: 2, vendorName: 'Harbor Eats', baseUrl: 'http://localhost:8080',
  });

  it('initiates the transaction with a major-unit amount and answers the payment page for its token', async () => {
    const opened = await paytmAdapter.create(ctx, session(), urls);
    // The payment page is a form post of mid, orderId and txnToken (the kit's start page sends it on).
    if (opened.start?.kind !== 'form') throw new Error('Paytm starts with a form');
    const page = new URL(opened.start.action);
    expect(page.pathname).toBe('/paytm/theia/api/v1/showPaymentPage');
    expect(page.searchParams.get('orderId')).toBe(opened.ref);
    expect(Object.keys(opened.start.fields).sort()).toEqual(['mid', 'orderId', 'txnToken']);
    expect(doubles.store.find('paytm', opened.ref)?.amount).toBe(12.5);
    const shown = await fetch(page, { method: 'POST', body: new URLSearchParams(opened.start.fields), redirect: 'manual' });
    expect(shown.headers.get('location')).toBe(`${doubles.url}/paytm/checkout/${opened.ref}`);
    // A token that is not the order's shows Paytm's error page.
    const forged = await fetch(page, { method: 'POST', body: new URLSearchParams({ ...opened.start.fields, txnToken: 'x' }), redirect: 'manual' });
    expect(await forged.text()).toContain('Invalid transaction token');
  });

  it('reads a tampered callback from the Transaction Status API, not from its fields', async () => {
    const { ref } = await paytmAdapter.create(ctx, session(), urls);
    const exit = doubles.press('paytm', ref, 'fail');
    const fields = 'post' in exit ? exit.fields : {};
    const payment = { ref, providerPayment: null, amountMinor: 1250 };
    expect(await paytmAdapter.onReturn(ctx, payment, { result: 'success', params: { ...fields, result: 'success' } })).toEqual({ outcome: 'failed' });
    const tampered = { ...fields, STATUS: 'TXN_SUCCESS', RESPCODE: '01', result: 'success' };
    expect(await paytmAdapter.onReturn(ctx, payment, { result: 'success', params: tampered })).toEqual({ outcome: 'failed' });
    const webhook = new URLSearchParams(tampered);
    webhook.delete('result');
    expect(await paytmAdapter.webhook(ctx, { body: Buffer.from(webhook.toString()), headers: {}, query: {} })).toEqual({ kind: 'forged' });
  });
});
