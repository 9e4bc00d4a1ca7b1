import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * The cart's, the menu's and checkout's refusals and prompts, and the payment outcomes:
 * say(ORDER_MESSAGES.restaurantOff). Every catalog translates them
 * (docs/behaviour.md#messages-and-errors); each page carries only the tables its screens use.
 */
export const ORDER_MESSAGES = {
  maximumItemsReached: msg`Maximum items reached`,
  addItemToCart: msg`Please add Item in to cart`,
  minimumItemsTotal: msg`Minimum items total must be {amount}`,
  storeNotFound: msg`Store not found`,
  locationOutOfReach: msg`Your location is out of reach`,
  restaurantOff: msg`Restaurant is currently off, Please try after some time`,
  itemsNotAvailable: msg`Few items are not available`,
  quantityNotAvailable: msg`Product Quantity Not Available select other product`,
  pricesChanged: msg`Some of item price has been changed in your cart please go back and confirm.`,
  insufficientWallet: msg`Insufficient wallet amount please recharge your wallet`,
  maxImageUpload: msg`You have reached max image upload limit`,
  clearCart: msg`Clear Cart`,
  selectDateTime: msg`Please select date and time`,
  paymentFailed: msg`Payment failed`,
  paymentCancelled: msg`Payment cancelled`,
} satisfies Record<string, MessageDescriptor>;
