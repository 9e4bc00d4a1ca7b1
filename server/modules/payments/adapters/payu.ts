import type { ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter, ProviderAccount } from '../kit/adapter.ts';
import { ProviderHttpError, providerFetch } from '../kit/http.ts';
import { digest, sameSignature } from '../kit/signatures.ts';
import { payerEmail, payerName } from '../kit/payer.ts';

/** PayU's transaction id takes at most this many characters. */
const TXNID_LENGTH = 25;
/** The text PayU shows for the payment (productinfo), kept to plain characters. */
const PRODUCT_LENGTH = 100;

type Fields = Readonly<Record<string, string | undefined>>;

/** The ten user-defined fields, udf1 … udf10, as PayU hashes them ('' for one not sent). */
const udfs = (fields: Fields) => Array.from({ length: 10 }, (_, index) => fields[`udf${index + 1}`] ?? '');

/** The _payment request's hash: SHA-512 of key|txnid|amount|productinfo|firstname|email|udf1…udf10|salt. */
export function paymentHash(fields: Fields, salt: string): string {
  const { key = '', txnid = '', amount = '', productinfo = '', firstname = '', email = '' } = fields;
  return digest('sha512', [key, txnid, amount, productinfo, firstname, email, ...udfs(fields), salt].join('|'));
}

/**
 * The reverse hash PayU signs its answer with (the post back to surl/furl and the payment webhooks):
 * SHA-512 of salt|status|udf10…udf1|email|firstname|productinfo|amount|txnid|key, with additionalCharges|
 * before it when PayU added charges.
 */
export function responseHash(fields: Fields, salt: string): string {
  const { status = '', email = '', firstname = '', productinfo = '', amount = '', txnid = '', key = '' } = fields;
  const signed = [salt, status, ...udfs(fields).reverse(), email, firstname, productinfo, amount, txnid, key].join('|');
  return digest('sha512', fields.additionalCharges ? `${fields.additionalCharges}|${signed}` : signed);
}

/** The general (postservice) APIs' hash: SHA-512 of key|command|var1|salt. */
export function commandHash(key: string, command: string, var1: string, salt: string): string {
  return digest('sha512', `${key}|${command}|${var1}|${salt}`);
}

/**
 * PayU's states as ours: success (captured, or auth) is paid; a failure the customer chose (userCancelled)
 * or walked away from on PayU's page (bounced) is cancelled, any other failure (failed, dropped) failed;
 * pending, and anything PayU does not know yet (Not Found), pending.
 */
export function verdictOf(status: string | undefined, unmapped: string | undefined, mihpayid: string | undefined): ProviderVerdict {
  const state = (status ?? '').toLowerCase();
  if (state === 'success') return { outcome: 'paid', providerPayment: mihpayid };
  if (state === 'failure' || state === 'failed') {
    const reason = (unmapped ?? '').toLowerCase();
    return { outcome: reason === 'usercancelled' || reason === 'bounced' ? 'cancelled' : 'failed' };
  }
  return { outcome: 'pending' };
}

/** Minor units as PayU's major-unit decimal string (1250, 2 → "12.50"). */
function major(amountMinor: number, exponent: number): string {
  const digits = String(amountMinor).padStart(exponent + 1, '0');
  return exponent ? `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}` : digits;
}

/** Whether a signed post is PayU's for this account: the key, and the reverse hash with the account's salt. */
export function signedByPayu(fields: Fields, account: ProviderAccount): boolean {
  if (!account.secretKey || fields.key !== account.publicKey || !fields.txnid) return false;
  return sameSignature(fields.hash?.toLowerCase(), responseHash(fields, account.secretKey));
}

interface CommandAnswer {
  status: number | string;
  msg?: string;
  transaction_details?: Record<string, unknown>;
  request_id?: string | number;
  error_code?: number | string;
}
interface Transaction {
  mihpayid?: string;
  status?: string;
  unmappedstatus?: string;
  amt?: string;
}

/** One postservice command (form=2 answers JSON); PayU answers 200 with status 0 for a refusal. */
async function command(ctx: AdapterContext, name: string, var1: string, more: Record<string, string> = {}): Promise<CommandAnswer> {
  const { publicKey: key, secretKey: salt } = ctx.account;
  const answer = await providerFetch<CommandAnswer>('payu', `${ctx.apiBase}/merchant/postservice.php?form=2`, {
    form: { key, command: name, var1, ...more, hash: commandHash(key, name, var1, salt) },
  });
  if (!answer || typeof answer !== 'object') throw new ProviderHttpError('payu', 200, answer);
  return answer;
}

/** The refunds already asked for a PayU payment (check_action_status by PayU id), in major units. */
async function refunded(ctx: AdapterContext, mihpayid: string): Promise<number> {
  const answer = await command(ctx, 'check_action_status', mihpayid, { var2: 'payuid' });
  if (Number(answer.status) !== 1) return 0;
  let total = 0;
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    const entry = value as Record<string, unknown>;
    if (entry.action === 'refund' && !/fail/i.test(String(entry.status ?? ''))) total += Number(entry.amount ?? entry.amt ?? 0) || 0;
    else for (const inner of Object.values(entry)) visit(inner);
  };
  visit(answer.transaction_details);
  return total;
}

/**
 * PayU India hosted checkout (PayU Hosted Checkout, the _payment API and the postservice general APIs),
 * through PayU's documented API: the official payu-websdk speaks only https to PayU's own hosts on port
 * 443 and cannot be pointed at another base URL. The customer's browser posts the payment to _payment
 * (from the kit's start page, a form sent on at once) with the amount as a major-unit string, txnid our transaction id (provider_ref), and the request hash
 * (SHA-512 over key|txnid|amount|productinfo|firstname|email|udf1…udf10|salt); PayU answers with its page. PayU posts the outcome back to surl or furl (the
 * way back), signed with the reverse hash over the salt; a post that checks out (and names this payment
 * and its amount) settles it, any other return asks verify_payment. The payment webhooks PayU sends
 * (success, failure) are form posts signed the same way. PayU has no API to close an unpaid checkout:
 * it lapses. A refund (cancel_refund_transaction on the PayU id) is made once: the refunds PayU already
 * has for the payment (check_action_status) are looked up first, and the token is the payment's own.
 * The account: publicKey the merchant key, secretKey the salt (PayU signs with it; no webhook secret).
 * PayU asks for the customer's first name and email: the customer's own (payer.ts), with stand-ins for a customer who gave none.
 */
export const payuAdapter: ProviderAdapter = {
  name: 'payu',
  facts: {
    integration: { kind: 'rest', api: 'PayU India _payment and postservice (form=2)' },
    page: 'form post to its page',
    webhook: 'reverse hash: SHA-512 over salt|status|udf…|email|firstname|productinfo|amount|txnid|key, with the salt',
    currencies: ['INR'],
    liveApi: 'https://secure.payu.in',
  },
  async create(ctx, session, { back }) {
    const { publicKey: key, secretKey: salt } = ctx.account;
    const txnid = session.sessionId.replace(/[^A-Za-z0-9]/g, '').slice(0, TXNID_LENGTH);
    const fields: Record<string, string> = {
      key,
      txnid,
      amount: major(session.amountMinor, session.currencyExponent),
      productinfo: `${session.vendorName} ${session.orderId === null ? 'wallet recharge' : `order ${session.orderId}`}`
        .replace(/[^\p{L}\p{N} .,:#-]/gu, ' ').slice(0, PRODUCT_LENGTH).trim(),
      firstname: payerName(session).split(/\s+/)[0]!.replace(/[^\p{L}\p{N} .'-]/gu, '').slice(0, 60) || 'Customer',
      email: payerEmail(session),
      surl: back('success'),
      furl: back('cancel'),
    };
    fields.hash = paymentHash(fields, salt);
    // The customer's browser posts the form to PayU (the kit's start page), which answers with its hosted page.
    return { url: '', ref: txnid, start: { kind: 'form', action: `${ctx.apiBase}/_payment`, fields } };
  },
  async onReturn(ctx, payment, { result, params }) {
    const amountMatches = Math.round(Number(params.amount) * 100) === payment.amountMinor;
    if (params.txnid === payment.ref && amountMatches && signedByPayu(params, ctx.account)) {
      const verdict = verdictOf(params.status, params.unmappedstatus, params.mihpayid);
      // Pending at the bank: PayU is asked again, and the payment stays open until it settles.
      return verdict.outcome === 'pending' ? payuAdapter.check(ctx, payment) : verdict;
    }
    // Nothing signed to read: PayU is asked. Back by the failure URL while PayU still shows the checkout
    // open, it is cancelled here (PayU has no API to close it: it lapses there).
    const verdict = await payuAdapter.check(ctx, payment);
    return verdict.outcome === 'pending' && result === 'cancel' ? { outcome: 'cancelled' } : verdict;
  },
  async check(ctx, payment) {
    const answer = await command(ctx, 'verify_payment', payment.ref);
    if (Number(answer.status) !== 1 && !answer.transaction_details) throw new ProviderHttpError('payu', 200, answer);
    const found = answer.transaction_details?.[payment.ref] as Transaction | undefined;
    if (!found) return { outcome: 'pending' };
    const mihpayid = found.mihpayid && found.mihpayid !== 'Not Found' ? String(found.mihpayid) : undefined;
    return verdictOf(found.status, found.unmappedstatus, mihpayid);
  },
  async webhook(ctx, input) {
    const fields = Object.fromEntries(new URLSearchParams(input.body.toString('utf8')));
    const ref = fields.txnid;
    if (!ref || !signedByPayu(fields, ctx.account)) return { kind: 'forged' };
    const verdict = verdictOf(fields.status, fields.unmappedstatus, fields.mihpayid);
    return verdict.outcome === 'pending' ? { kind: 'ignored' } : { kind: 'event', ref, verdict };
  },
  async refund(ctx, payment) {
    let mihpayid = payment.providerPayment;
    if (!mihpayid) {
      const verdict = await payuAdapter.check(ctx, payment);
      mihpayid = verdict.outcome === 'paid' ? verdict.providerPayment ?? null : null;
    }
    if (!mihpayid) throw new Error(`No PayU payment to refund for transaction ${payment.ref}`);
    const amount = payment.amountMinor / 100;
    const already = await refunded(ctx, mihpayid);
    if (already >= amount - 0.001) return;
    const answer = await command(ctx, 'cancel_refund_transaction', mihpayid, {
      var2: `refund${payment.ref}`.slice(0, 40), var3: (amount - already).toFixed(2),
    });
    if (Number(answer.status) !== 1) throw new ProviderHttpError('payu', 200, answer);
  },
};
