import { signLink } from '../providers/link-token.ts';
import type { PaymentProvider } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from './adapter.ts';

/** The way back from a provider's page stays signed this long (a later return still reads the outcome). */
export const WAY_BACK_MINUTES = 24 * 60;

/** The return route of a provider's payment, on this server. */
export function returnPath(provider: string, sessionId: string): string {
  return `/pay/${provider}/return/${encodeURIComponent(sessionId)}`;
}

/** The page of ours a payment starts on (kit/adapter.ts StartPage), signed for the customer as the way back is. */
export function startPath(provider: string, sessionId: string): string {
  return `/pay/${provider}/start/${encodeURIComponent(sessionId)}`;
}

/** The webhook endpoint of a vendor's account at a provider, on this server (entered in the provider's dashboard). */
export function webhookPath(provider: string, vendorId: number): string {
  return `/webhooks/${provider}/${vendorId}`;
}

/**
 * One vendor's account at a provider, as the payments code uses every provider: the adapter's calls
 * with the account, and the way back from its page bound to the paying customer by a token signed with
 * the payment-link key over the session, the customer and an expiry (link-token.ts), so that nobody
 * else can bring back, and so cancel, the customer's payment. Its query parameter is `sf_link`, a name no
 * provider adds to a return of its own (PayPal adds `token`).
 */
export function bindAdapter(adapter: ProviderAdapter, ctx: AdapterContext, linkSecret: string): PaymentProvider {
  return {
    name: adapter.name,
    async createSession(session) {
      const token = signLink(linkSecret, session.sessionId, session.customerId, new Date(ctx.now().getTime() + WAY_BACK_MINUTES * 60_000));
      const back = (result: 'success' | 'cancel') => `${session.baseUrl}${returnPath(adapter.name, session.sessionId)}?result=${result}&sf_link=${token}`;
      const opened = await adapter.create(ctx, session, { back, notify: `${session.baseUrl}${webhookPath(adapter.name, session.vendorId)}` });
      if (!opened.start) return opened;
      const lang = session.lang && /^[a-z]{2}$/.test(session.lang) ? `&lang=${session.lang}` : '';
      return { ...opened, url: `${session.baseUrl}${startPath(adapter.name, session.sessionId)}?sf_link=${token}${lang}` };
    },
    sessionUrl: (_session, stored) => stored,
    check: (payment) => adapter.check(ctx, payment),
    ...(adapter.close ? { close: (payment) => adapter.close!(ctx, payment) } : {}),
    refund: (payment) => adapter.refund(ctx, payment),
    onReturn: (payment, input) => adapter.onReturn(ctx, payment, input),
    webhook: (input) => adapter.webhook(ctx, input),
  };
}
