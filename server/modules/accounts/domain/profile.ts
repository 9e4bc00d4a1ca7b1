/**
 * The customer's own account: editing the name and email, deleting the account and reporting
 * a bug. Deleting keeps the users row as an anonymous placeholder so the vendor's past orders
 * keep their customer link, totals and lines (docs/behaviour.md#deleting-an-account).
 */
import { customerMayCancel } from '../../../../contract/rules/order-cancel.ts';
import { ONGOING_STATUSES } from '../../../../contract/rules/order-steps.ts';
import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';
import { announceSessionsEnded } from '../../events/index.ts';
import type { ImageMime } from '../../orders/index.ts';
import { refundDestination, transition } from '../../order-status/index.ts';
import { cancelSubscriptionsOf } from '../../subscriptions/index.ts';

export async function updateProfile(db: Db, vendorId: number, userId: number, input: { userName: string; email: string }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE users SET user_name = $3, email = $4, updated_at = now()
     WHERE vendor_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [vendorId, userId, input.userName, input.email],
  );
  return rowCount === 1;
}

/** What deleting an account did: the orders it cancelled (their money goes back as a customer's cancel's). */
export type DeleteOutcome =
  | { kind: 'deleted'; cancelledOrders: Array<{ orderId: number; refundTo: 'none' | 'wallet' | 'provider' }>; cancelledSubscriptions: number }
  | { kind: 'not_found' }
  /** An order the store has taken is on its way: the account is deleted once it is delivered (or cancelled). */
  | { kind: 'order_under_way' };

/** Orders the store has taken and not yet handed over: while one is under way, the account stays. */
const TAKEN_BY_THE_STORE = ONGOING_STATUSES.filter((status) => !customerMayCancel(status));

/**
 * Deletes the customer's account in one transaction, refused while an order the store has taken is
 * under way (its delivery needs the address and the number). Everything that acts for the customer
 * ends: orders the store has not taken yet are cancelled as the customer's own cancel is (their money
 * goes back the same way: to the wallet, or through the provider, which the caller starts), the
 * subscriptions are cancelled, every session is revoked and the customer's open event streams, on any
 * server process, close at once. Then name, email and mobile number are erased from the row (the number
 * then matches no one, so it can register afresh); saved addresses, one-time codes and a waiting
 * registration of the number, order images, bug reports and the browsers' push subscriptions are deleted; past orders keep their totals
 * and lines but lose the delivery address, its position and the note; ratings keep their stars but lose
 * the review. The wallet's balance stays in the vendor's books with the placeholder, spent by no one.
 */
export async function deleteAccount(db: Db, vendorId: number, userId: number): Promise<DeleteOutcome> {
  return inTransaction(db, async (c) => {
    const { rows } = await c.query<{ country_code: string; mobile_number: string }>(
      'SELECT country_code, mobile_number FROM users WHERE vendor_id = $1 AND id = $2 AND deleted_at IS NULL FOR UPDATE',
      [vendorId, userId],
    );
    const user = rows[0];
    if (!user) return { kind: 'not_found' };
    const who = [vendorId, userId];
    const { rows: open } = await c.query<{ id: number; status: string }>(
      `SELECT id, status FROM orders WHERE vendor_id = $1 AND user_id = $2 AND status = ANY($3::text[]) ORDER BY id FOR UPDATE`,
      [vendorId, userId, ONGOING_STATUSES],
    );
    if (open.some((order) => (TAKEN_BY_THE_STORE as readonly string[]).includes(order.status))) return { kind: 'order_under_way' };
    const cancelledOrders: Array<{ orderId: number; refundTo: 'none' | 'wallet' | 'provider' }> = [];
    for (const order of open) {
      const moved = await transition(c, vendorId, Number(order.id), 'cancelled', 'customer');
      cancelledOrders.push({ orderId: Number(order.id), refundTo: refundDestination(moved) });
    }
    const cancelledSubscriptions = await cancelSubscriptionsOf(c, vendorId, userId);
    await c.query('UPDATE sessions SET revoked_at = now() WHERE vendor_id = $1 AND user_id = $2 AND revoked_at IS NULL', who);
    await announceSessionsEnded(c, vendorId, userId);
    await c.query('DELETE FROM addresses WHERE vendor_id = $1 AND user_id = $2', who);
    await c.query('DELETE FROM order_images WHERE vendor_id = $1 AND user_id = $2', who);
    await c.query('DELETE FROM bug_reports WHERE vendor_id = $1 AND user_id = $2', who);
    await c.query('DELETE FROM social_identities WHERE vendor_id = $1 AND user_id = $2', who);
    await c.query('DELETE FROM push_subscriptions WHERE vendor_id = $1 AND user_id = $2', who);
    await c.query(
      `UPDATE orders SET delivery_address = '', delivery_latitude = NULL, delivery_longitude = NULL, address_id = NULL,
         note = '', updated_at = now()
       WHERE vendor_id = $1 AND user_id = $2`,
      who,
    );
    await c.query(`UPDATE order_ratings SET review = '' WHERE vendor_id = $1 AND user_id = $2`, who);
    const phone = [vendorId, user.country_code, user.mobile_number];
    await c.query('DELETE FROM otp_codes WHERE vendor_id = $1 AND country_code = $2 AND mobile_number = $3', phone);
    await c.query('DELETE FROM pending_registrations WHERE vendor_id = $1 AND country_code = $2 AND mobile_number = $3', phone);
    // The placeholder's number ('deleted-<id>') is no mobile number, so no one signs in to it and
    // the unique (vendor, country code, number) is free for the person to register again.
    await c.query(
      `UPDATE users SET user_name = '', email = '', country_code = '', mobile_number = 'deleted-' || id::text,
         mobile_verified_at = NULL, password_hash = NULL, password_changed_at = NULL, is_active = false, deleted_at = now(), updated_at = now()
       WHERE vendor_id = $1 AND id = $2`,
      who,
    );
    return { kind: 'deleted', cancelledOrders, cancelledSubscriptions };
  });
}

export interface BugReport {
  description: string;
  page: string;
  userAgent: string;
  images: { mime: ImageMime; bytes: Buffer }[];
}

/** Stores a bug report with its screenshots (already checked); returns its id. */
export async function saveBugReport(db: Db, vendorId: number, userId: number, report: BugReport): Promise<number> {
  return inTransaction(db, async (c) => {
    const { rows } = await c.query<{ id: number }>(
      `INSERT INTO bug_reports (vendor_id, user_id, description, page, user_agent) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [vendorId, userId, report.description, report.page, report.userAgent],
    );
    const id = Number(rows[0]!.id);
    for (const [position, image] of report.images.entries()) {
      await c.query(
        'INSERT INTO bug_report_images (vendor_id, report_id, position, mime_type, content) VALUES ($1, $2, $3, $4, $5)',
        [vendorId, id, position, image.mime, image.bytes],
      );
    }
    return id;
  });
}
