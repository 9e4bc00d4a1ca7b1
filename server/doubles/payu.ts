import { createHash, randomInt } from 'node:crypto';
import type { DoubleAnswer, DoublePayment, DoubleStore, ProviderDouble } from './kit.ts';

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

/** PayU's test merchant of this double: the key and its salt (PayU's keys are 6 characters, its v1 salts 32). */
const TEST_KEY = 'gtKFFx';
const TEST_SALT = 'sfDoublePayuSalt0x32charsLongXyZ';
/** The merchants the double knows, key → salt (PayU holds each merchant's salt; it never travels). */
const SALTS = new Map([[TEST_KEY, TEST_SALT]]);

const udfs = (fields: Record<string, string | undefined>) => Array.from({ length: 10 }, (_, i) => fields[`udf${i + 1}`] ?? '');

/** PayU's error page for a _payment it refuses (HTTP 200, as PayU shows it to the customer). */
const errorPage = (reason: string): DoubleAnswer => ({
  status: 200, headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<html><body><h3>Sorry, some problem occurred.</h3><p>Error Reason: ${reason}</p></body></html>`,
});

/** A postservice answer (form=2: JSON, HTTP 200 whatever the outcome). */
const answer = (body: Record<string, unknown>): DoubleAnswer => ({ status: 200, body });

/** PayU's id of a transaction (mihpayid): a long number. */
const payuId = () => `4039937155${String(randomInt(10_000_000, 99_999_999))}`;

/** status and unmappedstatus as PayU reports a transaction in each of the double's states. */
function states(payment: DoublePayment): { status: string; unmappedstatus: string } {
  switch (payment.status) {
    case 'paid': return { status: 'success', unmappedstatus: 'captured' };
    case 'failed': return { status: 'failure', unmappedstatus: 'failed' };
    case 'cancelled': return { status: 'failure', unmappedstatus: 'userCancelled' };
    case 'expired': return { status: 'failure', unmappedstatus: 'bounced' };
    default: return { status: 'pending', unmappedstatus: 'initiated' };
  }
}

/** The fields PayU posts back (and sends in its payment webhooks), signed with the reverse hash over `salt`. */
function response(payment: DoublePayment, salt: string): Record<string, string> {
  const request = payment.extra.request as Record<string, string>;
  const { status, unmappedstatus } = states(payment);
  const fields: Record<string, string> = {
    mihpayid: String(payment.extra.mihpayid ?? ''), mode: 'UPI', status, unmappedstatus, key: payment.key, txnid: payment.ref,
    amount: payment.amount.toFixed(2), discount: '0.00', net_amount_debit: status === 'success' ? String(payment.amount) : '0',
    addedon: new Date(payment.createdAt).toISOString().slice(0, 19).replace('T', ' '),
    productinfo: request.productinfo ?? '', firstname: request.firstname ?? '', lastname: '', address1: '', address2: '', city: '', state: '',
    country: '', zipcode: '', email: request.email ?? '', phone: request.phone ?? '',
    ...Object.fromEntries(udfs(request).map((value, i) => [`udf${i + 1}`, value])),
    field1: '', field2: '', field3: '', field4: '', field5: '', field6: '', field7: '', field8: '',
    field9: status === 'success' ? 'Transaction Completed Successfully' : unmappedstatus === 'userCancelled' ? 'Cancelled by user' : 'Transaction failed',
    payment_source: 'payu', PG_TYPE: 'UPI-PG', bank_ref_num: status === 'success' ? String(randomInt(100_000_000, 999_999_999)) : '', bankcode: 'UPI',
    error: status === 'success' ? 'E000' : 'E308', error_Message: status === 'success' ? 'No Error' : 'Transaction failed',
  };
  const signed = [salt, status, ...udfs(fields).reverse(), fields.email, fields.firstname, fields.productinfo, fields.amount, fields.txnid, fields.key].join('|');
  fields.hash = sha512(signed);
  return fields;
}

/** The _payment form: validated as PayU does, the transaction opened, and the customer redirected to PayU's page. */
function collect(form: Record<string, string>, store: DoubleStore): DoubleAnswer {
  const salt = SALTS.get(form.key ?? '');
  if (!salt) return errorPage('Invalid key');
  for (const field of ['txnid', 'amount', 'productinfo', 'firstname', 'email', 'surl', 'furl', 'hash'] as const) {
    if (!form[field]) return errorPage(`Mandatory param ${field} is missing`);
  }
  if (!/^[A-Za-z0-9_-]{1,25}$/.test(form.txnid!)) return errorPage('Invalid txnid');
  if (!/^\d+(\.\d{1,2})?$/.test(form.amount!) || Number(form.amount) <= 0) return errorPage('Invalid amount');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(form.email!)) return errorPage('Invalid email');
  const expected = sha512([form.key, form.txnid, form.amount, form.productinfo, form.firstname, form.email, ...udfs(form), salt].join('|'));
  if (form.hash!.toLowerCase() !== expected) return errorPage('Transaction failed due to incorrectly calculated hash parameter');
  if (store.find('payu', form.txnid!)) return errorPage('Duplicate Transaction ID');
  const payment = store.open({
    ref: form.txnid!, provider: 'payu', key: form.key!, amount: Number(form.amount), currency: 'INR',
    reference: form.txnid!, returnUrl: form.surl!, failUrl: form.furl!, extra: { request: form, mihpayid: payuId() },
  });
  return { status: 302, body: '', headers: { location: store.pageUrl('payu', payment.ref) } };
}

/** The postservice commands the double answers: verify_payment, cancel_refund_transaction, check_action_status. */
function postservice(form: Record<string, string>, store: DoubleStore): DoubleAnswer {
  const salt = SALTS.get(form.key ?? '');
  if (!salt) return answer({ status: 0, msg: 'Invalid key' });
  const { command = '', var1 = '' } = form;
  if (form.hash?.toLowerCase() !== sha512(`${form.key}|${command}|${var1}|${salt}`)) return answer({ status: 0, msg: 'Invalid Hash.' });
  const mine = (payment: DoublePayment) => payment.provider === 'payu' && payment.key === form.key;
  const byPayuId = (id: string) => [...store.payments.values()].find((payment) => mine(payment) && String(payment.extra.mihpayid) === id);
  switch (command) {
    case 'verify_payment': {
      const txnids = var1.split('|');
      const details = Object.fromEntries(txnids.map((txnid) => {
        const payment = store.find('payu', txnid);
        if (!payment || !mine(payment)) return [txnid, { mihpayid: 'Not Found', status: 'Not Found' }];
        const { status, unmappedstatus } = states(payment);
        return [txnid, {
          mihpayid: String(payment.extra.mihpayid), request_id: '', bank_ref_num: status === 'success' ? '312345678901' : null,
          amt: payment.amount.toFixed(2), transaction_amount: payment.amount.toFixed(2), txnid, additional_charges: '0.00',
          productinfo: (payment.extra.request as Record<string, string>).productinfo, firstname: 'Customer', bankcode: 'UPI',
          udf1: '', udf2: '', udf3: '', udf4: '', udf5: '', field2: '', field9: '', error_code: status === 'success' ? 'E000' : 'E308',
          addedon: new Date(payment.createdAt).toISOString().slice(0, 19).replace('T', ' '), payment_source: 'payu', card_type: null,
          error_Message: status === 'success' ? 'NO ERROR' : 'Transaction failed', net_amount_debit: status === 'success' ? String(payment.amount) : '0',
          disc: '0.00', mode: 'UPI', PG_TYPE: 'UPI-PG', card_no: '', name_on_card: '', status, unmappedstatus, Merchant_UTR: null, Settled_At: '0000-00-00 00:00:00',
        }];
      }));
      const found = txnids.filter((txnid) => store.find('payu', txnid)).length;
      return answer({ status: 1, msg: `${found} out of ${txnids.length} Transactions Fetched Successfully`, transaction_details: details });
    }
    case 'cancel_refund_transaction': {
      const payment = byPayuId(var1);
      if (!payment || payment.status !== 'paid') return answer({ status: 0, msg: 'Invalid payuid or transaction not captured', error_code: 105 });
      const token = form.var2 ?? '';
      if (!token) return answer({ status: 0, msg: 'Token is mandatory', error_code: 104 });
      if (payment.refunds.some((refund) => refund.id.endsWith(`:${token}`))) return answer({ status: 0, msg: 'Token already used', error_code: 107 });
      const amount = Number(form.var3);
      const refunded = payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
      if (!(amount > 0) || amount + refunded > payment.amount + 1e-9) return answer({ status: 0, msg: 'Amount is invalid', error_code: 106 });
      const requestId = String(randomInt(100_000_000, 999_999_999));
      payment.refunds.push({ id: `${requestId}:${token}`, amount });
      return answer({ status: 1, msg: 'Refund Request Queued', request_id: requestId, bank_ref_num: null, mihpayid: var1, error_code: 102 });
    }
    case 'check_action_status': {
      const payment = form.var2 === 'payuid' ? byPayuId(var1) : [...store.payments.values()].find((p) => mine(p) && p.refunds.some((r) => r.id.startsWith(`${var1}:`)));
      const refunds = payment?.refunds.filter((refund) => form.var2 === 'payuid' || refund.id.startsWith(`${var1}:`)) ?? [];
      if (!payment || refunds.length === 0) return answer({ status: 0, msg: 'No action status found' });
      const actions = Object.fromEntries(refunds.map((refund) => {
        const [requestId = '', token = ''] = refund.id.split(':');
        return [requestId, {
          mihpayid: String(payment.extra.mihpayid), bank_ref_num: null, request_id: requestId, amt: payment.amount.toFixed(2), mode: 'UPI',
          action: 'refund', token, status: 'success', amount: refund.amount.toFixed(2), bank_arn: null,
        }];
      }));
      return answer({ status: 1, msg: `${refunds.length} out of ${refunds.length} Transactions Fetched Successfully`, transaction_details: { [String(payment.extra.mihpayid)]: actions } });
    }
    default:
      return answer({ status: 0, msg: 'Invalid command' });
  }
}

/**
 * PayU India (the Hosted Checkout _payment form, and the postservice general APIs at
 * /merchant/postservice.php?form=2): the merchant key and the request hash (SHA-512 over
 * key|txnid|amount|productinfo|firstname|email|udf1…udf10|salt) are checked with the salt PayU holds for
 * the key; a refused _payment is PayU's error page, a refused command {status: 0, msg}. A transaction is
 * opened by the form post and the customer redirected to PayU's page, from which PayU posts the outcome
 * (status, unmappedstatus, mihpayid, … and the reverse hash) to surl after paying, to furl after failing or
 * cancelling (unmappedstatus userCancelled). verify_payment answers by txnid, cancel_refund_transaction
 * refunds by PayU id with the merchant's unique token, check_action_status lists the refunds. Its payment
 * webhooks are form posts of the same fields, signed the same way.
 */
export const payuDouble: ProviderDouble = {
  name: 'payu',
  testAccount: { publicKey: TEST_KEY, secretKey: TEST_SALT, webhookSecret: '', merchantId: '' },
  testCurrency: 'INR',
  amountUnits: 'major',
  handle(request, store) {
    const form = Object.fromEntries(Object.entries(request.body).map(([name, value]) => [name, String(value)]));
    if (request.method === 'POST' && request.path === '/_payment') return collect(form, store);
    if (request.method === 'POST' && /^\/merchant\/postservice(\.php)?$/.test(request.path)) return postservice(form, store);
    return undefined;
  },
  exit(payment, action) {
    const fields = response(payment, SALTS.get(payment.key) ?? '');
    return { post: action === 'pay' ? payment.returnUrl : payment.failUrl ?? payment.returnUrl, fields };
  },
  webhook(payment, secret) {
    return {
      body: new URLSearchParams(response(payment, secret)).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  },
};
