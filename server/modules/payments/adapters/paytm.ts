import { createRequire } from 'node:module';
import type { ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAccount, ProviderAdapter } from '../kit/adapter.ts';
import { ProviderHttpError, providerFetch } from '../kit/http.ts';

/** The official checksum library (paytmchecksum, plain JavaScript without types): what of it is used here. */
interface PaytmChecksumLibrary {
  generateSignature(params: string | Record<string, string>, key: string): Promise<string>;
  verifySignature(params: string | Record<string, string>, key: string, checksum: string): boolean;
}
const PaytmChecksum = createRequire(import.meta.url)('paytmchecksum') as PaytmChecksumLibrary;

/** Paytm's website name for the account's callbacks, where the account names none (Paytm's production default). */
const DEFAULT_WEBSITE = 'DEFAULT';
/** RESPCODE / resultCode of a customer who left Paytm's page without completing the payment. */
const NOT_COMPLETED = '141';
/** resultCode of an order id Paytm does not know (no payment was attempted on it yet). */
const UNKNOWN_ORDER = '334';
/** resultCode of Paytm's system error: the status is not known yet. */
const SYSTEM_ERROR = '501';
/** resultCode of a request whose checksum Paytm refused (a wrong merchant key): an error, not the payment's state. */
const BAD_CHECKSUM = '2005';

interface ResultInfo {
  resultStatus?: string;
  resultCode?: string;
  resultMsg?: string;
}
interface Answer<Body> {
  head?: { signature?: string };
  body?: Body & { resultInfo?: ResultInfo };
}

/**
 * Paytm's states as ours: TXN_SUCCESS is paid; TXN_FAILURE failed, or cancelled when the customer did not
 * complete the payment (141); PENDING, and an order Paytm has no transaction for yet, pending.
 */
export function verdictOf(status: string | undefined, code: string | undefined, txnId: string | undefined): ProviderVerdict {
  if (status === 'TXN_SUCCESS') return { outcome: 'paid', providerPayment: txnId };
  if (status === 'TXN_FAILURE') {
    if (code === UNKNOWN_ORDER || code === SYSTEM_ERROR) return { outcome: 'pending' };
    return { outcome: code === NOT_COMPLETED ? 'cancelled' : 'failed' };
  }
  return { outcome: 'pending' };
}

/**
 * Whether a form Paytm posted (the callback, the payment webhook) carries its CHECKSUMHASH over every other
 * field, by the merchant key (checked by paytmchecksum), for this account's MID. `skip` names fields that
 * are ours, not Paytm's (the way back's own query).
 */
export function signedByPaytm(fields: Readonly<Record<string, string>>, account: ProviderAccount, skip: readonly string[] = []): boolean {
  const checksum = fields.CHECKSUMHASH;
  const rest: Record<string, string> = { ...fields };
  for (const name of ['CHECKSUMHASH', ...skip]) delete rest[name];
  if (!checksum || !account.secretKey || rest.MID !== account.merchantId) return false;
  // The checksum is AES-128-CBC (base64) of a SHA-256 and its salt: anything else is not one.
  const raw = Buffer.from(checksum, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(checksum) || raw.length === 0 || raw.length % 16 !== 0) return false;
  try {
    return PaytmChecksum.verifySignature(rest, account.secretKey, checksum) === true;
  } catch {
    return false;
  }
}

/** Minor units as Paytm's major-unit decimal string (1250, 2 → "12.50"). */
function major(amountMinor: number, exponent: number): string {
  const digits = String(amountMinor).padStart(exponent + 1, '0');
  return exponent ? `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}` : digits;
}

/** One of Paytm's JSON APIs: the body signed by paytmchecksum with the merchant key, in head.signature. */
async function call<Body>(ctx: AdapterContext, path: string, body: Record<string, unknown>): Promise<Body & { resultInfo: ResultInfo }> {
  const signature = await PaytmChecksum.generateSignature(JSON.stringify(body), ctx.account.secretKey);
  const answer = await providerFetch<Answer<Body>>('paytm', `${ctx.apiBase}${path}`, { json: { body, head: { signature } } });
  if (!answer?.body?.resultInfo) throw new ProviderHttpError('paytm', 200, answer);
  return answer.body as Body & { resultInfo: ResultInfo };
}

interface Status {
  txnId?: string;
  txnAmount?: string;
  orderId?: string;
}

/**
 * Paytm Payments Gateway (Initiate Transaction API, Show Payment Page, Transaction Status API v3, Refund
 * API) through its documented API, signed with the official checksum library (paytmchecksum): Paytm has no
 * official Node SDK for these APIs. A transaction is initiated with our session id as the order id and the
 * amount as a major-unit string in INR; the customer goes to Paytm's payment page for its transaction token.
 * Paytm posts the outcome to the callback URL (the way back) as a form signed with CHECKSUMHASH over every
 * field; a post that checks out (this MID, this order, this amount) settles the payment, any other return
 * asks the Transaction Status API. Paytm's payment webhooks are the same form, signed the same way. Paytm
 * has no API to close an unpaid order: it lapses. A refund (refund/apply) is made once: its refId is the
 * order's own, Paytm refuses a repeated refId, and the refund status of that refId is looked up first.
 * The account: merchantId the MID, secretKey the merchant key, publicKey the website name ('' for DEFAULT).
 */
export const paytmAdapter: ProviderAdapter = {
  name: 'paytm',
  facts: {
    integration: { kind: 'rest', api: 'Paytm theia v1 / order status v3 / refund, signed by paytmchecksum' },
    page: 'form post to its page',
    webhook: 'CHECKSUMHASH over the posted fields with the merchant key (paytmchecksum)',
    currencies: ['INR'],
    liveApi: 'https://securegw.paytm.in',
  },
  async create(ctx, session, { back }) {
    const mid = ctx.account.merchantId;
    const orderId = session.sessionId;
    const initiated = await call<{ txnToken?: string }>(ctx, `/theia/api/v1/initiateTransaction?mid=${encodeURIComponent(mid)}&orderId=${encodeURIComponent(orderId)}`, {
      requestType: 'Payment',
      mid,
      websiteName: ctx.account.publicKey || DEFAULT_WEBSITE,
      orderId,
      callbackUrl: back('success'),
      txnAmount: { value: major(session.amountMinor, session.currencyExponent), currency: session.currencyCode },
      userInfo: { custId: `CUST_${session.customerId}` },
    });
    if (initiated.resultInfo.resultStatus !== 'S' || !initiated.txnToken) throw new ProviderHttpError('paytm', 200, initiated.resultInfo);
    // Paytm's page is a form post of mid, orderId and txnToken, which the customer's browser sends from the kit's start page.
    const action = `${ctx.apiBase}/theia/api/v1/showPaymentPage?mid=${encodeURIComponent(mid)}&orderId=${encodeURIComponent(orderId)}`;
    return { url: '', ref: orderId, start: { kind: 'form', action, fields: { mid, orderId, txnToken: initiated.txnToken } } };
  },
  async onReturn(ctx, payment, { result, params }) {
    const amountMatches = Math.round(Number(params.TXNAMOUNT) * 100) === payment.amountMinor;
    if (params.ORDERID === payment.ref && amountMatches && signedByPaytm(params, ctx.account, ['result'])) {
      const verdict = verdictOf(params.STATUS, params.RESPCODE, params.TXNID);
      if (verdict.outcome !== 'pending') return verdict;
    }
    const verdict = await paytmAdapter.check(ctx, payment);
    // Back without a word from Paytm, or still pending there: an order Paytm has no transaction for is
    // cancelled here when the customer left (it lapses at Paytm); one in progress stays pending.
    return verdict.outcome === 'pending' && result === 'cancel' ? { outcome: 'cancelled' } : verdict;
  },
  async check(ctx, payment) {
    const status = await call<Status>(ctx, '/v3/order/status', { mid: ctx.account.merchantId, orderId: payment.ref });
    if (status.resultInfo.resultCode === BAD_CHECKSUM) throw new ProviderHttpError('paytm', 200, status.resultInfo);
    return verdictOf(status.resultInfo.resultStatus, status.resultInfo.resultCode, status.txnId);
  },
  async webhook(ctx, input) {
    const fields = Object.fromEntries(new URLSearchParams(input.body.toString('utf8')));
    if (!signedByPaytm(fields, ctx.account)) return { kind: 'forged' };
    const verdict = verdictOf(fields.STATUS, fields.RESPCODE, fields.TXNID);
    return verdict.outcome === 'pending' || !fields.ORDERID ? { kind: 'ignored' } : { kind: 'event', ref: fields.ORDERID, verdict };
  },
  async refund(ctx, payment) {
    const mid = ctx.account.merchantId;
    let txnId = payment.providerPayment;
    if (!txnId) {
      const verdict = await paytmAdapter.check(ctx, payment);
      txnId = verdict.outcome === 'paid' ? verdict.providerPayment ?? null : null;
    }
    if (!txnId) throw new Error(`No Paytm payment to refund for order ${payment.ref}`);
    const refId = `REFUND_${payment.ref}`.slice(0, 50);
    const known = await call<{ refundAmount?: string }>(ctx, '/v2/refund/status', { mid, orderId: payment.ref, refId });
    if (known.resultInfo.resultStatus === 'TXN_SUCCESS' || known.resultInfo.resultStatus === 'PENDING') return;
    const refund = await call<{ refundId?: string }>(ctx, '/refund/apply', {
      mid, txnType: 'REFUND', orderId: payment.ref, txnId, refId, refundAmount: major(payment.amountMinor, 2),
    });
    if (refund.resultInfo.resultStatus !== 'PENDING' && refund.resultInfo.resultStatus !== 'TXN_SUCCESS') {
      throw new ProviderHttpError('paytm', 200, refund.resultInfo);
    }
  },
};
