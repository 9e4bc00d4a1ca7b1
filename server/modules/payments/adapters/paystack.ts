import type { ProviderPayment, ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { providerFetch, ProviderHttpError, type ProviderRequest } from '../kit/http.ts';
import { header, hmac, sameSignature } from '../kit/signatures.ts';
import { payerEmail } from '../kit/payer.ts';

/** Paystack's answer: `status` false with a message (and a type and code) when it refuses. */
interface Answer<T> {
  status: boolean;
  message: string;
  data: T;
}
interface Transaction {
  id: number;
  reference: string;
  status: string;
  amount: number;
  currency: string;
}
interface Refund {
  id: number;
  /** The transaction's id (a list), or the transaction itself (a refund just made). */
  transaction: number | { id: number };
  amount: number;
  status: string;
}

/** A request to the Paystack API with the account's secret key. */
function paystack<T>(ctx: AdapterContext, path: string, request: ProviderRequest = {}): Promise<Answer<T>> {
  return providerFetch<Answer<T>>('paystack', `${ctx.apiBase}${path}`, {
    ...request, headers: { authorization: `Bearer ${ctx.account.secretKey}`, ...request.headers },
  });
}

/** Whether Paystack refused with this error code (e.g. transaction_not_found, transaction_reversed). */
function refusedWith(error: unknown, code: string): boolean {
  if (!(error instanceof ProviderHttpError) || error.status >= 500) return false;
  const body = error.body as { code?: unknown } | null;
  return typeof body === 'object' && body !== null && body.code === code;
}

/**
 * Our reference of a payment at Paystack: the session id, with `_` (which Paystack's references
 * may not hold: only letters, digits, `-`, `.` and `=`) written as `.`. One per session, so a second
 * initialisation of the same session is refused by Paystack as a duplicate rather than charged twice.
 */
export function paystackReference(sessionId: string): string {
  return sessionId.replace(/_/g, '.');
}

/** A transaction's status (verify, webhooks) as ours. */
export function paystackVerdict(transaction: Pick<Transaction, 'id' | 'status'>): ProviderVerdict {
  switch (transaction.status) {
    case 'success':
      return { outcome: 'paid', providerPayment: String(transaction.id) };
    case 'failed':
      return { outcome: 'failed' };
    // Paid, then given back in full before we heard of it: nothing was taken.
    case 'reversed':
      return { outcome: 'cancelled' };
    // abandoned (opened, not paid: still payable), ongoing, pending, processing, queued, send_otp, …
    default:
      return { outcome: 'pending' };
  }
}

async function verify(ctx: AdapterContext, reference: string): Promise<Transaction | undefined> {
  try {
    return (await paystack<Transaction>(ctx, `/transaction/verify/${encodeURIComponent(reference)}`)).data;
  } catch (error) {
    if (refusedWith(error, 'transaction_not_found')) return undefined;
    throw error;
  }
}

/** The amount already given back (or on its way) of a transaction, in subunits. */
async function refundedOf(ctx: AdapterContext, transaction: Transaction): Promise<number> {
  const { data } = await paystack<Refund[]>(ctx, `/refund?transaction=${transaction.id}&perPage=100`);
  return (Array.isArray(data) ? data : [])
    .filter((refund) => (typeof refund.transaction === 'number' ? refund.transaction : refund.transaction?.id) === transaction.id)
    .filter((refund) => refund.status !== 'failed')
    .reduce((sum, refund) => sum + Number(refund.amount), 0);
}

/**
 * Paystack through its REST API (its Node SDK, @paystack/paystack-sdk 1.2.1, ships without its built
 * code and cannot be loaded): POST /transaction/initialize per attempt with the amount in subunits,
 * our reference (the session id) and the way back as callback_url (and as metadata.cancel_action, where
 * Paystack's page sends a customer who cancels); the customer is sent to its authorization_url. The
 * return (?trxref=&reference=) is not signed, so Paystack is asked (GET /transaction/verify/:reference):
 * success → paid, failed → failed; a customer back through the cancel link while the transaction is
 * still open there (abandoned) is answered cancelled, as Paystack cannot close a transaction: it lapses,
 * and a later payment is refunded. Webhooks (charge.success) are signed with the secret key:
 * x-paystack-signature, HMAC-SHA512 of the body. A refund (POST /refund) is made once: what was already
 * refunded of the transaction is asked first (Paystack takes no idempotency key), and a transaction
 * Paystack reports fully reversed is left as it is.
 */
export const paystackAdapter: ProviderAdapter = {
  name: 'paystack',
  facts: {
    integration: { kind: 'rest', api: 'Paystack API (unversioned)' },
    page: 'hosted page',
    webhook: 'x-paystack-signature: HMAC-SHA512 of the body with the secret key',
    currencies: ['NGN', 'GHS', 'ZAR', 'KES', 'USD'],
    liveApi: 'https://api.paystack.co',
  },
  async create(ctx, session, { back }) {
    const reference = paystackReference(session.sessionId);
    const { data } = await paystack<{ authorization_url: string; access_code: string; reference: string }>(ctx, '/transaction/initialize', {
      json: {
        email: payerEmail(session),
        amount: session.amountMinor,
        currency: session.currencyCode,
        reference,
        callback_url: back('success'),
        metadata: {
          session_id: session.sessionId,
          cancel_action: back('cancel'),
          custom_fields: [{
            display_name: 'Payment',
            variable_name: 'payment',
            value: session.orderId === null ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order #${session.orderId}`,
          }],
        },
      },
    });
    return { url: data.authorization_url, ref: data.reference || reference };
  },
  async onReturn(ctx, payment, { result }) {
    // The return's trxref/reference are not trusted: the payment's own reference is verified.
    const transaction = await verify(ctx, payment.ref);
    const verdict = transaction ? paystackVerdict(transaction) : { outcome: 'pending' as const };
    if (verdict.outcome !== 'pending') return verdict;
    // Back through the cancel link, or back with the transaction never attempted: left to lapse at Paystack.
    if (result === 'cancel' || transaction?.status === 'abandoned') return { outcome: 'cancelled' };
    return verdict;
  },
  async check(ctx, payment) {
    const transaction = await verify(ctx, payment.ref);
    return transaction ? paystackVerdict(transaction) : { outcome: 'pending' };
  },
  async webhook(ctx, input) {
    const signature = header(input.headers, 'x-paystack-signature');
    const secret = ctx.account.secretKey;
    if (!signature || !secret || !sameSignature(signature.toLowerCase(), hmac('sha512', secret, input.body))) return { kind: 'forged' };
    let event: { event?: string; data?: Partial<Transaction> };
    try {
      event = JSON.parse(input.body.toString('utf8')) as typeof event;
    } catch {
      return { kind: 'ignored' };
    }
    const data = event.data;
    if (event.event !== 'charge.success' || typeof data?.reference !== 'string' || typeof data.id !== 'number') return { kind: 'ignored' };
    return { kind: 'event', ref: data.reference, verdict: paystackVerdict({ id: data.id, status: String(data.status) }) };
  },
  async refund(ctx, payment: ProviderPayment) {
    const transaction = await verify(ctx, payment.ref);
    if (!transaction) throw new Error(`Paystack has no transaction ${payment.ref} to refund`);
    if (transaction.status === 'reversed') return;
    const refunded = await refundedOf(ctx, transaction);
    if (refunded >= payment.amountMinor) return;
    try {
      await paystack<Refund>(ctx, '/refund', {
        json: { transaction: transaction.reference, amount: payment.amountMinor - refunded, merchant_note: 'Not taken by the store' },
      });
    } catch (error) {
      if (refusedWith(error, 'transaction_reversed')) return;
      throw error;
    }
  },
};
