import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Db } from '../../../db/pool.ts';

/**
 * The vendor's drivers: who takes an order on its way, and the bearer tokens of their app (a role the
 * spec does not show: the app only reports where the driver is, see docs/realtime.md).
 */
/** Hash under which a driver app's token is stored. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new bearer token for a driver's app (the old one stops working); only its hash is kept. */
export async function issueDriverToken(db: Db, vendorId: number, driverId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const { rowCount } = await db.query('UPDATE drivers SET token_hash = $3 WHERE vendor_id = $1 AND id = $2', [vendorId, driverId, tokenHash(token)]);
  if (!rowCount) throw new Error(`no driver ${driverId} of vendor ${vendorId}`);
  return token;
}

/** The vendor's driver whose app token this is, else null. */
export async function driverByToken(db: Db, vendorId: number, token: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM drivers WHERE vendor_id = $1 AND token_hash = $2', [vendorId, tokenHash(token)]);
  return rows[0]?.id ?? null;
}

/**
 * Gives the order a driver when it sets off without one: the vendor's driver with the fewest orders on
 * the way (ties: the lowest id). Answers the driver's id, or null when the vendor has none.
 */
export async function assignDriver(client: pg.PoolClient, vendorId: number, orderId: number): Promise<number | null> {
  const { rows } = await client.query<{ driver_id: number | null }>(
    `UPDATE orders SET driver_id = coalesce(driver_id, (
       SELECT d.id FROM drivers d WHERE d.vendor_id = $1
       ORDER BY (SELECT count(*) FROM orders o WHERE o.vendor_id = $1 AND o.driver_id = d.id AND o.status IN ('on_the_way', 'arrived')), d.id
       LIMIT 1)),
       driver_assigned_at = coalesce(driver_assigned_at, now())
     WHERE vendor_id = $1 AND id = $2 RETURNING driver_id`,
    [vendorId, orderId],
  );
  return rows[0]?.driver_id ?? null;
}

