import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { minutesOfTooManyFromNetwork } from '../../../contract/account-texts.ts';
import { isRefusalKey, refusalKeyOf, type RefusalKey } from '../../../contract/rules/refusals.ts';
import { MESSAGES, say } from './messages.ts';
import { LOCATION_MESSAGES } from '../location/location-messages.ts';
import { ORDER_MESSAGES } from '../cart/order-messages.ts';
import { SCREEN_MESSAGES } from './screen-messages.ts';

/**
 * The server answers its texts in the spec's English, and ours names each refusal by a stable key
 * (`msg_key`, contract/rules/refusals.ts); the storefront shows the ones it knows in the customer's
 * language (docs/behaviour.md#messages-and-errors). By key first; by the exact English only from a
 * server that sends the spec's `msg` alone. One the storefront also shows by itself is one of its
 * messages, so the catalogs translate it once; one only the server says is described here. Each
 * English is the server's text word for word, so English pages need not load this module
 * (server-texts.ts).
 */
export const KNOWN_REFUSALS: Readonly<Record<RefusalKey, MessageDescriptor>> = {
  'account.invalid_otp': SCREEN_MESSAGES.invalidOtp,
  'account.not_registered': msg`Mobile Number is not exist`,
  'account.too_many': msg`Too many times same mobile number used`,
  'account.session_expired': msg`Session Expired`,
  'account.order_under_way': msg`You have an order on its way. You can delete your account once it has arrived.`,
  'password.not_enabled': msg`Password sign-in is not available`,
  'password.wrong': msg`Invalid mobile number or password`,
  'password.wrong_old': msg`Old password is incorrect`,
  'password.has_password': msg`Please enter your old password`,
  'password.none': msg`You have no password yet`,
  'password.changed': SCREEN_MESSAGES.passwordChanged,
  'location.no_service': LOCATION_MESSAGES.serviceNotAvailable,
  'address.none': LOCATION_MESSAGES.noAddressFound,
  'offers.none': SCREEN_MESSAGES.noOffersAvailable,
  'store.not_found': ORDER_MESSAGES.storeNotFound,
  'store.closed': ORDER_MESSAGES.restaurantOff,
  'location.out_of_reach': ORDER_MESSAGES.locationOutOfReach,
  'order.items_unavailable': ORDER_MESSAGES.itemsNotAvailable,
  'order.prices_changed': ORDER_MESSAGES.pricesChanged,
  'wallet.insufficient': ORDER_MESSAGES.insufficientWallet,
  'wallet.amount_required': msg`Please enter an amount`,
  'wallet.recharge_limit': msg`Wallet Recharge Limit exceeded`,
  'payment.unavailable': msg`Online payment is not available for this store`,
  'payment.method_unavailable': msg`This payment method is not available for this store`,
  'payment.provider_down': msg`Online payment is not available right now. Please try again in a moment.`,
  'delivery.out_of_area': msg`This delivery partner cannot deliver to this address`,
  'delivery.partner_unavailable': msg`This delivery partner is not available right now`,
  'delivery.quote_expired': msg`This delivery price has expired. Please check the new price.`,
  'delivery.quote_invalid': msg`This delivery price is not valid for this order. Please check the new price.`,
  'delivery.quote_missing': msg`Choose a delivery partner and its price together`,
  'subscription.not_found': msg`Subscription not found`,
  'subscription.none': msg`No subscriptions found`,
  'subscription.not_subscribable': msg`This item cannot be subscribed to`,
  'subscription.disabled': msg`Subscriptions are not available`,
  'subscription.start_too_soon': msg`The first delivery must be a day whose orders are not yet being prepared`,
  'subscription.start_too_late': msg`The first delivery must be within the next 60 days`,
  'subscription.slot_closed': msg`The store does not deliver at this time`,
  'subscription.no_deliveries': msg`This plan has no delivery day`,
  'subscription.cancelled': msg`This subscription has been cancelled`,
  'subscription.pause_too_soon': msg`A pause can start from the next delivery not yet being prepared`,
  'subscription.not_paused': msg`This subscription is not paused`,
  'subscription.restart_before_pause': msg`The restart date must be after the pause begins`,
  'subscription.already_paused': msg`This subscription is already paused`,
  'subscription.choose_interval': msg`Choose every how many days`,
  'subscription.choose_weekdays': msg`Choose at least one day of the week`,
  'subscription.nothing_billed': msg`No delivery of this subscription was billed in that month`,
  'address.required': LOCATION_MESSAGES.enterAddress,
  'server.error': MESSAGES.serverError,
  'feedback.too_many': msg`Too many feedback messages from your network. Please try again later.`,
  'limits.too_many': msg`You have done this too often. Please wait a little and try again.`,
};

/**
 * A server text in the customer's language when the storefront knows it (by `key`, our server's
 * `msg_key`, else by the text itself), or the text as it came.
 */
export function customerText(serverText: string, key?: unknown): string {
  // Before a language is active (a call made while the storefront starts) the text stays as it came.
  if (!i18n.locale) return serverText;
  const known = isRefusalKey(key) ? key : refusalKeyOf(serverText);
  if (known) return say(KNOWN_REFUSALS[known]);
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
  const { msg, msg_key: key, errors } = answer as { msg?: unknown; msg_key?: unknown; errors?: unknown };
  const out: Record<string, unknown> = { ...(answer as Record<string, unknown>) };
  if (typeof msg === 'string') out.msg = customerText(msg, key);
  if (typeof errors === 'object' && errors !== null && !Array.isArray(errors)) {
    out.errors = Object.fromEntries(Object.entries(errors).map(([field, messages]) =>
      [field, Array.isArray(messages) ? messages.map((text) => (typeof text === 'string' ? customerText(text) : text)) : messages]));
  }
  return out as T;
}
