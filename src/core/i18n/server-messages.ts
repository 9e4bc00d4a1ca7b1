import { i18n } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { ACCOUNT_TEXTS, minutesOfTooManyFromNetwork } from '../../../contract/constants.ts';
import { FEEDBACK_TOO_MANY } from '../../../contract/feedback-limits.ts';
import { PASSWORD_TEXTS } from '../../../contract/rules/passwords.ts';
import { say, type MessageKey } from './messages.ts';

/**
 * The server answers its texts in the spec's English; the storefront shows the ones it knows in
 * the customer's language (docs/behaviour.md#messages-and-errors). Keyed by the server's exact
 * text: each is also one of the storefront's own messages, so the catalogs translate it once.
 */
const KNOWN_TEXTS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  [ACCOUNT_TEXTS.invalidOtp, 'invalidOtp'],
  [ACCOUNT_TEXTS.notRegistered, 'mobileNumberNotExist'],
  [ACCOUNT_TEXTS.tooMany, 'tooManyOtp'],
  [ACCOUNT_TEXTS.sessionExpired, 'sessionExpired'],
  [PASSWORD_TEXTS.notEnabled, 'passwordNotEnabled'],
  [PASSWORD_TEXTS.wrongPassword, 'wrongPassword'],
  [PASSWORD_TEXTS.wrongOldPassword, 'wrongOldPassword'],
  [PASSWORD_TEXTS.hasPassword, 'enterOldPassword'],
  [PASSWORD_TEXTS.noPassword, 'noPasswordYet'],
  [PASSWORD_TEXTS.changed, 'passwordChanged'],
  ['Service not available in this area. Please change location and try again.', 'serviceNotAvailable'],
  ['No Address Found', 'noAddressFound'],
  ['No Offers Available', 'noOffersAvailable'],
  ['Store not found', 'storeNotFound'],
  ['Restaurant is currently off, Please try after some time', 'restaurantOff'],
  ['Your location is out of reach', 'locationOutOfReach'],
  ['Few items are not available', 'itemsNotAvailable'],
  ['Some of item price has been changed in your cart please go back and confirm.', 'pricesChanged'],
  ['Insufficient wallet amount please recharge your wallet', 'insufficientWallet'],
  ['Please enter address', 'enterAddress'],
  ['Server error', 'serverError'],
  [FEEDBACK_TOO_MANY, 'tooManyFeedback'],
]);

/** A server text in the customer's language when the storefront knows it, else the text as it came. */
export function customerText(serverText: string): string {
  // Before a language is active (a call made while the storefront starts) the text stays as it came.
  if (!i18n.locale) return serverText;
  const key = KNOWN_TEXTS.get(serverText);
  if (key) return say(key);
  const minutes = minutesOfTooManyFromNetwork(serverText);
  if (minutes !== undefined) {
    return plural(minutes, {
      one: 'Too many sign-in requests from your network. Please try again in a minute.',
      other: 'Too many sign-in requests from your network. Please try again in # minutes.',
    });
  }
  return serverText;
}

/** An answer whose `msg` and field errors are in the customer's language (see customerText). */
export function inCustomerLanguage<T>(answer: T): T {
  if (typeof answer !== 'object' || answer === null) return answer;
  const { msg, errors } = answer as { msg?: unknown; errors?: unknown };
  const out: Record<string, unknown> = { ...(answer as Record<string, unknown>) };
  if (typeof msg === 'string') out.msg = customerText(msg);
  if (typeof errors === 'object' && errors !== null && !Array.isArray(errors)) {
    out.errors = Object.fromEntries(Object.entries(errors).map(([field, messages]) =>
      [field, Array.isArray(messages) ? messages.map((text) => (typeof text === 'string' ? customerText(text) : text)) : messages]));
  }
  return out as T;
}
