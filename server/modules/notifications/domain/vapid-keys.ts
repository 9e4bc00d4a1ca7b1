import webpush from 'web-push';
import type { Db } from '../../../db/pool.ts';

/** A vendor's VAPID key pair (RFC 8292), base64url: the public key an uncompressed P-256 point, the private key its scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The vendor's VAPID key pair, made the first time it is asked for. Several server processes may ask at
 * once: each offers a new pair with INSERT … ON CONFLICT DO NOTHING, and all read the one row that won, so
 * the vendor has one key pair, which its customers' subscriptions are bound to.
 */
export async function vendorVapidKeys(db: Db, vendorId: number): Promise<VapidKeys> {
  const read = async () => {
    const { rows } = await db.query<{ public_key: string; private_key: string }>(
      'SELECT public_key, private_key FROM push_vapid_keys WHERE vendor_id = $1', [vendorId],
    );
    return rows[0] ? { publicKey: rows[0].public_key, privateKey: rows[0].private_key } : undefined;
  };
  const kept = await read();
  if (kept) return kept;
  const made = webpush.generateVAPIDKeys();
  await db.query(
    'INSERT INTO push_vapid_keys (vendor_id, public_key, private_key) VALUES ($1, $2, $3) ON CONFLICT (vendor_id) DO NOTHING',
    [vendorId, made.publicKey, made.privateKey],
  );
  const stored = await read();
  if (!stored) throw new Error(`no VAPID keys for vendor ${vendorId}`);
  return stored;
}
