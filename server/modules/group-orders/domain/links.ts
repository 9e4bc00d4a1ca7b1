import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { GROUP_CODE_ALPHABET, GROUP_CODE_LENGTH } from '../../../../contract/rules/group-orders.ts';

/**
 * A group's link token, `<group id>.<expiry in seconds>.<signature>`: HMAC-SHA256 of the vendor, the
 * group and the expiry (the group's own expires_at), cut to 32 base64url characters, made and checked as
 * a tracking link's token is (under the same key, with its own prefix so neither passes for the other).
 */
const TOKEN = /^([1-9]\d{0,15})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{32})$/;

function tokenMac(secret: string, vendorId: number, groupId: number, expires: number): string {
  return createHmac('sha256', secret).update(`group:${vendorId}:${groupId}:${expires}`).digest('base64url').slice(0, 32);
}

export function signGroupToken(secret: string, vendorId: number, groupId: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${groupId}.${expires}.${tokenMac(secret, vendorId, groupId, expires)}`;
}

/** Whether `text` has a token's shape (else it is taken for a short code). */
export function looksLikeToken(text: string): boolean {
  return TOKEN.test(text);
}

/** The group a token names, 'expired' past its time, 'invalid' for anything not signed by us for this vendor. */
export function readGroupToken(secret: string, vendorId: number, token: string, now: Date): { groupId: number } | 'expired' | 'invalid' {
  const match = TOKEN.exec(token);
  if (!match) return 'invalid';
  const groupId = Number(match[1]);
  const expires = Number(match[2]);
  const given = Buffer.from(match[3]!);
  const expected = Buffer.from(tokenMac(secret, vendorId, groupId, expires));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 <= now.getTime() ? 'expired' : { groupId };
}

/** A new short code (GROUP_CODE_LENGTH letters of GROUP_CODE_ALPHABET). */
export function newGroupCode(): string {
  let code = '';
  for (let i = 0; i < GROUP_CODE_LENGTH; i++) code += GROUP_CODE_ALPHABET[randomInt(GROUP_CODE_ALPHABET.length)];
  return code;
}

/** A guest's key (32 random bytes, base64url); only its hash is stored. */
export function newMemberKey(): string {
  return randomBytes(32).toString('base64url');
}

export function memberKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
