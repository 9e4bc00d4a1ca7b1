/**
 * Store feedback from the open route feedback/{restaurantid}: a rating and a few words for one
 * store, from a guest or a signed-in customer.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_CONTACT_MAX, FEEDBACK_NAME_MAX } from '../feedback-limits.ts';
import { BaseFields, post, RowId, Text, Whole, type Envelope } from './common.ts';

export const StoreFeedbackRequest = Type.Object({
  ...BaseFields,
  restaurant_id: RowId,
  /** 1 (poor) to 5 (excellent). */
  rating: Whole(1, 5),
  comment: Type.Optional(Text({ maxLength: FEEDBACK_COMMENT_MAX, multiline: true })),
  /** A guest's name and a way to reach them (phone or email), both optional. */
  name: Type.Optional(Text({ maxLength: FEEDBACK_NAME_MAX })),
  contact: Type.Optional(Text({ maxLength: FEEDBACK_CONTACT_MAX })),
});
export type StoreFeedbackRequest = Static<typeof StoreFeedbackRequest>;

export const feedbackCalls = {
  /** code 200 'Thank you for your feedback'; code 101 'Store not found' for an unknown or inactive store; 429 past the limit per network. */
  store_feedback: post(StoreFeedbackRequest).answers<Envelope<{ feedback_id: number }>>(),
} as const;
