import { randomBytes, randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type { DoubleAnswer, DoublePayment, DoubleRequest, DoubleStore, ProviderDouble } from './kit.ts';

/** Paytm's checksum library (paytmchecksum): the same routines Paytm documents for signing and verifying. */
interface PaytmChecksumLibrary {
  generateSignature(params: string | Record<string, string>, key: string): Promise<string>;
  verifySignature(params: string | Record<string, string>, key: string, checksum: string): boolean;
  getStringByParams(params: Record<string, string>): string;
  calculateChecksum(params: string, key: string, salt: string): string;
}
const PaytmChecksum = createRequire(import.meta.url)('paytmchecksum') as PaytmChecksumLibrary;

/** The test merchant of this double: its MID (20 characters), merchant key (16, AES-128) and website name. */
const TEST_MID = 'SFDOUB73690521859314';
const TEST_KEY = 'Kd8#Dbl2Paytm&Q1';
const TEST_WEBSITE = 'WEBSTAGING';
/** The merchants the double knows, MID → merchant key (Paytm holds each merchant's key; it never travels). */
const KEYS = new Map([[TEST_MID, TEST_KEY]]);

/** A checksum of `params` by `key`, now (paytmchecksum's own steps, with its 4-character random salt). */
function checksum(params: string, key: string): string {
  return PaytmChecksum.calculateChecksum(params, key, randomBytes(3).toString('base64'));
}

/** Whether a request's head.signature is the merchant's over its body (the exact JSON the body was sent as). */
function signedBody(request: DoubleRequest, key: string): boolean {
  const signature = (request.body.head as { signature?: unknown } | undefined)?.signature;
  if (typeof signature !== 'string' || !request.body.body) return false;
  try {
    return PaytmChecksum.verifySignature(JSON.stringify(request.body.body), key, signature) === true;
  } catch {
    return false;
  }
}

/** A JSON API answer: Paytm's head (signed over the body) and body, with resultInfo. */
function answer(body: Record<string, unknown>, key: string): DoubleAnswer {
  return {
    status: 200,
    body: { head: { responseTimestamp: String(Date.now()), version: 'v1', signature: checksum(JSON.stringify(body), key) }, body },
  };
}
const resultInfo = (resultStatus: string, resultCode: string, resultMsg: string) => ({ resultInfo: { resultStatus, resultCode, resultMsg } });

/** Paytm's transaction id: a long number starting with the date. */
const txnId = () => `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomInt(1e9, 1e10 - 1)}${randomInt(1e9, 1e10 - 1)}${randomInt(1e6, 1e7 - 1)}`;

/** STATUS, RESPCODE and RESPMSG of a payment as Paytm reports it. */
function state(payment: DoublePayment): { STATUS: string; RESPCODE: string; RESPMSG: string } {
  switch (payment.status) {
    case 'paid': return { STATUS: 'TXN_SUCCESS', RESPCODE: '01', RESPMSG: 'Txn Success' };
    case 'failed': return { STATUS: 'TXN_FAILURE', RESPCODE: '227', RESPMSG: 'Your payment has been declined by your bank. Please try again or use a different method to complete the payment.' };
    case 'cancelled':
    case 'expired': return { STATUS: 'TXN_FAILURE', RESPCODE: '141', RESPMSG: 'User has not completed transaction.' };
    default: return { STATUS: 'PENDING', RESPCODE: '402', RESPMSG: 'Looks like the payment is not complete. Please wait while we confirm the status with your bank.' };
  }
}

/** The form Paytm posts to the callback URL (and as its payment status webhook), CHECKSUMHASH over every field by the merchant key. */
function response(payment: DoublePayment, forged: boolean): Record<string, string> {
  const fields: Record<string, string> = {
    BANKNAME: 'State Bank of India', BANKTXNID: payment.status === 'paid' ? String(randomInt(1e11, 1e12 - 1)) : '', CURRENCY: 'INR',
    GATEWAYNAME: 'SBI', MID: payment.key, ORDERID: payment.ref, PAYMENTMODE: 'UPI', ...state(payment),
    TXNAMOUNT: payment.amount.toFixed(2), TXNDATE: new Date(payment.createdAt).toISOString().slice(0, 21).replace('T', ' '),
    TXNID: String(payment.extra.txnId ?? ''),
  };
  const signed = PaytmChecksum.getStringByParams(fields);
  // Without the merchant key a forger can only send a checksum of something else.
  fields.CHECKSUMHASH = checksum(forged ? `${signed}|forged` : signed, KEYS.get(payment.key) ?? '');
  return fields;
}

function initiate(request: DoubleRequest, store: DoubleStore): DoubleAnswer {
  const body = (request.body.body ?? {}) as Record<string, unknown>;
  const mid = request.query.get('mid') ?? '';
  const key = KEYS.get(mid);
  if (!key) return answer(resultInfo('F', '2006', 'Mid is invalid'), TEST_KEY);
  if (!signedBody(request, key)) return answer(resultInfo('F', '2005', 'Checksum provided is invalid'), key);
  const orderId = request.query.get('orderId') ?? '';
  const amount = body.txnAmount as { value?: unknown; currency?: unknown } | undefined;
  if (body.mid !== mid || body.orderId !== orderId) return answer(resultInfo('F', '1007', 'Missing mandatory element'), key);
  if (body.requestType !== 'Payment' || typeof body.websiteName !== 'string' || !body.websiteName) return answer(resultInfo('F', '1007', 'Missing mandatory element'), key);
  if (!/^[A-Za-z0-9@._-]{1,50}$/.test(orderId)) return answer(resultInfo('F', '1006', 'Invalid Order Id'), key);
  if (typeof amount?.value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(amount.value) || Number(amount.value) <= 0) return answer(resultInfo('F', '1009', 'Invalid txn amount'), key);
  if (amount.currency !== 'INR') return answer(resultInfo('F', '1010', 'Invalid currency'), key);
  if (typeof (body.userInfo as { custId?: unknown } | undefined)?.custId !== 'string') return answer(resultInfo('F', '1007', 'Missing mandatory element'), key);
  if (typeof body.callbackUrl !== 'string' || !/^https?:\/\//.test(body.callbackUrl)) return answer(resultInfo('F', '1007', 'Missing mandatory element'), key);
  if (store.find('paytm', orderId)) return answer(resultInfo('F', '325', 'Duplicate Order Id'), key);
  const txnToken = `${randomBytes(16).toString('hex')}${Date.now()}`;
  store.open({
    ref: orderId, provider: 'paytm', key: mid, amount: Number(amount.value), currency: 'INR', reference: orderId,
    returnUrl: body.callbackUrl, extra: { txnToken, txnId: txnId(), websiteName: body.websiteName },
  });
  return answer({ ...resultInfo('S', '0000', 'Success'), txnToken, isPromoCodeValid: false, authenticated: false }, key);
}

/** The merchant's form post (mid, orderId, txnToken) to the payment page: Paytm shows its page for the token. */
function showPaymentPage(request: DoubleRequest, store: DoubleStore): DoubleAnswer {
  const field = (name: string) => String(request.body[name] ?? request.query.get(name) ?? '');
  const payment = store.find('paytm', field('orderId'));
  if (!payment || payment.key !== field('mid') || payment.extra.txnToken !== field('txnToken')) {
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<html><body><h3>Invalid transaction token. Please try again.</h3></body></html>' };
  }
  return { status: 302, body: '', headers: { location: store.pageUrl('paytm', payment.ref) } };
}

function status(request: DoubleRequest, store: DoubleStore, mid: string, key: string): DoubleAnswer {
  const body = request.body.body as { orderId?: string };
  const payment = store.find('paytm', String(body.orderId ?? ''));
  if (!payment || payment.key !== mid) return answer(resultInfo('TXN_FAILURE', '334', 'Invalid Order Id.'), key);
  const { STATUS, RESPCODE, RESPMSG } = state(payment);
  const refunded = payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return answer({
    ...resultInfo(STATUS, RESPCODE, RESPMSG), txnId: payment.extra.txnId, bankTxnId: '', orderId: payment.ref, txnAmount: payment.amount.toFixed(2),
    txnType: 'SALE', gatewayName: 'SBI', bankName: 'State Bank of India', mid, paymentMode: 'UPI', refundAmt: refunded.toFixed(2),
    txnDate: new Date(payment.createdAt).toISOString().slice(0, 21).replace('T', ' '),
  }, key);
}

function refund(request: DoubleRequest, store: DoubleStore, mid: string, key: string): DoubleAnswer {
  const body = request.body.body as { orderId?: string; txnId?: string; refId?: string; refundAmount?: string; txnType?: string };
  const payment = store.find('paytm', String(body.orderId ?? ''));
  if (!payment || payment.key !== mid || body.txnType !== 'REFUND') return answer(resultInfo('TXN_FAILURE', '600', 'Invalid refund request or restricted by bank.'), key);
  if (payment.status !== 'paid' || body.txnId !== payment.extra.txnId) return answer(resultInfo('TXN_FAILURE', '619', 'Invalid transaction id.'), key);
  const refId = String(body.refId ?? '');
  if (!/^[A-Za-z0-9@._-]{1,50}$/.test(refId)) return answer(resultInfo('TXN_FAILURE', '600', 'Invalid refund request or restricted by bank.'), key);
  if (payment.refunds.some((existing) => existing.id.endsWith(`:${refId}`))) return answer(resultInfo('TXN_FAILURE', '617', 'Refund Already Raised'), key);
  const amount = Number(body.refundAmount);
  const refunded = payment.refunds.reduce((sum, existing) => sum + existing.amount, 0);
  if (!/^\d+(\.\d{1,2})?$/.test(String(body.refundAmount)) || amount <= 0 || amount + refunded > payment.amount + 1e-9) {
    return answer(resultInfo('TXN_FAILURE', '627', 'Order Details not found or refund amount is invalid'), key);
  }
  const refundId = `${txnId()}${randomInt(100, 999)}`;
  payment.refunds.push({ id: `${refundId}:${refId}`, amount });
  return answer({
    txnTimestamp: new Date(payment.createdAt).toISOString().slice(0, 21).replace('T', ' '), orderId: payment.ref, mid, refId,
    ...resultInfo('PENDING', '601', 'Refund request was raised for this transaction. But it is pending state.'), refundId, txnId: payment.extra.txnId,
    refundAmount: amount.toFixed(2),
  }, key);
}

function refundStatus(request: DoubleRequest, store: DoubleStore, mid: string, key: string): DoubleAnswer {
  const body = request.body.body as { orderId?: string; refId?: string };
  const payment = store.find('paytm', String(body.orderId ?? ''));
  const found = payment?.key === mid ? payment.refunds.find((existing) => existing.id.endsWith(`:${body.refId}`)) : undefined;
  if (!payment || !found) return answer(resultInfo('TXN_FAILURE', '631', 'Record not found'), key);
  const refunded = payment.refunds.reduce((sum, existing) => sum + existing.amount, 0);
  return answer({
    orderId: payment.ref, mid, refId: body.refId, refundId: found.id.split(':')[0], txnId: payment.extra.txnId, txnAmount: payment.amount.toFixed(2),
    refundAmount: found.amount.toFixed(2), totalRefundAmount: refunded.toFixed(2), ...resultInfo('TXN_SUCCESS', '10', 'Refund Successfull'),
    acceptRefundStatus: 'SUCCESS', userCreditInitiateStatus: 'SUCCESS',
  }, key);
}

/**
 * Paytm Payments Gateway: Initiate Transaction (POST /theia/api/v1/initiateTransaction?mid&orderId), the
 * payment page (/theia/api/v1/showPaymentPage?mid&orderId, taking mid, orderId and txnToken as Paytm's
 * documented form post, or in the query), Transaction Status (POST /v3/order/status), Refund (POST
 * /refund/apply) and Refund Status (POST /v2/refund/status). Each JSON request is {body, head: {signature}},
 * the signature paytmchecksum's over the body's JSON by the merchant key Paytm holds for the MID; answers
 * are {head, body: {resultInfo: {resultStatus, resultCode, resultMsg}, …}} with HTTP 200, refusals too
 * (2005 a bad checksum, 325 a repeated order id, 334 an unknown order, 617 a repeated refund refId).
 * Amounts are major-unit strings in INR. The page posts the outcome to the callback URL as a form
 * (STATUS TXN_SUCCESS, TXN_FAILURE with RESPCODE 227 declined or 141 not completed) with CHECKSUMHASH over
 * every field; the payment status webhook is the same form.
 */
export const paytmDouble: ProviderDouble = {
  name: 'paytm',
  testAccount: { publicKey: TEST_WEBSITE, secretKey: TEST_KEY, webhookSecret: '', merchantId: TEST_MID },
  testCurrency: 'INR',
  amountUnits: 'major',
  handle(request, store) {
    if (request.path === '/theia/api/v1/showPaymentPage') return showPaymentPage(request, store);
    if (request.method !== 'POST') return undefined;
    if (request.path === '/theia/api/v1/initiateTransaction') return initiate(request, store);
    const routes: Record<string, typeof status> = { '/v3/order/status': status, '/refund/apply': refund, '/v2/refund/status': refundStatus };
    const route = routes[request.path];
    if (!route) return undefined;
    const mid = String((request.body.body as { mid?: unknown } | undefined)?.mid ?? '');
    const key = KEYS.get(mid);
    if (!key) return answer(resultInfo('TXN_FAILURE', '2006', 'Mid is invalid'), TEST_KEY);
    if (!signedBody(request, key)) return answer(resultInfo('TXN_FAILURE', '2005', 'Checksum provided is invalid'), key);
    return route(request, store, mid, key);
  },
  exit(payment) {
    return { post: payment.returnUrl, fields: response(payment, false) };
  },
  webhook(payment, secret) {
    // Signed with the merchant key when given it; with any other secret, as a forger would send it.
    const fields = response(payment, secret !== KEYS.get(payment.key));
    return { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  },
};
