/**
 * Local doubles of the delivery partners (Porter, Dunzo), for tests and the demo: each answers the quote
 * call of its partner's API in the partner's own shapes (its fields, its units, its error answers), with
 * fares computed from the straight-line distance between pickup and drop so a test can check them, and
 * a service area (the longest trip it takes) past which it answers the partner's refusal. They run on the
 * payment doubles' server (../server.ts) under /porter and /dunzo. Nothing here reaches the internet.
 */
import type { IncomingMessage } from 'node:http';
import type { DeliveryPartnerName } from '../../../contract/rules/delivery-partners.ts';
import { metresBetween, type GeoPoint } from '../../../contract/rules/geo.ts';
import type { DoubleAnswer, DoubleStore } from '../kit.ts';

/** A request to a partner's double: its path under /<partner>, its headers and its body as sent. */
export interface PartnerRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
}

export interface PartnerDouble {
  readonly name: DeliveryPartnerName;
  /** The account the double takes (vendor_delivery_partners: api_key, client_id), for tests and the demo. */
  readonly testAccount: { apiKey: string; clientId: string };
  /** The currency the partner quotes in (both operate in India: INR). */
  readonly currency: string;
  /** Answers an API request under /<name>; undefined when no route matches (404). */
  handle(request: PartnerRequest, body: Record<string, unknown>): DoubleAnswer | undefined;
}

/** Whole kilometres between the two points, started ones counted (0.2 km is 1 km). */
export function startedKm(from: GeoPoint, to: GeoPoint): number {
  return Math.max(1, Math.ceil(metresBetween(from, to) / 1000));
}

/** A point as the partners write it ({ lat, lng }), or undefined when it is not one. */
export function pointOf(value: unknown): GeoPoint | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { lat, lng } = value as { lat?: unknown; lng?: unknown };
  if (typeof lat !== 'number' || typeof lng !== 'number' || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { latitude: lat, longitude: lng };
}

/** Answers a partner's request on the doubles' server: its body read as JSON, the store's log and its told failures kept. */
export function answerPartner(double: PartnerDouble, request: PartnerRequest, store: DoubleStore): DoubleAnswer {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = request.raw ? JSON.parse(request.raw) : {};
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    return { status: 400, body: { message: 'Body is not JSON' } };
  }
  store.log.push(`${double.name} ${request.method} ${request.path}`);
  if (store.takeFailure()) return { status: 500, body: { message: 'Internal error (the double was told to fail)' } };
  return double.handle(request, body) ?? { status: 404, body: { message: `No route ${request.method} ${request.path}` } };
}
