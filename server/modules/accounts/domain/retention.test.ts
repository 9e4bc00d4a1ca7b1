import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countHit } from '../../../db/counters.ts';
import { createTestApp, HARBOR, type TestApp } from '../../../test/test-app.ts';
import { purgeSignInRecords } from './retention.ts';

// Second hardening pass, finding 7: one-time codes and rate counters were never purged.
describe('sign-in retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ signInRetentionMs: 0 });
  });
  afterAll(async () => t.close());

  it('deletes codes spent or lapsed over a day ago, registrations lapsed as long, and ended rate windows; keeps what can still serve', async () => {
    const db = t.database.db;
    const vendor = (await db.query<{ vendor_id: number }>('SELECT vendor_id FROM vendor_hosts WHERE host = $1', [HARBOR])).rows[0]!.vendor_id;
    const code = (mobile: string, expires: string, consumed: string | null) => db.query(
      `INSERT INTO otp_codes (vendor_id, country_code, mobile_number, purpose, code_hash, expires_at, consumed_at)
       VALUES ($1, '1', $2, 'login', 'x', now() + $3::interval, now() + $4::interval)`,
      [vendor, mobile, expires, consumed],
    );
    await code('4155559001', '-2 days', null); // lapsed two days ago: goes
    await code('4155559002', '-2 hours', null); // lapsed today: stays for the day
    await code('4155559003', '5 minutes', '-30 hours'); // spent yesterday (its expiry not reached, as a test clock may leave it): goes
    await code('4155559004', '5 minutes', null); // live: stays
    const registration = (mobile: string, expires: string) => db.query(
      `INSERT INTO pending_registrations (vendor_id, country_code, mobile_number, user_name, email, expires_at) VALUES ($1, '1', $2, 'Jo', '', now() + $3::interval)`,
      [vendor, mobile, expires],
    );
    await registration('4155559005', '-3 days');
    await registration('4155559006', '10 minutes');
    await countHit(db, 'retention-test:live', 60_000);
    await countHit(db, 'retention-test:ended', 60_000);
    await db.query(`UPDATE hit_counters SET window_ends_at = now() - interval '1 second' WHERE key = 'retention-test:ended'`);

    expect(await purgeSignInRecords(db)).toEqual({ codes: 2, registrations: 1, rateWindows: 1 });
    const left = async (sql: string) => (await db.query<{ k: string }>(sql)).rows.map((row) => row.k);
    expect(await left(`SELECT mobile_number AS k FROM otp_codes WHERE mobile_number LIKE '41555590%' ORDER BY 1`)).toEqual(['4155559002', '4155559004']);
    expect(await left(`SELECT mobile_number AS k FROM pending_registrations WHERE mobile_number LIKE '41555590%'`)).toEqual(['4155559006']);
    expect(await left(`SELECT key AS k FROM hit_counters WHERE key LIKE 'retention-test:%'`)).toEqual(['retention-test:live']);
    expect(await purgeSignInRecords(db)).toEqual({ codes: 0, registrations: 0, rateWindows: 0 });
  });
});
