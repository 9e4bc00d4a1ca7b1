import { msg, t } from '@lingui/core/macro';
import { isOngoing, isPast } from '../../../contract/rules/order-steps.ts';
import type { MessageDescriptor } from '@lingui/core';
import { atom, type WritableAtom } from 'nanostores';
import type { OrderModeName, OrderStatus, PaymentMethod, PaymentStatus } from '../../../contract/api/order-states.ts';
import type { OrderDetail, OrderSummary } from '../../../contract/api/orders.ts';
import { ORDER_CODES } from '../../../contract/constants.ts';
import { callApi } from '../api/client.ts';
import { say } from '../i18n/messages.ts';
import { shared } from '../platform/registry.ts';
import { listenToChannel } from '../realtime/channel.ts';

/* ---------- labels of the order states ---------- */

const STATUS_LABELS: Partial<Record<OrderStatus, MessageDescriptor>> = {
  scheduled: msg`Schedule`,
  placed: msg`Order Placed`,
  confirmed: msg`Order Confirmed`,
  preparing: msg`Preparing Your Food`,
  waiting: msg`Waiting`,
  on_the_way: msg`On The Way`,
  arrived: msg`Arrived`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
};

/** The customer-facing label of a state; a grocery vendor (product type 2) is 'Processing' rather than 'Preparing Your Food'. */
export function statusLabel(status: OrderStatus, productTypeId?: number | null): string {
  if (status === 'preparing' && productTypeId === 2) return t`Processing`;
  const label = STATUS_LABELS[status];
  if (label) return say(label);
  return status === 'payment_failed' ? t`Payment failed` : t`Awaiting payment`;
}

export function paymentMethodLabel(method: PaymentMethod, mode: OrderModeName): string {
  if (method === 'wallet') return t`Wallet`;
  if (method === 'online') return t`Online payment`;
  return mode === 'pickup' ? t`Cash at pickup` : t`Cash on delivery`;
}

export function paymentStatusLabel(status: PaymentStatus): string {
  switch (status) {
    case 'paid': return t`Paid`;
    case 'cash_due': return t`To be paid in cash`;
    case 'failed': return t`Payment failed`;
    case 'cancelled': return t`Payment cancelled`;
    case 'refunded': return t`Refunded`;
    default: return t`Payment pending`;
  }
}

export function formatOrderDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/* ---------- lists (ongoing_orders, order_history) ---------- */

/** Past orders are fetched this many at a time. */
export const ORDER_PAGE_SIZE = 20;

export type OrderListsState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; ongoing: OrderSummary[]; past: OrderSummary[]; hasMorePast: boolean; loadingMore: boolean }
  | { status: 'failed' };

export const $orderLists = shared('orders.lists', () => atom<OrderListsState>({ status: 'idle' }));

const newestFirst = (a: OrderSummary, b: OrderSummary) => b.created_at.localeCompare(a.created_at) || b.order_id - a.order_id;

/**
 * Order lists split into Ongoing and Past. The two calls are answered a moment
 * apart, so an order may come in both (delivered in between): the later state wins and it
 * is shown once, by its state. Payment states are never listed.
 */
export function splitOrders(orders: readonly OrderSummary[]): { ongoing: OrderSummary[]; past: OrderSummary[] } {
  const latest = new Map<number, OrderSummary>();
  for (const order of orders) {
    const seen = latest.get(order.order_id);
    if (!seen || order.status_changed_at > seen.status_changed_at || (isPast(order.status) && !isPast(seen.status))) {
      latest.set(order.order_id, order);
    }
  }
  const all = [...latest.values()];
  return {
    ongoing: all.filter((order) => isOngoing(order.status)).sort(newestFirst),
    past: all.filter((order) => isPast(order.status)).sort(newestFirst),
  };
}

async function fetchList(call: 'ongoing_orders' | 'order_history', skip: number, limit?: number): Promise<OrderSummary[]> {
  const response = await callApi(call, limit === undefined ? { skip } : { skip, limit });
  // 101: none found (as in the other list calls), an empty list.
  return response.code === 200 ? (response.Result ?? []) : [];
}

const lists = shared('orders.lists.state', () => ({ latest: 0, historyFetched: 0 }));

/** Loads both lists (the signed-in customer's). */
export async function loadOrderLists(): Promise<void> {
  const request = ++lists.latest;
  if ($orderLists.get().status !== 'ready') $orderLists.set({ status: 'loading' });
  try {
    const [ongoing, history] = await Promise.all([fetchList('ongoing_orders', 0), fetchList('order_history', 0, ORDER_PAGE_SIZE)]);
    if (request !== lists.latest) return;
    lists.historyFetched = history.length;
    $orderLists.set({ status: 'ready', ...splitOrders([...ongoing, ...history]), hasMorePast: history.length === ORDER_PAGE_SIZE, loadingMore: false });
  } catch {
    if (request === lists.latest) $orderLists.set({ status: 'failed' });
  }
}

/** The next page of past orders. */
export async function loadMorePastOrders(): Promise<void> {
  const state = $orderLists.get();
  if (state.status !== 'ready' || !state.hasMorePast || state.loadingMore) return;
  const request = lists.latest;
  $orderLists.set({ ...state, loadingMore: true });
  try {
    const page = await fetchList('order_history', lists.historyFetched, ORDER_PAGE_SIZE);
    const current = $orderLists.get();
    if (request !== lists.latest || current.status !== 'ready') return;
    lists.historyFetched += page.length;
    $orderLists.set({ status: 'ready', ...splitOrders([...current.ongoing, ...current.past, ...page]), hasMorePast: page.length === ORDER_PAGE_SIZE, loadingMore: false });
  } catch {
    const current = $orderLists.get();
    if (current.status === 'ready') $orderLists.set({ ...current, loadingMore: false });
  }
}

/**
 * Brings the lists up to date without showing them loading: ongoing orders and the first page of past
 * ones asked again, the past pages already shown kept (an order that ended moves from one list to the other).
 */
export async function refreshOrderLists(): Promise<void> {
  const state = $orderLists.get();
  if (state.status !== 'ready') return loadOrderLists();
  const request = ++lists.latest;
  try {
    const [ongoing, history] = await Promise.all([fetchList('ongoing_orders', 0), fetchList('order_history', 0, ORDER_PAGE_SIZE)]);
    const current = $orderLists.get();
    if (request !== lists.latest || current.status !== 'ready') return;
    $orderLists.set({ ...current, ...splitOrders([...ongoing, ...history, ...current.past]) });
  } catch {
    // The lists shown stay; the next change or reconnection asks again.
  }
}

/** Changes that come together (several orders moving at once) are asked for once, this long after the first. */
export const LIST_REFRESH_DELAY_MS = 300;

/** Keeps the lists current while the live channel tells of order changes; answers the stop. */
export function followOrderLists(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    if (timer === undefined) timer = setTimeout(() => {
      timer = undefined;
      void refreshOrderLists();
    }, LIST_REFRESH_DELAY_MS);
  };
  const stop = listenToChannel({
    event: (event) => event.kind === 'order_status' && soon(),
    resync: soon,
  });
  return () => {
    clearTimeout(timer);
    stop();
  };
}

/** Signed out: nothing of the last customer's orders stays on the page. */
export function resetOrderLists(): void {
  lists.latest += 1;
  lists.historyFetched = 0;
  $orderLists.set({ status: 'idle' });
}

/* ---------- one order (view_order_details) ---------- */

export type OrderDetailState =
  | { status: 'loading' }
  | { status: 'ready'; order: OrderDetail }
  | { status: 'not-found' }
  | { status: 'failed' };

const details = shared('orders.details', () => new Map<number, { store: WritableAtom<OrderDetailState>; latest: number }>());

function detailEntry(orderId: number) {
  let found = details.get(orderId);
  if (!found) {
    found = { store: atom<OrderDetailState>({ status: 'loading' }), latest: 0 };
    details.set(orderId, found);
  }
  return found;
}

export function orderDetailStore(orderId: number): WritableAtom<OrderDetailState> {
  return detailEntry(orderId).store;
}

export async function loadOrderDetail(orderId: number): Promise<void> {
  const entry = detailEntry(orderId);
  const request = ++entry.latest;
  try {
    const response = await callApi('view_order_details', { order_id: orderId });
    if (request !== entry.latest) return;
    if (response.code === 200 && response.Result) entry.store.set({ status: 'ready', order: response.Result });
    else entry.store.set(response.code === ORDER_CODES.notFound ? { status: 'not-found' } : { status: 'failed' });
  } catch {
    if (request === entry.latest && entry.store.get().status !== 'ready') entry.store.set({ status: 'failed' });
  }
}
