import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A signed name for one row of a vendor, working until it expires: `<id>.<expiry in seconds>.<signature>`,
 * the signature HMAC-SHA256 of the purpose, the vendor, the id and the expiry, cut to 32 base64url
 * characters. The purpose (a tracking link, a group's link) is signed in, so a token of one never passes
 * for another's under the same key.
 */
const SIGNED_ID = /^([1-9]\d{0,15})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{32})$/;

function mac(secret: string, purpose: string, vendorId: number, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`${purpose}:${vendorId}:${id}:${expires}`).digest('base64url').slice(0, 32);
}

/** The token naming `id` for `purpose` until `expires` (seconds since the epoch). */
export function signId(secret: string, purpose: string, vendorId: number, id: number, expires: number): string {
  return `${id}.${expires}.${mac(secret, purpose, vendorId, id, expires)}`;
}

/** Whether `text` has a signed id's shape. */
export const looksSigned = (text: string): boolean => SIGNED_ID.test(text);

/** The id a token names, 'expired' past its time, 'invalid' for anything not signed by us for this purpose and vendor. */
export function readSignedId(secret: string, purpose: string, vendorId: number, token: string, now: Date): { id: number } | 'expired' | 'invalid' {
  const match = SIGNED_ID.exec(token);
  if (!match) return 'invalid';
  const id = Number(match[1]);
  const expires = Number(match[2]);
  const given = Buffer.from(match[3]!);
  const expected = Buffer.from(mac(secret, purpose, vendorId, id, expires));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 <= now.getTime() ? 'expired' : { id };
}
