/** Store ids travel base64-encoded in routes and storage (restaurant/{restaurant_id}, localStorage restaurantId). */
export function encodeId(id: number | string): string {
  return btoa(String(id));
}

/** The decoded id, or null when the text is not a base64-encoded positive integer. */
export function decodeId(encoded: string): number | null {
  try {
    const text = atob(encoded);
    return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
  } catch {
    return null;
  }
}

/** A fresh random key for one attempt (an order, a subscription): a retry or a double press sends the same one. */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
