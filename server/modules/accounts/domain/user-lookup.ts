import type { Db } from '../../../db/pool.ts';

/** Whether a customer of the vendor (not deleted) has this email, compared without case. */
export async function emailRegistered(db: Db, vendorId: number, email: string): Promise<boolean> {
  const { rows } = await db.query<{ found: number }>(
    `SELECT 1 AS found FROM users
     WHERE vendor_id = $1 AND email <> '' AND lower(email) = lower($2) AND deleted_at IS NULL LIMIT 1`,
    [vendorId, email],
  );
  return rows.length > 0;
}
