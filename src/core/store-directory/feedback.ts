import { FEEDBACK_COMMENT_MAX, FEEDBACK_CONTACT_MAX, FEEDBACK_NAME_MAX } from '../../../contract/feedback-limits.ts';
import { callApi } from '../api/client.ts';

export { FEEDBACK_COMMENT_MAX, FEEDBACK_CONTACT_MAX, FEEDBACK_NAME_MAX };

export interface FeedbackDraft {
  /** 1 to 5; null until the customer picks one. */
  rating: number | null;
  comment: string;
  name: string;
  contact: string;
}

export type FeedbackOutcome = 'sent' | 'store-not-found';

/** The draft is ready to send once a rating is chosen (every text is optional). */
export function feedbackReady(draft: FeedbackDraft): draft is FeedbackDraft & { rating: number } {
  return draft.rating !== null && Number.isInteger(draft.rating) && draft.rating >= 1 && draft.rating <= 5;
}

/**
 * Sends the feedback for a store (store_feedback): texts trimmed and cut to the contract's limits,
 * empty ones left out. Rejects with ApiError on an HTTP failure (shown by the client already).
 */
export async function sendStoreFeedback(restaurantId: number, draft: FeedbackDraft & { rating: number }): Promise<FeedbackOutcome> {
  const text = (value: string, max: number) => value.trim().slice(0, max);
  const comment = text(draft.comment, FEEDBACK_COMMENT_MAX);
  const name = text(draft.name, FEEDBACK_NAME_MAX);
  const contact = text(draft.contact, FEEDBACK_CONTACT_MAX);
  const answer = await callApi('store_feedback', {
    restaurant_id: restaurantId,
    rating: draft.rating,
    ...(comment ? { comment } : {}),
    ...(name ? { name } : {}),
    ...(contact ? { contact } : {}),
  });
  return answer.code === 200 ? 'sent' : 'store-not-found';
}
