import { createHash, randomBytes, randomInt } from 'node:crypto';
import { looksSigned, readSignedId, signId } from '../../../signed-ids.ts';
import { GROUP_CODE_ALPHABET, GROUP_CODE_LENGTH } from '../../../../contract/rules/group-orders.ts';

/**
 * A group's link token: a signed id (server/signed-ids.ts) of the group until its own expires_at, under the
 * tracking links' key with its own purpose, so neither passes for the other.
 */
export function signGroupToken(secret: string, vendorId: number, groupId: number, expiresAt: Date): string {
  return signId(secret, 'group', vendorId, groupId, Math.floor(expiresAt.getTime() / 1000));
}

/** Whether `text` has a token's shape (else it is taken for a short code). */
export const looksLikeToken = looksSigned;

/** The group a token names, 'expired' past its time, 'invalid' for anything not signed by us for this vendor. */
export function readGroupToken(secret: string, vendorId: number, token: string, now: Date): { groupId: number } | 'expired' | 'invalid' {
  const read = readSignedId(secret, 'group', vendorId, token, now);
  return typeof read === 'object' ? { groupId: read.id } : read;
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
