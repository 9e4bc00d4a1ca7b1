import type { ServerModule } from '../module.ts';
import { startPaymentSweeper } from './domain/payments.ts';
import { startRefundSweeper } from './providers/refunds.ts';
import { stripeRoutes } from './routes/stripe-webhook.ts';
import { testPaymentRoutes } from './routes/test-payment-page.ts';

/**
 * Online payments: the payments table, the provider adapters (providers/: Stripe, the built-in
 * test provider), their pages and webhooks, and the sweeps that settle lapsed payments and
 * retry refunds.
 */
export const paymentsModule: ServerModule = {
  name: 'payments',
  rootRoutes: (runtime) => (runtime.testPayments ? [testPaymentRoutes, stripeRoutes] : [stripeRoutes]),
  jobs: ({ db, runtime, options, logError }) => {
    const sweepMs = options.paymentSweepMs ?? 60_000;
    if (!(sweepMs > 0)) return [];
    return [
      { startsWhen: 'built', start: () => startPaymentSweeper(db, sweepMs, logError('payment sweep failed')) },
      { startsWhen: 'built', start: () => startRefundSweeper(db, runtime.payments, sweepMs, logError('refund sweep failed')) },
    ];
  },
};

export {
  expirePayments, findPayment, insertPayment, newSessionId, paymentStatus, publicOutcome, recordProviderSession, settlePayment,
} from './domain/payments.ts';
export { PaymentAccounts } from './providers/accounts.ts';
export { refundPending } from './providers/refunds.ts';
export { stripeEndpoint } from './providers/stripe-provider.ts';
export type { PaymentProvider } from './providers/provider.ts';
export { confirmPending, orderPaymentSession } from './providers/confirm.ts';
export { signLink } from './providers/link-token.ts';
