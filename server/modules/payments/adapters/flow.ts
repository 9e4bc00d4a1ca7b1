import type { ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { providerFetch } from '../kit/http.ts';
import { hmac, notifiedSession, signedNotifyUrl } from '../kit/signatures.ts';
import { payerEmail } from '../kit/payer.ts';

/** An order stays payable at Flow this long (its `timeout`); a payment made after our own 15 minutes is refunded. */
const ORDER_SECONDS = 30 * 60;

interface Created {
  url: string;
  token: string;
  flowOrder: number;
}
/** payment/getStatus's answer. */
interface FlowStatus {
  flowOrder?: number;
  commerceOrder?: string;
  status?: number;
  amount?: number | string;
  currency?: string;
  payer?: string;
  optional?: Record<string, string> | string | null;
  pending_info?: { media?: string | null; date?: string | null } | null;
}

/**
 * Flow's signature `s` of a call's parameters: HMAC-SHA256 (hex) with the secret key over the
 * parameters sorted by name and concatenated as name then value, with nothing between.
 */
export function flowSignature(secret: string, params: Readonly<Record<string, string>>): string {
  return hmac('sha256', secret, Object.keys(params).sort().map((name) => `${name}${params[name]}`).join(''));
}

/** Parameters with the account's apiKey and their signature. */
function signed(ctx: AdapterContext, params: Record<string, string>): Record<string, string> {
  const all = { ...params, apiKey: ctx.account.publicKey };
  return { ...all, s: flowSignature(ctx.account.secretKey, all) };
}

/** The secret our own signature of the confirmation URL is made with (Flow signs no notification). */
const notifySecret = (ctx: AdapterContext) => ctx.account.webhookSecret || ctx.account.secretKey;

/** An order's state as ours: 1 pending, 2 paid, 3 rejected, 4 cancelled. */
export function outcomeOf(status: number | undefined): ProviderVerdict['outcome'] {
  switch (status) {
    case 2: return 'paid';
    case 3: return 'failed';
    case 4: return 'cancelled';
    default: return 'pending';
  }
}

function getStatus(ctx: AdapterContext, token: string): Promise<FlowStatus> {
  return providerFetch<FlowStatus>('flow', `${ctx.apiBase}/payment/getStatus?${new URLSearchParams(signed(ctx, { token }))}`);
}

function verdictOf(status: FlowStatus): ProviderVerdict {
  const outcome = outcomeOf(status.status);
  return outcome === 'paid' ? { outcome, providerPayment: status.flowOrder === undefined ? undefined : String(status.flowOrder) } : { outcome };
}

/** The refund callback kept in the order's optional data (refund() is given no address of ours). */
function refundCallbackOf(status: FlowStatus): string | undefined {
  let optional = status.optional;
  if (typeof optional === 'string') {
    try {
      optional = JSON.parse(optional) as Record<string, string>;
    } catch {
      return undefined;
    }
  }
  return optional?.refund_callback;
}

/**
 * Flow (Chile) over its REST API (v1; no official Node SDK of Flow's is on the registry): payment/create with the amount in
 * major units (CLP has no decimals), our session id as commerceOrder, the way back as urlReturn and the
 * vendor's endpoint as urlConfirmation; the customer goes to url?token=. Every call is signed with `s`,
 * the HMAC-SHA256 of the sorted, concatenated name+value pairs with the secret key. Flow signs neither
 * the confirmation (a form with the token, posted to urlConfirmation) nor the return (the same form
 * posted to urlReturn): the confirmation URL carries our own signature of the session, and both are
 * read by asking payment/getStatus. Flow has no call to close an order: a customer back with the
 * order unpaid and no payment under way (no pending_info) has it cancelled here and left to lapse at
 * Flow (its timeout). A refund (refund/create) goes to the payer's email Flow recorded, with a
 * refundCommerceOrder derived from the order, made once: Flow lists no refunds of a payment, so a
 * second try is left to Flow's refusal of the same refundCommerceOrder.
 */
export const flowAdapter: ProviderAdapter = {
  name: 'flow',
  facts: {
    integration: { kind: 'rest', api: 'v1' },
    page: 'hosted page',
    webhook: 'none from Flow: our signature in urlConfirmation, then payment/getStatus',
    currencies: ['CLP'],
    liveApi: 'https://www.flow.cl/api',
  },
  async create(ctx, session, { back, notify }) {
    const confirmation = signedNotifyUrl(notify, notifySecret(ctx), session.sessionId);
    const refundCallback = new URL(confirmation);
    refundCallback.searchParams.set('kind', 'refund');
    const created = await providerFetch<Created>('flow', `${ctx.apiBase}/payment/create`, {
      form: signed(ctx, {
        commerceOrder: session.sessionId,
        subject: session.orderId === null ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order #${session.orderId}`,
        currency: session.currencyCode,
        amount: (session.amountMinor / 10 ** session.currencyExponent).toFixed(session.currencyExponent),
        // Flow sends the receipt there (payerEmail: the customer's own, else a stand-in).
        email: payerEmail(session),
        urlConfirmation: confirmation,
        urlReturn: back('success'),
        timeout: String(ORDER_SECONDS),
        optional: JSON.stringify({ refund_callback: refundCallback.toString() }),
      }),
    });
    if (!created.url || !created.token) throw new Error(`Flow gave no page for order ${session.sessionId}`);
    return { url: `${created.url}?token=${encodeURIComponent(created.token)}`, ref: created.token };
  },
  // Flow posts the token back unsigned: Flow is asked about the payment's own token.
  async onReturn(ctx, payment) {
    const status = await getStatus(ctx, payment.ref);
    const verdict = verdictOf(status);
    // Unpaid with a payment under way (a cash or transfer payment whose confirmation comes later): left to the confirmation.
    if (verdict.outcome !== 'pending' || status.pending_info?.media) return verdict;
    return { outcome: 'cancelled' };
  },
  async check(ctx, payment) {
    return verdictOf(await getStatus(ctx, payment.ref));
  },
  async webhook(ctx, input) {
    const session = notifiedSession(input.query, notifySecret(ctx));
    if (!session) return { kind: 'forged' };
    if (input.query.kind === 'refund') return { kind: 'ignored' };
    const token = new URLSearchParams(input.body.toString('utf8')).get('token');
    if (!token) return { kind: 'ignored' };
    const status = await getStatus(ctx, token);
    // The token must be of the order our signature names.
    if (status.commerceOrder !== session) return { kind: 'forged' };
    return { kind: 'event', ref: token, verdict: verdictOf(status) };
  },
  async refund(ctx, payment) {
    const status = await getStatus(ctx, payment.ref);
    const callback = refundCallbackOf(status);
    if (outcomeOf(status.status) !== 'paid' || status.flowOrder === undefined || !status.payer || !callback) {
      throw new Error(`No paid Flow order to refund for token ${payment.ref}`);
    }
    await providerFetch('flow', `${ctx.apiBase}/refund/create`, {
      form: signed(ctx, {
        refundCommerceOrder: `${status.commerceOrder ?? payment.ref}-refund`,
        receiverEmail: status.payer,
        amount: String(status.amount),
        urlCallBack: callback,
        flowTrxId: String(status.flowOrder),
      }),
    });
  },
};
