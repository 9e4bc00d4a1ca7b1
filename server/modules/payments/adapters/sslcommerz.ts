import type { PaymentSession, ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { providerFetch } from '../kit/http.ts';
import { digest, sameSignature } from '../kit/signatures.ts';
import { payerEmail, payerName } from '../kit/payer.ts';

const SESSION_API = '/gwprocess/v4/api.php';
const VALIDATION_API = '/validator/api/validationserverAPI.php';
/** The transaction query, the refund and the refund query all answer at this one address. */
const MERCHANT_API = '/validator/api/merchantTransIDvalidationAPI.php';
/** Every currency SSLCommerz takes has two decimals. */
const DECIMALS = 2;
/** SSLCommerz's tran_id is at most 30 characters. */
const TRAN_ID_LENGTH = 30;
/**
 * SSLCommerz asks for the customer's name, email, address and phone on every session: the customer's
 * own name, email and number where they gave them (payer.ts), stand-ins for the rest (a wallet recharge
 * has no address).
 */
function customerFields(session: PaymentSession): Record<string, string> {
  return {
    cus_name: payerName(session), cus_email: payerEmail(session), cus_phone: session.customer?.phone || '01700000000',
    cus_add1: 'Not given', cus_city: 'Dhaka', cus_postcode: '1000', cus_country: 'Bangladesh',
  };
}

interface SessionAnswer {
  status?: string;
  failedreason?: string;
  sessionkey?: string;
  GatewayPageURL?: string;
}
/** A transaction as the validation and transaction query APIs answer it. */
interface Transaction {
  status?: string;
  APIConnect?: string;
  tran_id?: string;
  val_id?: string;
  amount?: string;
  currency_amount?: string;
  currency_type?: string;
  bank_tran_id?: string;
}
interface TransactionQuery {
  APIConnect?: string;
  no_of_trans_found?: number;
  element?: Transaction[];
}
interface RefundAnswer {
  APIConnect?: string;
  status?: string;
  refund_ref_id?: string;
  errorReason?: string;
}

/** The store's credentials as SSLCommerz takes them: the store id (the account's merchant id) and its password (the secret key). */
const credentials = (ctx: AdapterContext) => ({ store_id: ctx.account.merchantId, store_passwd: ctx.account.secretKey });

/** A GET of one of SSLCommerz's APIs, with the store's credentials in the query as SSLCommerz asks. */
function get<T>(ctx: AdapterContext, path: string, query: Record<string, string>): Promise<T> {
  const params = new URLSearchParams({ ...query, ...credentials(ctx), v: '1', format: 'json' });
  return providerFetch<T>('sslcommerz', `${ctx.apiBase}${path}?${params}`);
}

/**
 * Whether SSLCommerz signed these fields of a return or an IPN, and signed `needed` among them:
 * verify_sign is the MD5 of the fields named in verify_key and `store_passwd` (the MD5 of the store
 * password), sorted by name and joined as name=value&…, as SSLCommerz's own libraries check it.
 */
export function signedBy(fields: Readonly<Record<string, string>>, storePassword: string, needed: readonly string[] = []): boolean {
  const sign = fields.verify_sign;
  const names = fields.verify_key?.split(',').filter(Boolean) ?? [];
  if (!sign || !storePassword || names.length === 0 || needed.some((name) => !names.includes(name))) return false;
  const signed: Record<string, string> = { store_passwd: digest('md5', storePassword) };
  for (const name of names) signed[name] = fields[name] ?? '';
  const text = Object.keys(signed).sort().map((name) => `${name}=${signed[name]}`).join('&');
  return sameSignature(sign.toLowerCase(), digest('md5', text));
}

/** Whether a transaction is for this payment's whole amount (in the currency it was opened in); any amount where it is not known (an IPN). */
function forWholeAmount(transaction: Transaction, amountMinor: number | undefined): boolean {
  return amountMinor === undefined || Math.round(Number(transaction.currency_amount ?? transaction.amount) * 10 ** DECIMALS) === amountMinor;
}

/** A transaction's state as ours. */
export function outcomeOf(status: string | undefined): ProviderVerdict['outcome'] {
  switch (status) {
    case 'VALID':
    case 'VALIDATED': return 'paid';
    case 'FAILED': return 'failed';
    case 'CANCELLED':
    case 'EXPIRED': return 'cancelled';
    default: return 'pending'; // PENDING, UNATTEMPTED
  }
}

/**
 * The Order Validation API's word on a paid transaction (SSLCommerz asks every merchant to validate a
 * VALID payment and its amount with it): paid, or undefined when it does not confirm this payment.
 */
async function validate(ctx: AdapterContext, valId: string, tranId: string, amountMinor?: number): Promise<ProviderVerdict | undefined> {
  const answer = await get<Transaction>(ctx, VALIDATION_API, { val_id: valId });
  if (answer.APIConnect && answer.APIConnect !== 'DONE') throw new Error(`SSLCommerz refused the validation: ${answer.APIConnect}`);
  if (outcomeOf(answer.status) !== 'paid' || answer.tran_id !== tranId || !forWholeAmount(answer, amountMinor)) return undefined;
  return { outcome: 'paid', providerPayment: answer.bank_tran_id };
}

/** The transactions SSLCommerz has under this payment's tran_id. */
async function transactionsOf(ctx: AdapterContext, tranId: string): Promise<Transaction[]> {
  const answer = await get<TransactionQuery>(ctx, MERCHANT_API, { tran_id: tranId });
  if (answer.APIConnect !== 'DONE') throw new Error(`SSLCommerz refused the transaction query: ${answer.APIConnect}`);
  return answer.element ?? [];
}

/** What a signed return or IPN says, its VALID confirmed by the validation API; undefined when it says nothing to settle by. */
async function verdictOfSigned(ctx: AdapterContext, fields: Readonly<Record<string, string>>, tranId: string, amountMinor?: number): Promise<ProviderVerdict | undefined> {
  const outcome = outcomeOf(fields.status);
  if (outcome === 'paid') return fields.val_id && signedBy(fields, ctx.account.secretKey, ['val_id']) ? validate(ctx, fields.val_id, tranId, amountMinor) : undefined;
  return outcome === 'pending' ? undefined : { outcome };
}

/**
 * SSLCommerz (API v4) over REST: the official `sslcommerz-lts` has its addresses fixed to SSLCommerz's
 * sandbox and live hosts (no setting), answers an HTTP error or a failed connection as a result
 * instead of an error, and puts the store password unescaped into its query strings. A session per
 * attempt (POST /gwprocess/v4/api.php, total_amount in major units with two decimals, tran_id from our
 * session id) sends the customer to its GatewayPageURL; the page posts the outcome back to success_url,
 * fail_url or cancel_url. The post and the IPN (to ipn_url, the vendor's endpoint) are signed with
 * verify_sign (MD5 over the verify_key fields and the MD5 of the store password); a VALID one is then
 * confirmed, with its amount, by the Order Validation API, and anything unsigned is asked about by
 * tran_id. SSLCommerz has no call to close a session: a customer back without paying leaves it to lapse.
 * A refund is made once: SSLCommerz answers a second refund of the same bank transaction as already
 * in processing.
 */
export const sslcommerzAdapter: ProviderAdapter = {
  name: 'sslcommerz',
  facts: {
    integration: { kind: 'rest', api: 'v4' },
    page: 'hosted page',
    webhook: 'IPN verify_sign: MD5 over the verify_key fields and the MD5 of the store password, then the Order Validation API',
    currencies: ['BDT', 'USD', 'EUR', 'GBP', 'SGD', 'INR', 'MYR', 'CAD', 'AUD'],
    liveApi: 'https://securepay.sslcommerz.com',
  },
  async create(ctx, session, { back, notify }) {
    const tranId = session.sessionId.slice(0, TRAN_ID_LENGTH);
    const recharge = session.orderId === null;
    const answer = await providerFetch<SessionAnswer>('sslcommerz', `${ctx.apiBase}${SESSION_API}`, {
      form: {
        ...credentials(ctx),
        total_amount: (session.amountMinor / 10 ** session.currencyExponent).toFixed(DECIMALS),
        currency: session.currencyCode,
        tran_id: tranId,
        success_url: back('success'),
        fail_url: back('cancel'),
        cancel_url: back('cancel'),
        ipn_url: notify,
        ...customerFields(session),
        shipping_method: 'NO',
        num_of_item: '1',
        product_name: recharge ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order #${session.orderId}`,
        product_category: recharge ? 'Wallet recharge' : 'Order',
        product_profile: recharge ? 'non-physical-goods' : 'general',
        value_a: session.sessionId,
      },
    });
    if (answer.status !== 'SUCCESS' || !answer.GatewayPageURL) throw new Error(`SSLCommerz refused the session: ${answer.failedreason ?? answer.status}`);
    return { url: answer.GatewayPageURL, ref: tranId };
  },
  async onReturn(ctx, payment, { params }) {
    if (params.tran_id === payment.ref && signedBy(params, ctx.account.secretKey, ['tran_id', 'status'])) {
      const verdict = await verdictOfSigned(ctx, params, payment.ref, payment.amountMinor);
      if (verdict) return verdict;
    }
    // Unsigned, altered or unconfirmed: SSLCommerz is asked.
    return sslcommerzAdapter.check(ctx, payment);
  },
  async check(ctx, payment) {
    const transactions = await transactionsOf(ctx, payment.ref);
    const paid = transactions.find((transaction) => outcomeOf(transaction.status) === 'paid');
    if (paid) {
      if (paid.val_id) return (await validate(ctx, paid.val_id, payment.ref, payment.amountMinor)) ?? { outcome: 'pending' };
      return forWholeAmount(paid, payment.amountMinor) ? { outcome: 'paid', providerPayment: paid.bank_tran_id } : { outcome: 'pending' };
    }
    if (transactions.length === 0 || transactions.some((transaction) => outcomeOf(transaction.status) === 'pending')) return { outcome: 'pending' };
    return { outcome: outcomeOf(transactions.at(-1)?.status) };
  },
  async webhook(ctx, input) {
    const fields = Object.fromEntries(new URLSearchParams(input.body.toString('utf8')));
    if (!signedBy(fields, ctx.account.secretKey, ['tran_id', 'status'])) return { kind: 'forged' };
    const ref = fields.tran_id;
    if (!ref || outcomeOf(fields.status) === 'pending') return { kind: 'ignored' };
    // A webhook does not know our amount: the validation API confirms the transaction and its tran_id.
    const verdict = (await verdictOfSigned(ctx, fields, ref)) ?? { outcome: 'pending' };
    return { kind: 'event', ref, verdict };
  },
  async refund(ctx, payment) {
    const paid = (await transactionsOf(ctx, payment.ref)).find((transaction) => outcomeOf(transaction.status) === 'paid');
    const bankTranId = paid?.bank_tran_id ?? payment.providerPayment;
    if (!paid?.amount || !bankTranId) throw new Error(`No paid transaction to refund for SSLCommerz tran_id ${payment.ref}`);
    // The amount settled to the store (in BDT: SSLCommerz converts other currencies when the session is made).
    const answer = await get<RefundAnswer>(ctx, MERCHANT_API, {
      bank_tran_id: bankTranId, refund_amount: paid.amount, refund_remarks: 'Not taken by the store', refe_id: payment.ref,
    });
    if (answer.APIConnect !== 'DONE' || (answer.status !== 'success' && answer.status !== 'processing')) {
      throw new Error(`SSLCommerz refused the refund of ${payment.ref}: ${answer.errorReason ?? answer.status ?? answer.APIConnect}`);
    }
  },
};
