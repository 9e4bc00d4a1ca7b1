import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** An HMAC of `data` as hex (or base64), for the providers that sign with one. */
export function hmac(algorithm: 'sha256' | 'sha512' | 'sha1', key: string | Buffer, data: string | Buffer, encoding: 'hex' | 'base64' = 'hex'): string {
  return createHmac(algorithm, key).update(data).digest(encoding);
}

/** A plain digest as hex, for the providers that hash a string with the secret in it. */
export function digest(algorithm: 'sha256' | 'sha512' | 'md5', data: string): string {
  return createHash(algorithm).update(data).digest('hex');
}

/** Whether two signatures are the same, in constant time (false for a missing or differently long one). */
export function sameSignature(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** One header's value (the first, where it came several times). */
export function header(headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The notify URL given to a provider that does not sign its notifications: our own signature of the
 * payment's session id with the account's webhook secret in its query (`session`, `sig`), which the
 * provider sends back with each notification.
 */
export function signedNotifyUrl(notify: string, secret: string, sessionId: string): string {
  const url = new URL(notify);
  url.searchParams.set('session', sessionId);
  url.searchParams.set('sig', hmac('sha256', secret, `notify:${sessionId}`));
  return url.toString();
}

/** The session id a notification's query names, when our signature over it checks out (else undefined: forged). */
export function notifiedSession(query: Readonly<Record<string, string>>, secret: string): string | undefined {
  const session = query.session;
  if (!session || !secret) return undefined;
  return sameSignature(query.sig, hmac('sha256', secret, `notify:${session}`)) ? session : undefined;
}
