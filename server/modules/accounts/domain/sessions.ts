import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../db/pool.ts';
import { preparedStatement } from '../../../db/prepared.ts';

export const SESSION_TTL_DAYS = 30;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session and returns the bearer token (only its hash is stored). */
export async function createSession(db: Db, vendorId: number, userId: number, userAgent = ''): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (vendor_id, user_id, token_hash, expires_at, user_agent)
     VALUES ($1, $2, $3, now() + make_interval(days => $4), $5)`,
    [vendorId, userId, hashToken(token), SESSION_TTL_DAYS, userAgent.slice(0, 300)],
  );
  return token;
}

export interface SessionRow {
  session_id: number;
  user_id: number;
}

/** The live session of this vendor for the token, if any. */
const FIND_SESSION = preparedStatement('find-session', `SELECT s.id AS session_id, s.user_id FROM sessions s
  JOIN users u ON u.vendor_id = s.vendor_id AND u.id = s.user_id
  WHERE s.vendor_id = $1 AND s.token_hash = $2 AND s.revoked_at IS NULL AND s.expires_at > now()
    AND u.is_active AND u.deleted_at IS NULL`);

export async function findSession(db: Db, vendorId: number, token: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(FIND_SESSION([vendorId, hashToken(token)]));
  return rows[0];
}

export async function revokeSession(db: Db, vendorId: number, sessionId: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND vendor_id = $2 AND revoked_at IS NULL', [
    sessionId,
    vendorId,
  ]);
}
