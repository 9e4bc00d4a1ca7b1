import { PAYMENT_SESSION_MINUTES } from '../domain/payments.ts';
import { signLink } from './link-token.ts';
import type { PaymentProvider } from './provider.ts';

export const TEST_PROVIDER = 'test';

/**
 * The built-in test provider: a hosted page (server/modules/payments/routes/test-payment-page.ts) at
 * GET /pay/test/:session?token=… showing the vendor,
 * the amount and the order number, with three buttons (Pay, Fail payment, Cancel). Each posts
 * `action=pay|fail|cancel` to the same URL; the server settles the payment and answers 303 to
 * the session's return_url with `order_id` and `payment` (paid|failed|cancelled) added.
 *
 * The link is bound to the customer who placed the order: `token` is signed with the app's
 * payment-link key over the session, the customer and an expiry (link-token.ts), and the page
 * and its post both require it; the session id alone opens nothing. Posts are taken only from
 * the page itself (fromOwnOrigin), so another site cannot settle a payment with a hidden form.
 */
export function createTestProvider(secret: string): PaymentProvider {
  const provider: PaymentProvider = {
    name: TEST_PROVIDER,
    async createSession(session) {
      return { url: provider.sessionUrl(session, '') };
    },
    // No money moves through the test provider, so there is none to give back: a refund is done at once.
    async refund() {},
    sessionUrl(session) {
      const token = signLink(secret, session.sessionId, session.customerId, new Date(Date.now() + PAYMENT_SESSION_MINUTES * 60_000));
      return `${session.baseUrl}/pay/test/${encodeURIComponent(session.sessionId)}?token=${token}`;
    },
  };
  return provider;
}
