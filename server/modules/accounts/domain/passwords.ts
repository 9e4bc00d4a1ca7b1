import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { clearHits, countHit } from '../../../db/counters.ts';
import type { Db } from '../../../db/pool.ts';
import type { OtpLimits } from './otp.ts';
import type { Vendor } from '../../vendors/index.ts';

// scrypt's cost: N = 2^14, r = 8, p = 1 (16 MiB, tens of ms) with a 64-byte key and a 16-byte salt per password.
const COST = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$key` (salt and key in base64): the stored form of a password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

// Checked against when the customer has no password, so an unknown number takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/** Whether `password` is the one `stored` was made from (constant time); a missing or malformed hash never matches. */
export async function checkPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? (await (dummyHash ??= hashPassword(randomBytes(12).toString('hex'))))).split('$');
  const [scheme, n, r, p, salt, key] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: COST.maxmem };
  if (expected.length !== KEY_LENGTH || ![options.N, options.r, options.p].every(Number.isSafeInteger)) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64'), options);
  return timingSafeEqual(actual, expected) && stored !== undefined && stored !== null;
}

/** Whether the vendor offers passwords (its settings' password_login is 'Yes'); otherwise customers sign in by code only. */
export function passwordsEnabled(vendor: Vendor): boolean {
  return vendor.settings.password_login === 'Yes';
}

export interface PasswordUser {
  id: number;
  password_hash: string | null;
}

export async function findPasswordUser(db: Db, vendorId: number, countryCode: string, mobile: string): Promise<PasswordUser | undefined> {
  const { rows } = await db.query<PasswordUser>(
    `SELECT id, password_hash FROM users
     WHERE vendor_id = $1 AND country_code = $2 AND mobile_number = $3 AND deleted_at IS NULL AND is_active`,
    [vendorId, countryCode, mobile],
  );
  return rows[0];
}

export async function passwordHashOf(db: Db, vendorId: number, userId: number): Promise<string | null | undefined> {
  const { rows } = await db.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE vendor_id = $1 AND id = $2 AND deleted_at IS NULL',
    [vendorId, userId],
  );
  return rows[0]?.password_hash;
}

/** Stores the new password's hash. */
export async function setPassword(db: Db, vendorId: number, userId: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db.query(
    'UPDATE users SET password_hash = $3, password_changed_at = now(), updated_at = now() WHERE vendor_id = $1 AND id = $2',
    [vendorId, userId, hash],
  );
}

/** Revokes every live session of the customer except `keepSessionId` (none kept when undefined). */
export async function revokeOtherSessions(db: Db, vendorId: number, userId: number, keepSessionId?: number): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now()
     WHERE vendor_id = $1 AND user_id = $2 AND revoked_at IS NULL AND ($3::bigint IS NULL OR id <> $3::bigint)`,
    [vendorId, userId, keepSessionId ?? null],
  );
}

export type PasswordCheck = { outcome: 'right' } | { outcome: 'wrong' } | { outcome: 'locked'; retryInMs: number };

/**
 * Checks a password with the same limit as one-time codes: every try counts against `key` (a
 * number, or a customer) first, so past `attemptsPerNumber` tries in the window even the right
 * password is refused until the window ends; the right one clears the count.
 */
export async function checkPasswordLimited(
  db: Db,
  key: string,
  password: string,
  stored: string | null | undefined,
  limits: OtpLimits,
): Promise<PasswordCheck> {
  const attemptsKey = `password-attempts:${key}`;
  const tried = await countHit(db, attemptsKey, limits.windowMinutes * 60_000);
  if (tried.hits > limits.attemptsPerNumber) return { outcome: 'locked', retryInMs: tried.resetInMs };
  if (!(await checkPassword(password, stored))) return { outcome: 'wrong' };
  await clearHits(db, attemptsKey);
  return { outcome: 'right' };
}
