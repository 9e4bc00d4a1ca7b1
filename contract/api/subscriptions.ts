/**
 * Subscriptions: one item (with its options) from one store, delivered or picked up on a schedule
 * (Everyday, On Interval, Custom weekdays) at a chosen slot, each delivery an order created at the
 * store's cut-off and paid from the wallet. docs/behaviour.md#subscriptions.
 */
import { Type, type Static } from '@sinclair/typebox';
import { MAX_SUBSCRIPTION_QUANTITY, SUBSCRIPTION_FREQUENCIES, type SubscriptionFrequency } from '../rules/subscriptions.ts';
import { MAX_LINE_OPTIONS, type PriceBreakdown } from './checkout.ts';
import { BaseFields, MAX_SKIP, OneOf, OptionalRowId, post, RowId, Text, Whole, type Envelope } from './common.ts';
import { ORDER_MODES, type OrderModeName } from './order-states.ts';


const DateText = Text({ maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const SlotText = Text({ maxLength: 5, pattern: '^([01]\\d|2[0-3]):[03]0$' });

/** What the customer subscribes to, as review-subscription and `subscription` send it. */
const plan = {
  ...BaseFields,
  restaurant_id: RowId,
  item_id: RowId,
  selectCustoizeID: Type.Optional(Type.Array(RowId, { maxItems: MAX_LINE_OPTIONS, uniqueItems: true })),
  quantity: Whole(1, MAX_SUBSCRIPTION_QUANTITY),
  order_mode: OneOf(ORDER_MODES),
  /** The saved address deliveries go to (delivery). */
  shiping_id: Type.Optional(OptionalRowId),
  frequency: OneOf(SUBSCRIPTION_FREQUENCIES),
  /** On Interval: every this many days (2–30). */
  interval_days: Type.Optional(Whole(2, 30)),
  /** Custom: the weekdays, 0 Sunday … 6 Saturday. */
  weekdays: Type.Optional(Type.Array(Whole(0, 6), { minItems: 1, maxItems: 7, uniqueItems: true })),
  /** The store's local date of the first delivery, 'YYYY-MM-DD'. */
  start_date: DateText,
  /** The slot's start on the store's clock, 'HH:MM' on the hour or half hour. */
  slot: SlotText,
  coupon_code: Type.Optional(Text({ maxLength: 50 })),
};

/** check_subscription_item_promocode: the bill of a subscription being reviewed, with the promo code when one is sent. */
export const SubscriptionPlanRequest = Type.Object(plan);
export type SubscriptionPlanRequest = Static<typeof SubscriptionPlanRequest>;

/** subscription (create): the plan, once per attempt (a retry with the same key answers the first). */
export const NewSubscriptionRequest = Type.Object({
  ...plan,
  idempotency_key: Text({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_:.-]+$' }),
});
export type NewSubscriptionRequest = Static<typeof NewSubscriptionRequest>;


/** The bill of one delivery and of the first period (the deliveries of its first FIRST_PERIOD_DAYS days), at today's prices. */
export interface SubscriptionBill {
  /** One delivery, as the checkout bills an order: lines, charges under the vendor's tax name, the promo code, the wallet. */
  delivery: PriceBreakdown;
  first_period_deliveries: number;
  first_period_total: number;
  /** The first delivery date and when its order is created (ISO instant). */
  first_date: string;
  first_cutoff_at: string;
}

export type SubscriptionState = 'active' | 'paused' | 'cancelled';

export interface SubscriptionSummary {
  subscription_id: number;
  restaurant_id: number;
  restaurant_name: string;
  item_id: number;
  item_name: string;
  item_image: string;
  options: string[];
  quantity: number;
  order_mode: OrderModeName;
  frequency: SubscriptionFrequency;
  interval_days: number | null;
  weekdays: number[];
  slot: string;
  start_date: string;
  state: SubscriptionState;
  /** The next delivery not yet cut off ('' when none: cancelled, or paused for good). */
  next_date: string;
  created_at: string;
}

/** A date of the calendar: planned ahead, or what became of it. */
export interface SubscriptionDay {
  date: string;
  /** Ahead: planned or paused. Past cut-off: ordered, paused, closed or missed. */
  status: 'planned' | 'paused' | 'ordered' | 'closed' | 'missed';
  /** missed: wallet, unavailable, out_of_reach, below_minimum, store, address, late. */
  reason: string;
  order_id: number | null;
  /** The day an ordered delivery comes (a closed day moved it when it differs). */
  delivered_on: string;
  quantity: number;
  amount: number;
}

export interface SubscriptionDetail extends SubscriptionSummary {
  delivery_address: string;
  coupon_code: string;
  pauses: Array<{ from: string; until: string }>;
  /** The next planned dates (up to 28), paused ones marked. */
  upcoming: SubscriptionDay[];
  /** What became of past dates, newest first (up to 60). */
  past: SubscriptionDay[];
  /** When the next delivery's order is created (ISO instant; '' when none): changes count from the next delivery not yet cut off. */
  next_cutoff_at: string;
  /** Each delivery at today's prices. */
  per_delivery: number;
}

export const SubscriptionListRequest = Type.Object({
  ...BaseFields,
  skip: Type.Optional(Whole(0, MAX_SKIP, { default: 0 })),
  limit: Type.Optional(Whole(1, 100, { default: 50 })),
});
export type SubscriptionListRequest = Static<typeof SubscriptionListRequest>;

export const SubscriptionIdRequest = Type.Object({ ...BaseFields, subscription_id: RowId });
export type SubscriptionIdRequest = Static<typeof SubscriptionIdRequest>;

/** Pause from a date (no delivery from then until restarted), or restart from a date (deliveries again from then). */
export const PauseRestartRequest = Type.Object({
  ...BaseFields,
  subscription_id: RowId,
  action: OneOf(['pause', 'restart'] as const),
  from_date: DateText,
});
export type PauseRestartRequest = Static<typeof PauseRestartRequest>;

export const SubscriptionQuantityRequest = Type.Object({ ...BaseFields, subscription_id: RowId, quantity: Whole(1, MAX_SUBSCRIPTION_QUANTITY) });
export type SubscriptionQuantityRequest = Static<typeof SubscriptionQuantityRequest>;


/** generate_subscription_invoice: one month of the store's calendar ('YYYY-MM'; this month when left out). */
export const SubscriptionInvoiceRequest = Type.Object({
  ...BaseFields,
  subscription_id: RowId,
  month: Type.Optional(Text({ maxLength: 7, pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })),
});
export type SubscriptionInvoiceRequest = Static<typeof SubscriptionInvoiceRequest>;

/** The invoice: its number (the vendor's, in order; the same each time the month is asked), the month's billed deliveries and total, and the PDF. */
export interface SubscriptionInvoice {
  subscription_id: number;
  invoice_number: string;
  period: string;
  deliveries: number;
  total: number;
  filename: string;
  /** The PDF, base64. */
  pdf_base64: string;
}

export const subscriptionCalls = {
  /** Result: the bill; code 107 with coupon_refusal when the code does not apply (the bill without it). */
  check_subscription_item_promocode: post(SubscriptionPlanRequest).answers<Envelope<SubscriptionBill>>(),
  /** Result: the new subscription; 422 with field errors for a plan the store cannot serve. */
  subscription: post(NewSubscriptionRequest).answers<Envelope<SubscriptionDetail>>(),
  /** Newest first; code 101 'No subscriptions found' with an empty list. */
  subscription_list: post(SubscriptionListRequest).answers<Envelope<SubscriptionSummary[]>>(),
  subscription_details: post(SubscriptionIdRequest).answers<Envelope<SubscriptionDetail>>(),
  subscription_pause_restart: post(PauseRestartRequest).answers<Envelope<SubscriptionDetail>>(),
  subscription_cancel: post(SubscriptionIdRequest).answers<Envelope<SubscriptionDetail>>(),
  update_subscription_quantity: post(SubscriptionQuantityRequest).answers<Envelope<SubscriptionDetail>>(),
  generate_subscription_invoice: post(SubscriptionInvoiceRequest).answers<Envelope<SubscriptionInvoice>>(),
} as const;
