/**
 * After the order: the customer's ongoing and past orders, one order's details and live
 * status, rating it once delivered, ordering it again, and images attached to an order.
 */
import { Type, type Static } from '@sinclair/typebox';
import { BaseFields, MAX_SKIP, post, RowId, Text, Whole, type Envelope } from './common.ts';
import { OrderIdRequest, type OrderCharges, type PricedLine } from './checkout.ts';
import type { OrderModeName, OrderStatus, PaymentMethod, PaymentStatus } from './order-states.ts';

export interface OrderStatusEvent {
  status: OrderStatus;
  /** ISO instant. */
  at: string;
}

export interface OrderSummary {
  order_id: number;
  restaurant_id: number;
  restaurant_name: string;
  restaurant_image: string;
  order_mode: OrderModeName;
  status: OrderStatus;
  /** ISO instants. */
  created_at: string;
  status_changed_at: string;
  scheduled_for: string;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  item_count: number;
  /** First item names, for the card. */
  item_names: string[];
  total: number;
  /** 0 until rated; the rating 1-5 after. */
  rating: number;
}

/** An order's line as charged; a group order's line names whose part it was (docs/behaviour.md#group-orders; our server's). */
export interface OrderedLine extends PricedLine {
  person?: string;
}

export interface OrderDetail extends OrderSummary, OrderCharges {
  lines: OrderedLine[];
  delivery_address: string;
  delivery_latitude: number | null;
  delivery_longitude: number | null;
  restaurant_address: string;
  restaurant_phone: string;
  restaurant_latitude: number;
  restaurant_longitude: number;
  /** The states this order goes through, in order (pickup skips the driver states). */
  steps: OrderStatus[];
  history: OrderStatusEvent[];
  review: string;
  images: OrderImage[];
}

/** get_order_status: the live part of the order. */
export interface OrderStatusResult {
  order_id: number;
  order_mode: OrderModeName;
  status: OrderStatus;
  status_changed_at: string;
  steps: OrderStatus[];
  history: OrderStatusEvent[];
  /** False once delivered or cancelled: the client stops refreshing. */
  is_open: boolean;
}

/** check_rating: rated 0 with rating 0 when not yet rated. */
export interface RatingResult {
  order_id: number;
  rated: 0 | 1;
  rating: number;
  review: string;
}

/** reorder_details: the order's lines priced now; price_changed against the price paid, unavailable flagged. */
export interface ReorderResult {
  restaurant_id: number;
  lines: PricedLine[];
}

/**
 * cancel_order (ours: the spec leaves who may cancel unsaid): the customer cancels their own order while
 * the store has not taken it (placed or scheduled). refund is what goes back, in the vendor's currency;
 * refund_to says where: the wallet at once, the provider (the card, within the provider's days), or none
 * (cash not yet paid).
 */
export interface CancelledOrder {
  order_id: number;
  status: 'cancelled';
  payment_status: PaymentStatus;
  refund: number;
  refund_to: 'wallet' | 'provider' | 'none';
}

/** An image attached to an order (the storefront keeps the pending order's tokens in orderUploadImages). */
export interface OrderImage {
  token: string;
  url: string;
}

/** 2 MB of image is about 2.8 MB of base64: the request may be this large; the image's own size is checked after decoding. */
export const IMAGE_REQUEST_LIMIT_BYTES = 3 * 1024 * 1024;

export const OrderListRequest = Type.Object({
  ...BaseFields,
  skip: Type.Optional(Whole(0, MAX_SKIP, { default: 0 })),
  limit: Type.Optional(Whole(1, 100, { default: 50 })),
});
export type OrderListRequest = Static<typeof OrderListRequest>;

/**
 * add_rating: only for a delivered order, once. rating is a whole number from 1 to 5 ('4' is
 * taken as 4; true or 3.5 are refused), review text up to 1000 characters (line breaks allowed, no
 * other control characters, as MULTILINE_TEXT_PATTERN): the server checks both itself, since the
 * validator's type conversion would take true for 1.
 */
export const AddRatingRequest = Type.Object({
  ...BaseFields,
  order_id: RowId,
  rating: Type.Unknown(),
  review: Type.Optional(Type.Unknown()),
});
export type AddRatingRequest = Static<typeof AddRatingRequest>;

/** upload-order-images: a data URL (png, jpeg, webp or gif, at most 2 MB); at most MAX_ORDER_IMAGES per order. */
export const UploadOrderImageRequest = Type.Object({ ...BaseFields, image: Text({ minLength: 1, maxLength: IMAGE_REQUEST_LIMIT_BYTES }) });
export type UploadOrderImageRequest = Static<typeof UploadOrderImageRequest>;

export const OrderImageRequest = Type.Object({ ...BaseFields, token: Text({ minLength: 1, maxLength: 100 }) });
export type OrderImageRequest = Static<typeof OrderImageRequest>;

export const orderCalls = {
  /** Result is the orders, newest first; code 101 'No orders found' with an empty list when none. */
  ongoing_orders: post(OrderListRequest).answers<Envelope<OrderSummary[]>>(),
  order_history: post(OrderListRequest).answers<Envelope<OrderSummary[]>>(),
  current_orders_withratings: post(OrderListRequest).answers<Envelope<OrderSummary[]>>(),
  /** code 101 'Order not found'. */
  view_order_details: post(OrderIdRequest).answers<Envelope<OrderDetail>>(),
  get_order_status: post(OrderIdRequest).answers<Envelope<OrderStatusResult>>(),
  /** code ORDER_CODES.notAllowed before delivery or when already rated. */
  add_rating: post(AddRatingRequest).answers<Envelope<RatingResult>>(),
  check_rating: post(OrderIdRequest).answers<Envelope<RatingResult>>(),
  reorder_details: post(OrderIdRequest).answers<Envelope<ReorderResult>>(),
  /** code 101 'Order not found'; ORDER_CODES.notAllowed 'This order can no longer be cancelled' once the store has taken it. */
  cancel_order: post(OrderIdRequest).answers<Envelope<CancelledOrder>>(),
  /** code ORDER_CODES.imageLimit 'You have reached max image upload limit'. */
  'upload-order-images': post(UploadOrderImageRequest).answers<Envelope<OrderImage>>(),
  'remove-order-image': post(OrderImageRequest).answers<Envelope>(),
} as const;
