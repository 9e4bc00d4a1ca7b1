import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * The push service's side of VAPID (RFC 8292): the `Authorization: vapid t=<JWT>, k=<public key>` header of
 * a push message, checked as a push service checks it: the JWT signed with ES256 by the key `k`, for the
 * push service's origin (`aud`), not expired and expiring at most 24 hours ahead, with a contact (`sub`).
 */

/** The longest a VAPID JWT may be valid for, ahead of now (RFC 8292, section 2). */
export const VAPID_MAX_AHEAD_SECONDS = 24 * 60 * 60;

export type VapidCheck =
  | { ok: true; publicKey: string; subject: string; expires: number }
  | { ok: false; reason: string };

function base64urlJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
  } catch {
    return undefined;
  }
}

/** The P-256 public key of a base64url uncompressed point (65 bytes), or undefined. */
export function p256PublicKey(base64url: string): KeyObject | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(base64url)) return undefined;
  const point = Buffer.from(base64url, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return undefined;
  try {
    return createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return undefined;
  }
}

/** The `t` and `k` parameters of `vapid t=…, k=…` (in either order), or undefined for another scheme. */
function vapidParams(header: string): { t: string; k: string } | undefined {
  const match = /^vapid\s+(.+)$/i.exec(header.trim());
  if (!match) return undefined;
  const params = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const t = params.get('t');
  const k = params.get('k');
  return t && k ? { t, k } : undefined;
}

/** Checks a push message's Authorization header for the push service at `audience` (its origin), at `nowSeconds`. */
export function checkVapid(header: string | undefined, audience: string, nowSeconds = Math.floor(Date.now() / 1000)): VapidCheck {
  if (!header) return { ok: false, reason: 'no Authorization header' };
  const params = vapidParams(header);
  if (!params) return { ok: false, reason: 'Authorization is not "vapid t=<JWT>, k=<key>"' };
  const key = p256PublicKey(params.k);
  if (!key) return { ok: false, reason: 'k is not a P-256 public key in base64url' };
  const parts = params.t.split('.');
  if (parts.length !== 3) return { ok: false, reason: 't is not a JWT' };
  const [head = '', body = '', signature = ''] = parts;
  const jwtHeader = base64urlJson(head);
  const claims = base64urlJson(body);
  if (!jwtHeader || !claims) return { ok: false, reason: 't is not a JWT' };
  if (jwtHeader.alg !== 'ES256') return { ok: false, reason: 'the JWT is not signed with ES256' };
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return { ok: false, reason: 'the JWT is not signed by the key k' };
  if (claims.aud !== audience) return { ok: false, reason: `aud is ${JSON.stringify(claims.aud)}, not the push service's origin ${audience}` };
  const exp = claims.exp;
  if (typeof exp !== 'number' || !Number.isInteger(exp)) return { ok: false, reason: 'exp is missing' };
  if (exp <= nowSeconds) return { ok: false, reason: 'the JWT has expired' };
  if (exp > nowSeconds + VAPID_MAX_AHEAD_SECONDS) return { ok: false, reason: 'exp is more than 24 hours ahead' };
  const sub = claims.sub;
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) return { ok: false, reason: 'sub is not a mailto: or https: contact' };
  return { ok: true, publicKey: params.k, subject: sub, expires: exp };
}
