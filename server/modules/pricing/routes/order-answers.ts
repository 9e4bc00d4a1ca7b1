import type { OrderLimit, PlaceOrderResult, PriceBreakdown } from '../../../../contract/api/checkout.ts';
import type { Envelope } from '../../../../contract/api/common.ts';
import type { CouponRefusal } from '../../../../contract/api/offers.ts';
import { ORDER_CODES } from '../../../../contract/constants.ts';
import type { PlaceOrderOutcome, PlaceOrderRefusal } from '../../orders/index.ts';
import { OUT_OF_REACH, STORE_NOT_FOUND } from '../../stores/index.ts';
import { toMinor } from '../../../../contract/rules/money.ts';
import { formatMoney, type Vendor } from '../../vendors/index.ts';
import { REFUSAL_TEXTS } from '../../../../contract/rules/refusals.ts';

/**
 * The English texts of the order answers. The storefront shows its own translated text for
 * each code; these are for other clients and for people reading the API.
 */
export const PLACE_ORDER_MSG = {
  placed: 'Order placed successfully',
  priceChanged: REFUSAL_TEXTS['order.prices_changed'],
  itemsUnavailable: REFUSAL_TEXTS['order.items_unavailable'],
  storeClosed: REFUSAL_TEXTS['store.closed'],
  outOfReach: OUT_OF_REACH,
  insufficientWallet: REFUSAL_TEXTS['wallet.insufficient'],
  invalidSchedule: 'The chosen time is not available, please choose another time',
  belowMinimum: 'Minimum items total must be {amount}',
} as const;

/** The English text of each of the vendor's order limits ({maximum}: an amount, or a count for a line's quantity). */
export const LIMIT_MESSAGES: Record<OrderLimit, string> = {
  driver_tip: 'The driver tip can be at most {maximum}',
  line_quantity: 'You can order at most {maximum} of an item',
  order_total: 'An order can be at most {maximum}',
};

export const COUPON_MESSAGES: Record<CouponRefusal, string> = {
  invalid: 'Invalid promo code',
  expired: 'This promo code has expired',
  not_started: 'This promo code is not active yet',
  wrong_mode: 'This promo code is not valid for this order type',
  wrong_store: 'This promo code is not valid at this store',
  minimum_order: 'Minimum items total must be {amount} for this promo code',
  single_item_only: 'A free-order coupon is valid for a single item only',
  limit_reached: 'You have already used this promo code',
  used_up: 'This promo code has been fully used',
};
export const NO_OFFERS = REFUSAL_TEXTS['offers.none'];


/** Why a coupon does not apply, in words (with the coupon's minimum where it has one). */
export function couponMessage(vendor: Vendor, refusal: CouponRefusal, minOrderMinor: number): string {
  return COUPON_MESSAGES[refusal].replace('{amount}', formatMoney(vendor, minOrderMinor));
}

/** The answer for an order past one of the vendor's limits: ORDER_CODES.overLimit, its text and the bill. */
export function overLimitAnswer(vendor: Vendor, breakdown: PriceBreakdown): Envelope<PriceBreakdown> {
  const limit = breakdown.limit_refusal || 'order_total';
  const maximum = limit === 'line_quantity'
    ? String(breakdown.limit_maximum)
    : formatMoney(vendor, toMinor(breakdown.limit_maximum, vendor.currency_exponent));
  return { code: ORDER_CODES.overLimit, msg: LIMIT_MESSAGES[limit].replace('{maximum}', maximum), Result: breakdown };
}

function refusalAnswer(vendor: Vendor, refusal: PlaceOrderRefusal): Envelope<PriceBreakdown> {
  switch (refusal.reason) {
    case 'storeNotFound':
      return { code: ORDER_CODES.notFound, msg: STORE_NOT_FOUND };
    case 'storeClosed':
      return { code: ORDER_CODES.storeClosed, msg: PLACE_ORDER_MSG.storeClosed };
    case 'invalidSchedule':
      return { code: ORDER_CODES.invalidSchedule, msg: PLACE_ORDER_MSG.invalidSchedule };
    case 'outOfReach':
      return { code: ORDER_CODES.outOfReach, msg: PLACE_ORDER_MSG.outOfReach };
    case 'insufficientWallet':
      return { code: ORDER_CODES.insufficientWallet, msg: PLACE_ORDER_MSG.insufficientWallet };
    case 'itemsUnavailable':
      return { code: ORDER_CODES.itemsUnavailable, msg: PLACE_ORDER_MSG.itemsUnavailable, Result: refusal.breakdown };
    case 'overLimit':
      return overLimitAnswer(vendor, refusal.breakdown);
    case 'priceChanged':
      return { code: ORDER_CODES.priceChanged, msg: PLACE_ORDER_MSG.priceChanged, Result: refusal.breakdown };
    case 'belowMinimum':
      return {
        code: ORDER_CODES.belowMinimum,
        msg: PLACE_ORDER_MSG.belowMinimum.replace('{amount}', formatMoney(vendor, refusal.minimumMinor)),
        Result: refusal.breakdown,
      };
    case 'couponRefused': {
      const msg = couponMessage(vendor, refusal.refusal, refusal.minOrderMinor);
      return refusal.breakdown ? { code: ORDER_CODES.couponRefused, msg, Result: refusal.breakdown } : { code: ORDER_CODES.couponRefused, msg };
    }
  }
}

/** place_order's answer: the order, or the refusal's code and text with the new bill where it helps. */
export function placeOrderAnswer(vendor: Vendor, outcome: PlaceOrderOutcome): Envelope<PlaceOrderResult | PriceBreakdown> {
  if ('placed' in outcome) return { code: 200, msg: PLACE_ORDER_MSG.placed, Result: outcome.placed };
  return refusalAnswer(vendor, outcome.refused);
}
