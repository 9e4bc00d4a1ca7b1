import { createHash } from 'node:crypto';
import type { PaymentSession, ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAccount, ProviderAdapter } from '../kit/adapter.ts';
import { basicAuth, providerFetch, ProviderHttpError, type ProviderRequest } from '../kit/http.ts';
import { notifiedSession, signedNotifyUrl } from '../kit/signatures.ts';

/** MTN MoMo's production API (its sandbox has an address of its own, and the target environment "sandbox"). */
const LIVE_API = 'https://proxy.momoapi.mtn.com';

/**
 * The payer of a request to pay in the sandbox, where the kit does not give us the customer's number:
 * none of the sandbox's numbers for failures (46733123450 to 46733123454), so the sandbox approves it;
 * at the local double its page stands in for the phone and decides.
 */
export const SANDBOX_PAYER = '46733123460';

type Product = 'collection' | 'disbursement';

/**
 * The account's fields for MoMo: public key the API user (a UUID), secret key its API key; where the
 * Disbursement product has an API user of its own, both as `collection/disbursement`. Merchant id:
 * `<target environment>:<Collection subscription key>:<Disbursement subscription key>` (e.g.
 * `mtnuganda:…:…`; the Disbursement key is needed only for refunds).
 */
export interface MomoKeys {
  environment: string;
  user: Record<Product, string>;
  apiKey: Record<Product, string>;
  subscription: Record<Product, string>;
}
export function momoKeys(account: ProviderAccount): MomoKeys {
  const [environment = 'sandbox', collection = '', disbursement = ''] = account.merchantId.split(':');
  const [collectionUser = '', disbursementUser = collectionUser] = account.publicKey.split('/');
  const [collectionKey = '', disbursementKey = collectionKey] = account.secretKey.split('/');
  return {
    environment,
    user: { collection: collectionUser, disbursement: disbursementUser },
    apiKey: { collection: collectionKey, disbursement: disbursementKey },
    subscription: { collection, disbursement },
  };
}

/** A request to pay (or a refund) as MoMo answers it (GET, and the body of its callback). */
export interface MomoTransfer {
  amount: string;
  currency: string;
  financialTransactionId?: string;
  externalId?: string;
  status: string;
  /** Why it failed: an ErrorReason ({ code, message }), or the code alone in some of MTN's answers. */
  reason?: { code?: string; message?: string } | string;
}

/** Failures that mean the customer did not go through with it (ours "cancelled"), not that paying failed. */
const NOT_APPROVED = new Set(['APPROVAL_REJECTED', 'TRANSACTION_CANCELED', 'EXPIRED', 'PAYMENT_NOT_APPROVED']);

/** A request to pay's state as ours; `ref` is its X-Reference-Id. */
export function verdictOf(transfer: MomoTransfer, ref: string): ProviderVerdict {
  switch (transfer.status) {
    case 'SUCCESSFUL':
      return { outcome: 'paid', providerPayment: transfer.financialTransactionId || ref };
    case 'FAILED': {
      const code = typeof transfer.reason === 'string' ? transfer.reason : transfer.reason?.code;
      return { outcome: code && NOT_APPROVED.has(code) ? 'cancelled' : 'failed' };
    }
    // The sandbox's own outcomes of its test numbers.
    case 'REJECTED':
    case 'TIMEOUT':
      return { outcome: 'cancelled' };
    default:
      return { outcome: 'pending' };
  }
}

/**
 * A UUID (in the version 4 form MoMo asks for) that follows from `seed`: the request to pay's id from
 * the session, so that a notification names it, and a refund's from the payment, so it is made once.
 */
export function referenceIdOf(seed: string): string {
  const bytes = createHash('sha256').update(seed).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
const requestIdOf = (sessionId: string) => referenceIdOf(`mobile-money:${sessionId}`);
const refundIdOf = (ref: string) => referenceIdOf(`mobile-money refund:${ref}`);

/** An amount in the currency's units, as MoMo takes it: "12.50", "5000". */
export const momoAmount = (minor: number, exponent: number) => (minor / 10 ** exponent).toFixed(exponent);

/** The access tokens of each account and product, kept until a minute before they lapse. */
const tokens = new WeakMap<ProviderAccount, Map<Product, { token: string; until: number }>>();

async function accessToken(ctx: AdapterContext, product: Product): Promise<string> {
  const kept = tokens.get(ctx.account)?.get(product);
  if (kept && kept.until > Date.now()) return kept.token;
  const keys = momoKeys(ctx.account);
  const answer = await providerFetch<{ access_token: string; expires_in: number }>('mobile-money', `${ctx.apiBase}/${product}/token/`, {
    method: 'POST',
    headers: { authorization: basicAuth(keys.user[product], keys.apiKey[product]), 'ocp-apim-subscription-key': keys.subscription[product] },
  });
  const byProduct = tokens.get(ctx.account) ?? new Map();
  byProduct.set(product, { token: answer.access_token, until: Date.now() + (Number(answer.expires_in) - 60) * 1000 });
  tokens.set(ctx.account, byProduct);
  return answer.access_token;
}

/** A request to one of MoMo's products with its token, subscription key and target environment. */
async function momo<T>(ctx: AdapterContext, product: Product, path: string, request: ProviderRequest = {}): Promise<T> {
  const keys = momoKeys(ctx.account);
  if (!keys.subscription[product]) throw new Error(`This MTN MoMo account has no ${product} subscription key`);
  return providerFetch<T>('mobile-money', `${ctx.apiBase}/${product}${path}`, {
    ...request,
    headers: {
      authorization: `Bearer ${await accessToken(ctx, product)}`, 'x-target-environment': keys.environment,
      'ocp-apim-subscription-key': keys.subscription[product], ...request.headers,
    },
  });
}

const notFound = (error: unknown) => error instanceof ProviderHttpError && error.status === 404;

/**
 * The payer's MoMo number: the number the customer signed in with (with its calling code). Only the
 * sandbox can be paid in without one, by its test number.
 */
function payerOf(session: PaymentSession, environment: string): string {
  const phone = session.customer?.phone.replace(/\D/g, '');
  if (phone) return phone;
  if (environment === 'sandbox') return SANDBOX_PAYER;
  throw new Error('MTN MoMo needs the customer\'s MoMo number, which the payment session does not carry');
}

/**
 * MTN MoMo (the MoMo Open API) through its REST API: a Collection request to pay per attempt
 * (POST /collection/v1_0/requesttopay, its X-Reference-Id a UUID that follows from the session), the
 * amount as a string in the currency's units (EUR in the sandbox), which the customer approves on
 * their phone (the number they signed in with). MoMo has no page: the customer waits on the kit's page
 * for a phone (start page `device`), which asks MoMo until it answers. The return is read by asking MoMo (GET requesttopay); MoMo cannot withdraw a request, so one still
 * pending when the customer comes back is left to lapse and answered cancelled (approved later, it is
 * refunded). MoMo signs nothing of its callback: it is sent to our X-Callback-Url with our own
 * signature of the session in it, and the request is then asked about. Refunds go through the
 * Disbursement product (POST /disbursement/v2_0/refund) with a reference that follows from the
 * payment, asked about first, so a refund is made once.
 */
export const mobileMoneyAdapter: ProviderAdapter = {
  name: 'mobile-money',
  facts: {
    integration: { kind: 'rest', api: 'MTN MoMo Open API (Collection v1_0, Disbursement v2_0 refunds)' },
    page: 'approve on the phone',
    webhook: 'unsigned callback: our HMAC-SHA256 of the session in X-Callback-Url, then the request to pay is fetched from MoMo',
    currencies: ['EUR', 'UGX', 'GHS', 'XAF', 'XOF', 'ZMW', 'RWF', 'GNF', 'LRD', 'SZL'],
    liveApi: LIVE_API,
  },
  async create(ctx, session, urls) {
    const keys = momoKeys(ctx.account);
    const ref = requestIdOf(session.sessionId);
    const about = session.orderId === null ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order ${session.orderId}`;
    await momo(ctx, 'collection', '/v1_0/requesttopay', {
      json: {
        amount: momoAmount(session.amountMinor, session.currencyExponent),
        currency: session.currencyCode,
        externalId: session.sessionId,
        payer: { partyIdType: 'MSISDN', partyId: payerOf(session, keys.environment) },
        payerMessage: about.slice(0, 160),
        payeeNote: about.slice(0, 160),
      },
      headers: {
        'x-reference-id': ref,
        'x-callback-url': signedNotifyUrl(urls.notify, ctx.account.webhookSecret, session.sessionId),
      },
    });
    // The customer approves on their phone, while our page waits and asks MoMo.
    return { url: '', ref, start: { kind: 'device', app: 'MoMo' } };
  },
  async onReturn(ctx, payment) {
    const verdict = await mobileMoneyAdapter.check(ctx, payment);
    // Still waiting for the phone: MoMo cannot withdraw it, so it is left to lapse.
    return verdict.outcome === 'pending' ? { outcome: 'cancelled' } : verdict;
  },
  async check(ctx, payment) {
    return verdictOf(await momo<MomoTransfer>(ctx, 'collection', `/v1_0/requesttopay/${encodeURIComponent(payment.ref)}`), payment.ref);
  },
  async webhook(ctx, input) {
    const session = notifiedSession(input.query, ctx.account.webhookSecret);
    if (!session) return { kind: 'forged' };
    // The body (the request to pay as MoMo has it) is not trusted: the request is asked about.
    const ref = requestIdOf(session);
    try {
      return { kind: 'event', ref, verdict: await mobileMoneyAdapter.check(ctx, { ref, providerPayment: null, amountMinor: 0 }) };
    } catch (error) {
      if (notFound(error)) return { kind: 'ignored' };
      throw error;
    }
  },
  async refund(ctx, payment) {
    const id = refundIdOf(payment.ref);
    try {
      await momo(ctx, 'disbursement', `/v1_0/refund/${id}`);
      return; // Made before.
    } catch (error) {
      if (!notFound(error)) throw error;
    }
    const paid = await momo<MomoTransfer>(ctx, 'collection', `/v1_0/requesttopay/${encodeURIComponent(payment.ref)}`);
    if (paid.status !== 'SUCCESSFUL') throw new Error(`MTN MoMo request to pay ${payment.ref} is ${paid.status}: nothing to refund`);
    await momo(ctx, 'disbursement', '/v2_0/refund', {
      json: {
        amount: paid.amount, currency: paid.currency, externalId: payment.ref, payerMessage: 'Refund: not taken by the store',
        payeeNote: 'Refund: not taken by the store', referenceIdToRefund: payment.ref,
      },
      headers: { 'x-reference-id': id },
    });
  },
};
