import type { CancelledOrder } from '../../../../contract/api/orders.ts';
import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';
import { customerMayCancel } from '../../../../contract/rules/order-cancel.ts';
import { refundDestination, transition } from '../../order-status/index.ts';
import type { Owner } from './orders.ts';
import { toMajor } from '../../vendors/index.ts';

export type CancelOutcome = { kind: 'cancelled'; result: CancelledOrder } | { kind: 'not_found' } | { kind: 'too_late' };

/**
 * The customer cancels their own order while the store has not taken it yet (placed, or scheduled for a
 * later slot). The row is locked before its state is read, so a store (or the simulator) confirming it at
 * the same moment either comes first, and the cancel is refused, or waits and finds it cancelled. The
 * money goes back as for any cancelled order (order-status/domain/order-status.ts): to the wallet, or through the provider
 * when the vendor refunds online payments there (refund_to 'provider': the refund sweep, started at once
 * by the caller, gives it back).
 */
export async function cancelOwnOrder(db: Db, owner: Owner, orderId: number): Promise<CancelOutcome> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ status: string; currency_exponent: number }>(
      `SELECT status, currency_exponent FROM orders WHERE vendor_id = $1 AND user_id = $2 AND id = $3 FOR UPDATE`,
      [owner.vendorId, owner.userId, orderId],
    );
    const order = rows[0];
    if (!order) return { kind: 'not_found' };
    if (!customerMayCancel(order.status)) return { kind: 'too_late' };
    const moved = await transition(client, owner.vendorId, orderId, 'cancelled', 'customer');
    const refundTo = refundDestination(moved);
    return {
      kind: 'cancelled',
      result: {
        order_id: orderId, status: 'cancelled', payment_status: moved.payment_status,
        refund: toMajor(order, moved.refund_minor), refund_to: refundTo,
      },
    };
  });
}
