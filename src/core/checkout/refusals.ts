import { t } from '@lingui/core/macro';
import type { PriceBreakdown } from '../../../contract/api/checkout.ts';
import type { CouponRefusal } from '../../../contract/api/offers.ts';
import { ORDER_CODES } from '../../../contract/constants.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { ORDER_MESSAGES } from '../cart/order-messages.ts';
import { formatPrice, type MoneyFormat } from '../i18n/money.ts';

/** The customer's words for each coupon_refusal value. */
export function couponRefusalText(refusal: CouponRefusal, minOrder: number, money: MoneyFormat): string {
  switch (refusal) {
    case 'expired':
      return t`This promo code has expired`;
    case 'not_started':
      return t`This promo code is not active yet`;
    case 'wrong_mode':
      return t`This promo code is not valid for this order type`;
    case 'wrong_store':
      return t`This promo code is not valid at this store`;
    case 'minimum_order': {
      const amount = formatPrice(minOrder, money);
      return t`Add items worth ${amount} or more to use this promo code`;
    }
    case 'single_item_only':
      return t`This promo code is valid for a single item only`;
    case 'limit_reached':
      return t`You have already used this promo code`;
    case 'used_up':
      return t`This promo code is no longer available`;
    default:
      return t`This promo code is not valid`;
  }
}

/** The customer's words for the vendor's limit a bill is past (ORDER_CODES.overLimit); undefined when within all. */
export function overLimitText(breakdown: Pick<PriceBreakdown, 'limit_refusal' | 'limit_maximum'>, money: MoneyFormat): string | undefined {
  switch (breakdown.limit_refusal) {
    case 'driver_tip': {
      const amount = formatPrice(breakdown.limit_maximum, money);
      return t`The driver tip can be at most ${amount}`;
    }
    case 'line_quantity': {
      const count = breakdown.limit_maximum;
      return t`You can order at most ${count} of an item`;
    }
    case 'order_total': {
      const amount = formatPrice(breakdown.limit_maximum, money);
      return t`An order can be at most ${amount}`;
    }
    default:
      return undefined;
  }
}

/**
 * The text for a non-200 code of the order calls (ORDER_CODES), in the customer's
 * language; the server's English `msg` only for codes the client does not know.
 */
export function orderCodeMessage(code: number, serverMessage?: string, extra: { minimum?: string; limit?: string | undefined } = {}): string {
  switch (code) {
    case ORDER_CODES.priceChanged:
      return say(ORDER_MESSAGES.pricesChanged);
    case ORDER_CODES.itemsUnavailable:
      return say(ORDER_MESSAGES.itemsNotAvailable);
    case ORDER_CODES.storeClosed:
      return say(ORDER_MESSAGES.restaurantOff);
    case ORDER_CODES.outOfReach:
      return say(ORDER_MESSAGES.locationOutOfReach);
    case ORDER_CODES.insufficientWallet:
      return say(ORDER_MESSAGES.insufficientWallet);
    case ORDER_CODES.invalidSchedule:
      return say(ORDER_MESSAGES.selectDateTime);
    case ORDER_CODES.belowMinimum:
      return extra.minimum ? say(ORDER_MESSAGES.minimumItemsTotal, { amount: extra.minimum }) : (serverMessage || say(MESSAGES.somethingWentWrong));
    case ORDER_CODES.imageLimit:
      return say(ORDER_MESSAGES.maxImageUpload);
    case ORDER_CODES.overLimit:
      return extra.limit ?? (serverMessage || say(MESSAGES.somethingWentWrong));
    case ORDER_CODES.notFound:
      return serverMessage || say(ORDER_MESSAGES.storeNotFound);
    default:
      return serverMessage || say(MESSAGES.somethingWentWrong);
  }
}
