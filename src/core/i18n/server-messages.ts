import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ACCOUNT_TEXTS, minutesOfTooManyFromNetwork, PASSWORD_TEXTS } from '../../../contract/account-texts.ts';
import { FEEDBACK_TOO_MANY } from '../../../contract/feedback-limits.ts';
import { MESSAGES, say } from './messages.ts';
import { LOCATION_MESSAGES } from '../location/location-messages.ts';
import { ORDER_MESSAGES } from '../cart/order-messages.ts';
import { SCREEN_MESSAGES } from './screen-messages.ts';

/**
 * The server answers its texts in the spec's English; the storefront shows the ones it knows in
 * the customer's language (docs/behaviour.md#messages-and-errors). Keyed by the server's exact
 * text: one the storefront also shows by itself is one of its messages, so the catalogs translate
 * it once; one only the server says is described here. Each English is the server's
 * text word for word, so English pages need not load this module (server-texts.ts).
 */
export const KNOWN_TEXTS: ReadonlyMap<string, MessageDescriptor> = new Map<string, MessageDescriptor>([
  [ACCOUNT_TEXTS.invalidOtp, SCREEN_MESSAGES.invalidOtp],
  [ACCOUNT_TEXTS.notRegistered, msg`Mobile Number is not exist`],
  [ACCOUNT_TEXTS.tooMany, msg`Too many times same mobile number used`],
  [ACCOUNT_TEXTS.sessionExpired, msg`Session Expired`],
  [PASSWORD_TEXTS.notEnabled, msg`Password sign-in is not available`],
  [PASSWORD_TEXTS.wrongPassword, msg`Invalid mobile number or password`],
  [PASSWORD_TEXTS.wrongOldPassword, msg`Old password is incorrect`],
  [PASSWORD_TEXTS.hasPassword, msg`Please enter your old password`],
  [PASSWORD_TEXTS.noPassword, msg`You have no password yet`],
  [PASSWORD_TEXTS.changed, SCREEN_MESSAGES.passwordChanged],
  ['Service not available in this area. Please change location and try again.', LOCATION_MESSAGES.serviceNotAvailable],
  ['No Address Found', LOCATION_MESSAGES.noAddressFound],
  ['No Offers Available', SCREEN_MESSAGES.noOffersAvailable],
  ['Store not found', ORDER_MESSAGES.storeNotFound],
  ['Restaurant is currently off, Please try after some time', ORDER_MESSAGES.restaurantOff],
  ['Your location is out of reach', ORDER_MESSAGES.locationOutOfReach],
  ['Few items are not available', ORDER_MESSAGES.itemsNotAvailable],
  ['Some of item price has been changed in your cart please go back and confirm.', ORDER_MESSAGES.pricesChanged],
  ['Insufficient wallet amount please recharge your wallet', ORDER_MESSAGES.insufficientWallet],
  ['Please enter address', LOCATION_MESSAGES.enterAddress],
  ['Server error', MESSAGES.serverError],
  [FEEDBACK_TOO_MANY, msg`Too many feedback messages from your network. Please try again later.`],
]);

/** A server text in the customer's language when the storefront knows it, else the text as it came. */
export function customerText(serverText: string): string {
  // Before a language is active (a call made while the storefront starts) the text stays as it came.
  if (!i18n.locale) return serverText;
  const known = KNOWN_TEXTS.get(serverText);
  if (known) return say(known);
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
