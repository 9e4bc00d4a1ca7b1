import type pg from 'pg';
import type { DriverMoved, EventsPage, RealtimeEvent } from '../../../../contract/api/realtime.ts';
import { EVENTS_REPLAY_LIMIT } from '../../../../contract/rules/event-stream.ts';
import type { Db } from '../../../db/pool.ts';

/**
 * The events pushed to customers (contract/api/realtime.ts). Each is written in the transaction
 * that made it happen, and announced with NOTIFY on the schema's channel in that same
 * transaction, so it reaches listeners on commit and never for a change that rolled back.
 */

/** Base name of the NOTIFY channel; each schema has its own (db/pool.ts channelOf). */
export const EVENTS_CHANNEL = 'sf_events';

/** How long events are kept for resuming (the hub's sweep deletes older ones). */
export const EVENTS_KEPT_HOURS = 24;

/** What a NOTIFY carries: the event and whom it is for (a customer; or, user_id 0, a group's guests). */
export interface AddressedEvent {
  vendor_id: number;
  user_id: number;
  /** The group whose guests it is for, when user_id is 0. */
  group_id?: number;
  event: RealtimeEvent;
}

/** A NOTIFY that the customer's sessions were ended (their account deleted): their streams check theirs at once. */
export interface SessionsEnded {
  vendor_id: number;
  user_id: number;
  sessions_ended: true;
}

type Kept = Exclude<RealtimeEvent, DriverMoved>;
type NewEvent = { [K in Kept['kind']]: Omit<Extract<Kept, { kind: K }>, 'id' | 'at'> }[Kept['kind']];

/** Whose events: a customer's (their token), one order's (a tracking link), or a group's guests' (a member key). */
export type EventScope =
  | { vendorId: number; userId: number; orderId?: undefined; groupId?: undefined }
  | { vendorId: number; orderId: number; userId?: undefined; groupId?: undefined }
  | { vendorId: number; groupId: number; userId?: undefined; orderId?: undefined };

/** The scope's condition on realtime_events, its parameters from $1. */
function scopeWhere(scope: EventScope): { sql: string; params: number[] } {
  if (scope.groupId !== undefined) return { sql: 'vendor_id = $1 AND group_id = $2 AND user_id IS NULL', params: [scope.vendorId, scope.groupId] };
  return scope.orderId === undefined
    ? { sql: 'vendor_id = $1 AND user_id = $2', params: [scope.vendorId, scope.userId] }
    : { sql: 'vendor_id = $1 AND order_id = $2', params: [scope.vendorId, scope.orderId] };
}

/** A row of realtime_events as the queries read it. */
export interface EventRow {
  id: number;
  kind: RealtimeEvent['kind'];
  order_id: number | null;
  data: unknown;
  created_at: Date;
}

export function toEvent(row: EventRow): RealtimeEvent {
  return { id: row.id, kind: row.kind, order_id: row.order_id ?? 0, at: row.created_at.toISOString(), data: row.data } as RealtimeEvent;
}

/** Records an event for one customer inside the caller's transaction and announces it on commit. */
export async function publishEvent(client: pg.PoolClient, vendorId: number, userId: number, event: NewEvent): Promise<RealtimeEvent> {
  const { rows } = await client.query<EventRow>(
    `INSERT INTO realtime_events (vendor_id, user_id, order_id, kind, data) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, kind, order_id, data, created_at`,
    [vendorId, userId, event.order_id, event.kind, JSON.stringify(event.data)],
  );
  const published = toEvent(rows[0]!);
  const addressed: AddressedEvent = { vendor_id: vendorId, user_id: userId, event: published };
  await client.query(`SELECT pg_notify($1 || '_' || current_schema(), $2)`, [EVENTS_CHANNEL, JSON.stringify(addressed)]);
  return published;
}

/** Records an event for a group's guests (no customer: the group's stream, read with a member key) and announces it on commit. */
export async function publishGroupEvent(client: pg.PoolClient, vendorId: number, groupId: number, event: NewEvent): Promise<RealtimeEvent> {
  const { rows } = await client.query<EventRow>(
    `INSERT INTO realtime_events (vendor_id, user_id, group_id, order_id, kind, data) VALUES ($1, NULL, $2, $3, $4, $5)
     RETURNING id, kind, order_id, data, created_at`,
    [vendorId, groupId, event.order_id || null, event.kind, JSON.stringify(event.data)],
  );
  const published = toEvent(rows[0]!);
  const addressed: AddressedEvent = { vendor_id: vendorId, user_id: 0, group_id: groupId, event: published };
  await client.query(`SELECT pg_notify($1 || '_' || current_schema(), $2)`, [EVENTS_CHANNEL, JSON.stringify(addressed)]);
  return published;
}

/** Announces an event that is not kept (driver positions): those listening hear it on commit, nobody replays it. */
export async function announceEvent(client: pg.PoolClient, vendorId: number, userId: number, event: Omit<DriverMoved, 'id' | 'at'>): Promise<void> {
  const addressed: AddressedEvent = { vendor_id: vendorId, user_id: userId, event: { ...event, id: 0, at: new Date().toISOString() } };
  await client.query(`SELECT pg_notify($1 || '_' || current_schema(), $2)`, [EVENTS_CHANNEL, JSON.stringify(addressed)]);
}

/** Tells every server process, on commit, that the customer's sessions were ended, so their open streams close. */
export async function announceSessionsEnded(client: pg.PoolClient, vendorId: number, userId: number): Promise<void> {
  const notice: SessionsEnded = { vendor_id: vendorId, user_id: userId, sessions_ended: true };
  await client.query(`SELECT pg_notify($1 || '_' || current_schema(), $2)`, [EVENTS_CHANNEL, JSON.stringify(notice)]);
}

/**
 * The scope's events after `after`, oldest first, at most EVENTS_REPLAY_LIMIT. With `after` 0 the
 * page is empty and names the latest id (a new client starts from now); `resync` when more are waiting.
 */
export async function eventsAfter(db: Db | pg.PoolClient, scope: EventScope, after: number): Promise<EventsPage> {
  if (after <= 0) return { events: [], last_id: await latestEventId(db, scope), resync: false };
  const where = scopeWhere(scope);
  const { rows } = await db.query<EventRow>(
    `SELECT id, kind, order_id, data, created_at FROM realtime_events WHERE ${where.sql} AND id > $3 ORDER BY id LIMIT $4`,
    [...where.params, after, EVENTS_REPLAY_LIMIT + 1],
  );
  if (rows.length > EVENTS_REPLAY_LIMIT) {
    return { events: [], last_id: await latestEventId(db, scope), resync: true };
  }
  const events = rows.map(toEvent);
  return { events, last_id: events.at(-1)?.id ?? after, resync: false };
}

/** The id of the scope's newest event; 0 when none. */
export async function latestEventId(db: Db | pg.PoolClient, scope: EventScope): Promise<number> {
  const where = scopeWhere(scope);
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM realtime_events WHERE ${where.sql} ORDER BY id DESC LIMIT 1`, where.params);
  return rows[0]?.id ?? 0;
}

/** Every customer's events after `after` (the hub's reading when it cannot LISTEN), oldest first. */
export async function allEventsAfter(db: Db, after: number, limit: number): Promise<AddressedEvent[]> {
  const { rows } = await db.query<EventRow & { vendor_id: number; user_id: number | null; group_id: number | null }>(
    'SELECT id, vendor_id, user_id, group_id, kind, order_id, data, created_at FROM realtime_events WHERE id > $1 ORDER BY id LIMIT $2',
    [after, limit],
  );
  return rows.map((row) => ({
    vendor_id: row.vendor_id, user_id: row.user_id ?? 0, ...(row.user_id === null && row.group_id !== null ? { group_id: row.group_id } : {}), event: toEvent(row),
  }));
}

/** The newest event id of all; 0 when none. */
export async function newestEventId(db: Db): Promise<number> {
  const { rows } = await db.query<{ id: number | null }>('SELECT max(id) AS id FROM realtime_events');
  return rows[0]?.id ?? 0;
}

/** Deletes events older than EVENTS_KEPT_HOURS; answers how many. */
export async function pruneEvents(db: Db): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM realtime_events WHERE created_at < now() - make_interval(hours => $1)`, [EVENTS_KEPT_HOURS]);
  return rowCount ?? 0;
}
