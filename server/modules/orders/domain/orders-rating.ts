import type { RatingResult } from '../../../../contract/api/orders.ts';
import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';
import type { Owner } from './orders.ts';

export const MAX_REVIEW_LENGTH = 1000;

export type AddRatingOutcome = 'rated' | 'not_found' | 'not_delivered' | 'already_rated';

/**
 * Rates a delivered order once and refreshes the store's rating (the average of its order
 * ratings) and rating_count. The store row is locked first, so concurrent ratings of one store
 * each see the others' rows when they recount.
 */
export async function addRating(db: Db, owner: Owner, orderId: number, rating: number, review: string): Promise<AddRatingOutcome> {
  return inTransaction(db, async (c) => {
    const { rows } = await c.query<{ status: string; restaurant_id: number }>(
      'SELECT status, restaurant_id FROM orders WHERE vendor_id = $1 AND user_id = $2 AND id = $3',
      [owner.vendorId, owner.userId, orderId],
    );
    const order = rows[0];
    if (!order) return 'not_found';
    if (order.status !== 'delivered') return 'not_delivered';
    await c.query('SELECT id FROM restaurants WHERE vendor_id = $1 AND id = $2 FOR UPDATE', [owner.vendorId, order.restaurant_id]);
    const inserted = await c.query(
      `INSERT INTO order_ratings (vendor_id, order_id, user_id, restaurant_id, rating, review)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (vendor_id, order_id) DO NOTHING RETURNING id`,
      [owner.vendorId, orderId, owner.userId, order.restaurant_id, rating, review],
    );
    if (!inserted.rows[0]) return 'already_rated';
    await c.query(
      `UPDATE restaurants r SET rating = s.average, rating_count = s.n, updated_at = now()
       FROM (SELECT round(avg(rating), 1) AS average, count(*)::int AS n FROM order_ratings
             WHERE vendor_id = $1 AND restaurant_id = $2) s
       WHERE r.vendor_id = $1 AND r.id = $2`,
      [owner.vendorId, order.restaurant_id],
    );
    return 'rated';
  });
}

/** check_rating; undefined when the order is not this customer's. */
export async function checkRating(db: Db, owner: Owner, orderId: number): Promise<RatingResult | undefined> {
  const { rows } = await db.query<{ rating: number | null; review: string | null }>(
    `SELECT rt.rating, rt.review FROM orders o
     LEFT JOIN order_ratings rt ON rt.vendor_id = o.vendor_id AND rt.order_id = o.id
     WHERE o.vendor_id = $1 AND o.user_id = $2 AND o.id = $3`,
    [owner.vendorId, owner.userId, orderId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { order_id: orderId, rated: row.rating ? 1 : 0, rating: row.rating ?? 0, review: row.review ?? '' };
}
