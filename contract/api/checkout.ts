/**
 * Checkout: the order priced by the server (the bill), promo codes applied to it, placing the
 * order with an idempotency key, and the result of an online payment.
 *
 * These calls take exact JSON types: a number sent as a string is refused, since only a broken
 * client would send one and a guessed conversion could change what is ordered.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Amount, BaseFields, OneOf, OptionalRowId, post, RowId, Text, Whole, type Envelope } from './common.ts';
import type { CouponRefusal } from './offers.ts';
import { DELIVERY_PARTNER_NAMES, type DeliveryPartnerName } from '../rules/delivery-partners.ts';
import {
  ORDER_MODES, PAYMENT_METHODS, type OrderModeName, type OrderStatus, type PaymentStatus,
} from './order-states.ts';

/** The most lines one order holds, and the most units of one line (a vendor may allow fewer: OrderLimit). */
export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QUANTITY = 99;
/** The most options chosen on one line. */
export const MAX_LINE_OPTIONS = 50;

/** A cart line as the storefront sends it: ids and quantity are what count; `price` is what the customer saw. */
export const OrderLine = Type.Object({
  item_id: RowId,
  quantity: Whole(1, MAX_LINE_QUANTITY),
  /** The chosen options (customisation ids), each once; none when left out. */
  selectCustoizeID: Type.Optional(Type.Array(RowId, { maxItems: MAX_LINE_OPTIONS, uniqueItems: true })),
  /** Unit price (item + options) shown to the customer; compared, never charged. */
  price: Amount,
});
export type OrderLine = Static<typeof OrderLine>;

const pricing = {
  ...BaseFields,
  restaurant_id: RowId,
  order_mode: OneOf(ORDER_MODES),
  lines: Type.Array(OrderLine, { minItems: 1, maxItems: MAX_ORDER_LINES }),
  coupon_code: Type.Optional(Text({ maxLength: 50 })),
  /** Driver tip in display units (delivery only, default 0); the vendor's limit applies on top. */
  driver_tip: Type.Optional(Amount),
  /** Saved address the order goes to (delivery). */
  shiping_id: Type.Optional(OptionalRowId),
  /** ISO instant of the chosen slot's start; '' or absent: as soon as possible. */
  schedule_at: Type.Optional(Text({ maxLength: 40 })),
  /**
   * Delivery by a partner instead of the store's own (delivery only, with quote_id; both or neither):
   * the quote's fare is the delivery charge. An expired quote, or one not of this customer, store,
   * partner and address, answers 422 on quote_id (contract/api/delivery-partners.ts).
   */
  delivery_partner: Type.Optional(OneOf(DELIVERY_PARTNER_NAMES)),
  /** The partner's quote (DeliveryQuote.quote_id). */
  quote_id: Type.Optional(Text({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
};

/** The order being priced: check_restaurant_menu_with_price, auto_apply_coupon_redeem. */
export const PricingRequest = Type.Object(pricing);
export type PricingRequest = Static<typeof PricingRequest>;

/** coupon_redeem: the order with the code to apply. */
export const CouponRedeemRequest = Type.Object({ ...pricing, coupon_code: Text({ minLength: 1, maxLength: 50, nonBlank: true }) });
export type CouponRedeemRequest = Static<typeof CouponRedeemRequest>;

export const PlaceOrderRequest = Type.Object({
  ...pricing,
  /** A fresh random key per checkout attempt; a retry or a double submit sends the same one. */
  idempotency_key: Text({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_:.-]+$' }),
  payment_method: OneOf(PAYMENT_METHODS),
  /** The total the customer confirmed; a different server total answers priceChanged. */
  expected_total: Amount,
  /** Online payments come back here (http(s), on the storefront's own site; default the calling page's origin) with ?order_id=&payment=paid|failed|cancelled. */
  return_url: Type.Optional(Text({ maxLength: 2000 })),
  /** Tokens of images uploaded with upload-order-images. */
  order_images: Type.Optional(Type.Array(Text({ maxLength: 100 }), { maxItems: 10 })),
  /** For the store; the one text of an order that may have several lines (line breaks and tabs allowed). */
  note: Type.Optional(Text({ maxLength: 500, multiline: true })),
});
export type PlaceOrderRequest = Static<typeof PlaceOrderRequest>;

export const OrderIdRequest = Type.Object({ ...BaseFields, order_id: RowId });
export type OrderIdRequest = Static<typeof OrderIdRequest>;

export interface PricedOption {
  option_id: number;
  name: string;
  price: number;
}

export interface PricedLine {
  item_id: number;
  name: string;
  image: string;
  item_type: 0 | 1;
  selectCustoizeID: number[];
  selected_type: string[];
  options: PricedOption[];
  quantity: number;
  /** Server unit price (item + options). */
  unit_price: number;
  /** The price the client sent, echoed. */
  client_price: number;
  price_changed: 0 | 1;
  line_total: number;
  tax: number;
  packaging_charge: number;
  is_available: 0 | 1;
  /** Units left, null for unlimited. */
  stock: number | null;
}

/** What an order is charged, line by line and in total (display amounts), as the server prices it. */
export interface OrderCharges {
  lines: PricedLine[];
  item_total: number;
  tax: number;
  /** The vendor's tax name ('Service tax' unless the vendor names it). */
  tax_name: string;
  packaging_charge: number;
  delivery_charge: number;
  /**
   * The partner whose quote is the delivery charge ('' for the store's own delivery). Our server's;
   * other servers may leave it out.
   */
  delivery_partner?: DeliveryPartnerName | '';
  /** What the store's own delivery would charge to this address, to show beside a partner's quote (delivery only; our server's). */
  store_delivery_charge?: number;
  /** Straight-line distance from store to address, km; null for pickup. */
  distance_km: number | null;
  coupon_code: string;
  discount: number;
  /** Credited to the wallet once the order is delivered. */
  cashback: number;
  driver_tip: number;
  total: number;
}

/** The vendor's limits on one order: the driver tip, the quantity of one line, the order's total. */
export type OrderLimit = 'driver_tip' | 'line_quantity' | 'order_total';

export interface PriceBreakdown extends OrderCharges {
  restaurant_id: number;
  order_mode: OrderModeName;
  /** Set when a coupon code was sent and does not apply. */
  coupon_refusal: CouponRefusal | '';
  /** For 'minimum_order': the coupon's minimum item total. */
  coupon_min_order: number;
  /** Any line's price differs from the one the client sent. */
  price_changed: 0 | 1;
  /** Any line is unavailable or short of stock. */
  has_unavailable: 0 | 1;
  /** The vendor's limit the order is past (answered with ORDER_CODES.overLimit), '' when within all. */
  limit_refusal: OrderLimit | '';
  /** For limit_refusal: the most allowed, an amount (driver_tip, order_total) or a count (line_quantity); else 0. */
  limit_maximum: number;
  /** The customer's wallet balance (for the payment step). */
  wallet_amount: number;
}

export interface PlaceOrderResult {
  order_id: number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  total: number;
  /** Online payments: the hosted payment page to open; '' otherwise. */
  payment_url: string;
  /** The same idempotency key answered an earlier order. */
  replayed: 0 | 1;
}

/** check_payment_status: the storefront asks once the hosted payment page sends the customer back. */
export interface PaymentStatusResult {
  order_id: number;
  payment_status: PaymentStatus;
  status: OrderStatus;
}

const EXACT = { exactTypes: true } as const;

export const checkoutCalls = {
  /** The bill; code 101 'Store not found'; ORDER_CODES.overLimit with the bill when past one of the vendor's limits. */
  check_restaurant_menu_with_price: post(PricingRequest, EXACT).answers<Envelope<PriceBreakdown>>(),
  /** code 200 with the bill, else ORDER_CODES.couponRefused with the bill and its coupon_refusal (or overLimit, as the bill). */
  coupon_redeem: post(CouponRedeemRequest, EXACT).answers<Envelope<PriceBreakdown>>(),
  /** The bill with the best coupon applied; code 101 when none applies (or overLimit, as the bill). */
  auto_apply_coupon_redeem: post(PricingRequest, EXACT).answers<Envelope<PriceBreakdown>>(),
  /** The order, or a refusal (ORDER_CODES) with the new bill where it helps the customer fix the cart. */
  place_order: post(PlaceOrderRequest, EXACT).answers<Envelope<PlaceOrderResult | PriceBreakdown>>(),
  check_payment_status: post(OrderIdRequest).answers<Envelope<PaymentStatusResult>>(),
} as const;
