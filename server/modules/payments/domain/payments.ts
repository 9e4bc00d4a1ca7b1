import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { PaymentStatusResult } from '../../../../contract/api/checkout.ts';
import type { OrderStatus, PaymentStatus } from '../../../../contract/api/order-states.ts';
import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';
import type { StartPage } from '../kit/adapter.ts';
import type { PaymentOutcome, PaymentProvider, ProviderVerdict } from '../providers/provider.ts';
import { announceGroupChange, transition } from '../../order-status/index.ts';

/** A hosted payment left open this long is treated as cancelled. */
export const PAYMENT_SESSION_MINUTES = 15;

export function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

export interface NewPayment {
  vendorId: number;
  /** The order paid for; null for a recharge of the customer's wallet. */
  orderId: number | null;
  /** The paying customer. */
  userId: number;
  provider: string;
  sessionId: string;
  amountMinor: number;
  currencyCode: string;
  returnUrl: string;
  /** A group order's share (no order yet: order_id NULL); else an order's payment, or a recharge without one. */
  purpose?: 'group_share';
}

/** The payments row of an online order (inside place_order's transaction) or of a wallet recharge. */
export async function insertPayment(c: Db | pg.PoolClient, p: NewPayment): Promise<void> {
  await c.query(
    `INSERT INTO payments (vendor_id, order_id, user_id, purpose, provider, session_id, amount_minor, currency_code, status, return_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, now() + make_interval(mins => $10))`,
    [p.vendorId, p.orderId, p.userId, p.purpose ?? (p.orderId === null ? 'recharge' : 'order'), p.provider, p.sessionId, p.amountMinor, p.currencyCode,
      p.returnUrl, PAYMENT_SESSION_MINUTES],
  );
}

export interface PaymentView {
  id: number;
  vendor_id: number;
  vendor_name: string;
  /** The order paid for; null for a wallet recharge or a group order's share. */
  order_id: number | null;
  purpose: 'order' | 'recharge' | 'group_share';
  /** The paying customer. */
  customer_id: number;
  provider: string;
  session_id: string;
  amount_minor: number;
  currency_code: string;
  currency_exponent: number;
  status: 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refund_pending' | 'refunded';
  return_url: string;
  expired: boolean;
  /** The provider's session (Stripe: cs_…), its hosted page and the money taken, where it has them. */
  provider_ref: string | null;
  provider_url: string;
  provider_payment: string | null;
  /** The page of ours the payment starts on (kit/adapter.ts), for a provider with one. */
  provider_start: StartPage | null;
}

/** A payment by its session id, with what the hosted page shows. */
export async function findPayment(q: Db | pg.PoolClient, sessionId: string, lock = false): Promise<PaymentView | undefined> {
  const { rows } = await q.query<PaymentView>(
    `SELECT p.id, p.vendor_id, v.name AS vendor_name, p.order_id, p.purpose, p.user_id AS customer_id, p.provider, p.session_id, p.amount_minor,
       p.currency_code, v.currency_exponent, p.status, p.return_url, p.expires_at <= now() AS expired, p.provider_ref, p.provider_url,
       p.provider_payment, p.provider_start
     FROM payments p JOIN vendors v ON v.id = p.vendor_id
     WHERE p.session_id = $1 ${lock ? 'FOR UPDATE OF p' : ''}`,
    [sessionId],
  );
  return rows[0];
}

/** What the storefront is told in the return URL's `payment` parameter (a payment refunded after it lapsed: cancelled). */
export function publicOutcome(status: PaymentView['status']): PaymentOutcome | 'pending' {
  if (status === 'expired' || status === 'refund_pending' || status === 'refunded') return 'cancelled';
  return status;
}

/** The provider's own session id and hosted page of a payment (and the page of ours it starts on, if any), once the provider has opened it. */
export async function recordProviderSession(
  q: Db | pg.PoolClient, sessionId: string, opened: { ref?: string | undefined; url: string; start?: StartPage | undefined },
): Promise<void> {
  await q.query('UPDATE payments SET provider_ref = $2, provider_url = $3, provider_start = $4 WHERE session_id = $1', [
    sessionId, opened.ref ?? null, opened.url, opened.start ? JSON.stringify(opened.start) : null,
  ]);
}


/**
 * The return URL with what was paid (order_id; a recharge: its id as `recharge`; a group order's share: its id as `share`) and payment
 * (paid|failed|cancelled) added to its query.
 */
export function returnUrlFor(p: Pick<PaymentView, 'return_url' | 'order_id' | 'session_id' | 'status' | 'purpose'>): string {
  const url = new URL(p.return_url);
  if (p.purpose === 'group_share') url.searchParams.set('share', p.session_id);
  else if (p.order_id === null) url.searchParams.set('recharge', p.session_id);
  else url.searchParams.set('order_id', String(p.order_id));
  url.searchParams.set('payment', publicOutcome(p.status));
  return url.toString();
}

/**
 * Settles a pending payment in one transaction, payment and order together:
 * - paid: payment 'paid', order payment_pending → placed (or scheduled), payment_status 'paid';
 * - failed / cancelled / expired: the order → payment_failed (stock and coupon use released by
 *   the state machine), payment_status failed/cancelled, its images freed for the next attempt.
 * - a wallet recharge paid: the amount credited to the customer's wallet with its ledger row.
 * A session past its 15 minutes settles as expired whatever was asked. Settling a payment that
 * is no longer pending changes nothing (so a recharge is credited once, however often and in
 * whatever order the confirmations come). Undefined for an unknown session.
 */
export async function settlePayment(db: Db, sessionId: string, asked: PaymentOutcome | 'expired'): Promise<PaymentView | undefined> {
  return inTransaction(db, async (c) => {
    const payment = await findPayment(c, sessionId, true);
    if (!payment || payment.status !== 'pending') return payment;
    return settleLocked(c, payment, payment.expired ? 'expired' : asked);
  });
}

/** Settles a pending payment, locked by the caller, as `outcome` (see settlePayment). */
async function settleLocked(c: pg.PoolClient, payment: PaymentView, outcome: PaymentOutcome | 'expired' | 'refund_pending'): Promise<PaymentView> {
  await c.query('UPDATE payments SET status = $2, confirmed_at = now() WHERE vendor_id = $1 AND session_id = $3', [
    payment.vendor_id, outcome, payment.session_id,
  ]);
  if (payment.purpose === 'group_share') return settleShare(c, payment, outcome);
  if (payment.order_id === null) {
    if (outcome === 'paid') await creditRecharge(c, payment);
    return { ...payment, status: outcome };
  }
  const { rows } = await c.query<{ status: OrderStatus; scheduled: boolean }>(
    'SELECT status, scheduled_for IS NOT NULL AS scheduled FROM orders WHERE vendor_id = $1 AND id = $2',
    [payment.vendor_id, payment.order_id],
  );
  const order = rows[0];
  // Only an order still waiting for this payment moves (nothing else ever sets payment_pending).
  if (order?.status === 'payment_pending') {
    const to: OrderStatus = outcome === 'paid' ? (order.scheduled ? 'scheduled' : 'placed') : 'payment_failed';
    await transition(c, payment.vendor_id, payment.order_id, to, 'payment');
    const paymentStatus: PaymentStatus = outcome === 'paid' ? 'paid' : outcome === 'failed' ? 'failed' : 'cancelled';
    await c.query('UPDATE orders SET payment_status = $3, updated_at = now() WHERE vendor_id = $1 AND id = $2', [
      payment.vendor_id, payment.order_id, paymentStatus,
    ]);
    if (to === 'payment_failed') {
      await c.query('UPDATE order_images SET order_id = NULL WHERE vendor_id = $1 AND order_id = $2', [payment.vendor_id, payment.order_id]);
    }
  }
  return { ...payment, status: outcome };
}

/**
 * What the provider said of a payment (its webhook, or its answer when asked on the customer's
 * return), applied once:
 * - pending here and in time: settled as the provider says (paid, failed, cancelled);
 * - paid at the provider after it lapsed, failed or was cancelled here: recorded as refund_pending,
 *   the order (or recharge) stays unpaid, and the money goes back through the provider's refund;
 *   refunded once the provider has taken the refund (else it stays refund_pending, to be tried again);
 * - anything else (already settled, the provider still waiting): nothing changes.
 * The money taken (the provider's payment id) is kept for the refund. Undefined for an unknown session.
 */
export async function applyVerdict(db: Db, provider: PaymentProvider, sessionId: string, verdict: ProviderVerdict): Promise<PaymentView | undefined> {
  const settled = await inTransaction(db, async (c) => {
    const payment = await findPayment(c, sessionId, true);
    if (!payment) return undefined;
    if (verdict.providerPayment && verdict.providerPayment !== payment.provider_payment) {
      await c.query('UPDATE payments SET provider_payment = $2 WHERE session_id = $1', [sessionId, verdict.providerPayment]);
      payment.provider_payment = verdict.providerPayment;
    }
    if (verdict.outcome === 'pending') return payment;
    if (payment.status === 'pending') {
      const outcome = payment.expired ? (verdict.outcome === 'paid' ? 'refund_pending' : 'expired') : verdict.outcome;
      return settleLocked(c, payment, outcome);
    }
    if (verdict.outcome === 'paid' && (payment.status === 'failed' || payment.status === 'cancelled' || payment.status === 'expired')) {
      await c.query(`UPDATE payments SET status = 'refund_pending' WHERE session_id = $1`, [sessionId]);
      return { ...payment, status: 'refund_pending' as const };
    }
    return payment;
  });
  if (settled?.status !== 'refund_pending' || !provider.refund || !settled.provider_ref) return settled;
  await provider.refund({ ref: settled.provider_ref, providerPayment: settled.provider_payment, amountMinor: settled.amount_minor });
  await db.query(`UPDATE payments SET status = 'refunded', refunded_at = now() WHERE session_id = $1 AND status = 'refund_pending'`, [sessionId]);
  return { ...settled, status: 'refunded' };
}

/**
 * A group order's share (or the shares the host covers) settled with its payment: paid while the group is
 * still open or locked, the shares are paid; a group that ended meanwhile (cancelled, expired, placed
 * without it) takes nothing: the payment goes back through the provider (refund_pending). Any other
 * outcome fails the shares, so the member may pay again.
 */
async function settleShare(c: pg.PoolClient, payment: PaymentView, outcome: PaymentOutcome | 'expired' | 'refund_pending'): Promise<PaymentView> {
  if (outcome === 'paid') {
    const { rows } = await c.query<{ live: boolean }>(
      `SELECT g.status IN ('open', 'locked') AS live FROM order_group_shares s JOIN order_groups g ON g.vendor_id = s.vendor_id AND g.id = s.group_id
       WHERE s.vendor_id = $1 AND s.payment_id = $2 LIMIT 1 FOR UPDATE OF g`,
      [payment.vendor_id, payment.id],
    );
    if (rows[0]?.live) {
      const paid = await c.query<{ group_id: number }>(
        `UPDATE order_group_shares SET status = 'paid' WHERE vendor_id = $1 AND payment_id = $2 AND status = 'pending' RETURNING group_id`,
        [payment.vendor_id, payment.id],
      );
      // However it came (the return or the provider's webhook), the group hears it.
      if (paid.rows[0]) await announceGroupChange(c, payment.vendor_id, Number(paid.rows[0].group_id));
      return { ...payment, status: 'paid' };
    }
    outcome = 'refund_pending';
    await c.query(`UPDATE payments SET status = 'refund_pending' WHERE session_id = $1`, [payment.session_id]);
  }
  await c.query(`UPDATE order_group_shares SET status = 'failed' WHERE vendor_id = $1 AND payment_id = $2 AND status = 'pending'`, [payment.vendor_id, payment.id]);
  return { ...payment, status: outcome };
}

/** A paid recharge into the wallet, with its ledger row naming the payment (unique: never twice). */
async function creditRecharge(c: pg.PoolClient, payment: PaymentView): Promise<void> {
  await c.query(
    `WITH credited AS (
       UPDATE users SET wallet_balance_minor = wallet_balance_minor + $3, updated_at = now()
       WHERE vendor_id = $1 AND id = $2 RETURNING wallet_balance_minor AS balance)
     INSERT INTO wallet_transactions (vendor_id, user_id, order_id, kind, amount_minor, balance_after_minor, payment_id)
     SELECT $1, $2, NULL, 'recharge', $3, balance, $4 FROM credited`,
    [payment.vendor_id, payment.customer_id, payment.amount_minor, payment.id],
  );
}

/** Settles every pending payment past its time as expired; returns how many. */
export async function expirePayments(db: Db, limit = 100): Promise<number> {
  const { rows } = await db.query<{ session_id: string }>(
    `SELECT session_id FROM payments WHERE status = 'pending' AND expires_at <= now() ORDER BY expires_at LIMIT $1`,
    [limit],
  );
  for (const row of rows) await settlePayment(db, row.session_id, 'expired');
  return rows.length;
}

/** check_payment_status: the customer's own order; an open payment past its time is expired first. */
export async function paymentStatus(db: Db, vendorId: number, userId: number, orderId: number): Promise<PaymentStatusResult | undefined> {
  const read = async () => {
    const { rows } = await db.query<PaymentStatusResult & { session_id: string | null; pending_expired: boolean }>(
      `SELECT o.id AS order_id, o.payment_status, o.status, p.session_id,
         coalesce(p.status = 'pending' AND p.expires_at <= now(), false) AS pending_expired
       FROM orders o LEFT JOIN payments p ON p.vendor_id = o.vendor_id AND p.order_id = o.id
       WHERE o.vendor_id = $1 AND o.user_id = $2 AND o.id = $3`,
      [vendorId, userId, orderId],
    );
    return rows[0];
  };
  let row = await read();
  if (row?.pending_expired && row.session_id) {
    await settlePayment(db, row.session_id, 'expired');
    row = await read();
  }
  return row && { order_id: row.order_id, payment_status: row.payment_status, status: row.status };
}

/** Runs expirePayments every `everyMs`; the returned function stops it. */
export function startPaymentSweeper(db: Db, everyMs: number, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expirePayments(db).catch(onError).finally(() => {
      running = false;
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
