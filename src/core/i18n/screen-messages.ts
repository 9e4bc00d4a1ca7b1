import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * Screen names of the full page and its side menu, and the account and offers messages:
 * say(SCREEN_MESSAGES.orders). Every catalog translates them
 * (docs/behaviour.md#messages-and-errors); each page carries only the tables its screens use.
 */
export const SCREEN_MESSAGES = {
  noOffersAvailable: msg`No Offers Available`,
  invalidOtp: msg`Invalid OTP`,
  mobileNumberInvalid: msg`Mobile number invalid`,
  passwordChanged: msg`Password changed`,
  welcome: msg`Welcome {name}`,
  home: msg`Home`,
  orders: msg`Orders`,
  deliveryAddress: msg`Delivery Address`,
  promocode: msg`Promocode`,
  faq: msg`FAQ`,
  reportBug: msg`Report a Bug`,
  support: msg`Support`,
  copy: msg`Copy`,
} satisfies Record<string, MessageDescriptor>;
