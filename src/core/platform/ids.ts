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
