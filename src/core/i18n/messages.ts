import { msg } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';

/**
 * The storefront's fixed messages and screen labels (docs/behaviour.md#messages-and-errors),
 * as Lingui descriptors: core code and features show them
 * through `say()`, and every catalog translates them.
 */
export const MESSAGES = {
  // HTTP failures
  sessionExpiredTryLogin: msg`Session Expired. Try login again`,
  serverError: msg`Server error`,
  // messages
  maximumItemsReached: msg`Maximum items reached`,
  addItemToCart: msg`Please add Item in to cart`,
  minimumItemsTotal: msg`Minimum items total must be {amount}`,
  serviceNotAvailable: msg`Service not available in this area. Please change location and try again.`,
  noAddressFound: msg`No Address Found`,
  noOffersAvailable: msg`No Offers Available`,
  somethingWentWrong: msg`Something went wrong..!!!`,
  somethingWentWrongTryAgain: msg`Something went wrong, Please try again.`,
  storeNotFound: msg`Store not found`,
  tooManyFeedback: msg`Too many feedback messages from your network. Please try again later.`,
  restaurantOff: msg`Restaurant is currently off, Please try after some time`,
  locationOutOfReach: msg`Your location is out of reach`,
  itemsNotAvailable: msg`Few items are not available`,
  quantityNotAvailable: msg`Product Quantity Not Available select other product`,
  pricesChanged: msg`Some of item price has been changed in your cart please go back and confirm.`,
  insufficientWallet: msg`Insufficient wallet amount please recharge your wallet`,
  tooManyOtp: msg`Too many times same mobile number used`,
  invalidOtp: msg`Invalid OTP`,
  sessionExpired: msg`Session Expired`,
  mobileNumberInvalid: msg`Mobile number invalid`,
  mobileNumberNotExist: msg`Mobile Number is not exist`,
  passwordNotEnabled: msg`Password sign-in is not available`,
  wrongPassword: msg`Invalid mobile number or password`,
  wrongOldPassword: msg`Old password is incorrect`,
  enterOldPassword: msg`Please enter your old password`,
  noPasswordYet: msg`You have no password yet`,
  passwordChanged: msg`Password changed`,
  maxImageUpload: msg`You have reached max image upload limit`,
  apiKeyNotValid: msg`API key not valid. Please pass a valid API key.`,
  locationDenied: msg`Location access denied. Please enable location permissions in your browser settings.`,
  locationUnavailable: msg`Location information is unavailable.`,
  // address form validation
  enterAddress: msg`Please enter address`,
  // screen labels
  setLocation: msg`Set Location`,
  savedAddress: msg`Saved Address`,
  addNewAddress: msg`Add New Address`,
  delivery: msg`Delivery`,
  takeaway: msg`Takeaway`,
  welcome: msg`Welcome {name}`,
  home: msg`Home`,
  office: msg`Office`,
  other: msg`Other`,
  orders: msg`Orders`,
  deliveryAddress: msg`Delivery Address`,
  promocode: msg`Promocode`,
  faq: msg`FAQ`,
  reportBug: msg`Report a Bug`,
  support: msg`Support`,
  clearCart: msg`Clear Cart`,
  copy: msg`Copy`,
  // order states
  statusProcessing: msg`Processing`,
  statusOnTheWay: msg`On The Way`,
  statusArrived: msg`Arrived`,
  statusDelivered: msg`Delivered`,
  statusCancelled: msg`Cancelled`,
  statusWaiting: msg`Waiting`,
  statusSchedule: msg`Schedule`,
  statusOrderPlaced: msg`Order Placed`,
  statusOrderConfirmed: msg`Order Confirmed`,
  statusPreparing: msg`Preparing Your Food`,
  // checkout validation and payment outcomes
  selectDateTime: msg`Please select date and time`,
  paymentFailed: msg`Payment failed`,
  paymentCancelled: msg`Payment cancelled`,
} satisfies Record<string, MessageDescriptor>;

export type MessageKey = keyof typeof MESSAGES;

/** The message in the current language. */
export function say(key: MessageKey, values?: Record<string, unknown>): string {
  return i18n._(values ? { ...MESSAGES[key], values } : MESSAGES[key]);
}
