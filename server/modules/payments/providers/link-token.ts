import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token that binds a link to a hosted payment page to the customer it was made for:
 * `<expiry in unix seconds>.<HMAC-SHA256 over session id, customer id and expiry>`. The customer
 * id is not in the token; the page takes it from the payment's order, so a token made for one
 * customer or session opens no other, and a changed expiry breaks the signature.
 */
export type LinkCheck = 'valid' | 'expired' | 'invalid';

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, sessionId: string, customerId: number, expires: number): Buffer {
  return createHmac('sha256', secret).update(`payment-link:v1\n${sessionId}\n${customerId}\n${expires}`).digest();
}

/** A token for `sessionId` and `customerId` that expires at `expiresAt`. */
export function signLink(secret: string, sessionId: string, customerId: number, expiresAt: Date): string {
  const expires = Math.ceil(expiresAt.getTime() / 1000);
  return `${expires}.${mac(secret, sessionId, customerId, expires).toString('base64url')}`;
}

/** Whether `token` was signed with `secret` for this session and customer, and is still within its time at `now`. */
export function checkLink(secret: string, token: string | undefined, sessionId: string, customerId: number, now: Date): LinkCheck {
  const parts = token ? TOKEN.exec(token) : null;
  if (!parts) return 'invalid';
  const expires = Number(parts[1]);
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  const expected = mac(secret, sessionId, customerId, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 > now.getTime() ? 'valid' : 'expired';
}
