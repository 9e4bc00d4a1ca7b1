import type { HostEventMap } from '../platform/host-events.ts';

/**
 * The host events vendor analytics turns into ecommerce events (analytics.ts). The page listens for them
 * from its start (elements/page.ts), so those sent before the analytics code arrives are not lost.
 */
export const WATCHED_EVENTS = [
  'sf-menu-view', 'sf-item-view', 'sf-cart-view', 'sf-checkout-start', 'sf-checkout-step', 'sf-order-submit', 'sf-order-placed', 'sf-order-status',
] as const satisfies ReadonlyArray<keyof HostEventMap>;

export type WatchedEvent = (typeof WATCHED_EVENTS)[number];
