import { t } from '@lingui/core/macro';
import { ORDER_CODES } from '../../../contract/constants.ts';
import { callApi, ApiError } from '../api/client.ts';
import { MESSAGES, say } from '../i18n/messages.ts';

/** The server keeps reviews up to this many characters (order_ratings.review). */
export const REVIEW_MAX_LENGTH = 1000;

export type RatingState =
  | { status: 'loading' }
  | { status: 'unrated' }
  | { status: 'rated'; rating: number; review: string; justNow: boolean }
  | { status: 'failed' };

/** check_rating: whether the order is rated, and how. */
export async function checkRating(orderId: number): Promise<RatingState> {
  try {
    const response = await callApi('check_rating', { order_id: orderId });
    if (response.code !== 200 || !response.Result) return { status: 'failed' };
    const result = response.Result;
    return result.rated === 1 ? { status: 'rated', rating: result.rating, review: result.review, justNow: false } : { status: 'unrated' };
  } catch {
    return { status: 'failed' };
  }
}

/** 1 to 5 whole stars, a review within the limit; the message to show, or null when valid. */
export function validateRating(rating: number, review: string): string | null {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return t`Choose from 1 to 5 stars.`;
  if (review.trim().length > REVIEW_MAX_LENGTH) return t`Keep the review under ${REVIEW_MAX_LENGTH} characters.`;
  return null;
}

export type SubmitOutcome = { ok: true; state: RatingState } | { ok: false; message: string; state?: RatingState };

/** add_rating, once, for a delivered order. A refusal because it is rated already shows the rating read-only. */
export async function submitRating(orderId: number, rating: number, review: string): Promise<SubmitOutcome> {
  const invalid = validateRating(rating, review);
  if (invalid) return { ok: false, message: invalid };
  const text = review.trim();
  try {
    const response = await callApi('add_rating', { order_id: orderId, rating, review: text });
    if (response.code === 200) {
      return { ok: true, state: { status: 'rated', rating: response.Result?.rating ?? rating, review: response.Result?.review ?? text, justNow: true } };
    }
    const now = await checkRating(orderId);
    if (now.status === 'rated') return { ok: false, message: t`This order is rated already.`, state: now };
    if (response.code === ORDER_CODES.notAllowed) return { ok: false, message: t`You can rate this order once it is delivered.` };
    return { ok: false, message: response.msg ?? say(MESSAGES.somethingWentWrongTryAgain) };
  } catch (error) {
    return { ok: false, message: error instanceof ApiError ? error.message : say(MESSAGES.somethingWentWrongTryAgain) };
  }
}
