import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/pool.ts';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RATE_WINDOW_MINUTES = 15;
export const OTP_RATE_MAX = 3;

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

/** OTPs sent to this number in the rate window. */
export async function recentOtpCount(db: Db, phone: Phone): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM otp_codes
     WHERE vendor_id = $1 AND country_code = $2 AND mobile_number = $3
       AND created_at > now() - make_interval(mins => $4)`,
    [phone.vendorId, phone.countryCode, phone.mobile, OTP_RATE_WINDOW_MINUTES],
  );
  return rows[0]?.n ?? 0;
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

/** True when the code matches the live code of the number (hashed with `secret`); each miss spends one of its tries. */
export async function verifyOtp(db: Db, phone: Phone, code: string, secret: string): Promise<boolean> {
  const { rows } = await db.query<{ id: number; code_hash: string }>(
    `SELECT id, code_hash FROM otp_codes
     WHERE vendor_id = $1 AND country_code = $2 AND mobile_number = $3
       AND consumed_at IS NULL AND expires_at > now() AND attempts < $4
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [phone.vendorId, phone.countryCode, phone.mobile, OTP_MAX_ATTEMPTS],
  );
  const live = rows[0];
  if (!live) return false;
  const expected = Buffer.from(live.code_hash, 'hex');
  const given = Buffer.from(hashCode(secret, phone, code), 'hex');
  if (timingSafeEqual(expected, given)) {
    // Conditional update so two concurrent verifications cannot both consume the code.
    const consumed = await db.query(
      `UPDATE otp_codes SET consumed_at = now()
       WHERE id = $1 AND vendor_id = $2 AND consumed_at IS NULL AND expires_at > now() AND attempts < $3`,
      [live.id, phone.vendorId, OTP_MAX_ATTEMPTS],
    );
    return consumed.rowCount === 1;
  }
  await db.query('UPDATE otp_codes SET attempts = attempts + 1 WHERE id = $1 AND vendor_id = $2', [
    live.id,
    phone.vendorId,
  ]);
  return false;
}

/** Dev-only record of issued plaintext codes, in memory (never in the db). */
export interface DevOtpEntry {
  mobile: string;
  country_code: string;
  host: string;
  vendor_id: number;
  otp: string;
  at: Date;
}

export class DevOtpLog {
  private entries: DevOtpEntry[] = [];
  constructor(private readonly limit = 200) {}

  add(entry: DevOtpEntry): void {
    this.entries.unshift(entry);
    if (this.entries.length > this.limit) this.entries.length = this.limit;
  }

  /** Newest first. */
  list(): readonly DevOtpEntry[] {
    return this.entries;
  }

  latest(mobile: string, host?: string): DevOtpEntry | undefined {
    return this.entries.find((e) => e.mobile === mobile && (!host || e.host === host));
  }
}
