// Base64 as browsers and Node (from version 16) both provide it; contract/ is compiled without either's types.
declare function btoa(data: string): string;
declare function atob(data: string): string;

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

/** The `order-id` attribute or route parameter: a positive integer, else null. */
export function parseOrderId(value: string | number | undefined | null): number | null {
  const text = String(value ?? '').trim();
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}
