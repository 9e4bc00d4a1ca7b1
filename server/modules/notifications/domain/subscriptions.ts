import { ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import type { PushSubscribeRequest } from '../../../../contract/api/notifications.ts';
import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';
import { InputError } from '../../../errors.ts';

/**
 * A customer's browser subscriptions to Web Push (push_subscriptions): checked, saved, removed, and read
 * by the sender. Notifications go to a subscription only while the session that saved it is live.
 */

/** The most subscriptions one customer keeps (browsers, devices); saving another drops the oldest. */
export const MAX_SUBSCRIPTIONS_PER_CUSTOMER = 10;

/** The messages of a subscription the server cannot take. */
export const SUBSCRIPTION_MSG = {
  endpoint: 'endpoint must be the https address of the browser\'s push service',
  p256dh: 'p256dh must be the subscription\'s P-256 public key in base64url',
  auth: 'auth must be the subscription\'s 16-byte auth secret in base64url',
} as const;

/** The subscription as it is stored: the keys in base64url without padding. */
export interface CheckedSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A stored subscription, as the sender reads it. */
export interface StoredSubscription extends CheckedSubscription {
  id: number;
  lang: string;
}

/** Who saves a subscription: the signed-in customer and their session. */
export interface SubscribingCustomer {
  vendorId: number;
  userId: number;
  sessionId: number;
}

/** localhost, a name under .localhost, 127.x.x.x or ::1: the machine itself. */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/**
 * Whether notifications may be sent to `endpoint`: an https address of a named host (in production no
 * address by number nor a loopback name, which no push service has), or, outside production, an http
 * address on the machine itself (the local push double). Never credentials in it.
 */
export function isPushEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || !url.hostname) return false;
  const loopback = isLoopbackHostname(url.hostname);
  if (url.protocol === 'http:') return !production && loopback;
  if (url.protocol !== 'https:') return false;
  return !production || (!loopback && isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0);
}

/** Bytes of base64url text (padding allowed), or undefined for anything else. */
function base64urlBytes(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return undefined;
  return Buffer.from(text.replace(/=+$/, ''), 'base64url');
}

/** A point on P-256 in its uncompressed form (65 bytes, 0x04 first): what a browser's p256dh is. */
function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** The subscription of a push-subscribe, checked; an InputError names each field it cannot take. */
export function checkSubscription(body: Pick<PushSubscribeRequest, 'endpoint' | 'p256dh' | 'auth'>, production: boolean): CheckedSubscription {
  const errors: Record<string, string[]> = {};
  if (!isPushEndpoint(body.endpoint, production)) errors.endpoint = [SUBSCRIPTION_MSG.endpoint];
  const key = base64urlBytes(body.p256dh);
  if (!key || !isP256Point(key)) errors.p256dh = [SUBSCRIPTION_MSG.p256dh];
  const auth = base64urlBytes(body.auth);
  if (!auth || auth.length !== 16) errors.auth = [SUBSCRIPTION_MSG.auth];
  if (Object.keys(errors).length) throw new InputError(errors);
  return { endpoint: body.endpoint, p256dh: key!.toString('base64url'), auth: auth!.toString('base64url') };
}

/**
 * Saves the customer's subscription in `lang`. An endpoint saved before (by anyone at this vendor) is
 * moved to this customer, session and language; it counts as new (events before now are not sent to it)
 * unless the same customer saved the same keys. The customer's oldest subscriptions past
 * MAX_SUBSCRIPTIONS_PER_CUSTOMER go.
 */
export async function saveSubscription(db: Db, customer: SubscribingCustomer, subscription: CheckedSubscription, lang: string): Promise<void> {
  const { vendorId, userId, sessionId } = customer;
  await inTransaction(db, async (client) => {
    await client.query(
      `INSERT INTO push_subscriptions (vendor_id, user_id, session_id, endpoint, p256dh, auth, lang)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (vendor_id, endpoint) DO UPDATE SET
         created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id AND push_subscriptions.p256dh = EXCLUDED.p256dh
                           THEN push_subscriptions.created_at ELSE now() END,
         user_id = EXCLUDED.user_id, session_id = EXCLUDED.session_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, lang = EXCLUDED.lang`,
      [vendorId, userId, sessionId, subscription.endpoint, subscription.p256dh, subscription.auth, lang],
    );
    await client.query(
      `DELETE FROM push_subscriptions WHERE id IN (
         SELECT id FROM push_subscriptions WHERE vendor_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC OFFSET $3)`,
      [vendorId, userId, MAX_SUBSCRIPTIONS_PER_CUSTOMER],
    );
  });
}

/** Removes the customer's subscription of this endpoint (another customer's stays); answers whether there was one. */
export async function removeSubscription(db: Db, customer: { vendorId: number; userId: number }, endpoint: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM push_subscriptions WHERE vendor_id = $1 AND user_id = $2 AND endpoint = $3', [customer.vendorId, customer.userId, endpoint],
  );
  return (rowCount ?? 0) > 0;
}

/** The condition of a live subscription on `p` (push_subscriptions): its session not ended, its customer not deleted. */
const LIVE = `EXISTS (SELECT 1 FROM sessions s JOIN users u ON u.vendor_id = s.vendor_id AND u.id = s.user_id
  WHERE s.id = p.session_id AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active AND u.deleted_at IS NULL)`;

/** Whether the customer's notifications go to this endpoint (a live subscription of theirs). */
export async function isSubscribed(db: Db, customer: { vendorId: number; userId: number }, endpoint: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM push_subscriptions p WHERE p.vendor_id = $1 AND p.user_id = $2 AND p.endpoint = $3 AND ${LIVE}`,
    [customer.vendorId, customer.userId, endpoint],
  );
  return rows.length > 0;
}

/** The customer's live subscriptions saved no later than `at` (an event's time), oldest first. */
export async function subscriptionsFor(db: Db, vendorId: number, userId: number, at: Date): Promise<StoredSubscription[]> {
  const { rows } = await db.query<StoredSubscription>(
    `SELECT p.id, p.endpoint, p.p256dh, p.auth, p.lang FROM push_subscriptions p
     WHERE p.vendor_id = $1 AND p.user_id = $2 AND p.created_at <= $3 AND ${LIVE} ORDER BY p.id`,
    [vendorId, userId, at],
  );
  return rows;
}

/** The push service answered that the subscription is gone (404, 410): it is deleted. */
export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
}

/** A notification reached the push service. */
export async function markDelivered(db: Db, id: number): Promise<void> {
  await db.query('UPDATE push_subscriptions SET last_success_at = now() WHERE id = $1', [id]);
}

/** Deletes the subscriptions no notification goes to any more (their session ended, their customer deleted); answers how many. */
export async function pruneSubscriptions(db: Db): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM push_subscriptions p WHERE NOT ${LIVE}`);
  return rowCount ?? 0;
}
