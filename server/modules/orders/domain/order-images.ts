import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { MAX_ORDER_IMAGES, MAX_ORDER_IMAGE_BYTES } from '../../../../contract/constants.ts';
import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';

/** A pending image older than this no longer counts (the customer left that checkout) and is deleted. */
export const PENDING_IMAGE_HOURS = 24;

export const IMAGE_MSG = {
  limit: 'You have reached max image upload limit',
  notFound: 'Image not found',
  invalid: 'Please choose a PNG, JPEG, WebP or GIF image',
  tooLarge: 'The image must be 2 MB or smaller',
  uploaded: 'Image uploaded',
  removed: 'Image removed',
} as const;

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The real type of the bytes by their magic numbers, whatever the data URL claims. */
export function sniffImage(bytes: Buffer): ImageMime | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 6 && (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'image/gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

const DATA_URL = /^data:image\/(png|jpeg|jpg|webp|gif);base64,([A-Za-z0-9+/]*={0,2})$/;

export type DecodedImage = { ok: true; mime: ImageMime; bytes: Buffer } | { ok: false; error: string };

/** Checks a data URL: an image type, base64, real image bytes of that type, at most 2 MB decoded. */
export function decodeImage(dataUrl: string): DecodedImage {
  const match = DATA_URL.exec(dataUrl.replace(/\s+/g, ''));
  if (!match) return { ok: false, error: IMAGE_MSG.invalid };
  const base64 = match[2]!;
  // Decoded size from the base64 length, before decoding anything large.
  if (Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0) > MAX_ORDER_IMAGE_BYTES) {
    return { ok: false, error: IMAGE_MSG.tooLarge };
  }
  const bytes = Buffer.from(base64, 'base64');
  const mime = sniffImage(bytes);
  const claimed = match[1] === 'jpg' ? 'image/jpeg' : `image/${match[1]}`;
  if (!mime || mime !== claimed) return { ok: false, error: IMAGE_MSG.invalid };
  return { ok: true, mime, bytes };
}

export function imageUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/media/order-images/${token}`;
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** Stores a pending image; undefined when the customer already has MAX_ORDER_IMAGES pending. */
export async function savePendingImage(db: Db, vendorId: number, userId: number, image: { mime: ImageMime; bytes: Buffer }): Promise<string | undefined> {
  return inTransaction(db, async (c) => {
    // The user row lock serialises one customer's uploads, so concurrent ones cannot pass the limit together.
    await c.query('SELECT id FROM users WHERE vendor_id = $1 AND id = $2 FOR UPDATE', [vendorId, userId]);
    await c.query(
      `DELETE FROM order_images WHERE vendor_id = $1 AND user_id = $2 AND order_id IS NULL
       AND created_at < now() - make_interval(hours => $3)`,
      [vendorId, userId, PENDING_IMAGE_HOURS],
    );
    const { rows } = await c.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM order_images WHERE vendor_id = $1 AND user_id = $2 AND order_id IS NULL',
      [vendorId, userId],
    );
    if ((rows[0]?.n ?? 0) >= MAX_ORDER_IMAGES) return undefined;
    const token = randomBytes(24).toString('base64url');
    await c.query(
      'INSERT INTO order_images (vendor_id, user_id, token, mime_type, content) VALUES ($1, $2, $3, $4, $5)',
      [vendorId, userId, token, image.mime, image.bytes],
    );
    return token;
  });
}

/** Deletes the customer's own pending image; false when there is none with that token. */
export async function removePendingImage(db: Db, vendorId: number, userId: number, token: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM order_images WHERE vendor_id = $1 AND user_id = $2 AND token = $3 AND order_id IS NULL',
    [vendorId, userId, token],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * For place_order: binds the customer's pending images with these tokens to the order
 * (inside its transaction); unknown or foreign tokens are ignored. Returns how many were bound.
 */
export async function attachOrderImages(client: pg.PoolClient, vendorId: number, userId: number, orderId: number, tokens: string[]): Promise<number> {
  if (tokens.length === 0) return 0;
  const { rowCount } = await client.query(
    `UPDATE order_images SET order_id = $4 WHERE vendor_id = $1 AND user_id = $2 AND order_id IS NULL AND token = ANY($3::text[])`,
    [vendorId, userId, tokens.slice(0, MAX_ORDER_IMAGES), orderId],
  );
  return rowCount ?? 0;
}

/** The bytes behind a token (the token is the secret). */
export async function readImage(db: Db, token: string): Promise<{ mime: string; content: Buffer } | undefined> {
  const { rows } = await db.query<{ mime: string; content: Buffer }>(
    'SELECT mime_type AS mime, content FROM order_images WHERE token = $1',
    [token],
  );
  return rows[0];
}
