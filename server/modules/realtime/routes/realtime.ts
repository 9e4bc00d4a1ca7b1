import type { FastifyRequest } from 'fastify';
import { EventsQuery, type RealtimeEvent } from '../../../../contract/api/realtime.ts';
import { MAX_ROW_ID } from '../../../../contract/api/common.ts';
import { EVENTS_HEARTBEAT_MS, EVENTS_STREAM_PATH, formatFrame } from '../../../../contract/rules/event-stream.ts';
import { TRACKING_TEXTS } from '../../../../contract/constants.ts';
import { eventsAfter, type EventScope } from '../../events/index.ts';
import { latestPositionEvents, readTrackingLink } from '../../orders/index.ts';
import { findSession } from '../../accounts/index.ts';
import { groupMemberScope } from '../../group-orders/index.ts';
import { getCall, type Api, type ApiPlugin } from '../../../http/api.ts';
import { bearerToken, findCustomer, SESSION_EXPIRED } from '../../../http/customer.ts';
import { HttpError } from '../../../http/errors.ts';
import type { RealtimeHub } from '../domain/hub.ts';

/** Open streams one customer (or one tracking link's order) may hold: tabs, elements on several pages; more answer 429. */
export const STREAMS_PER_SCOPE = 10;
export const TOO_MANY_STREAMS = 'Too many open connections';

/** A stream whose reader falls this far behind is closed (the client resumes from its last id). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's realtime hub (server/modules/realtime/domain/hub.ts); set once the app is ready. */
    readonly realtime: { hub: RealtimeHub | undefined; streams: Set<FastifyReply> };
  }
}

/** The cursor a reconnecting EventSource sends; a bad one counts as none. */
function lastEventId(request: FastifyRequest): number {
  const header = request.headers['last-event-id'];
  const value = typeof header === 'string' && /^\d{1,16}$/.test(header) ? Number(header) : 0;
  return value <= MAX_ROW_ID ? value : 0;
}

/** Whose events the request may read: the bearer token's customer, the order of a tracking link (`tracking`), or a guest's group (`group` with `member_key`). */
async function eventScope(api: Api, request: FastifyRequest & { query: EventsQuery }): Promise<{ scope: EventScope; stillValid: () => Promise<boolean> }> {
  const vendorId = request.vendor.id;
  const tracking = request.query.tracking;
  const { group, member_key: memberKey } = request.query;
  if (group && memberKey) {
    // A group's guest: that group's events (as a tracking link follows one order), while the key is a member's.
    const secret = api.runtime.secrets.trackingLink;
    const check = () => groupMemberScope(api.db, request.vendor, secret, group, memberKey, api.runtime.clock.now());
    const found = await check();
    if ('refused' in found) throw new HttpError(found.refused === 'gone' ? 410 : found.refused === 'not_found' ? 404 : 403, found.message);
    return { scope: { vendorId, groupId: found.groupId }, stillValid: async () => 'groupId' in (await check()) };
  }
  if (tracking) {
    const secret = api.runtime.secrets.trackingLink;
    const link = readTrackingLink(secret, vendorId, tracking, api.runtime.clock.now());
    if (link === 'expired') throw new HttpError(410, TRACKING_TEXTS.linkExpired);
    if (link === 'invalid') throw new HttpError(403, TRACKING_TEXTS.linkInvalid);
    return {
      scope: { vendorId, orderId: link.orderId },
      stillValid: async () => typeof readTrackingLink(secret, vendorId, tracking, api.runtime.clock.now()) === 'object',
    };
  }
  const customer = await findCustomer(api.db, request);
  if (!customer) throw new HttpError(401, SESSION_EXPIRED);
  const token = bearerToken(request) ?? '';
  return {
    scope: { vendorId, userId: customer.userId },
    stillValid: async () => (await findSession(api.db, vendorId, token)) !== undefined,
  };
}

export const realtimeRoutes: ApiPlugin = async (api) => {
  // The same events as a page of JSON: the fallback where streams are blocked. Driver positions are not kept as
  // events: the page ends with the latest position of each driver on the way.
  getCall(api, 'events', async (request) => {
    const { scope } = await eventScope(api, request);
    const page = await eventsAfter(api.db, scope, request.query.after ?? 0);
    return { code: 200, Result: { ...page, events: [...page.events, ...(await latestPositionEvents(api.db, scope))] } };
  });

  api.get<{ Querystring: EventsQuery }>(EVENTS_STREAM_PATH, { schema: { querystring: EventsQuery } }, async (request, reply) => {
    const hub = api.realtime.hub;
    if (!hub) throw new HttpError(503, 'Not ready');
    const { scope, stillValid } = await eventScope(api, request);
    if (hub.subscriptionsOf(scope) >= STREAMS_PER_SCOPE) throw new HttpError(429, TOO_MANY_STREAMS);
    let cursor = request.query.after || lastEventId(request);

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.flushHeaders();
    api.realtime.streams.add(reply);

    let closed = false;
    let replaying = true;
    const held: RealtimeEvent[] = [];
    const write = (text: string) => {
      if (closed) return;
      raw.write(text);
      if (raw.writableLength > MAX_BUFFERED_BYTES) close();
    };
    const send = (event: RealtimeEvent) => {
      // Kept events carry the cursor; driver positions (id 0) are passed on as they come.
      if (event.id === 0) return write(formatFrame(event.kind, undefined, event));
      if (event.id <= cursor) return;
      cursor = event.id;
      write(formatFrame(event.kind, event.id, event));
    };
    // Replays from the table what came after the cursor; chained so two catch-ups never interleave.
    let chain = Promise.resolve();
    const catchUp = () => {
      chain = chain.then(async () => {
        if (closed) return;
        const page = await eventsAfter(api.db, scope, cursor);
        if (page.resync) {
          cursor = Math.max(cursor, page.last_id);
          write(formatFrame('resync', undefined, {}));
        }
        for (const event of page.events) send(event);
        if (cursor === 0) cursor = page.last_id;
      }).catch((error: unknown) => {
        request.log.error({ err: error }, 'event stream catch-up failed');
        close();
      });
      return chain;
    };
    const unsubscribe = hub.subscribe(scope, {
      event(event) {
        if (replaying) held.push(event);
        else send(event);
      },
      gap: () => void catchUp(),
      sessionsEnded: () => endIfLapsed(),
    });
    // A signed-out session or a lapsed tracking link ends its streams: checked with each heartbeat, and at
    // once when the customer's sessions were ended (an account deleted) on any server process.
    function endIfLapsed() {
      void stillValid().then((valid) => {
        if (!valid && !closed) {
          write(formatFrame('expired', undefined, {}));
          close();
        }
      }, () => {});
    }
    const heartbeat = setInterval(() => {
      write(': ping\n\n');
      endIfLapsed();
    }, EVENTS_HEARTBEAT_MS);
    heartbeat.unref();
    function close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      api.realtime.streams.delete(reply);
      raw.end();
    }
    request.raw.on('close', close);
    raw.on('error', close);

    write('retry: 3000\n\n');
    await catchUp();
    replaying = false;
    for (const event of held.splice(0)) send(event);
    write(formatFrame('ready', cursor, { last_id: cursor }));
  });
};
