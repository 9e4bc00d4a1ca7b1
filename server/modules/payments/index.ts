import type { ServerModule } from '../module.ts';
import { startPaymentSweeper } from './domain/payments.ts';
import { startRefundSweeper } from './providers/refunds.ts';
import { providerRoutes } from './routes/provider-routes.ts';
import { startPageRoutes } from './routes/start-page.ts';
import { testPaymentRoutes } from './routes/test-payment-page.ts';

/**
 * Online payments: the payments table, the provider kit (kit/) and its adapters (adapters/), the
 * built-in test provider (providers/), their pages, returns and webhooks, and the sweeps that settle lapsed payments and
 * retry refunds.
 */
export const paymentsModule: ServerModule = {
  name: 'payments',
  rootRoutes: (runtime) => (runtime.testPayments ? [testPaymentRoutes, providerRoutes, startPageRoutes] : [providerRoutes, startPageRoutes]),
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
export { PaymentAccounts, providerApis } from './providers/accounts.ts';
export { refundPending } from './providers/refunds.ts';
export { paymentCustomer, type PaymentProvider } from './providers/provider.ts';
export { confirmPending, orderPaymentSession } from './providers/confirm.ts';
export { signLink } from './providers/link-token.ts';
/** JSON over HTTP to a provider's REST API, which the delivery partners' adapters use too. */
export { providerFetch, ProviderHttpError } from './kit/http.ts';
