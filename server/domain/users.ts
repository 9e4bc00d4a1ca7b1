import type { UserDetails } from '../../contract/api/account.ts';
import type { Db } from '../db/pool.ts';
import { toMajor, type Vendor } from './vendors.ts';

interface UserRow {
  id: number;
  user_name: string;
  mobile_number: string;
  country_code: string;
  email: string;
  wallet_balance_minor: number;
  created_at: Date;
}

const COLUMNS = 'id, user_name, mobile_number, country_code, email, wallet_balance_minor, created_at';

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
