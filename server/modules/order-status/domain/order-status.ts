import type pg from 'pg';
import type { OrderModeName, OrderStatus, PaymentStatus } from '../../../../contract/api/order-states.ts';
import { stepsFor } from '../../../../contract/rules/order-steps.ts';
import { assignDriver } from './drivers.ts';
import { publishEvent } from '../../events/index.ts';
import { announceGroupChange, refundGroupShares } from './group-shares.ts';

/**
 * The order state machine (docs/behaviour.md#orders-and-their-states): which moves are legal, and
 * making them. The states and their steps are the contract's (order-steps.ts).
 */
/** Who moved an order (order_status_events.actor). */
export type StatusActor = 'customer' | 'payment' | 'simulator' | 'store' | 'system';

const DRIVER_STATES: readonly OrderStatus[] = ['on_the_way', 'arrived'];

/** Legal moves, for both modes; mode-specific ones are filtered in canTransition. */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  payment_pending: ['placed', 'scheduled', 'payment_failed'],
  payment_failed: [],
  scheduled: ['placed', 'cancelled'],
  placed: ['confirmed', 'cancelled'],
  confirmed: ['preparing', 'cancelled'],
  preparing: ['waiting'],
  waiting: ['on_the_way', 'delivered'],
  on_the_way: ['arrived'],
  arrived: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus, mode: OrderModeName): boolean {
  if (!NEXT[from]?.includes(to)) return false;
  if (mode === 'pickup') return !DRIVER_STATES.includes(from) && !DRIVER_STATES.includes(to);
  return !(from === 'waiting' && to === 'delivered');
}

/** The next forward step of the order's life (never cancelled, never a payment state); undefined at the end. */
export function nextStep(status: OrderStatus, mode: OrderModeName): OrderStatus | undefined {
  if (status === 'scheduled') return 'placed';
  const steps = stepsFor(mode);
  const at = steps.indexOf(status);
  return at >= 0 ? steps[at + 1] : undefined;
}

export class TransitionError extends Error {
  constructor(
    readonly reason: 'not_found' | 'illegal',
    readonly from: OrderStatus | undefined,
    readonly to: OrderStatus,
  ) {
    super(reason === 'not_found' ? 'Order not found' : `Order cannot move from ${from} to ${to}`);
    this.name = 'TransitionError';
  }
}

export interface TransitionResult {
  order_id: number;
  from: OrderStatus;
  to: OrderStatus;
  payment_status: PaymentStatus;
  /** Wallet credit made by this move (refund or cashback), minor units; 0 when none. */
  wallet_credit_minor: number;
  /** Money going back for a cancelled or failed order (to the wallet, or through the provider), minor units; 0 when none. */
  refund_minor: number;
}

/** Where a cancelled order's money went: nowhere (none was taken), to the wallet, or back through the payment provider. */
export function refundDestination(moved: TransitionResult): 'none' | 'wallet' | 'provider' {
  if (moved.refund_minor === 0) return 'none';
  return moved.wallet_credit_minor > 0 ? 'wallet' : 'provider';
}

interface LockedOrder {
  id: number;
  user_id: number;
  status: OrderStatus;
  order_mode: OrderModeName;
  payment_method: string;
  payment_status: PaymentStatus;
  total_minor: number;
  cashback_minor: number;
  /** The vendor's choice for a cancelled order paid online: 'provider' gives the money back through the payment provider, else the wallet. */
  online_refund: string | null;
  /** A group order whose members paid their own shares (order_group_shares): those go back, each the way it came. */
  group_id: number | null;
  paid_by_shares: boolean;
}

/** Adds to the customer's wallet and writes the ledger row; returns the balance after. */
export async function creditWallet(
  client: pg.PoolClient, vendorId: number, userId: number, amountMinor: number, kind: 'order_refund' | 'cashback', orderId: number | null,
): Promise<number> {
  const { rows } = await client.query<{ balance: number }>(
    `UPDATE users SET wallet_balance_minor = wallet_balance_minor + $3, updated_at = now()
     WHERE vendor_id = $1 AND id = $2 RETURNING wallet_balance_minor AS balance`,
    [vendorId, userId, amountMinor],
  );
  const balance = rows[0]?.balance ?? 0;
  await client.query(
    `INSERT INTO wallet_transactions (vendor_id, user_id, order_id, kind, amount_minor, balance_after_minor)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [vendorId, userId, orderId, kind, amountMinor, balance],
  );
  return balance;
}

/**
 * Stock is taken when place_order writes the order, so an order that ends without being
 * delivered (cancelled, payment failed) gives its units back; the coupon use is released too.
 */
async function releaseOrder(client: pg.PoolClient, vendorId: number, orderId: number): Promise<void> {
  // Item rows locked in id order first, as place_order takes them, so the two never deadlock.
  await client.query(
    `SELECT 1 FROM items WHERE vendor_id = $1 AND id IN (SELECT item_id FROM order_lines WHERE vendor_id = $1 AND order_id = $2)
     ORDER BY id FOR UPDATE`,
    [vendorId, orderId],
  );
  await client.query(
    `UPDATE items i SET stock = i.stock + l.quantity, updated_at = now()
     FROM (SELECT item_id, sum(quantity)::int AS quantity FROM order_lines
           WHERE vendor_id = $1 AND order_id = $2 GROUP BY item_id) l
     WHERE i.vendor_id = $1 AND i.id = l.item_id AND i.stock IS NOT NULL`,
    [vendorId, orderId],
  );
  await client.query('DELETE FROM coupon_redemptions WHERE vendor_id = $1 AND order_id = $2', [vendorId, orderId]);
}

/**
 * Moves an order to `to` inside the caller's transaction: locks the row, refuses an illegal
 * move with TransitionError, records the event. Side effects in the same transaction:
 * - cancelled or payment_failed: stock and coupon use are released; an order paid by wallet is refunded
 *   to the wallet ('order_refund', payment 'refunded'); one paid online too, unless the vendor refunds
 *   through the provider (settings.online_refund = 'provider'): then its payment is marked
 *   refund_pending and the refund sweep (server/modules/payments/providers/refunds.ts) has the provider give the money
 *   back after this transaction commits; cash no longer due is 'cancelled';
 * - on_the_way: a driver is assigned when the order has none (the vendor's least busy, drivers.ts);
 * - delivered: cash on delivery becomes 'paid'; the order's cashback is credited ('cashback').
 */
export async function transition(
  client: pg.PoolClient, vendorId: number, orderId: number, to: OrderStatus, actor: StatusActor,
): Promise<TransitionResult> {
  const { rows } = await client.query<LockedOrder>(
    `SELECT o.id, o.user_id, o.status, o.order_mode, o.payment_method, o.payment_status, o.total_minor, o.cashback_minor,
       v.settings ->> 'online_refund' AS online_refund, o.group_id,
       EXISTS (SELECT 1 FROM order_group_shares s WHERE s.vendor_id = o.vendor_id AND s.group_id = o.group_id) AS paid_by_shares
     FROM orders o JOIN vendors v ON v.id = o.vendor_id WHERE o.vendor_id = $1 AND o.id = $2 FOR UPDATE OF o`,
    [vendorId, orderId],
  );
  const order = rows[0];
  if (!order) throw new TransitionError('not_found', undefined, to);
  if (!canTransition(order.status, to, order.order_mode)) throw new TransitionError('illegal', order.status, to);

  let paymentStatus = order.payment_status;
  let credit = 0;
  let refund = 0;
  if (to === 'cancelled' || to === 'payment_failed') {
    await releaseOrder(client, vendorId, orderId);
    const throughProvider = order.payment_method === 'online' && order.online_refund === 'provider';
    if (order.paid_by_shares && order.group_id !== null) {
      // Each member's share goes back the way it came (group-shares.ts), once.
      if (paymentStatus === 'paid') {
        const back = await refundGroupShares(client, vendorId, order.group_id, orderId);
        paymentStatus = 'refunded';
        credit = back.walletMinor;
        refund = back.refundedMinor;
      }
    } else if (throughProvider && paymentStatus === 'paid' && order.total_minor > 0) {
      const { rowCount } = await client.query(
        `UPDATE payments SET status = 'refund_pending' WHERE vendor_id = $1 AND order_id = $2 AND status = 'paid'`, [vendorId, orderId],
      );
      if (rowCount) {
        paymentStatus = 'refunded';
        refund = order.total_minor;
      }
    } else if ((order.payment_method === 'wallet' || order.payment_method === 'online') && paymentStatus === 'paid' && order.total_minor > 0) {
      credit = order.total_minor;
      await creditWallet(client, vendorId, order.user_id, credit, 'order_refund', orderId);
      paymentStatus = 'refunded';
      refund = credit;
    } else if (paymentStatus === 'cash_due') {
      paymentStatus = 'cancelled';
    }
  } else if (to === 'on_the_way') {
    await assignDriver(client, vendorId, orderId);
  } else if (to === 'delivered') {
    if (paymentStatus === 'cash_due') paymentStatus = 'paid';
    if (order.cashback_minor > 0) {
      credit = order.cashback_minor;
      await creditWallet(client, vendorId, order.user_id, credit, 'cashback', orderId);
    }
  }

  await client.query(
    `UPDATE orders SET status = $3, payment_status = $4, status_changed_at = now(), updated_at = now()
     WHERE vendor_id = $1 AND id = $2`,
    [vendorId, orderId, to, paymentStatus],
  );
  await client.query(
    `INSERT INTO order_status_events (vendor_id, order_id, from_status, to_status, actor) VALUES ($1, $2, $3, $4, $5)`,
    [vendorId, orderId, order.status, to, actor],
  );
  await publishEvent(client, vendorId, order.user_id, { kind: 'order_status', order_id: orderId, data: { from: order.status, status: to } });
  // A group order's members follow it in their group (its view carries the order's status).
  if (order.group_id !== null) await announceGroupChange(client, vendorId, order.group_id);
  return { order_id: orderId, from: order.status, to, payment_status: paymentStatus, wallet_credit_minor: credit, refund_minor: refund };
}
