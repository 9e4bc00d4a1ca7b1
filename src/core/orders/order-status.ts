import type { ReadableAtom, WritableAtom } from 'nanostores';
import type { OrderStatus } from '../../../contract/api/order-states.ts';
import type { OrderStatusResult } from '../../../contract/api/orders.ts';
import { ORDER_CODES } from '../../../contract/constants.ts';
import { callApi } from '../api/client.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { stepsFor } from '../../../contract/rules/order-steps.ts';
import { statusLabel } from './orders.ts';
import { followersByKey } from '../platform/lifecycle.ts';
import { listenToChannel } from '../realtime/channel.ts';

/** An order's status as the order screens show it. */
export type OrderStatusState =
  | { status: 'loading' }
  | { status: 'ready'; result: OrderStatusResult }
  | { status: 'not-found' }
  | { status: 'failed' };

const tracker = followersByKey<number, OrderStatusState, WatchOptions>('orders.status', () => ({ status: 'loading' }), (orderId, entry) =>
  followStatus(orderId, entry.store, entry.options));

export function orderStatusStore(orderId: number): ReadableAtom<OrderStatusState> {
  return tracker(orderId, {}).store;
}

export interface WatchOptions {
  /** Where `sf-order-status` starts (the element showing the order). */
  origin?: EventTarget | null;
}

/**
 * Loads get_order_status now and again whenever the live channel tells of a change to this order
 * or (re)connects, until the order closes or the last watcher stops; tells the host page of each change.
 */
function followStatus(orderId: number, store: WritableAtom<OrderStatusState>, options: WatchOptions): () => void {
  let stopped = false;
  let asked = 0;
  let known: OrderStatus | null = store.get().status === 'ready' ? (store.get() as { result: OrderStatusResult }).result.status : null;
  let stopListening: (() => void) | null = null;

  const load = async () => {
    const ask = ++asked;
    let result: OrderStatusResult | undefined;
    try {
      const response = await callApi('get_order_status', { order_id: orderId });
      if (stopped || ask !== asked) return;
      if (response.code === ORDER_CODES.notFound) {
        store.set({ status: 'not-found' });
        return;
      }
      if (response.code !== 200 || !response.Result) throw new Error(response.msg ?? 'get_order_status failed');
      result = response.Result;
    } catch {
      // Keep showing the last known state; the next event or reconnection asks again.
      if (!stopped && ask === asked && store.get().status !== 'ready') store.set({ status: 'failed' });
      return;
    }
    store.set({ status: 'ready', result });
    if (known !== null && known !== result.status) {
      emitHostEvent('sf-order-status', { order_id: orderId, status: result.status }, options.origin);
    }
    known = result.status;
    if (!result.is_open) {
      stopListening?.();
      stopListening = null;
    }
  };

  stopListening = listenToChannel({
    event(event) {
      if (event.kind === 'order_status' && event.order_id === orderId) void load();
    },
    resync: () => void load(),
  });
  // Shown at once; the channel's first `resync` asks again, so nothing between the two is missed.
  void load();
  return () => {
    stopped = true;
    stopListening?.();
    stopListening = null;
  };
}

/**
 * Follows an order's status: asks now, then on each change the live channel tells of, stopping
 * once it is delivered or cancelled. Several views of one order share one follower. Returns the stop.
 */
export function watchOrderStatus(orderId: number, options: WatchOptions = {}): () => void {
  return tracker(orderId, options).watch(options);
}

/** Asks again now (the Retry after a failure); the watchers keep following. */
export function retryOrderStatus(orderId: number): void {
  tracker(orderId, {}).restart();
}

export type StepState = 'done' | 'current' | 'upcoming';

export interface TrackStep {
  status: OrderStatus;
  label: string;
  state: StepState;
  /** ISO instant the order reached it, '' when not (yet). */
  at: string;
}

/**
 * The progress list: the order's steps with the reached ones done and the current one
 * marked. A cancelled order shows the steps it reached, then Cancelled as the current one.
 */
export function trackSteps(result: OrderStatusResult, productTypeId?: number | null): TrackStep[] {
  const steps = result.steps.length > 0 ? result.steps : stepsFor(result.order_mode, result.history.some((event) => event.status === 'scheduled'));
  const reachedAt = new Map<OrderStatus, string>();
  for (const event of result.history) reachedAt.set(event.status, event.at);
  const step = (status: OrderStatus, state: StepState): TrackStep => ({ status, label: statusLabel(status, productTypeId), state, at: reachedAt.get(status) ?? '' });
  if (result.status === 'cancelled') {
    const reached = steps.filter((status) => reachedAt.has(status));
    return [...reached.map((status) => step(status, 'done')), step('cancelled', 'current')];
  }
  const current = steps.indexOf(result.status);
  if (current === -1) return steps.map((status) => step(status, 'upcoming')); // awaiting payment: nothing reached yet
  return steps.map((status, index) => step(status, index < current ? 'done' : index === current ? 'current' : 'upcoming'));
}
