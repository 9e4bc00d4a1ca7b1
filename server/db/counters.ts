import type { Db } from './pool.ts';

/** A key's count in its current window, and the time until that window ends. */
export interface Hit {
  hits: number;
  resetInMs: number;
}

/** Expired rows are removed every this many hits (per process), so the table holds live windows only. */
const PURGE_EVERY = 500;
let hitsSincePurge = 0;

/**
 * Counts one hit on `key` and answers the count so far in its window (a window of `windowMs`
 * starts at the first hit after the previous one ended). One upsert, so concurrent hits from
 * any number of server processes are each counted once: no two callers see the same count.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Hit> {
  if (++hitsSincePurge >= PURGE_EVERY) {
    hitsSincePurge = 0;
    await purgeEndedWindows(db);
  }
  const { rows } = await db.query<{ hits: number; reset_in_ms: number }>(
    `INSERT INTO hit_counters AS c (key, hits, window_ends_at)
     VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE least(c.hits, 1000000000) + 1 END,
       window_ends_at = CASE WHEN c.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
     RETURNING hits, greatest(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::bigint AS reset_in_ms`,
    [key, windowMs],
  );
  const row = rows[0];
  if (!row) throw new Error(`hit counter ${key} not counted`);
  return { hits: row.hits, resetInMs: Number(row.reset_in_ms) };
}

/** Deletes the counts whose window has ended (a new hit on their key starts afresh anyway); answers how many. */
export async function purgeEndedWindows(db: Db): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM hit_counters WHERE window_ends_at < now()');
  return rowCount ?? 0;
}

/** Forgets the key's count (a new window starts with the next hit). */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM hit_counters WHERE key = $1', [key]);
}
