import { sortedOptionIds, type LineChoice } from './cart-line.ts';

/**
 * What a checkout attempt orders. The server remembers it with the attempt's idempotency key
 * and refuses the same key with another order; the storefront compares it to tell whether an
 * unanswered attempt and the cart it now holds are the same order.
 */
export interface OrderAttempt {
  restaurant_id: number;
  order_mode: string;
  lines: ReadonlyArray<LineChoice & { quantity: number }>;
  coupon_code?: string | undefined;
  driver_tip?: number | undefined;
  shiping_id?: number | '' | undefined;
  schedule_at?: string | undefined;
  payment_method: string;
  /** Delivery by a partner (its quote may be renewed between tries: the partner, not the quote, is what was ordered). */
  delivery_partner?: string | undefined;
}

/**
 * Store, mode, lines (in any order), coupon (case and spaces ignored), tip, address, slot, payment and,
 * when there is one, the delivery partner, as one string (an order without a partner keeps the string
 * it had before partners existed, so keys stored then still match).
 */
export function orderFingerprint(attempt: OrderAttempt): string {
  const lines = attempt.lines.map((line) => `${line.item_id}:${line.quantity}:${sortedOptionIds(line).join('.')}`).sort();
  return JSON.stringify([
    attempt.restaurant_id,
    attempt.order_mode,
    lines.join(','),
    (attempt.coupon_code ?? '').trim().toUpperCase(),
    attempt.driver_tip ?? 0,
    attempt.shiping_id ?? '',
    (attempt.schedule_at ?? '').trim(),
    attempt.payment_method,
    ...(attempt.delivery_partner ? [attempt.delivery_partner] : []),
  ]);
}
