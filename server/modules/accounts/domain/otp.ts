import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { clearHits, countHit } from '../../../db/counters.ts';
import type { Db } from '../../../db/pool.ts';

export const OTP_TTL_MINUTES = 10;

export type OtpPurpose = 'login' | 'registration' | 'forgot_password';

export interface Phone {
  vendorId: number;
  countryCode: string;
  mobile: string;
}

// Keyed hash (the key is OTP_SECRET, see config.ts): a bare sha-256 of a 6-digit code would be trivially reversible from a db dump.
function hashCode(secret: string, phone: Phone, code: string): string {
  return createHmac('sha256', secret)
    .update(`${phone.vendorId}:${phone.countryCode}:${phone.mobile}:${code}`)
    .digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * How often the account calls may be used, each counted in windows of `windowMinutes`
 * in the database (so the limits hold across server processes). Settings: docs/server.md.
 */
export interface OtpLimits {
  /** check_mobile_number, login, registration and verify_otp calls per client address. */
  callsPerAddress: number;
  /** Codes asked for (login, registration) per number of a vendor. */
  sendsPerNumber: number;
  /** Codes tried (verify_otp) per number of a vendor, across resends; the right code clears the count. */
  attemptsPerNumber: number;
  windowMinutes: number;
}

export const DEFAULT_OTP_LIMITS: OtpLimits = { callsPerAddress: 60, sendsPerNumber: 3, attemptsPerNumber: 5, windowMinutes: 15 };

/** The number as one key: per vendor, with its country code. */
export function phoneKey(phone: Phone): string {
  return `${phone.vendorId}:${phone.countryCode}:${phone.mobile}`;
}

/** Stores a new code hashed with `secret` (older live codes of the number die) and returns the plaintext to send. */
export async function issueOtp(db: Db, phone: Phone, purpose: OtpPurpose, secret: string): Promise<string> {
  const code = generateCode();
  await db.query(
    `UPDATE otp_codes SET consumed_at = now()
     WHERE vendor_id = $1 AND country_code = $2 AND mobile_number = $3 AND consumed_at IS NULL`,
    [phone.vendorId, phone.countryCode, phone.mobile],
  );
  await db.query(
    `INSERT INTO otp_codes (vendor_id, country_code, mobile_number, purpose, code_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
    [phone.vendorId, phone.countryCode, phone.mobile, purpose, hashCode(secret, phone, code), OTP_TTL_MINUTES],
  );
  return code;
}

export type OtpCheck =
  | { outcome: 'verified' }
  | { outcome: 'wrong' }
  /** Too many tries for the number in this window: the code was not even looked at. */
  | { outcome: 'locked'; retryInMs: number };

/** The codes each use accepts: signing in takes a sign-in or registration code, a password reset only a reset code. */
export const OTP_USES = {
  signIn: ['login', 'registration'],
  passwordReset: ['forgot_password'],
} as const satisfies Record<string, readonly OtpPurpose[]>;

/**
 * Checks a code against the number's live code of the purposes `accepts` (a code sent to sign in
 * cannot reset the password, nor a reset code sign in). Every try counts against the number
 * first (atomically, whatever the code and whether the number has one), so parallel tries
 * cannot pass the limit; past it, even the right code is refused until the window ends.
 * The right code is spent at once and clears the number's count.
 */
export async function verifyOtp(
  db: Db, phone: Phone, code: string, limits: OtpLimits, secret: string, accepts: readonly OtpPurpose[],
): Promise<OtpCheck> {
  const attemptsKey = `otp-attempts:${phoneKey(phone)}`;
  const tried = await countHit(db, attemptsKey, limits.windowMinutes * 60_000);
  if (tried.hits > limits.attemptsPerNumber) return { outcome: 'locked', retryInMs: tried.resetInMs };
  const { rows } = await db.query<{ id: number; code_hash: string }>(
    `SELECT id, code_hash FROM otp_codes
     WHERE vendor_id = $1 AND country_code = $2 AND mobile_number = $3
       AND purpose = ANY($4::text[]) AND consumed_at IS NULL AND expires_at > now()
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [phone.vendorId, phone.countryCode, phone.mobile, [...accepts]],
  );
  const live = rows[0];
  if (!live || !timingSafeEqual(Buffer.from(live.code_hash, 'hex'), Buffer.from(hashCode(secret, phone, code), 'hex'))) {
    return { outcome: 'wrong' };
  }
  // Conditional update so two concurrent verifications cannot both consume the code.
  const consumed = await db.query(
    'UPDATE otp_codes SET consumed_at = now() WHERE id = $1 AND vendor_id = $2 AND consumed_at IS NULL AND expires_at > now()',
    [live.id, phone.vendorId],
  );
  if (consumed.rowCount !== 1) return { outcome: 'wrong' };
  await clearHits(db, attemptsKey);
  return { outcome: 'verified' };
}
