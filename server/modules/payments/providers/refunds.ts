import type { Db } from '../../../db/pool.ts';
import type { PaymentAccounts } from './accounts.ts';

interface PendingRefund {
  session_id: string;
  vendor_id: number;
  provider: string;
  provider_ref: string | null;
  provider_payment: string | null;
  amount_minor: number;
}

/**
 * Gives back, through their providers, the payments marked refund_pending (a cancelled order the vendor
 * refunds through the provider; a payment confirmed after it lapsed whose refund failed at first), and
 * marks each refunded. A refund carries an idempotency key at the provider, so two server processes
 * sweeping at once refund once. Answers how many were refunded; a failure leaves the payment for the next sweep.
 * `only`: just the payment of this order (a customer's cancel starts its refund at once).
 */
export async function refundPending(
  db: Db, accounts: PaymentAccounts, onError: (error: unknown) => void, only?: { vendorId: number; orderId: number }, limit = 20,
): Promise<number> {
  const { rows } = await db.query<PendingRefund>(
    `SELECT session_id, vendor_id, provider, provider_ref, provider_payment, amount_minor FROM payments
     WHERE status = 'refund_pending' AND ($2::int IS NULL OR (vendor_id = $2 AND order_id = $3)) ORDER BY id LIMIT $1`,
    [limit, only?.vendorId ?? null, only?.orderId ?? null],
  );
  let refunded = 0;
  for (const payment of rows) {
    try {
      const provider = await accounts.provider(payment.vendor_id, payment.provider);
      if (!provider?.refund) continue;
      await provider.refund({ ref: payment.provider_ref ?? payment.session_id, providerPayment: payment.provider_payment, amountMinor: payment.amount_minor });
      const { rowCount } = await db.query(
        `UPDATE payments SET status = 'refunded', refunded_at = now() WHERE session_id = $1 AND status = 'refund_pending'`, [payment.session_id],
      );
      refunded += rowCount ?? 0;
    } catch (error) {
      onError(error);
    }
  }
  return refunded;
}

/** Runs refundPending every `everyMs`; the returned function stops it. */
export function startRefundSweeper(db: Db, accounts: PaymentAccounts, everyMs: number, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refundPending(db, accounts, onError).catch(onError).finally(() => {
      running = false;
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
