import type { Db } from '../../../db/pool.ts';
import { applyVerdict, findPayment } from '../domain/payments.ts';
import type { ReturnInput } from '../kit/adapter.ts';
import type { PaymentAccounts } from './accounts.ts';

/** Where a provider that cannot be reached is told (the server's logger). */
export interface WarningLog {
  warn(details: object, message: string): void;
}

/**
 * Asks the provider about a payment still pending here and in time, when the provider can be asked,
 * and applies its answer: a customer polling for the outcome, or coming back from the provider's page
 * (`input`: what the return carried, read by the provider's adapter), is not left waiting for a webhook
 * that is late. With `cancelled` (the customer cancelled on the provider's page) a session still open
 * there is closed first, so it can no longer be paid, and settles as cancelled. A provider that cannot
 * be reached changes nothing (logged).
 */
export async function confirmPending(
  db: Db, accounts: PaymentAccounts, sessionId: string, log: WarningLog,
  { cancelled = false, input }: { cancelled?: boolean; input?: ReturnInput } = {},
): Promise<void> {
  const payment = await findPayment(db, sessionId);
  if (!payment || payment.status !== 'pending' || payment.expired || !payment.provider_ref) return;
  const provider = await accounts.provider(payment.vendor_id, payment.provider);
  if (!provider?.check) return;
  const ref = { ref: payment.provider_ref, providerPayment: payment.provider_payment, amountMinor: payment.amount_minor };
  try {
    let verdict = input && provider.onReturn ? await provider.onReturn(ref, input) : await provider.check(ref);
    if (verdict.outcome === 'pending' && cancelled && provider.close) {
      await provider.close(ref);
      verdict = await provider.check(ref);
      if (verdict.outcome === 'pending') verdict = { outcome: 'cancelled' };
    }
    await applyVerdict(db, provider, sessionId, verdict);
  } catch (error) {
    log.warn({ err: error, session: sessionId }, 'payment provider could not be asked; the payment stays pending');
  }
}

/** The session of an order's payment, if it has one. */
export async function orderPaymentSession(db: Db, vendorId: number, userId: number, orderId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ session_id: string }>(
    `SELECT p.session_id FROM payments p JOIN orders o ON o.vendor_id = p.vendor_id AND o.id = p.order_id
     WHERE p.vendor_id = $1 AND o.user_id = $2 AND p.order_id = $3`,
    [vendorId, userId, orderId],
  );
  return rows[0]?.session_id;
}
