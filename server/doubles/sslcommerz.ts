import { createHash, randomBytes } from 'node:crypto';
import type { DoubleAnswer, DoublePayment, DoubleRequest, DoubleStore, ProviderDouble } from './kit.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The store this double knows (SSLCommerz sandbox stores are `<id>` with the password `<id>@ssl`). */
const STORE_ID = 'sfdouble64f0c2a9b1e7';
const STORE_PASSWORD = `${STORE_ID}@ssl`;

/** BDT for one unit of each currency SSLCommerz converts from (a fixed demo rate). */
const RATES: Record<string, number> = { BDT: 1, USD: 110, EUR: 120, GBP: 140, SGD: 82, INR: 1.32, MYR: 25, CAD: 81, AUD: 72 };
const MANDATORY = [
  'total_amount', 'currency', 'tran_id', 'success_url', 'fail_url', 'cancel_url', 'cus_name', 'cus_email', 'cus_add1', 'cus_city',
  'cus_country', 'cus_phone', 'shipping_method', 'product_name', 'product_category', 'product_profile',
] as const;
const PROFILES = new Set(['general', 'physical-goods', 'non-physical-goods', 'airline-tickets', 'travel-vertical', 'telecom-vertical']);

const failed = (reason: string): DoubleAnswer => ({
  status: 200,
  body: { status: 'FAILED', failedreason: reason, sessionkey: '', gw: [], redirectGatewayURL: '', directPaymentURLBank: '', directPaymentURLCard: '', directPaymentURL: '', redirectGatewayURLFailed: '', GatewayPageURL: '', storeBanner: '', storeLogo: '', desc: [], is_direct_pay_enable: '0' },
});

const stamp = (date = new Date()) => date.toISOString().replace('T', ' ').slice(0, 19);
const compact = () => stamp().replace(/\D/g, '').slice(2, 14);
const money = (amount: number) => amount.toFixed(2);

/** The fields of a transaction as SSLCommerz posts them back, answers them from its APIs and sends them in an IPN. */
function transaction(payment: DoublePayment): Record<string, string> {
  const extra = payment.extra as { bdt: string; rate: number; tran_date: string; val_id?: string; bank_tran_id?: string; value_a?: string; error?: string };
  const status = payment.status === 'paid' ? (payment.extra.validated ? 'VALIDATED' : 'VALID')
    : payment.status === 'failed' ? 'FAILED' : payment.status === 'cancelled' ? 'CANCELLED' : payment.status === 'expired' ? 'EXPIRED' : 'UNATTEMPTED';
  const paid = payment.status === 'paid';
  return {
    tran_id: payment.ref,
    ...(paid && extra.val_id ? { val_id: extra.val_id } : {}),
    amount: extra.bdt,
    card_type: paid ? 'VISA-Dutch Bangla' : '',
    store_amount: paid ? money(Number(extra.bdt) * 0.975) : '0.00',
    card_no: paid ? '432149XXXXXX0667' : '',
    bank_tran_id: extra.bank_tran_id ?? '',
    status,
    tran_date: extra.tran_date,
    ...(payment.status === 'failed' ? { error: 'Do not honor' } : {}),
    currency: 'BDT',
    card_issuer: paid ? 'DUTCH-BANGLA BANK LIMITED' : '',
    card_brand: paid ? 'VISA' : '',
    card_issuer_country: paid ? 'Bangladesh' : '',
    card_issuer_country_code: paid ? 'BD' : '',
    store_id: payment.key,
    currency_type: payment.currency,
    currency_amount: money(payment.amount),
    currency_rate: extra.rate.toFixed(4),
    base_fair: '0.00',
    value_a: extra.value_a ?? '', value_b: '', value_c: '', value_d: '',
    risk_level: '0',
    risk_title: 'Safe',
  };
}

/** The fields signed as SSLCommerz signs them: verify_key names them, verify_sign is the MD5 over them and the MD5 of the store password. */
export function signFields(fields: Record<string, string>, storePassword: string): Record<string, string> {
  const names = Object.keys(fields).sort();
  const signed: Record<string, string> = { ...fields, store_passwd: md5(storePassword) };
  const text = Object.keys(signed).sort().map((name) => `${name}=${signed[name]}`).join('&');
  return { ...fields, verify_sign: md5(text), verify_key: names.join(',') };
}

function openSession(request: DoubleRequest, store: DoubleStore): DoubleAnswer {
  const body = request.body as Record<string, string | undefined>;
  if (body.store_id !== STORE_ID || body.store_passwd !== STORE_PASSWORD) return failed('Store Credential Error Or Store is De-active');
  const missing = MANDATORY.find((name) => !body[name]);
  if (missing) return failed(`Invalid Information! '${missing}' is missing`);
  const currency = body.currency!;
  const rate = RATES[currency];
  if (!rate) return failed(`Invalid Information! currency '${currency}' is not supported`);
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(body.total_amount!)) return failed('Invalid Information! total_amount must be a decimal (10,2)');
  const bdt = Number(body.total_amount) * rate;
  if (bdt < 10 || bdt > 500_000) return failed('Invalid Information! The transaction amount must be from 10.00 BDT to 500000.00 BDT');
  const tranId = body.tran_id!;
  if (tranId.length > 30) return failed("Invalid Information! 'tran_id' must be at most 30 characters");
  if (store.find('sslcommerz', tranId)) return failed(`Invalid Information! tran_id '${tranId}' is already used`);
  for (const name of ['success_url', 'fail_url', 'cancel_url', 'ipn_url'] as const) {
    const url = body[name];
    if (url !== undefined && url !== '' && (!/^https?:\/\//.test(url) || url.length > 255)) return failed(`Invalid Information! '${name}' must be a URL of at most 255 characters`);
  }
  if (!PROFILES.has(body.product_profile!)) return failed("Invalid Information! 'product_profile' is not valid");
  if (body.shipping_method === 'YES' && !body.ship_name) return failed("Invalid Information! 'ship_name' is missing");
  const sessionkey = randomBytes(16).toString('hex').toUpperCase();
  const payment = store.open({
    ref: tranId, provider: 'sslcommerz', key: STORE_ID, amount: Number(body.total_amount), currency, reference: body.value_a ?? tranId,
    returnUrl: body.success_url!, failUrl: body.fail_url!, cancelUrl: body.cancel_url!,
    extra: { sessionkey, ipn_url: body.ipn_url ?? '', bdt: money(bdt), rate, tran_date: stamp(), value_a: body.value_a ?? '', validated: false },
  });
  const page = store.pageUrl('sslcommerz', payment.ref);
  return {
    status: 200,
    body: {
      status: 'SUCCESS', failedreason: '', sessionkey,
      gw: { visa: 'city_visa,ebl_visa,visacard', master: 'city_master,ebl_master,mastercard', amex: 'city_amex,amexcard', othercards: 'qcash,fastcash', internetbanking: 'city,bankasia,ibbl,mtbl', mobilebanking: 'dbblmobilebanking,bkash,nagad,abbank,ibbl' },
      redirectGatewayURL: page, directPaymentURLBank: '', directPaymentURLCard: '', directPaymentURL: '', redirectGatewayURLFailed: '',
      GatewayPageURL: page, storeBanner: '', storeLogo: '', store_name: 'Local double store', desc: [], is_direct_pay_enable: '0',
    },
  };
}

/** The transaction query, the refund and the refund query: one address, told apart by their parameters. */
function merchantApi(request: DoubleRequest, store: DoubleStore): DoubleAnswer {
  const query = request.query;
  const refunds = [...store.payments.values()].filter((payment) => payment.provider === 'sslcommerz').flatMap((payment) => payment.refunds.map((refund) => ({ payment, refund })));
  if (query.get('refund_amount') !== null || query.get('bank_tran_id') !== null) {
    const payment = [...store.payments.values()].find((candidate) => candidate.provider === 'sslcommerz' && candidate.status === 'paid'
      && (candidate.extra as { bank_tran_id?: string }).bank_tran_id === query.get('bank_tran_id'));
    if (!payment) return { status: 200, body: { APIConnect: 'DONE', bank_tran_id: query.get('bank_tran_id'), trans_id: '', refund_ref_id: '', status: 'failed', errorReason: 'Invalid bank_tran_id' } };
    const extra = payment.extra as { bdt: string; bank_tran_id: string };
    const base = { APIConnect: 'DONE', bank_tran_id: extra.bank_tran_id, trans_id: payment.ref };
    const made = payment.refunds[0];
    if (made) return { status: 200, body: { ...base, refund_ref_id: made.id, status: 'processing', errorReason: 'Refund request is already in processing' } };
    const amount = query.get('refund_amount') ?? '';
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0 || Number(amount) > Number(extra.bdt)) {
      return { status: 200, body: { ...base, refund_ref_id: '', status: 'failed', errorReason: 'Invalid refund_amount' } };
    }
    // Kept in the payment's own currency, as the payment's amount is.
    const refund = { id: `SL${compact()}${randomBytes(3).toString('hex').toUpperCase()}`, amount: Number(amount) === Number(extra.bdt) ? payment.amount : Number(money(Number(amount) / Number(payment.extra.rate))) };
    payment.refunds.push(refund);
    payment.extra.refund = { refe_id: query.get('refe_id') ?? '', remarks: query.get('refund_remarks') ?? '', initiated_on: stamp() };
    return { status: 200, body: { ...base, refund_ref_id: refund.id, status: 'success', errorReason: '' } };
  }
  const refundRef = query.get('refund_ref_id');
  if (refundRef !== null) {
    const found = refunds.find(({ refund }) => refund.id === refundRef);
    if (!found) return { status: 200, body: { APIConnect: 'DONE', refund_ref_id: refundRef, status: 'failed', errorReason: 'Invalid refund_ref_id' } };
    const extra = found.payment.extra as { bank_tran_id: string; refund: { initiated_on: string } };
    return { status: 200, body: { APIConnect: 'DONE', bank_tran_id: extra.bank_tran_id, tran_id: found.payment.ref, refund_ref_id: refundRef, initiated_on: extra.refund.initiated_on, refunded_on: '', status: 'processing', errorReason: '' } };
  }
  const tranId = query.get('tran_id');
  const sessionkey = query.get('sessionkey');
  const payment = tranId !== null ? store.find('sslcommerz', tranId)
    : [...store.payments.values()].find((candidate) => candidate.provider === 'sslcommerz' && candidate.extra.sessionkey === sessionkey);
  if (sessionkey !== null) return { status: 200, body: payment ? { ...transaction(payment), APIConnect: 'DONE', sessionkey } : { APIConnect: 'DONE', status: 'INVALID_REQUEST' } };
  if (tranId === null) return { status: 200, body: { APIConnect: 'INVALID_REQUEST' } };
  const element = payment ? [{ ...transaction(payment), validated_on: payment.extra.validated_on ?? '', gw_version: '' }] : [];
  return { status: 200, body: { APIConnect: 'DONE', no_of_trans_found: element.length, element } };
}

/**
 * SSLCommerz (API v4): POST /gwprocess/v4/api.php (a form; store_id and store_passwd; total_amount a
 * decimal (10,2) worth 10.00 to 500000.00 BDT, other currencies converted to BDT at the session;
 * tran_id at most 30 characters; the customer and product fields it requires), answered with
 * status SUCCESS and the GatewayPageURL, or FAILED and a failedreason; GET
 * /validator/api/validationserverAPI.php?val_id= (VALID the first time, VALIDATED after); GET
 * /validator/api/merchantTransIDvalidationAPI.php with tran_id (or sessionkey) for the transaction,
 * with bank_tran_id and refund_amount (in BDT) to refund (a second refund of the same transaction is
 * answered as already in processing), with refund_ref_id for a refund's state. The page posts the
 * outcome to success_url, fail_url or cancel_url; that post and the IPN to ipn_url carry verify_sign
 * (MD5 over the verify_key fields and the MD5 of the store password).
 */
export const sslcommerzDouble: ProviderDouble = {
  name: 'sslcommerz',
  testAccount: { publicKey: '', secretKey: STORE_PASSWORD, webhookSecret: '', merchantId: STORE_ID },
  testCurrency: 'USD',
  amountUnits: 'major',
  handle(request, store) {
    if (request.method === 'POST' && request.path === '/gwprocess/v4/api.php') return openSession(request, store);
    if (request.method !== 'GET') return undefined;
    const query = request.query;
    const known = query.get('store_id') === STORE_ID && query.get('store_passwd') === STORE_PASSWORD;
    if (request.path === '/validator/api/validationserverAPI.php') {
      if (!known) return { status: 200, body: { APIConnect: 'FAILED', status: 'INVALID_TRANSACTION' } };
      const valId = query.get('val_id');
      const payment = [...store.payments.values()].find((candidate) => candidate.provider === 'sslcommerz' && candidate.status === 'paid' && candidate.extra.val_id === valId);
      if (!payment) return { status: 200, body: { APIConnect: 'DONE', status: 'INVALID_TRANSACTION' } };
      const answer = { ...transaction(payment), APIConnect: 'DONE', validated_on: stamp(), gw_version: '' };
      payment.extra.validated = true;
      payment.extra.validated_on ??= answer.validated_on;
      return { status: 200, body: answer };
    }
    if (request.path === '/validator/api/merchantTransIDvalidationAPI.php') {
      return known ? merchantApi(request, store) : { status: 200, body: { APIConnect: 'FAILED' } };
    }
    return undefined;
  },
  exit(payment, action) {
    if (action === 'pay') {
      payment.extra.val_id = `${compact()}${randomBytes(6).toString('base64url')}`;
      payment.extra.bank_tran_id = `${compact()}${randomBytes(5).toString('hex').toUpperCase()}`;
      payment.paymentId = payment.extra.bank_tran_id as string;
    }
    const target = action === 'pay' ? payment.returnUrl : action === 'fail' ? payment.failUrl ?? payment.returnUrl : payment.cancelUrl ?? payment.returnUrl;
    return { post: target, fields: signFields(transaction(payment), STORE_PASSWORD) };
  },
  webhook(payment, secret) {
    return { body: new URLSearchParams(signFields(transaction(payment), secret)).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  },
};
