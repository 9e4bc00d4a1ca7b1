import { msg } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';

/**
 * The storefront's fixed messages and screen labels (docs/behaviour.md#messages-and-errors) are Lingui
 * descriptors in tables by where they are shown, so a page carries only the tables its screens use:
 * here the few any page may show from its first paint (a failed call, the order modes), which the
 * runtime carries; the location's (core/location/location-messages.ts), the cart's, menu's and
 * checkout's (core/cart/order-messages.ts) and the screens' (screen-messages.ts) apart.
 */
export const MESSAGES = {
  sessionExpiredTryLogin: msg`Session Expired. Try login again`,
  serverError: msg`Server error`,
  somethingWentWrong: msg`Something went wrong..!!!`,
  somethingWentWrongTryAgain: msg`Something went wrong, Please try again.`,
  delivery: msg`Delivery`,
  takeaway: msg`Takeaway`,
} satisfies Record<string, MessageDescriptor>;

/** A message in the current language: `say(MESSAGES.serverError)`. */
export function say(message: MessageDescriptor, values?: Record<string, unknown>): string {
  return i18n._(values ? { ...message, values } : message);
}
