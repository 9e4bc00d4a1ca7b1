import type { UserDetails } from '../../../../contract/api/account.ts';
import type { Db } from '../../../db/pool.ts';
import { toMajor, type Vendor } from '../../vendors/index.ts';

export interface UserRow {
  id: number;
  user_name: string;
  mobile_number: string;
  country_code: string;
  email: string;
  wallet_balance_minor: number;
  created_at: Date;
}

// A customer signed in by Google or Facebook may have no number yet (NULL): '' to the rest of the server.
const COLUMNS = "id, user_name, COALESCE(mobile_number, '') AS mobile_number, country_code, email, wallet_balance_minor, created_at";

export async function findUserByMobile(
  db: Db,
  vendorId: number,
  countryCode: string,
  mobile: string,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users
     WHERE vendor_id = $1 AND country_code = $2 AND mobile_number = $3 AND deleted_at IS NULL`,
    [vendorId, countryCode, mobile],
  );
  return rows[0];
}

export async function findUserById(db: Db, vendorId: number, userId: number): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE vendor_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [vendorId, userId],
  );
  return rows[0];
}

/** Inserts the customer; undefined when the number is already registered with this vendor. */
export async function createUser(
  db: Db,
  vendorId: number,
  input: { countryCode: string; mobile: string; userName: string; email: string },
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (vendor_id, country_code, mobile_number, user_name, email)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (vendor_id, country_code, mobile_number) DO NOTHING
     RETURNING ${COLUMNS}`,
    [vendorId, input.countryCode, input.mobile, input.userName, input.email],
  );
  return rows[0];
}

/** How long a registration waits for its number to be verified (resends keep it). */
export const PENDING_REGISTRATION_MINUTES = 60;

/**
 * Keeps a registration until its number is verified (verify_otp then calls completeRegistration);
 * a later registration of the same number replaces the details. No customer exists before that.
 */
export async function savePendingRegistration(
  db: Db,
  vendorId: number,
  input: { countryCode: string; mobile: string; userName: string; email: string },
): Promise<void> {
  await db.query('DELETE FROM pending_registrations WHERE expires_at < now()');
  await db.query(
    `INSERT INTO pending_registrations (vendor_id, country_code, mobile_number, user_name, email, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))
     ON CONFLICT (vendor_id, country_code, mobile_number) DO UPDATE
       SET user_name = EXCLUDED.user_name, email = EXCLUDED.email, expires_at = EXCLUDED.expires_at, created_at = now()`,
    [vendorId, input.countryCode, input.mobile, input.userName, input.email, PENDING_REGISTRATION_MINUTES],
  );
}

export async function hasPendingRegistration(db: Db, vendorId: number, countryCode: string, mobile: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM pending_registrations
     WHERE vendor_id = $1 AND country_code = $2 AND mobile_number = $3 AND expires_at > now()`,
    [vendorId, countryCode, mobile],
  );
  return rowCount === 1;
}

/**
 * The number is verified: the customer its pending registration describes is created (or, when a
 * concurrent verification won, found). Undefined when the number has no live pending registration.
 */
export async function completeRegistration(db: Db, vendorId: number, countryCode: string, mobile: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<{ user_name: string; email: string }>(
    `DELETE FROM pending_registrations
     WHERE vendor_id = $1 AND country_code = $2 AND mobile_number = $3 AND expires_at > now()
     RETURNING user_name, email`,
    [vendorId, countryCode, mobile],
  );
  const pending = rows[0];
  if (!pending) return undefined;
  const created = await createUser(db, vendorId, { countryCode, mobile, userName: pending.user_name, email: pending.email });
  return created ?? findUserByMobile(db, vendorId, countryCode, mobile);
}

export async function markMobileVerified(db: Db, vendorId: number, userId: number): Promise<void> {
  await db.query(
    'UPDATE users SET mobile_verified_at = coalesce(mobile_verified_at, now()) WHERE vendor_id = $1 AND id = $2',
    [vendorId, userId],
  );
}

export function toUserDetails(vendor: Vendor, user: UserRow): UserDetails {
  return {
    user_id: user.id,
    user_name: user.user_name,
    mobile_number: user.mobile_number,
    country_code: user.country_code,
    email: user.email,
    wallet_amount: toMajor(vendor, user.wallet_balance_minor),
    created_at: user.created_at.toISOString(),
  };
}
