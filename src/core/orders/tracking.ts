import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { OrderStatus } from '../../../contract/api/order-states.ts';
import type { OrderStatusResult } from '../../../contract/api/orders.ts';
import { ORDER_CODES } from '../../../contract/constants.ts';
import { callApi } from '../api/client.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { defaultSteps, statusLabel } from './orders.ts';
import { whileWatched } from '../platform/lifecycle.ts';
import { shared } from '../platform/registry.ts';

/** How often an open order's status is asked for while the page is visible. */
export const ORDER_STATUS_POLL_MS = 5000;

export type TrackingState =
  | { status: 'loading' }
  | { status: 'ready'; result: OrderStatusResult }
  | { status: 'not-found' }
  | { status: 'failed' };

interface Tracker {
  store: WritableAtom<TrackingState>;
  /** The options of the watcher that started the polling. */
  options: WatchOptions;
  /** Stops the polling that runs now; null while nobody watches. */
  stopPolling: (() => void) | null;
  /** Adds a watcher: the order is polled while anyone watches. */
  watch: () => () => void;
}

const trackers = shared('orders.tracking', () => new Map<number, Tracker>());

function tracker(orderId: number): Tracker {
  let found = trackers.get(orderId);
  if (!found) {
    const created: Tracker = {
      store: atom<TrackingState>({ status: 'loading' }),
      options: {},
      stopPolling: null,
      watch: whileWatched(() => {
        created.stopPolling = startPolling(orderId, created.store, created.options);
        return () => {
          created.stopPolling?.();
          created.stopPolling = null;
        };
      }),
    };
    trackers.set(orderId, created);
    found = created;
  }
  return found;
}

export function orderStatusStore(orderId: number): ReadableAtom<TrackingState> {
  return tracker(orderId).store;
}

export interface WatchOptions {
  intervalMs?: number;
  /** Where `sf-order-status` starts (the element showing the order). */
  origin?: EventTarget | null;
  /** The page is visible; hidden pages do not ask (they ask once on coming back). */
  isVisible?: () => boolean;
}

const pageVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Polls get_order_status until the order closes or the last watcher stops; tells the host page of each change. */
function startPolling(orderId: number, store: WritableAtom<TrackingState>, options: WatchOptions): () => void {
  const intervalMs = options.intervalMs ?? ORDER_STATUS_POLL_MS;
  const isVisible = options.isVisible ?? pageVisible;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waitingForPage = false;
  let known: OrderStatus | null = store.get().status === 'ready' ? (store.get() as { result: OrderStatusResult }).result.status : null;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      if (isVisible()) void poll();
      else waitingForPage = true;
    }, intervalMs);
  };

  const poll = async () => {
    if (stopped) return;
    let result: OrderStatusResult | undefined;
    try {
      const response = await callApi('get_order_status', { order_id: orderId });
      if (stopped) return;
      if (response.code === ORDER_CODES.notFound) {
        store.set({ status: 'not-found' });
        return;
      }
      if (response.code !== 200 || !response.Result) throw new Error(response.msg ?? 'get_order_status failed');
      result = response.Result;
    } catch {
      if (stopped) return;
      // Keep showing the last known state; try again on the next beat.
      if (store.get().status !== 'ready') store.set({ status: 'failed' });
      schedule();
      return;
    }
    store.set({ status: 'ready', result });
    if (known !== null && known !== result.status) {
      emitHostEvent('sf-order-status', { order_id: orderId, status: result.status }, options.origin);
    }
    known = result.status;
    if (result.is_open) schedule();
  };

  const onVisibility = () => {
    if (waitingForPage && isVisible()) {
      waitingForPage = false;
      void poll();
    }
  };
  globalThis.document?.addEventListener('visibilitychange', onVisibility);
  void poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
    globalThis.document?.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * Follows an order's status: asks now, then every few seconds while the order is open
 * and the page visible, stopping once it is delivered or cancelled. Several views of one
 * order share one poller. Returns the stop.
 */
export function watchOrderStatus(orderId: number, options: WatchOptions = {}): () => void {
  const entry = tracker(orderId);
  if (!entry.stopPolling) entry.options = options;
  return entry.watch();
}

/** Asks again now (the Retry after a failure); the watchers keep following. */
export function retryOrderStatus(orderId: number): void {
  const entry = tracker(orderId);
  if (!entry.stopPolling) return;
  entry.stopPolling();
  entry.store.set({ status: 'loading' });
  entry.stopPolling = startPolling(orderId, entry.store, entry.options);
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
  const steps = result.steps.length > 0 ? result.steps : defaultSteps(result.order_mode, result.history.some((event) => event.status === 'scheduled'));
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
