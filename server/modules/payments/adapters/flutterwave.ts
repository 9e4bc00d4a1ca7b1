import type { ProviderPayment, ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { providerFetch, ProviderHttpError, type ProviderRequest } from '../kit/http.ts';
import { header, sameSignature } from '../kit/signatures.ts';
import { payerEmail } from '../kit/payer.ts';

/** A Standard payment link stays payable this long (Flutterwave takes up to 1440 minutes); a later payment is refunded. */
const SESSION_MINUTES = 30;
/** How many pages of refunds are read to find those of one transaction. */
const REFUND_PAGES = 20;

/** Flutterwave's answer: `status` "success", or "error" with a message. */
interface Answer<T> {
  status: 'success' | 'error';
  message: string;
  data: T;
  meta?: { page_info?: { total?: number; current_page?: number; total_pages?: number } };
}
interface Transaction {
  id: number;
  tx_ref: string;
  status: string;
  /** In major units. */
  amount: number;
  currency: string;
  created_at: string;
}
interface Refund {
  id: number;
  tx_id: number;
  amount_refunded: number;
  status: string;
}

function flutterwave<T>(ctx: AdapterContext, path: string, request: ProviderRequest = {}): Promise<Answer<T>> {
  return providerFetch<Answer<T>>('flutterwave', `${ctx.apiBase}${path}`, {
    ...request, headers: { authorization: `Bearer ${ctx.account.secretKey}`, ...request.headers },
  });
}

/** Whether Flutterwave answered that it has no such transaction (nothing attempted on the link yet). */
function notFound(error: unknown): boolean {
  if (!(error instanceof ProviderHttpError) || (error.status !== 400 && error.status !== 404)) return false;
  const message = (error.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /no transaction/i.test(message);
}

/** The minor digits of a currency, for amounts in major units. */
function digitsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units as Flutterwave takes it: a number in major units. */
export function majorUnits(amountMinor: number, exponent: number): number {
  return Number((amountMinor / 10 ** exponent).toFixed(exponent));
}

/** A transaction's status as ours. */
export function flutterwaveVerdict(transaction: Pick<Transaction, 'id' | 'status'>): ProviderVerdict {
  switch (transaction.status) {
    case 'successful':
      return { outcome: 'paid', providerPayment: String(transaction.id) };
    case 'failed':
      return { outcome: 'failed' };
    // pending (e.g. a bank transfer on its way), or anything newer: asked again later.
    default:
      return { outcome: 'pending' };
  }
}

/** A transaction by Flutterwave's id, if it is the payment `ref`'s (our tx_ref). */
async function transactionById(ctx: AdapterContext, id: string, ref?: string): Promise<Transaction | undefined> {
  if (!/^\d{1,20}$/.test(id)) return undefined;
  try {
    const { data } = await flutterwave<Transaction>(ctx, `/v3/transactions/${id}/verify`);
    return ref === undefined || data.tx_ref === ref ? data : undefined;
  } catch (error) {
    if (notFound(error)) return undefined;
    throw error;
  }
}

/** The latest transaction of the payment `ref` (our tx_ref), if one was attempted. */
async function transactionByRef(ctx: AdapterContext, ref: string): Promise<Transaction | undefined> {
  try {
    const { data } = await flutterwave<Transaction>(ctx, `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(ref)}`);
    return data.tx_ref === ref ? data : undefined;
  } catch (error) {
    if (notFound(error)) return undefined;
    throw error;
  }
}

/** What was already given back of a transaction (major units), from the account's refunds since it was made. */
async function refundedOf(ctx: AdapterContext, transaction: Transaction): Promise<number> {
  const from = (transaction.created_at || new Date(0).toISOString()).slice(0, 10);
  const to = ctx.now().toISOString().slice(0, 10);
  let refunded = 0;
  for (let page = 1; page <= REFUND_PAGES; page++) {
    const answer = await flutterwave<Refund[]>(ctx, `/v3/refunds?from=${from}&to=${to}&page=${page}`);
    for (const refund of Array.isArray(answer.data) ? answer.data : []) {
      if (Number(refund.tx_id) === transaction.id && refund.status !== 'failed') refunded += Number(refund.amount_refunded);
    }
    if (page >= (answer.meta?.page_info?.total_pages ?? 1)) break;
  }
  return refunded;
}

/**
 * Flutterwave Standard (API v3) through its REST API; the official SDK (flutterwave-node-v3) is not
 * used: it has no call for Standard's payment links, and it sends telemetry (the public key, the
 * requests) to Flutterwave's hosts outside the base URL it is given. POST /v3/payments per attempt with
 * our session id as tx_ref, the amount in major units and the way back as redirect_url; the customer
 * goes to the returned link and comes back with ?status=&tx_ref=&transaction_id=, which is not signed:
 * the transaction is verified (GET /v3/transactions/:id/verify, its tx_ref ours), else asked by our
 * tx_ref. successful → paid, failed → failed; back with status=cancelled and nothing paid → cancelled
 * (a link cannot be closed: it lapses after 30 minutes, and a later payment is refunded). The webhook
 * carries the account's secret hash in `verif-hash`; its body is not signed, so the transaction it
 * names is verified through the API before it counts. A refund (POST /v3/transactions/:id/refund) is
 * made once: what was already refunded of the transaction is read first (Flutterwave takes no
 * idempotency key).
 */
export const flutterwaveAdapter: ProviderAdapter = {
  name: 'flutterwave',
  facts: {
    integration: { kind: 'rest', api: 'v3' },
    page: 'hosted page',
    webhook: 'verif-hash header equal to the secret hash; the transaction then verified through the API',
    currencies: ['NGN', 'USD', 'EUR', 'GBP', 'GHS', 'KES', 'ZAR', 'UGX', 'TZS', 'RWF', 'XAF', 'XOF', 'ZMW', 'MWK', 'EGP'],
    liveApi: 'https://api.flutterwave.com',
  },
  async create(ctx, session, { back }) {
    const title = session.orderId === null ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order #${session.orderId}`;
    const { data } = await flutterwave<{ link: string }>(ctx, '/v3/payments', {
      json: {
        tx_ref: session.sessionId,
        amount: majorUnits(session.amountMinor, session.currencyExponent),
        currency: session.currencyCode,
        redirect_url: back('success'),
        customer: { email: payerEmail(session) },
        customizations: { title: session.vendorName, description: title },
        meta: { session_id: session.sessionId },
        session_duration: SESSION_MINUTES,
      },
    });
    if (!data?.link) throw new Error(`Flutterwave gave no payment link for ${session.sessionId}`);
    return { url: data.link, ref: session.sessionId };
  },
  async onReturn(ctx, payment, { result, params }) {
    // The query is not trusted: the transaction it names counts only as Flutterwave reports it, and only if it is this payment's.
    const named = params.transaction_id ? await transactionById(ctx, params.transaction_id, payment.ref) : undefined;
    const verdict = named ? flutterwaveVerdict(named) : await flutterwaveAdapter.check(ctx, payment);
    if (verdict.outcome !== 'pending') return verdict;
    return result === 'cancel' || params.status === 'cancelled' ? { outcome: 'cancelled' } : verdict;
  },
  async check(ctx, payment) {
    const transaction = await transactionByRef(ctx, payment.ref);
    return transaction ? flutterwaveVerdict(transaction) : { outcome: 'pending' };
  },
  async webhook(ctx, input) {
    const hash = header(input.headers, 'verif-hash');
    if (!hash || !ctx.account.webhookSecret || !sameSignature(hash, ctx.account.webhookSecret)) return { kind: 'forged' };
    let event: { event?: string; data?: { id?: unknown } };
    try {
      event = JSON.parse(input.body.toString('utf8')) as typeof event;
    } catch {
      return { kind: 'ignored' };
    }
    if (event.event !== 'charge.completed' || (typeof event.data?.id !== 'number' && typeof event.data?.id !== 'string')) return { kind: 'ignored' };
    const transaction = await transactionById(ctx, String(event.data.id));
    return transaction ? { kind: 'event', ref: transaction.tx_ref, verdict: flutterwaveVerdict(transaction) } : { kind: 'ignored' };
  },
  async refund(ctx, payment: ProviderPayment) {
    const transaction = (payment.providerPayment ? await transactionById(ctx, payment.providerPayment, payment.ref) : undefined)
      ?? await transactionByRef(ctx, payment.ref);
    if (transaction?.status !== 'successful') throw new Error(`Flutterwave has no successful transaction for ${payment.ref} to refund`);
    const digits = digitsOf(transaction.currency);
    const left = Number((Number(transaction.amount) - await refundedOf(ctx, transaction)).toFixed(digits));
    if (left <= 0) return;
    await flutterwave<Refund>(ctx, `/v3/transactions/${transaction.id}/refund`, { json: { amount: left, comments: 'Not taken by the store' } });
  },
};
