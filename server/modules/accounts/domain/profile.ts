/**
 * The customer's own account: editing the name and email, deleting the account and reporting
 * a bug. Deleting keeps the users row as an anonymous placeholder so the vendor's past orders
 * keep their customer link, totals and lines (docs/behaviour.md#deleting-an-account).
 */
import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';
import type { ImageMime } from '../../orders/index.ts';

export async function updateProfile(db: Db, vendorId: number, userId: number, input: { userName: string; email: string }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE users SET user_name = $3, email = $4, updated_at = now()
     WHERE vendor_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [vendorId, userId, input.userName, input.email],
  );
  return rowCount === 1;
}

/**
 * Deletes the customer's account in one transaction: every session is revoked; name, email and
 * mobile number are erased from the row (the number then matches no one, so it can register
 * afresh); saved addresses, one-time codes and a waiting registration of the number, order
 * images and bug reports are deleted; past orders keep their totals and lines but lose the
 * delivery address, its position and the note; ratings keep their stars but lose the review.
 * False when the account was already gone.
 */
export async function deleteAccount(db: Db, vendorId: number, userId: number): Promise<boolean> {
  return inTransaction(db, async (c) => {
    const { rows } = await c.query<{ country_code: string; mobile_number: string }>(
      'SELECT country_code, mobile_number FROM users WHERE vendor_id = $1 AND id = $2 AND deleted_at IS NULL FOR UPDATE',
      [vendorId, userId],
    );
    const user = rows[0];
    if (!user) return false;
    const who = [vendorId, userId];
    await c.query('UPDATE sessions SET revoked_at = now() WHERE vendor_id = $1 AND user_id = $2 AND revoked_at IS NULL', who);
    await c.query('DELETE FROM addresses WHERE vendor_id = $1 AND user_id = $2', who);
    await c.query('DELETE FROM order_images WHERE vendor_id = $1 AND user_id = $2', who);
    await c.query('DELETE FROM bug_reports WHERE vendor_id = $1 AND user_id = $2', who);
    await c.query('DELETE FROM social_identities WHERE vendor_id = $1 AND user_id = $2', who);
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
    return true;
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
