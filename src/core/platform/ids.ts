export { decodeId, encodeId, parseOrderId } from '../../../contract/rules/ids.ts';

/** A fresh random key for one attempt (an order, a subscription): a retry or a double press sends the same one. */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
