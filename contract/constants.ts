/**
 * Constants both sides use at run time. This module, like everything under contract/rules,
 * imports nothing, so the storefront can take it without the request schemas.
 */

/** Where the API lives under the server's origin. */
export const API_VERSION_PATH = '/api/v2';

/**
 * The server's own paths on a vendor's host, never a storefront screen (the full page's history-mode
 * fallback and its service worker leave them alone), including those that exist only when switched on
 * (/dev, /test, the test payment page /pay).
 */
export const SERVER_PATHS = /^\/(api|dev|test|pay|media|dist|demo)(\/|$)/;

/**
 * Non-200 codes of the order calls (answered with HTTP 200). The storefront shows its own
 * translated text per code; `msg` carries the English text.
 */
export const ORDER_CODES = {
  notFound: 101,
  /** 'Some of item price has been changed in your cart please go back and confirm.'; Result is the new PriceBreakdown. */
  priceChanged: 102,
  /** 'Few items are not available'; Result is the PriceBreakdown with is_available/stock per line. */
  itemsUnavailable: 103,
  /** 'Restaurant is currently off, Please try after some time'. */
  storeClosed: 104,
  /** 'Your location is out of reach'. */
  outOfReach: 105,
  /** 'Insufficient wallet amount please recharge your wallet'. */
  insufficientWallet: 106,
  /** Result.coupon_refusal says why. */
  couponRefused: 107,
  /** The schedule slot is not one the store takes. */
  invalidSchedule: 108,
  /** The cart is below the store's minimum order value. */
  belowMinimum: 109,
  /** 'You have reached max image upload limit'. */
  imageLimit: 110,
  /** The order cannot move to the asked state (e.g. rating before delivery). */
  notAllowed: 111,
  /** Past one of the vendor's limits (tip, quantity of a line, total); Result is the PriceBreakdown with limit_refusal and limit_maximum. */
  overLimit: 112,
  /** A tracking link past its time: 'This tracking link has expired'. */
  trackingLinkExpired: 113,
  /** A tracking link that is not one of ours (mistyped, cut short, forged): 'This tracking link is not valid'. */
  trackingLinkInvalid: 114,
} as const;

/** The tracking texts the server answers in `msg`, shown in the customer's language by the storefront. */
export const TRACKING_TEXTS = {
  linkExpired: 'This tracking link has expired',
  linkInvalid: 'This tracking link is not valid',
  noDriver: 'No driver yet',
  notOnTheWay: 'This order is not on the way',
} as const;

/** The longest support chat message, in characters. */
export const MAX_CHAT_MESSAGE = 1000;

/** The most images a customer attaches to one order. */
export const MAX_ORDER_IMAGES = 3;
/** The largest image a customer attaches, in bytes. */
export const MAX_ORDER_IMAGE_BYTES = 2 * 1024 * 1024;
/** The longest bug description a customer sends (customer_report_bug), in characters; its screenshots follow the order-image rules. */
export const MAX_BUG_DESCRIPTION = 2000;

/** How a customer names a saved address (the first is the default). */
export const ADDRESS_TAGS = ['Home', 'Office', 'Other'] as const;
export type AddressTag = (typeof ADDRESS_TAGS)[number];
