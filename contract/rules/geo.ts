/**
 * Distances and routes on the earth, as both sides need them: the server to move demo drivers and
 * tell the distance left, the storefront to draw the tracking map to scale.
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function metresBetween(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Compass bearing from a to b in whole degrees, 0 north, 90 east. */
export function headingBetween(a: GeoPoint, b: GeoPoint): number {
  const y = Math.sin(rad(b.longitude - a.longitude)) * Math.cos(rad(b.latitude));
  const x = Math.cos(rad(a.latitude)) * Math.sin(rad(b.latitude)) - Math.sin(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.cos(rad(b.longitude - a.longitude));
  return Math.round(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360) % 360;
}

/**
 * A street-like way from a to b where no road map is at hand (the demo's drivers, the map without
 * tiles): along one street for part of the east-west way, then the whole north-south way, then the
 * rest, as a grid of streets would have it.
 */
export function streetRoute(from: GeoPoint, to: GeoPoint): GeoPoint[] {
  const turnAt = from.longitude + (to.longitude - from.longitude) * 0.4;
  return [from, { latitude: from.latitude, longitude: turnAt }, { latitude: to.latitude, longitude: turnAt }, to];
}

/** The length of a route in metres. */
export function routeLength(route: readonly GeoPoint[]): number {
  let total = 0;
  for (let i = 1; i < route.length; i++) total += metresBetween(route[i - 1]!, route[i]!);
  return total;
}

/** Where one is after `metres` along the route (its end past the end), and the heading there. */
export function pointAlong(route: readonly GeoPoint[], metres: number): { point: GeoPoint; heading: number } {
  let left = Math.max(0, metres);
  for (let i = 1; i < route.length; i++) {
    const a = route[i - 1]!;
    const b = route[i]!;
    const leg = metresBetween(a, b);
    if (left <= leg && leg > 0) {
      const share = left / leg;
      return { point: { latitude: a.latitude + (b.latitude - a.latitude) * share, longitude: a.longitude + (b.longitude - a.longitude) * share }, heading: headingBetween(a, b) };
    }
    left -= leg;
  }
  const end = route.at(-1) ?? { latitude: 0, longitude: 0 };
  const before = route.at(-2) ?? end;
  return { point: end, heading: headingBetween(before, end) };
}

/**
 * The distance left along the route from a position (a driver's, which may be off the line): from
 * the nearest point of the route, on a local flat projection, which is exact enough within a town.
 */
export function metresLeft(route: readonly GeoPoint[], position: GeoPoint): number {
  if (route.length < 2) return route[0] ? metresBetween(position, route[0]) : 0;
  const scale = Math.cos(rad(position.latitude));
  const flat = (p: GeoPoint) => ({ x: p.longitude * scale, y: p.latitude });
  const at = flat(position);
  let best = { distance: Infinity, leg: 0, share: 0 };
  for (let i = 1; i < route.length; i++) {
    const a = flat(route[i - 1]!);
    const b = flat(route[i]!);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length2 = dx * dx + dy * dy;
    const share = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((at.x - a.x) * dx + (at.y - a.y) * dy) / length2));
    const distance = Math.hypot(a.x + dx * share - at.x, a.y + dy * share - at.y);
    if (distance < best.distance) best = { distance, leg: i, share };
  }
  const from = route[best.leg - 1]!;
  const to = route[best.leg]!;
  const onLine = { latitude: from.latitude + (to.latitude - from.latitude) * best.share, longitude: from.longitude + (to.longitude - from.longitude) * best.share };
  return metresBetween(position, onLine) + metresBetween(onLine, to) + routeLength(route.slice(best.leg));
}

/** Minutes to cover `metres` at `kmh`, rounded up; 0 when there. */
export function minutesAt(metres: number, kmh: number): number {
  if (metres <= 0 || kmh <= 0) return 0;
  return Math.max(1, Math.ceil(metres / ((kmh * 1000) / 60)));
}
