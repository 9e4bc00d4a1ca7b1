/** Promo codes: the offers a customer can use, by order mode and store. */
import { Type, type Static } from '@sinclair/typebox';
import { BaseFields, OneOf, OptionalPointFields, OptionalRowId, post, SentUserId, Text, type Envelope } from './common.ts';

export interface Coupon {
  id: number;
  coupon_name: string;
  coupon_code: string;
  coupon_image: string;
  description: string;
  coupon_type: 'Delivery' | 'Pickup' | 'Both';
  /** 'percent' or 'flat'; a free-order coupon is 'free_item' and valid for a single item only. */
  discount_kind: 'percent' | 'flat' | 'free_item';
  discount_percent: number;
  discount_flat: number;
  max_discount: number;
  min_order: number;
  cashback: number;
  /** Store the coupon is limited to, null for every store. */
  restaurant_id: number | null;
  /** ISO instant, '' when it does not expire. */
  expires_at: string;
}

/** Why a coupon does not apply; the storefront shows its own translated text for each. */
export type CouponRefusal =
  | 'invalid' | 'expired' | 'not_started' | 'wrong_mode' | 'wrong_store' | 'minimum_order'
  | 'single_item_only' | 'limit_reached' | 'used_up';

/**
 * couponlisting: active coupons of the type (and 'Both'). A guest sends user_id ''; the bearer
 * token, not user_id, decides whose used-up coupons are left out.
 */
export const CouponListingRequest = Type.Object({
  ...BaseFields,
  coupon_type: Type.Optional(OneOf(['Delivery', 'Pickup', ''])),
  user_id: Type.Optional(SentUserId),
  cityname: Type.Optional(Text({ maxLength: 200 })),
  ...OptionalPointFields,
  /** Only coupons valid at this store (and vendor-wide ones). */
  restaurant_id: Type.Optional(OptionalRowId),
});
export type CouponListingRequest = Static<typeof CouponListingRequest>;

export const offerCalls = {
  /** code 101 'No Offers Available' with an empty list when there are none. */
  couponlisting: post(CouponListingRequest).answers<Envelope<Coupon[]>>(),
} as const;
