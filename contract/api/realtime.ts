/**
 * The live channel: what the server pushes to a signed-in customer about their own orders
 * (status changes, driver positions; support chat messages use the same channel), or to the holder
 * of a tracking link about that one order.
 *
 * Two ways to receive the same events, both scoped to the customer of the bearer token:
 * - `GET <API_VERSION_PATH>/events/stream?after=<id>` (EVENTS_STREAM_PATH, contract/rules/event-stream.ts): server-sent events,
 *   each `id: <event id>`, `event: <kind>`, `data: <RealtimeEvent JSON>`. The stream starts with
 *   the events after `after` (or the `Last-Event-ID` header) and then a `ready` event whose id is
 *   the cursor to resume from; a `: ping` comment keeps it open; `resync` means more happened
 *   than the stream replays (reload what is shown); `expired` means the session ended.
 * - `events` (below): the same events as a page of JSON, for where a proxy or a network blocks
 *   streams (the storefront falls back to asking every few seconds); it ends with the latest position
 *   of each driver on the way, which are not kept as events.
 *
 * Events are hints with their facts, in id order per order; after any gap the storefront reloads
 * what it shows (get_order_status), so a missed or reordered event never leaves a stale screen.
 */
import { Type, type Static } from '@sinclair/typebox';
import { BaseFields, get, MAX_ROW_ID, Whole, type Envelope } from './common.ts';
import type { OrderStatus } from './order-states.ts';
import { TrackingToken } from './tracking.ts';
import type { ChatMessage } from './support-chat.ts';
import { GroupRef, MemberKey } from './group-orders.ts';

/** An order moved to another state. */
export interface OrderStatusChange {
  id: number;
  kind: 'order_status';
  order_id: number;
  /** ISO instant of the change. */
  at: string;
  data: { from: OrderStatus; status: OrderStatus };
}

/**
 * Where the driver of an order is now. Positions come every second or so and only the latest
 * matters: they are not kept for resuming (id 0, no `id:` line on the stream); after a gap the
 * tracking view reloads order_tracking, which holds the latest.
 */
export interface DriverMoved {
  id: 0;
  kind: 'driver_position';
  order_id: number;
  at: string;
  data: { latitude: number; longitude: number; heading: number | null; distance_left_km: number; eta_minutes: number };
}

/** A support chat message, the customer's own (from another tab) or the agent's. */
export interface ChatMessageSent {
  id: number;
  kind: 'chat_message';
  order_id: 0;
  at: string;
  data: ChatMessage;
}

/** The other side has read the messages of `sender` up to `up_to` (a message id). */
export interface ChatRead {
  id: number;
  kind: 'chat_read';
  order_id: 0;
  at: string;
  data: { sender: ChatMessage['sender']; up_to: number };
}

/**
 * What the subscription schedule did with a delivery date at its cut-off: ordered (order_id, the new
 * order), or closed or missed (reason: wallet when the balance was short). Paused dates are not told.
 */
export interface SubscriptionDelivery {
  id: number;
  kind: 'subscription_delivery';
  order_id: number;
  at: string;
  data: { subscription_id: number; date: string; status: 'ordered' | 'closed' | 'missed'; reason: string };
}

/**
 * A group order changed (contract/api/group-orders.ts): a part, a member, its lock, a share, its order.
 * Sent to each signed-in member on their own stream and to the group's guests on the group's
 * (`group` and `member_key`); the storefront asks group-view again when `version` is newer than its own.
 */
export interface GroupUpdated {
  id: number;
  kind: 'group_updated';
  order_id: 0;
  at: string;
  data: { group_id: number; version: number };
}

export type RealtimeEvent = OrderStatusChange | DriverMoved | ChatMessageSent | ChatRead | SubscriptionDelivery | GroupUpdated;
export type RealtimeEventKind = RealtimeEvent['kind'];

export const EventsQuery = Type.Object({
  ...BaseFields,
  /** Instead of the bearer token: a tracking link's token, for that one order's events (contract/api/tracking.ts). */
  tracking: Type.Optional(TrackingToken),
  /** Instead of the bearer token: a group (its link's token or short code) with a guest's `member_key`, for that group's events. */
  group: Type.Optional(GroupRef),
  member_key: Type.Optional(MemberKey),
  /** The id of the last event the client holds; 0 or left out: the latest id only, no backlog. */
  after: Type.Optional(Whole(0, MAX_ROW_ID, { default: 0 })),
});
export type EventsQuery = Static<typeof EventsQuery>;

export interface EventsPage {
  events: RealtimeEvent[];
  /** Resume from here: the last event's id, or `after` when there was none. */
  last_id: number;
  /** More happened after `after` than one page holds: the client reloads what it shows and resumes from last_id. */
  resync: boolean;
}

export const realtimeCalls = {
  /** The customer's events after `after` (signed-in only). */
  events: get(EventsQuery).answers<Envelope<EventsPage>>(),
} as const;
