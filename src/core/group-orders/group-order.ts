import { atom } from 'nanostores';
import type { GroupBill, GroupStartRequest, GroupView } from '../../../contract/api/group-orders.ts';
import type { OrderLine } from '../../../contract/api/checkout.ts';
import { GROUP_LINK_PARAM } from '../../../contract/rules/group-orders.ts';
import { ApiError, callApi } from '../api/client.ts';
import { $cart, type CartLine } from '../cart/cart.ts';
import { whileWatched } from '../platform/lifecycle.ts';
import { listenToChannel, listenToLink, type ChannelListener } from '../realtime/channel.ts';
import { $token } from '../session/session-state.ts';
import { encodeId, newIdempotencyKey } from '../platform/ids.ts';
import { shared } from '../platform/registry.ts';
import { persistentAtom } from '../platform/storage.ts';
import { emitHostEvent } from '../platform/host-events.ts';

/**
 * The customer's group order (docs/behaviour.md#group-orders): which group this browser is in (kept, with a
 * guest's key, so coming back is being the same member), the group as the server last answered, and the
 * calls that change it. While the customer is in an open group, their cart is their part: each change of the
 * cart is sent as their part (group-set-part).
 */

/** Which group this browser is in, and as whom: a guest's key ('' for a signed-in member). */
export interface GroupMembership {
  /** The group's link token (or its code, until the server answered with the token). */
  group: string;
  member_key: string;
  restaurant_id: number;
}

function isMembership(value: unknown): value is GroupMembership | null {
  if (value === null) return true;
  const entry = value as Partial<GroupMembership>;
  return typeof entry === 'object' && typeof entry.group === 'string' && entry.group.length <= 300
    && typeof entry.member_key === 'string' && entry.member_key.length <= 100 && typeof entry.restaurant_id === 'number';
}

export const $groupMembership = persistentAtom<GroupMembership | null>('groupOrder', null, { isValid: isMembership });

export type GroupState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; view: GroupView }
  | { status: 'failed'; message: string };

export const $group = shared('groupOrder.state', () => atom<GroupState>({ status: 'none' }));

/** The group's own fields of every call: the group and, for a guest, their key. */
function asMember(): { group: string; member_key?: string } | null {
  const membership = $groupMembership.get();
  if (!membership) return null;
  return { group: membership.group, ...(membership.member_key ? { member_key: membership.member_key } : {}) };
}

/** Takes a group answer: the view, and the token the membership is kept by from then on. */
function took(view: GroupView, memberKey?: string): GroupView {
  const current = $group.get();
  // An answer older than what is shown (two calls crossing) changes nothing.
  if (current.status === 'ready' && current.view.group_id === view.group_id && current.view.version > view.version) return current.view;
  const before = current.status === 'ready' && current.view.group_id === view.group_id ? current.view : undefined;
  $group.set({ status: 'ready', view });
  tellHostPage(before, view);
  const membership = $groupMembership.get();
  if (view.me > 0) {
    $groupMembership.set({
      group: view.token || membership?.group || '',
      member_key: memberKey ?? membership?.member_key ?? '',
      restaurant_id: view.restaurant_id,
    });
  }
  return view;
}

/** The host page hears the group's turns: locked (by the host or the deadline) and placed, once each as this browser sees them. */
function tellHostPage(before: GroupView | undefined, view: GroupView): void {
  if (!before || view.me === 0) return;
  if (view.status === 'locked' && before.status === 'open') emitHostEvent('sf-group-locked', { group_id: view.group_id });
  if (view.status === 'placed' && before.status !== 'placed' && typeof view.order_id === 'number') {
    emitHostEvent('sf-group-placed', { group_id: view.group_id, order_id: view.order_id });
  }
}

/** The host page hears that this browser is in a group now (started or joined). */
function joined(view: GroupView): void {
  emitHostEvent('sf-group-joined', { group_id: view.group_id, member_id: view.me, is_host: view.me === view.host_member_id });
}

function failed(error: unknown): null {
  $group.set({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
  return null;
}

/** A signed-in customer starts a group at a store and is its host. */
export async function startGroup(request: Omit<GroupStartRequest, 'host'>): Promise<GroupView | null> {
  $group.set({ status: 'loading' });
  try {
    const answer = await callApi('group-start', request);
    if (answer.code !== 200 || !answer.Result) return failed(new Error(answer.msg ?? ''));
    $groupMembership.set({ group: answer.Result.token, member_key: '', restaurant_id: answer.Result.restaurant_id });
    joined(answer.Result);
    return took(answer.Result);
  } catch (error) {
    return failed(error);
  }
}

/** Joins the group of a link or code: signed in, or as a guest named `name` (a guest who joined before is known by their key). */
export async function joinGroup(group: string, name?: string): Promise<GroupView | null> {
  const membership = $groupMembership.get();
  const key = membership && membership.group === group ? membership.member_key : '';
  try {
    const answer = await callApi('group-join', { group, ...(key ? { member_key: key } : {}), ...(name ? { name } : {}) });
    if (answer.code !== 200 || !answer.Result) return failed(new Error(answer.msg ?? ''));
    const wasMember = membership?.group === group || membership?.group === answer.Result.view.token;
    $groupMembership.set({ group: answer.Result.view.token || group, member_key: answer.Result.member_key, restaurant_id: answer.Result.view.restaurant_id });
    if (!wasMember) joined(answer.Result.view);
    return took(answer.Result.view, answer.Result.member_key);
  } catch (error) {
    return failed(error);
  }
}

/** The group as it is now (after a `group_updated` event, or when a view opens). */
export async function refreshGroup(): Promise<GroupView | null> {
  const member = asMember();
  if (!member) {
    $group.set({ status: 'none' });
    return null;
  }
  // A guest who has signed in (to pay) joins again with their key: the same member, now their account's.
  if (member.member_key && $token.get()) return joinGroup(member.group);
  try {
    const answer = await callApi('group-view', member);
    if (answer.code !== 200 || !answer.Result) return failed(new Error(answer.msg ?? ''));
    return took(answer.Result);
  } catch (error) {
    // The group is gone for this browser (expired link, removed member): it forgets it.
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) leaveLocally();
    return failed(error);
  }
}

/** The cart's lines as a part's lines. */
export function partLines(lines: readonly CartLine[]): OrderLine[] {
  return lines.map((line) => ({ item_id: line.item_id, quantity: line.quantity, selectCustoizeID: [...line.selectCustoizeID], price: line.price }));
}

/** Sends the customer's part (their cart while in the group). */
export async function sendMyPart(lines: readonly CartLine[]): Promise<GroupView | null> {
  const member = asMember();
  if (!member) return null;
  const answer = await callApi('group-set-part', { ...member, lines: partLines(lines) });
  return answer.code === 200 && answer.Result ? took(answer.Result) : null;
}

/** A call of a member on their group that answers the group. */
async function memberCall(run: (member: { group: string; member_key?: string }) => Promise<{ code: number; Result?: GroupView | undefined }>): Promise<GroupView | null> {
  const member = asMember();
  if (!member) return null;
  const answer = await run(member);
  return answer.code === 200 && answer.Result ? took(answer.Result) : null;
}

export const markReady = (ready: boolean) => memberCall((member) => callApi('group-ready', { ...member, ready }));
export const lockGroup = (locked: boolean) => memberCall((member) => callApi('group-lock', { ...member, locked }));
export const removePart = (memberId: number) => memberCall((member) => callApi('group-remove-part', { ...member, member_id: memberId }));
export const cancelGroup = () => memberCall((member) => callApi('group-cancel', member));

/** Leaves the group (a member; the host cancels instead), and forgets it here. */
export async function leaveGroup(): Promise<void> {
  await memberCall((member) => callApi('group-leave', member));
  leaveLocally();
}

/** This browser is in no group any more. */
export function leaveLocally(): void {
  $groupMembership.set(null);
  $group.set({ status: 'none' });
}

/**
 * The group's link, where the others join: `joinPage` (a vendor's own page with `<sf-group-order>`) or, by
 * default, the store's menu on this storefront (`/restaurant/<id>`), with the token as `?group=`.
 */
export function groupLink(view: GroupView, origin: string, joinPage?: string): string {
  const menu = `/restaurant/${encodeURIComponent(encodeId(view.restaurant_id))}`;
  let address = new URL(joinPage || menu, origin);
  // Only a web page is a link to share (the page's attribute may say anything).
  if (address.protocol !== 'https:' && address.protocol !== 'http:') address = new URL(menu, origin);
  for (const param of SHARE_RETURN_PARAMS) address.searchParams.delete(param);
  address.searchParams.set(GROUP_LINK_PARAM, view.token);
  return address.href;
}

/** What a share's payment page adds to the address it comes back to. */
const SHARE_RETURN_PARAMS = ['share', 'payment'] as const;
export type ShareReturn = 'paid' | 'failed' | 'cancelled';

/**
 * Back from a share's payment page (`?share=&payment=`): what it said, once; the parameters are taken off
 * the address (so a reload or a shared link does not say it again). Null when this is no such return.
 */
export function takeShareReturn(): ShareReturn | null {
  if (typeof location === 'undefined') return null;
  const url = new URL(location.href);
  const outcome = url.searchParams.get('payment');
  if (!url.searchParams.has('share') || (outcome !== 'paid' && outcome !== 'failed' && outcome !== 'cancelled')) return null;
  for (const param of SHARE_RETURN_PARAMS) url.searchParams.delete(param);
  history.replaceState(history.state, '', url.href);
  return outcome;
}

/** How long the cart rests before a change is sent as the customer's part (a few quick presses, one call). */
export const PART_SYNC_DELAY_MS = 400;

/**
 * While a view of the group is shown: the customer's cart is their part of an open group at the cart's
 * store (each change sent once the cart rests), and the group is asked for again whenever the live channel
 * says it changed. Answers the stop.
 */
export const followGroup = shared('groupOrder.follow', () => whileWatched(() => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopCart = $cart.listen((lines) => {
    const state = $group.get();
    const membership = $groupMembership.get();
    if (state.status !== 'ready' || state.view.status !== 'open' || !membership) return;
    if (lines.length > 0 && lines.some((line) => line.restaurant_id !== membership.restaurant_id)) return;
    clearTimeout(timer);
    timer = setTimeout(() => void sendMyPart(lines).catch(() => undefined), PART_SYNC_DELAY_MS);
  });
  const listener: ChannelListener = {
    event: (event) => {
      const state = $group.get();
      if (event.kind === 'group_updated' && state.status === 'ready' && event.data.group_id === state.view.group_id && event.data.version > state.view.version) {
        void refreshGroup();
      }
    },
    resync: () => void refreshGroup(),
  };
  // A signed-in member hears the group on their own channel; a guest on the group's, by their key.
  const membership = $groupMembership.get();
  const stopChannel = membership?.member_key && !$token.get()
    ? listenToLink(`group=${encodeURIComponent(membership.group)}&member_key=${encodeURIComponent(membership.member_key)}`, listener)
    : listenToChannel(listener);
  return () => {
    clearTimeout(timer);
    stopCart();
    stopChannel();
  };
}));

/* ---------- the bill, the shares, placing ---------- */

export type GroupBillState = { status: 'idle' | 'loading' } | { status: 'ready'; bill: GroupBill } | { status: 'failed'; message: string };
export const $groupBill = shared('groupOrder.bill', () => atom<GroupBillState>({ status: 'idle' }));

/** The whole order priced and split (the host's promo code and tip, when the host sends them). */
export async function loadGroupBill(choices: { coupon_code?: string; driver_tip?: number } = {}): Promise<GroupBill | null> {
  const member = asMember();
  if (!member) return null;
  $groupBill.set({ status: 'loading' });
  try {
    const answer = await callApi('group-bill', { ...member, ...choices });
    if (answer.code !== 200 || !answer.Result) {
      $groupBill.set({ status: 'failed', message: answer.msg ?? '' });
      return null;
    }
    $groupBill.set({ status: 'ready', bill: answer.Result });
    return answer.Result;
  } catch (error) {
    $groupBill.set({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/** What paying a share or placing came to: done, a payment page to go to, or refused with the server's words. */
export type GroupPayOutcome = { kind: 'done' } | { kind: 'redirect'; url: string } | { kind: 'refused'; message: string };

function refusal(error: unknown): GroupPayOutcome {
  return { kind: 'refused', message: error instanceof Error ? error.message : String(error) };
}

/** Pays the signed-in member's share (each pays their own), by wallet now or on the provider's page. */
export async function payMyShare(method: 'wallet' | 'online', expectedShare: number, returnUrl: string): Promise<GroupPayOutcome> {
  const member = asMember();
  if (!member) return { kind: 'refused', message: '' };
  try {
    const answer = await callApi('group-pay-share', { ...member, payment_method: method, expected_share: expectedShare, return_url: returnUrl });
    if (answer.code !== 200 || !answer.Result) return { kind: 'refused', message: answer.msg ?? '' };
    took(answer.Result.view);
    const payment = answer.Result.payment;
    return payment.status === 'pending' ? { kind: 'redirect', url: payment.payment_url } : { kind: 'done' };
  } catch (error) {
    return refusal(error);
  }
}

/** The key of the host's attempt to place the group, kept until it is answered (a retry is the same attempt). */
const placing = shared('groupOrder.placing', () => ({ key: '' }));

/** The host places the locked group: one order (covering unpaid shares with `method` when each pays). */
export async function placeGroup(method: 'cash' | 'wallet' | 'online', expectedTotal: number, returnUrl: string): Promise<GroupPayOutcome> {
  const member = asMember();
  if (!member) return { kind: 'refused', message: '' };
  placing.key ||= `group-${newIdempotencyKey()}`;
  try {
    const answer = await callApi('group-place', { ...member, idempotency_key: placing.key, payment_method: method, expected_total: expectedTotal, return_url: returnUrl });
    if (answer.code !== 200 || !answer.Result) {
      placing.key = '';
      return { kind: 'refused', message: answer.msg ?? '' };
    }
    const { payment_url: paymentUrl, ...view } = answer.Result;
    took(view);
    if (paymentUrl) return { kind: 'redirect', url: paymentUrl };
    placing.key = '';
    return { kind: 'done' };
  } catch (error) {
    // No answer: the same key goes again, so it stays one order.
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return refusal(error);
    placing.key = '';
    return refusal(error);
  }
}
