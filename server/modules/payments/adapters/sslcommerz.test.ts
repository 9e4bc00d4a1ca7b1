import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFields, sslcommerzDouble } from '../../../doubles/sslcommerz.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../../doubles/server.ts';
import type { PageExit } from '../../../doubles/kit.ts';
import type { AdapterContext, PaymentUrls } from '../kit/adapter.ts';
import type { PaymentSession, ProviderPayment } from '../providers/provider.ts';
import { outcomeOf, signedBy, sslcommerzAdapter } from './sslcommerz.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const PASSWORD = sslcommerzDouble.testAccount.secretKey;
const urls: PaymentUrls = { back: (result) => `http://localhost:8080/pay/sslcommerz/return/s?result=${result}&token=t`, notify: 'http://localhost:8080/webhooks/sslcommerz/1' };

describe('SSLCommerz: verify_sign', () => {
  // SSLCommerz publishes no signed sample with its store password; the vector is spelled out from the scheme of its
  // own libraries (SSLCOMMERZ_hash_varify in SSLCommerz-PHP): the verify_key fields and store_passwd = MD5 of the
  // password (md5("qwerty") of the public sandbox store "testbox"), sorted by name, joined as name=value&…, MD5'd.
  const fields = { tran_id: 'T1', val_id: 'V1', amount: '10.00', status: 'VALID', verify_key: 'amount,status,tran_id,val_id' };
  const sign = md5('amount=10.00&status=VALID&store_passwd=d8578edf8458ce06fbc5bb76a58c5ca4&tran_id=T1&val_id=V1');

  it('takes a post signed with the store password over the fields it names', () => {
    expect(signedBy({ ...fields, verify_sign: sign }, 'qwerty', ['tran_id', 'status'])).toBe(true);
    // The double signs the same way (written from the same scheme, separately).
    expect(signFields({ tran_id: 'T1', val_id: 'V1', amount: '10.00', status: 'VALID' }, 'qwerty').verify_sign).toBe(sign);
  });

  it('refuses a changed field, another password, and a signature that leaves out a field it needs', () => {
    expect(signedBy({ ...fields, amount: '1000.00', verify_sign: sign }, 'qwerty')).toBe(false);
    expect(signedBy({ ...fields, verify_sign: sign }, 'qwerty!')).toBe(false);
    const narrow = { tran_id: 'T1', verify_key: 'tran_id', verify_sign: md5('store_passwd=d8578edf8458ce06fbc5bb76a58c5ca4&tran_id=T1') };
    expect(signedBy(narrow, 'qwerty')).toBe(true);
    expect(signedBy({ ...narrow, status: 'VALID' }, 'qwerty', ['tran_id', 'status'])).toBe(false);
  });

  it('maps SSLCommerz\'s states', () => {
    expect(['VALID', 'VALIDATED', 'FAILED', 'CANCELLED', 'EXPIRED', 'UNATTEMPTED', 'PENDING'].map(outcomeOf))
      .toEqual(['paid', 'paid', 'failed', 'cancelled', 'cancelled', 'pending', 'pending']);
  });
});

describe('SSLCommerz against its double', () => {
  let doubles: PaymentDoubles;
  let ctx: AdapterContext;
  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    ctx = { account: sslcommerzDouble.testAccount, apiBase: `${doubles.url}/sslcommerz`, now: () => new Date() };
  });
  afterAll(async () => {
    await doubles?.close();
  });

  async function open(amountMinor = 2000): Promise<ProviderPayment> {
    const session: PaymentSession = {
      sessionId: randomBytes(24).toString('base64url'), vendorId: 1, orderId: null, customerId: 1, amountMinor, currencyCode: 'USD',
      currencyExponent: 2, vendorName: 'Harbor Eats', baseUrl: 'http://localhost:8080',
    };
    const opened = await sslcommerzAdapter.create(ctx, session, urls);
    return { ref: opened.ref, providerPayment: null, amountMinor };
  }
  const fieldsOf = (exit: PageExit) => ('post' in exit ? exit.fields : {});

  it('refuses a tampered return: altered, signed with another password, or VALID with a val_id SSLCommerz does not know', async () => {
    const payment = await open();
    const forged = signFields({ tran_id: payment.ref, val_id: 'made-up', amount: '2200.00', status: 'VALID' }, 'not-the-password');
    expect(await sslcommerzAdapter.onReturn(ctx, payment, { result: 'success', params: forged })).toEqual({ outcome: 'pending' });
    const unknown = signFields({ tran_id: payment.ref, val_id: 'made-up', amount: '2200.00', status: 'VALID' }, PASSWORD);
    expect(await sslcommerzAdapter.onReturn(ctx, payment, { result: 'success', params: unknown })).toEqual({ outcome: 'pending' });
    // A real FAILED post turned into VALID no longer checks out.
    const failed = fieldsOf(doubles.press('sslcommerz', payment.ref, 'fail'));
    expect(await sslcommerzAdapter.onReturn(ctx, payment, { result: 'success', params: { ...failed, status: 'VALID' } })).toEqual({ outcome: 'failed' });
    expect(await sslcommerzAdapter.onReturn(ctx, payment, { result: 'cancel', params: failed })).toEqual({ outcome: 'failed' });
  });

  it('pays on a signed VALID post confirmed by the validation API, and refunds it once', async () => {
    const payment = await open(1100);
    const fields = fieldsOf(doubles.press('sslcommerz', payment.ref, 'pay'));
    const verdict = await sslcommerzAdapter.onReturn(ctx, payment, { result: 'success', params: fields });
    expect(verdict).toEqual({ outcome: 'paid', providerPayment: fields.bank_tran_id });
    // The amount is checked: the same post for a payment of another amount is not taken as paid.
    expect((await sslcommerzAdapter.onReturn(ctx, { ...payment, amountMinor: 1000 }, { result: 'success', params: fields })).outcome).toBe('pending');
    const paid = { ...payment, providerPayment: verdict.providerPayment ?? null };
    await sslcommerzAdapter.refund(ctx, paid);
    await sslcommerzAdapter.refund(ctx, paid);
    expect(doubles.store.find('sslcommerz', payment.ref)?.refunds.map((refund) => refund.amount)).toEqual([11]);
  });

  it('refuses an IPN that is not signed with the store password', async () => {
    const payment = await open();
    doubles.press('sslcommerz', payment.ref, 'pay');
    const ipn = doubles.webhook('sslcommerz', payment.ref, 'not-the-password');
    expect(await sslcommerzAdapter.webhook(ctx, { body: Buffer.from(ipn.body), headers: ipn.headers, query: {} })).toEqual({ kind: 'forged' });
    const signed = doubles.webhook('sslcommerz', payment.ref, PASSWORD);
    expect(await sslcommerzAdapter.webhook(ctx, { body: Buffer.from(signed.body), headers: signed.headers, query: {} }))
      .toMatchObject({ kind: 'event', ref: payment.ref, verdict: { outcome: 'paid' } });
  });
});
