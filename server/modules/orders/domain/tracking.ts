import type pg from 'pg';
import type { DriverMoved } from '../../../../contract/api/realtime.ts';
import type { DriverCard, DriverPosition, OrderTracking, TrackingLink } from '../../../../contract/api/tracking.ts';
import { metresLeft, minutesAt, routeLength, streetRoute, type GeoPoint } from '../../../../contract/rules/geo.ts';
import type { Db } from '../../../db/pool.ts';
import { orderStatus } from './orders.ts';
import { announceEvent, type EventScope } from '../../events/index.ts';
import { readSignedId, signId } from '../../../signed-ids.ts';

/**
 * Following an order on its way (contract/api/tracking.ts): who drives it, where they are, the
 * route and the time left, and the signed links that let someone without an account follow it.
 */

/** Street speed in town, for the time left (and the demo's drivers). */
export const DRIVER_SPEED_KMH = 30;
/** How long a tracking link works after it is made. */
export const TRACKING_LINK_HOURS = 24;
/** The states in which the driver is shown and positions are taken. */
const DRIVING = ['on_the_way', 'arrived'] as const;

/* ---------- tracking links ---------- */

/** A link token for one order of the vendor, working for TRACKING_LINK_HOURS: a signed id (server/signed-ids.ts). */
export function signTrackingLink(secret: string, vendorId: number, orderId: number, now: Date): TrackingLink {
  const expires = Math.floor(now.getTime() / 1000) + TRACKING_LINK_HOURS * 3600;
  return { token: signId(secret, 'tracking', vendorId, orderId, expires), expires_at: new Date(expires * 1000).toISOString() };
}

/** The order a link names, 'expired' past its time, 'invalid' for anything not signed by us for this vendor. */
export function readTrackingLink(secret: string, vendorId: number, token: string, now: Date): { orderId: number } | 'expired' | 'invalid' {
  const read = readSignedId(secret, 'tracking', vendorId, token, now);
  return typeof read === 'object' ? { orderId: read.id } : read;
}

/** The way an order goes: from its store to its delivery point; empty for pickup or without a point. */
interface Trip {
  userId: number;
  status: string;
  driverId: number | null;
  route: GeoPoint[];
}

async function tripOf(db: Db | pg.PoolClient, vendorId: number, orderId: number): Promise<Trip | undefined> {
  const { rows } = await db.query<{
    user_id: number; status: string; driver_id: number | null; order_mode: string;
    store_latitude: number; store_longitude: number; delivery_latitude: number | null; delivery_longitude: number | null;
  }>(
    `SELECT o.user_id, o.status, o.driver_id, o.order_mode, r.latitude AS store_latitude, r.longitude AS store_longitude,
       o.delivery_latitude, o.delivery_longitude
     FROM orders o JOIN restaurants r ON r.vendor_id = o.vendor_id AND r.id = o.restaurant_id
     WHERE o.vendor_id = $1 AND o.id = $2`,
    [vendorId, orderId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const store = { latitude: row.store_latitude, longitude: row.store_longitude };
  const route = row.order_mode === 'delivery' && row.delivery_latitude !== null && row.delivery_longitude !== null
    ? streetRoute(store, { latitude: row.delivery_latitude, longitude: row.delivery_longitude })
    : [];
  return { userId: row.user_id, status: row.status, driverId: row.driver_id, route };
}

/** The route of a delivery order from its store to its door (empty for pickup); undefined when no such order. */
export async function orderRoute(db: Db | pg.PoolClient, vendorId: number, orderId: number): Promise<GeoPoint[] | undefined> {
  return (await tripOf(db, vendorId, orderId))?.route;
}

const km = (metres: number) => Math.round(metres / 100) / 10;

/** Distance left (km, one decimal) and minutes at street speed from a position on the route. */
function leftFrom(route: readonly GeoPoint[], position: GeoPoint): { distance_left_km: number; eta_minutes: number } {
  const metres = metresLeft(route, position);
  return { distance_left_km: km(metres), eta_minutes: minutesAt(metres, DRIVER_SPEED_KMH) };
}

export type PositionRefusal = 'not_found' | 'not_driving' | 'not_yours';

/**
 * Records where the order's driver is and tells whoever follows the order (its customer, tracking
 * links); inside the caller's transaction. `driverId` set: only that driver's own order on the way.
 */
export async function recordPosition(
  client: pg.PoolClient, vendorId: number, orderId: number, point: GeoPoint & { heading: number | null }, driverId?: number,
): Promise<{ distance_left_km: number; eta_minutes: number } | PositionRefusal> {
  const trip = await tripOf(client, vendorId, orderId);
  if (!trip) return 'not_found';
  if (!(DRIVING as readonly string[]).includes(trip.status) || trip.driverId === null || trip.route.length === 0) return 'not_driving';
  if (driverId !== undefined && trip.driverId !== driverId) return 'not_yours';
  await client.query(
    `INSERT INTO driver_positions (vendor_id, order_id, driver_id, latitude, longitude, heading) VALUES ($1, $2, $3, $4, $5, $6)`,
    [vendorId, orderId, trip.driverId, point.latitude, point.longitude, point.heading],
  );
  const left = leftFrom(trip.route, point);
  await announceEvent(client, vendorId, trip.userId, {
    kind: 'driver_position', order_id: orderId,
    data: { latitude: point.latitude, longitude: point.longitude, heading: point.heading, ...left },
  });
  return left;
}

/**
 * The latest position of each driver on the way with one of the scope's orders, as the events the stream
 * would have carried: the page of events for clients that cannot stream ends with them (positions are not
 * kept as events).
 */
export async function latestPositionEvents(db: Db, scope: EventScope): Promise<DriverMoved[]> {
  const { rows } = await db.query<{ order_id: number; latitude: number; longitude: number; heading: number | null; recorded_at: Date }>(
    `SELECT o.id AS order_id, p.latitude, p.longitude, p.heading, p.recorded_at FROM orders o
     JOIN LATERAL (SELECT latitude, longitude, heading, recorded_at FROM driver_positions d
                   WHERE d.vendor_id = o.vendor_id AND d.order_id = o.id ORDER BY d.id DESC LIMIT 1) p ON true
     WHERE o.vendor_id = $1 AND (o.user_id = $2 OR o.id = $3) AND o.status = 'on_the_way'`,
    [scope.vendorId, scope.userId ?? null, scope.orderId ?? null],
  );
  const events: DriverMoved[] = [];
  for (const row of rows) {
    const route = (await orderRoute(db, scope.vendorId, row.order_id)) ?? [];
    if (route.length === 0) continue;
    const left = leftFrom(route, row);
    events.push({
      id: 0, kind: 'driver_position', order_id: row.order_id, at: row.recorded_at.toISOString(),
      data: { latitude: row.latitude, longitude: row.longitude, heading: row.heading, ...left },
    });
  }
  return events;
}

/* ---------- what the tracking view shows ---------- */

/** The driver of an order, as the customer sees them, in their language. */
async function driverCard(db: Db, vendorId: number, driverId: number, lang: string): Promise<DriverCard | null> {
  const { rows } = await db.query<DriverCard>(
    `SELECT coalesce(i18n -> $3::text ->> 'name', name) AS name, coalesce(i18n -> $3::text ->> 'vehicle', vehicle) AS vehicle,
       vehicle_number, phone FROM drivers WHERE vendor_id = $1 AND id = $2`,
    [vendorId, driverId, lang],
  );
  return rows[0] ?? null;
}

async function latestPosition(db: Db, vendorId: number, orderId: number): Promise<DriverPosition | null> {
  const { rows } = await db.query<{ latitude: number; longitude: number; heading: number | null; recorded_at: Date }>(
    'SELECT latitude, longitude, heading, recorded_at FROM driver_positions WHERE vendor_id = $1 AND order_id = $2 ORDER BY id DESC LIMIT 1',
    [vendorId, orderId],
  );
  const row = rows[0];
  return row ? { latitude: row.latitude, longitude: row.longitude, heading: row.heading, at: row.recorded_at.toISOString() } : null;
}

/** The driver and their latest position while the order is on the way; null when it has no driver (yet). */
export async function orderDriver(
  db: Db, vendorId: number, orderId: number, lang: string, known?: Trip,
): Promise<{ driver: DriverCard; position: DriverPosition | null } | null> {
  const trip = known ?? await tripOf(db, vendorId, orderId);
  if (!trip?.driverId || !(DRIVING as readonly string[]).includes(trip.status)) return null;
  const driver = await driverCard(db, vendorId, trip.driverId, lang);
  return driver ? { driver, position: await latestPosition(db, vendorId, orderId) } : null;
}

/** The distance left (from the driver, or the whole way before they set off) and, on the way, the minutes. */
export async function orderDistance(
  db: Db, vendorId: number, orderId: number, known?: Trip,
): Promise<{ distance_km: number | null; eta_minutes: number | null } | undefined> {
  const trip = known ?? await tripOf(db, vendorId, orderId);
  if (!trip) return undefined;
  if (trip.route.length === 0) return { distance_km: null, eta_minutes: null };
  if (trip.status === 'delivered' || trip.status === 'arrived') return { distance_km: 0, eta_minutes: trip.status === 'arrived' ? 0 : null };
  const position = trip.status === 'on_the_way' ? await latestPosition(db, vendorId, orderId) : null;
  if (!position) return { distance_km: km(routeLength(trip.route)), eta_minutes: trip.status === 'on_the_way' ? minutesAt(routeLength(trip.route), DRIVER_SPEED_KMH) : null };
  const left = leftFrom(trip.route, position);
  return { distance_km: left.distance_left_km, eta_minutes: left.eta_minutes };
}

/**
 * order_tracking: the order's status, its store and door, the route between, the driver and where they
 * are, the distance and time left. `userId` null: any customer's order (a tracking link's).
 */
export async function orderTracking(db: Db, vendorId: number, orderId: number, userId: number | null, lang: string): Promise<OrderTracking | undefined> {
  const order = await orderStatus(db, { vendorId, userId }, orderId);
  if (!order) return undefined;
  const { rows } = await db.query<{
    store_name: string; store_address: string; store_latitude: number; store_longitude: number;
    delivery_address: string; delivery_latitude: number | null; delivery_longitude: number | null;
  }>(
    `SELECT coalesce(r.i18n -> $3::text ->> 'name', r.name) AS store_name, coalesce(r.i18n -> $3::text ->> 'address', r.address) AS store_address,
       r.latitude AS store_latitude, r.longitude AS store_longitude, o.delivery_address, o.delivery_latitude, o.delivery_longitude
     FROM orders o JOIN restaurants r ON r.vendor_id = o.vendor_id AND r.id = o.restaurant_id WHERE o.vendor_id = $1 AND o.id = $2`,
    [vendorId, orderId, lang],
  );
  const row = rows[0]!;
  // The trip is read once for the route, the driver and the distance.
  const trip = await tripOf(db, vendorId, orderId);
  const route = trip?.route ?? [];
  const driving = trip ? await orderDriver(db, vendorId, orderId, lang, trip) : null;
  const distance = trip ? await orderDistance(db, vendorId, orderId, trip) : undefined;
  const hasDestination = route.length > 0 && row.delivery_latitude !== null && row.delivery_longitude !== null;
  return {
    order,
    store: { name: row.store_name, address: row.store_address, latitude: row.store_latitude, longitude: row.store_longitude },
    // A tracking link's holder sees where the order goes on the map, not the written address.
    destination: hasDestination ? { name: '', address: userId === null ? '' : row.delivery_address, latitude: row.delivery_latitude!, longitude: row.delivery_longitude! } : null,
    driver: driving?.driver ?? null,
    position: driving?.position ?? null,
    route,
    distance_left_km: distance?.distance_km ?? null,
    eta_minutes: distance?.eta_minutes ?? null,
  };
}
