/**
 * The signed-in customer's own account (all bearer): editing the name and email, deleting the
 * account (docs/behaviour.md#deleting-an-account) and reporting a bug with screenshots.
 */
import { Type, type Static } from '@sinclair/typebox';
import { MAX_BUG_DESCRIPTION, MAX_ORDER_IMAGES } from '../constants.ts';
import type { UserDetailsAnswer } from './account.ts';
import { BaseFields, post, Text, type Envelope } from './common.ts';
import { IMAGE_REQUEST_LIMIT_BYTES } from './orders.ts';

/** The longest page address and browser name a bug report keeps (longer ones are cut). */
export const MAX_BUG_CONTEXT = 500;
/** A bug report with every screenshot at its largest fits in this many bytes. */
export const BUG_REPORT_REQUEST_LIMIT_BYTES = MAX_ORDER_IMAGES * IMAGE_REQUEST_LIMIT_BYTES + 64 * 1024;

/** update_profile: the name is required and the email must be valid (both trimmed). */
export const UpdateProfileRequest = Type.Object({
  ...BaseFields,
  user_name: Text({ minLength: 1, maxLength: 100, nonBlank: true }),
  email: Text({ minLength: 3, maxLength: 254, pattern: `^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$` }),
});
export type UpdateProfileRequest = Static<typeof UpdateProfileRequest>;

export const DeleteAccountRequest = Type.Object({ ...BaseFields });
export type DeleteAccountRequest = Static<typeof DeleteAccountRequest>;

/**
 * customer_report_bug: the description (line breaks allowed), screenshots as data URLs with the
 * checks of order images (png, jpeg, webp or gif, at most 2 MB each, at most MAX_ORDER_IMAGES),
 * and the page and browser it happened on.
 */
export const ReportBugRequest = Type.Object({
  ...BaseFields,
  description: Text({ minLength: 1, maxLength: MAX_BUG_DESCRIPTION, multiline: true, nonBlank: true }),
  images: Type.Optional(Type.Array(Text({ minLength: 1, maxLength: IMAGE_REQUEST_LIMIT_BYTES }), { maxItems: 20 })),
  page: Type.Optional(Text({ maxLength: 2000 })),
  user_agent: Type.Optional(Text({ maxLength: 2000 })),
});
export type ReportBugRequest = Static<typeof ReportBugRequest>;

export const profileCalls = {
  /** code 200 with the new user_details. */
  update_profile: post(UpdateProfileRequest).answers<UserDetailsAnswer>(),
  /** code 200: every session of the customer is revoked and the personal data erased; the token now gets 401. */
  delete_account: post(DeleteAccountRequest).answers<Envelope>(),
  /** code 200 with the report's id; more than MAX_ORDER_IMAGES images is ORDER_CODES.imageLimit 'You have reached max image upload limit'. */
  customer_report_bug: post(ReportBugRequest).answers<Envelope<{ report_id: number }>>(),
} as const;
