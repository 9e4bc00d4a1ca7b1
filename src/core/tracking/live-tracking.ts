import { t } from '@lingui/core/macro';
import { plural } from '@lingui/core/macro';
import type { ReadableAtom } from 'nanostores';
import type { OrderStatus } from '../../../contract/api/order-states.ts';
import type { RealtimeEvent } from '../../../contract/api/realtime.ts';
import type { OrderTracking } from '../../../contract/api/tracking.ts';
import { ORDER_CODES } from '../../../contract/constants.ts';
import { callApi } from '../api/client.ts';
import { statusLabel } from '../orders/orders.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { followersByKey, type Followed } from '../platform/lifecycle.ts';
import { listenToChannel, listenToTrackingLink, type ChannelListener } from '../realtime/channel.ts';

/**
 * Following an order on its way (the tracking view): order_tracking once, then the live channel's
 * driver positions applied as they come and the whole view asked again on each status change and
 * reconnection. The signed-in customer follows their own order by id; anyone follows the order a
 * tracking link names by its token.
 */

/** The customer's own order, or the order of a tracking link. */
export type TrackingTarget = { orderId: number; link?: undefined } | { link: string; orderId?: undefined };

export type LiveTrackingState =
  | { status: 'loading' }
  | { status: 'ready'; tracking: OrderTracking }
  | { status: 'not-found' | 'link-expired' | 'link-invalid' | 'failed' };

type Follower = Followed<LiveTrackingState, { origin: EventTarget | null }>;

/** A target as a key, and back. */
const keyOf = (target: TrackingTarget) => (target.link === undefined ? `order:${target.orderId}` : `link:${target.link}`);
const targetOf = (key: string): TrackingTarget => (key.startsWith('order:') ? { orderId: Number(key.slice(6)) } : { link: key.slice(5) });

const followerOf = followersByKey<string, LiveTrackingState, { origin: EventTarget | null }>('tracking.followers', () => ({ status: 'loading' }), (key, entry) =>
  followTrip(targetOf(key), entry));

const follower = (target: TrackingTarget): Follower => followerOf(keyOf(target), { origin: null });

export function liveTrackingStore(target: TrackingTarget): ReadableAtom<LiveTrackingState> {
  return follower(target).store;
}

/** A driver position event applied to what is shown (nothing else changes with it). */
export function applyPosition(tracking: OrderTracking, event: Extract<RealtimeEvent, { kind: 'driver_position' }>): OrderTracking {
  const { latitude, longitude, heading, distance_left_km, eta_minutes } = event.data;
  return { ...tracking, position: { latitude, longitude, heading, at: event.at }, distance_left_km, eta_minutes };
}

function followTrip(target: TrackingTarget, entry: Follower): () => void {
  const { store } = entry;
  let stopped = false;
  let asked = 0;
  let known: OrderStatus | null = null;
  let orderId = target.orderId ?? null;
  let stopListening: (() => void) | null = null;

  const load = async () => {
    const ask = ++asked;
    try {
      const response = await callApi('order_tracking', target.link === undefined ? { order_id: target.orderId } : { tracking: target.link });
      if (stopped || ask !== asked) return;
      if (response.code === ORDER_CODES.notFound) return store.set({ status: 'not-found' });
      if (response.code === ORDER_CODES.trackingLinkExpired) return finish('link-expired');
      if (response.code === ORDER_CODES.trackingLinkInvalid) return finish('link-invalid');
      if (response.code !== 200 || !response.Result) throw new Error(response.msg ?? 'order_tracking failed');
      const tracking = response.Result;
      orderId = tracking.order.order_id;
      store.set({ status: 'ready', tracking });
      if (known !== null && known !== tracking.order.status) {
        emitHostEvent('sf-order-status', { order_id: orderId, status: tracking.order.status }, entry.options.origin);
      }
      known = tracking.order.status;
      if (!tracking.order.is_open) finish();
    } catch {
      // Keep what is shown; the next event or reconnection asks again.
      if (!stopped && ask === asked && store.get().status !== 'ready') store.set({ status: 'failed' });
    }
  };
  const finish = (state?: 'link-expired' | 'link-invalid') => {
    if (state) store.set({ status: state });
    stopListening?.();
    stopListening = null;
  };

  const listener: ChannelListener = {
    event(event) {
      if (event.order_id !== orderId) return;
      if (event.kind === 'order_status') return void load();
      const shown = store.get();
      if (event.kind === 'driver_position' && shown.status === 'ready') store.set({ status: 'ready', tracking: applyPosition(shown.tracking, event) });
    },
    resync: () => void load(),
  };
  stopListening = target.link === undefined ? listenToChannel(listener) : listenToTrackingLink(target.link, listener);
  // Shown at once; the channel's first `resync` asks again, so nothing between the two is missed.
  void load();
  return () => {
    stopped = true;
    finish();
  };
}

/** Follows the order while anyone watches; several views of one order share one follower. Answers the stop. */
export function followTracking(target: TrackingTarget, origin: EventTarget | null = null): () => void {
  return follower(target).watch({ origin });
}

/** Asks again now (the Retry after a failure). */
export function retryTracking(target: TrackingTarget): void {
  follower(target).restart();
}

/* ---------- words ---------- */

/** A distance as people say it: metres (to the 50) under a kilometre, else kilometres with one decimal. */
export function formatDistance(km: number, locale: string): string {
  if (km < 1) {
    const metres = Math.max(0, Math.round((km * 1000) / 50) * 50);
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(metres);
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(km);
}

/**
 * What the view says of the trip in one sentence, for the eye and for screen readers:
 * 'Jordan is 1.2 km away, arriving in about 6 minutes' on the way, the status otherwise.
 */
export function tripSummary(tracking: OrderTracking, locale: string, productTypeId?: number | null): string {
  const { order, driver, distance_left_km: km, eta_minutes: minutes } = tracking;
  if (order.status === 'on_the_way' && km !== null && minutes !== null) {
    const distance = formatDistance(km, locale);
    const arriving = plural(minutes, { one: 'arriving in about # minute', other: 'arriving in about # minutes' });
    const driverName = driver?.name;
    return driverName ? t`${driverName} is ${distance} away, ${arriving}` : t`Your order is ${distance} away, ${arriving}`;
  }
  const driverName = driver?.name;
  if (order.status === 'arrived') return driverName ? t`${driverName} has arrived with your order` : t`Your order has arrived`;
  return statusLabel(order.status, productTypeId);
}
