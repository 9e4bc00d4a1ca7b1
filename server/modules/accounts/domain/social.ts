import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';
import type { SocialIdentity } from './social-verify.ts';
import { findUserById, type UserRow } from './users.ts';
import type { Vendor } from '../../vendors/index.ts';

/** The vendor's social sign-in configuration; '' where not configured. */
export interface SocialConfig {
  googleClientId: string;
  facebookAppId: string;
  facebookAppSecret: string;
}

const NONE: SocialConfig = { googleClientId: '', facebookAppId: '', facebookAppSecret: '' };

export async function socialConfig(db: Db, vendorId: number): Promise<SocialConfig> {
  const { rows } = await db.query<{ google_client_id: string; facebook_app_id: string; facebook_app_secret: string }>(
    'SELECT google_client_id, facebook_app_id, facebook_app_secret FROM vendor_social_sign_in WHERE vendor_id = $1',
    [vendorId],
  );
  const row = rows[0];
  return row ? { googleClientId: row.google_client_id, facebookAppId: row.facebook_app_id, facebookAppSecret: row.facebook_app_secret } : NONE;
}

/**
 * The customer a verified identity signs in: the one linked to it, else a new customer (no mobile
 * number yet; name and email from the provider) linked to it now. No existing customer is linked
 * by email: only the provider's subject is trusted.
 */
export async function customerForIdentity(db: Db, vendor: Vendor, identity: SocialIdentity): Promise<UserRow | undefined> {
  const userId = await inTransaction(db, async (c) => {
    // Two first sign-ins of one identity at once create one customer: the second waits here.
    await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`social:${vendor.id}:${identity.provider}:${identity.subject}`]);
    const linked = await c.query<{ user_id: number }>(
      `SELECT s.user_id FROM social_identities s JOIN users u ON u.vendor_id = s.vendor_id AND u.id = s.user_id
       WHERE s.vendor_id = $1 AND s.provider = $2 AND s.subject = $3 AND u.deleted_at IS NULL`,
      [vendor.id, identity.provider, identity.subject],
    );
    if (linked.rows[0]) return Number(linked.rows[0].user_id);
    const created = await c.query<{ id: number }>(
      `INSERT INTO users (vendor_id, country_code, mobile_number, user_name, email)
       VALUES ($1, $2, NULL, $3, $4) RETURNING id`,
      [vendor.id, vendor.country_code, identity.name, identity.email.toLowerCase()],
    );
    const id = Number(created.rows[0]!.id);
    // A link left by a deleted customer moves to the new one.
    await c.query(
      `INSERT INTO social_identities (vendor_id, provider, subject, user_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (vendor_id, provider, subject) DO UPDATE SET user_id = EXCLUDED.user_id, created_at = now()`,
      [vendor.id, identity.provider, identity.subject, id],
    );
    return id;
  });
  return findUserById(db, vendor.id, userId);
}
