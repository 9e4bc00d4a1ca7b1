import type { Db } from '../../../db/pool.ts';

export interface NewStoreFeedback {
  vendorId: number;
  restaurantId: number;
  userId: number | null;
  rating: number;
  comment: string;
  name: string;
  contact: string;
}

/** Stores one feedback for an active store of the vendor; null when there is no such store. */
export async function addStoreFeedback(db: Db, feedback: NewStoreFeedback): Promise<number | null> {
  const { rows } = await db.query<{ id: string | number }>(
    `INSERT INTO store_feedback (vendor_id, restaurant_id, user_id, rating, comment, name, contact)
     SELECT r.vendor_id, r.id, $3, $4, $5, $6, $7 FROM restaurants r
     WHERE r.vendor_id = $1 AND r.id = $2 AND r.is_active
     RETURNING id`,
    [feedback.vendorId, feedback.restaurantId, feedback.userId, feedback.rating, feedback.comment, feedback.name, feedback.contact],
  );
  return rows[0] ? Number(rows[0].id) : null;
}
