/**
 * Group orders (docs/behaviour.md#group-orders): a signed-in host starts a group at a store; anyone with
 * its link (a signed token) or its short code joins, signed in or as a guest with a name, and fills their
 * own part; the bill is priced once for the whole order and split (contract/rules/group-orders.ts,
 * splitBill); the host places one order whose lines carry each person's name.
 *
 * Who is calling: a signed-in member by their session (the bearer); a guest by the `member_key` that
 * group-join gave them (kept by their browser). Every call names the group by `group` (the link's token or
 * the short code). Changes are announced on the live channel as `group_updated` (to signed-in members on
 * their own stream, to guests on the group's: `events` with `group` and `member_key`); the storefront then
 * asks group-view again.
 *
 * These calls take exact JSON types, as the checkout's do.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Amount, BaseFields, OneOf, OptionalRowId, post, RowId, Text, type Envelope } from './common.ts';
import { MAX_ORDER_LINES, OrderLine, type PriceBreakdown, type PricedLine } from './checkout.ts';
import { ORDER_MODES, type OrderModeName, type OrderStatus } from './order-states.ts';
import { GROUP_NAME_MAX, GROUP_PAYERS, type GroupPayer, type GroupStatus } from '../rules/group-orders.ts';

/** The group as a call names it: its link's token, or its short code as typed. */
export const GroupRef = Text({ minLength: 4, maxLength: 300, pattern: '^[A-Za-z0-9_. -]+$' });
/** A guest member's key (base64url of 32 random bytes), given by group-join. */
export const MemberKey = Text({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });

const member = { ...BaseFields, group: GroupRef, member_key: Type.Optional(MemberKey) };

/** group-start (signed in): the host's order mode, address (delivery) or pickup, optional deadline, and who pays. */
export const GroupStartRequest = Type.Object({
  ...BaseFields,
  restaurant_id: RowId,
  order_mode: OneOf(ORDER_MODES),
  /** The saved address the order goes to (delivery). */
  shiping_id: Type.Optional(OptionalRowId),
  /** ISO instant after which the group locks itself ('' or absent: none); GROUP_DEADLINE_MIN_MINUTES to GROUP_DEADLINE_MAX_HOURS ahead. */
  deadline_at: Type.Optional(Text({ maxLength: 40 })),
  payer: OneOf(GROUP_PAYERS),
});
export type GroupStartRequest = Static<typeof GroupStartRequest>;

/** group-join: signed in (the bearer), or as a guest with a name; a guest who joined before sends their key instead. */
export const GroupJoinRequest = Type.Object({
  ...member,
  name: Type.Optional(Text({ minLength: 1, maxLength: GROUP_NAME_MAX, nonBlank: true })),
});
export type GroupJoinRequest = Static<typeof GroupJoinRequest>;

/** group-view, group-leave, group-cancel: the group and who asks. */
export const GroupRequest = Type.Object(member);
export type GroupRequest = Static<typeof GroupRequest>;

/** group-set-part: the caller's own part, whole (an empty list empties it). */
export const GroupSetPartRequest = Type.Object({
  ...member,
  lines: Type.Array(OrderLine, { maxItems: MAX_ORDER_LINES }),
});
export type GroupSetPartRequest = Static<typeof GroupSetPartRequest>;

/** group-ready: the caller's part is ready (or not any more). */
export const GroupReadyRequest = Type.Object({ ...member, ready: Type.Boolean() });
export type GroupReadyRequest = Static<typeof GroupReadyRequest>;

/** group-remove-part (host): another member's part goes (their paid share, if any, goes back). */
export const GroupRemovePartRequest = Type.Object({ ...member, member_id: RowId });
export type GroupRemovePartRequest = Static<typeof GroupRemovePartRequest>;

/** group-lock (host): lock (true) or unlock before the deadline (false). */
export const GroupLockRequest = Type.Object({ ...member, locked: Type.Boolean() });
export type GroupLockRequest = Static<typeof GroupLockRequest>;

/** group-bill: the whole order priced, with the host's promo code and tip (the host's choice; others read it). */
export const GroupBillRequest = Type.Object({
  ...member,
  coupon_code: Type.Optional(Text({ maxLength: 50 })),
  driver_tip: Type.Optional(Amount),
});
export type GroupBillRequest = Static<typeof GroupBillRequest>;

/** group-pay-share (signed in; each pays their own): the caller's share by wallet or online. */
export const GroupPayShareRequest = Type.Object({
  ...member,
  payment_method: OneOf(['wallet', 'online'] as const),
  /** The share the member confirmed; a different one answers priceChanged with the new bill. */
  expected_share: Amount,
  /** Online payments come back here (as place_order's return_url). */
  return_url: Type.Optional(Text({ maxLength: 2000 })),
});
export type GroupPayShareRequest = Static<typeof GroupPayShareRequest>;

/** group-place (host, locked): one order. Host pays all: paid as the checkout pays; each pays: the host covers any share not paid with `payment_method`. */
export const GroupPlaceRequest = Type.Object({
  ...member,
  idempotency_key: Text({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_:.-]+$' }),
  payment_method: OneOf(['cash', 'wallet', 'online'] as const),
  /** The total the host confirmed. */
  expected_total: Amount,
  return_url: Type.Optional(Text({ maxLength: 2000 })),
});
export type GroupPlaceRequest = Static<typeof GroupPlaceRequest>;

/** A share's payment: none yet, paid (how), or given back. */
export type SharePayment = { status: 'unpaid' } | { status: 'pending'; payment_url: string } | { status: 'paid'; method: 'wallet' | 'online'; amount: number } | { status: 'refunded'; amount: number };

/** A member's part as everyone in the group sees it. */
export interface GroupPart {
  member_id: number;
  /** The member's name (a signed-in member's account name, a guest's chosen one). */
  name: string;
  is_host: boolean;
  is_guest: boolean;
  /** The caller's own part. */
  is_me: boolean;
  ready: boolean;
  lines: PricedLine[];
  /** What the part's lines come to (display units). */
  items_total: number;
  payment: SharePayment;
}

/** group-view and what every group call answers: the group now. */
export interface GroupView {
  group_id: number;
  /** The short code, and the link's token (to share; only the host's and members' answers carry it). */
  code: string;
  token: string;
  status: GroupStatus;
  payer: GroupPayer;
  restaurant_id: number;
  restaurant_name: string;
  order_mode: OrderModeName;
  /** The delivery address in one line ('' for pickup). */
  address: string;
  /** ISO; '' for none. */
  deadline_at: string;
  /** ISO: the group expires unplaced then. */
  expires_at: string;
  host_member_id: number;
  /** The caller's member id; 0 when the caller has not joined. */
  me: number;
  parts: GroupPart[];
  /** The order placed ('' before), and where it is now ('' before): every member follows it here, live. */
  order_id: number | '';
  order_status: OrderStatus | '';
  /** Grows with every change: a `group_updated` event carries the version it announces. */
  version: number;
}

/** group-join answers the group and, for a guest, the key their browser keeps. */
export interface GroupJoined {
  view: GroupView;
  /** A guest's key ('' for a signed-in member). */
  member_key: string;
}

/** One share of the bill. */
export interface GroupShare {
  member_id: number;
  name: string;
  items_total: number;
  /** The part's items plus its share of the order's charges (splitBill), display units. */
  share: number;
}

/** group-bill: the whole order priced as the checkout prices it, and its split. */
export interface GroupBill {
  breakdown: PriceBreakdown;
  shares: GroupShare[];
}

/** group-pay-share: paid now (wallet), or a payment page to go to (online). */
export interface SharePaid {
  payment: SharePayment;
  view: GroupView;
}

export const groupOrderCalls = {
  'group-start': post(GroupStartRequest, { exactTypes: true }).answers<Envelope<GroupView>>(),
  'group-join': post(GroupJoinRequest, { exactTypes: true }).answers<Envelope<GroupJoined>>(),
  'group-view': post(GroupRequest, { exactTypes: true }).answers<Envelope<GroupView>>(),
  'group-set-part': post(GroupSetPartRequest, { exactTypes: true }).answers<Envelope<GroupView>>(),
  'group-ready': post(GroupReadyRequest, { exactTypes: true }).answers<Envelope<GroupView>>(),
  'group-leave': post(GroupRequest, { exactTypes: true }).answers<Envelope<GroupView>>(),
  'group-remove-part': post(GroupRemovePartRequest, { exactTypes: true }).answers<Envelope<GroupView>>(),
  'group-lock': post(GroupLockRequest, { exactTypes: true }).answers<Envelope<GroupView>>(),
  'group-bill': post(GroupBillRequest, { exactTypes: true }).answers<Envelope<GroupBill>>(),
  'group-pay-share': post(GroupPayShareRequest, { exactTypes: true }).answers<Envelope<SharePaid>>(),
  'group-place': post(GroupPlaceRequest, { exactTypes: true }).answers<Envelope<GroupView & { payment_url: string }>>(),
  'group-cancel': post(GroupRequest, { exactTypes: true }).answers<Envelope<GroupView>>(),
} as const;
