import { parseOrderId } from '../src/core/platform/ids.ts';
import { Tracking } from '../src/features/tracking/Tracking.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * Live tracking of one order: its status and steps, the driver (name, vehicle, a call link), a map with the
 * route from the store to the door and the driver moving on it, the distance and the time left, all pushed
 * by the server as they change (a dropped connection resumes and catches up; where streams are blocked it
 * asks every few seconds). With the vendor's Google Maps key the map is Google's at zoom 15 with driving
 * directions; without one it is drawn to scale on a plain background, no tiles needed. A screen reader hears
 * each status change and, at most every 30 seconds, the time left. The signed-in customer follows their own
 * order (`order`) and may share a tracking link; anyone holding a link (`tracking`) follows that one order
 * without an account, seeing the delivery point on the map but not the written address. A guest without a
 * link sees a sign-in prompt; a wrong or expired link says so.
 *
 * @tag sf-tracking
 * @attr {string} order - The signed-in customer's order id.
 * @attr {string} tracking - A tracking link's token (the `t` of the link), instead of `order`.
 * @event sf-order-status - The order moved to another state. `detail: { order_id, status }`.
 * @event sf-sign-in-required - A guest pressed Sign In. `detail: { reason: 'orders' }`.
 * @csspart base - The island's root.
 * @csspart tracking - The tracking section.
 * @csspart current-status - The status label.
 * @csspart trip-summary - 'Jordan Lee is 1.2 km away, arriving in about 6 minutes' (also the map's description).
 * @csspart announcer - The polite live region (visually hidden).
 * @csspart map - The map (drawn, or Google's).
 * @csspart map-route - The route line (drawn map).
 * @csspart map-store - The store's marker (drawn map).
 * @csspart map-destination - The delivery point's marker (drawn map).
 * @csspart map-driver - The driver's marker (drawn map).
 * @csspart map-scale - The scale bar (drawn map).
 * @csspart map-legend - The map's key.
 * @csspart driver - The driver's card.
 * @csspart driver-vehicle - The vehicle and its number.
 * @csspart call-driver - The call link.
 * @csspart steps - The progress list.
 * @csspart step - A step (also `step-done`, `step-current` or `step-upcoming`).
 * @csspart step-label - A step's label.
 * @csspart share - The sharing block.
 * @csspart share-link - The Share tracking link button.
 * @csspart share-url - The link, to copy by hand.
 * @csspart not-found - 'Order not found', or the message for a wrong or expired link.
 * @csspart sign-in-prompt - The prompt a guest sees.
 * @csspart error - The failure message with Retry.
 * @cssprop --sf-color-primary - The route, the delivery point, the driver and reached steps.
 * @cssprop --sf-color-slider-bg - The drawn map's background.
 * @cssprop --sf-color-button - The call button.
 * @cssprop --sf-color-button-text - The call button's text.
 * @cssprop --sf-color-text - Text colour.
 * @cssprop --sf-color-text-muted - Secondary text colour.
 * @cssprop --sf-radius - Corner radius.
 */
export interface SfTrackingAttributes {
  order?: string;
  tracking?: string;
}

defineIsland<SfTrackingAttributes>({
  tag: 'sf-tracking',
  display: 'block',
  attributes: { order: 'string', tracking: 'string' },
  render: ({ host, order, tracking }) => <Tracking host={host} orderId={parseOrderId(order)} link={tracking?.trim() || undefined} />,
});
