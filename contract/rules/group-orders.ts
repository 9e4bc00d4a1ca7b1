/**
 * Group orders (docs/behaviour.md#group-orders): one cart filled by several people, each in their own
 * part, priced once and split. The rules both sides keep: the limits, who may do what, and how the bill
 * is split into shares that add up to its total exactly.
 */

/** Who pays: the host pays the whole order, or each member pays their own share before the host places it. */
export const GROUP_PAYERS = ['host', 'each'] as const;
export type GroupPayer = (typeof GROUP_PAYERS)[number];

/**
 * Where a group stands: open (parts change), locked (by the host or at the deadline: nothing changes but
 * the host may unlock before the deadline), placed (its one order exists), cancelled (by the host), expired
 * (never placed; shares paid went back).
 */
export const GROUP_STATUSES = ['open', 'locked', 'placed', 'cancelled', 'expired'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** The most people in one group, the host included. */
export const GROUP_MAX_MEMBERS = 20;
/** A guest's name: what the others and the store read on the guest's part. */
export const GROUP_NAME_MAX = 40;
/** A deadline is at least this far ahead when set, and at most GROUP_DEADLINE_MAX_HOURS. */
export const GROUP_DEADLINE_MIN_MINUTES = 5;
export const GROUP_DEADLINE_MAX_HOURS = 24;
/** A group not placed expires this long after its deadline, or after it started when it has none. */
export const GROUP_EXPIRES_AFTER_HOURS = 24;
/** The short code read aloud or typed: letters and digits that are not mistaken for one another. */
export const GROUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GROUP_CODE_LENGTH = 6;
/** The group's link carries this query parameter (its signed token); the short code is typed on the join screen. */
export const GROUP_LINK_PARAM = 'group';

/** Whether `text` (spaces, dashes and case aside) is a well-formed short code; answers it normalised. */
export function groupCodeOf(text: string): string | null {
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== GROUP_CODE_LENGTH) return null;
  return [...code].every((letter) => GROUP_CODE_ALPHABET.includes(letter)) ? code : null;
}

/** When a group stops taking changes by itself (its deadline) and when it expires unplaced. */
export function groupExpiry(startedAt: Date, deadlineAt: Date | null): Date {
  return new Date((deadlineAt ?? startedAt).getTime() + GROUP_EXPIRES_AFTER_HOURS * 3_600_000);
}

/** Whether a deadline chosen at `now` is one a group may have. */
export function isDeadlineAllowed(deadlineAt: Date, now: Date): boolean {
  const ahead = deadlineAt.getTime() - now.getTime();
  return ahead >= GROUP_DEADLINE_MIN_MINUTES * 60_000 && ahead <= GROUP_DEADLINE_MAX_HOURS * 3_600_000;
}

/** The group as far as the rules of who may do what need it. */
export interface GroupState {
  status: GroupStatus;
  /** When the group locks itself (ISO); null for none. */
  deadlineAt: Date | null;
  hostMemberId: number;
}

/** What the group takes from whom, at `now`: a deadline passed locks it as the host's lock does. */
export function effectiveStatus(group: GroupState, now: Date): GroupStatus {
  if (group.status === 'open' && group.deadlineAt && now >= group.deadlineAt) return 'locked';
  return group.status;
}

/** A member may change their own part (its lines, whether it is ready) while the group is open. */
export function mayEditPart(group: GroupState, actorMemberId: number, partMemberId: number, now: Date): boolean {
  return effectiveStatus(group, now) === 'open' && actorMemberId === partMemberId;
}

/** The host may remove another member's part while the group is open or locked (not their own: they cancel). */
export function mayRemovePart(group: GroupState, actorMemberId: number, partMemberId: number, now: Date): boolean {
  const status = effectiveStatus(group, now);
  return (status === 'open' || status === 'locked') && actorMemberId === group.hostMemberId && partMemberId !== group.hostMemberId;
}

/** The host locks an open group, or unlocks one they locked before its deadline. */
export function mayLock(group: GroupState, actorMemberId: number, lock: boolean, now: Date): boolean {
  if (actorMemberId !== group.hostMemberId) return false;
  const status = effectiveStatus(group, now);
  if (lock) return status === 'open';
  return group.status === 'locked' && !(group.deadlineAt && now >= group.deadlineAt);
}

/** The host places a locked group (once every share is paid, or covered, when each pays their own). */
export function mayPlace(group: GroupState, actorMemberId: number, now: Date): boolean {
  return actorMemberId === group.hostMemberId && effectiveStatus(group, now) === 'locked';
}

/** A part of the bill: a member, in the order they joined (the host first), and what their items come to (minor units). */
export interface BillPart {
  memberId: number;
  itemsMinor: number;
}

/**
 * The shares of a bill of `totalMinor` (minor units, the whole order as the checkout prices it): each part
 * with items pays its items plus an equal share of what the order adds to the items (delivery, tax,
 * packaging, the tip, less the promo code's discount), so the shares add up to the total exactly:
 *
 * - the shared amount is the total less every part's items, split equally over the parts with items; the
 *   minor units an equal split leaves over go one each to the first parts (in joining order, the host first);
 * - a part with no items pays nothing and takes no share of the charges;
 * - a discount larger than a part's items and share leaves that part at zero, and what it could not take
 *   is split over the others the same way (a share is never negative).
 *
 * Answers the shares in the parts' order (0 for a part without items). A total below 0 counts as 0.
 */
export function splitBill(totalMinor: number, parts: readonly BillPart[]): number[] {
  const shares = parts.map(() => 0);
  const paying = parts.map((part, index) => ({ index, items: part.itemsMinor })).filter((part) => part.items > 0);
  if (paying.length === 0) return shares;
  const total = Math.max(0, Math.round(totalMinor));
  let open = paying;
  // What is left to share among `open` parts, beyond their own items.
  let shared = total - open.reduce((sum, part) => sum + part.items, 0);
  for (;;) {
    const base = Math.floor(shared / open.length);
    let leftOver = shared - base * open.length;
    const amounts = open.map((part) => part.items + base + (leftOver-- > 0 ? 1 : 0));
    const negative = amounts.some((amount) => amount < 0);
    if (!negative) {
      open.forEach((part, position) => (shares[part.index] = amounts[position]!));
      return shares;
    }
    // Parts the discount would take below zero pay nothing; the rest share what is left.
    const kept = open.filter((_, position) => amounts[position]! > 0);
    shared = total - kept.reduce((sum, part) => sum + part.items, 0);
    open = kept;
    if (open.length === 0) return shares;
  }
}

/** A member other than the host may leave while the group is open or locked (the host cancels instead). */
export function mayLeave(group: GroupState, actorMemberId: number, now: Date): boolean {
  const status = effectiveStatus(group, now);
  return (status === 'open' || status === 'locked') && actorMemberId !== group.hostMemberId;
}
