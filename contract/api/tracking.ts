/**
 * Following an order on its way: the driver, where they are, the route and the time left
 * (order_tracking, the spec's track_of_driver_customer and get-order-distance), the link that lets
 * someone without an account follow one order (tracking_link), and the driver app's position report.
 *
 * Tracking links: `order_tracking` and the live channel take `tracking` (a token that tracking_link
 * signs for one order and a limited time) instead of the bearer token, so whoever holds the link
 * follows that order and nothing else. A wrong link answers ORDER_CODES.trackingLinkInvalid, an old
 * one ORDER_CODES.trackingLinkExpired.
 *
 * The driver app (a role the spec does not show): `driver_position` with the driver's own bearer token
 * (issued by the vendor, see docs/realtime.md) reports where the driver is on an order assigned to them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { BaseFields, Latitude, Longitude, post, RowId, Text, Whole, type Envelope } from './common.ts';
import type { OrderStatusResult } from './orders.ts';
import type { GeoPoint } from '../rules/geo.ts';

/** Who brings the order, as the customer sees them. */
export interface DriverCard {
  name: string;
  /** 'Scooter', 'Car'…; '' when not told. */
  vehicle: string;
  vehicle_number: string;
  /** For a call link; '' when the vendor does not give drivers' numbers. */
  phone: string;
}

export interface DriverPosition extends GeoPoint {
  /** Compass heading in degrees (0 north), null when not known. */
  heading: number | null;
  /** ISO instant the position was taken. */
  at: string;
}

export interface TrackingPlace extends GeoPoint {
  name: string;
  address: string;
}

/** order_tracking: everything the tracking view shows. */
export interface OrderTracking {
  order: OrderStatusResult;
  store: TrackingPlace;
  /** Where the order goes; null for pickup or an order without a point. */
  destination: TrackingPlace | null;
  driver: DriverCard | null;
  /** The driver's latest position while on the way; null before. */
  position: DriverPosition | null;
  /** The way from the store to the destination; empty without a destination. */
  route: GeoPoint[];
  /** Kilometres left along the route from the driver's position (or the whole way before the driver sets off); null without a destination. */
  distance_left_km: number | null;
  /** Minutes left at street speed while on the way; null otherwise. */
  eta_minutes: number | null;
}

export interface TrackingLink {
  /** The `tracking` token: goes in the link as `?t=`. */
  token: string;
  /** ISO instant after which the link answers 'This tracking link has expired'. */
  expires_at: string;
}

/** A tracking token: order id, expiry and signature in base64url, well under this. */
export const TrackingToken = Text({ minLength: 1, maxLength: 200 });

export const OrderTrackingRequest = Type.Object({
  ...BaseFields,
  /** The signed-in customer's order… */
  order_id: Type.Optional(RowId),
  /** …or the order a tracking link names (no sign-in needed). */
  tracking: Type.Optional(TrackingToken),
});
export type OrderTrackingRequest = Static<typeof OrderTrackingRequest>;

export const DriverPositionRequest = Type.Object({
  ...BaseFields,
  order_id: RowId,
  latitude: Latitude,
  longitude: Longitude,
  heading: Type.Optional(Whole(0, 359)),
}, { additionalProperties: true });
export type DriverPositionRequest = Static<typeof DriverPositionRequest>;

export const OrderRequest = Type.Object({ ...BaseFields, order_id: RowId });

export const trackingCalls = {
  /** code 101 'Order not found'; with `tracking`, 113 or 114 for a link that no longer or never worked. */
  order_tracking: post(OrderTrackingRequest).answers<Envelope<OrderTracking>>(),
  /** A link for following this order without signing in (signed-in customer's own order). */
  tracking_link: post(OrderRequest).answers<Envelope<TrackingLink>>(),
  /** The driver and their latest position; code 101 when the order has no driver yet. */
  track_of_driver_customer: post(OrderRequest).answers<Envelope<{ driver: DriverCard; position: DriverPosition | null }>>(),
  /** The distance left and the time at street speed. */
  'get-order-distance': post(OrderRequest).answers<Envelope<{ distance_km: number | null; eta_minutes: number | null }>>(),
  /** The driver app: where the driver is now (driver's bearer token). */
  driver_position: post(DriverPositionRequest).answers<Envelope<{ distance_left_km: number; eta_minutes: number }>>(),
} as const;
