import { purgeEndedWindows } from '../../../db/counters.ts';
import type { Db } from '../../../db/pool.ts';

/** How long a one-time code or a waiting registration is kept once spent or lapsed (for a support question that day). */
export const SIGN_IN_RECORDS_KEPT_HOURS = 24;

/** What one pass deleted. */
export interface Purged {
  codes: number;
  registrations: number;
  rateWindows: number;
}

/**
 * Deletes what signing in leaves behind once it can serve no one: one-time codes spent or lapsed more
 * than SIGN_IN_RECORDS_KEPT_HOURS ago, registrations that lapsed as long ago, and rate-limit counts
 * whose window has ended (the limits count in those windows, so nothing a limit needs is lost).
 */
export async function purgeSignInRecords(db: Db): Promise<Purged> {
  const kept = `now() - make_interval(hours => ${SIGN_IN_RECORDS_KEPT_HOURS})`;
  const codes = await db.query(`DELETE FROM otp_codes WHERE expires_at < ${kept} OR consumed_at < ${kept}`);
  const registrations = await db.query(`DELETE FROM pending_registrations WHERE expires_at < ${kept}`);
  return { codes: codes.rowCount ?? 0, registrations: registrations.rowCount ?? 0, rateWindows: await purgeEndedWindows(db) };
}

/** Runs purgeSignInRecords every `everyMs`, the first pass one period after start (nothing added to start-up); answers the stop. */
export function startSignInRetention(db: Db, everyMs: number, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void purgeSignInRecords(db).catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
