import type { FastifyRequest } from 'fastify';
import { EventsQuery, type RealtimeEvent } from '../../contract/api/realtime.ts';
import { MAX_ROW_ID } from '../../contract/api/common.ts';
import { EVENTS_HEARTBEAT_MS, EVENTS_STREAM_PATH, formatFrame } from '../../contract/rules/event-stream.ts';
import { eventsAfter } from '../domain/realtime-events.ts';
import { findSession } from '../domain/sessions.ts';
import { getCall, type ApiPlugin } from '../http/api.ts';
import { bearerToken, signedIn } from '../http/customer.ts';
import { HttpError } from '../http/errors.ts';
import type { RealtimeHub } from '../realtime/hub.ts';

/** Open streams one customer may hold (tabs, elements on several pages); more answer 429. */
export const STREAMS_PER_CUSTOMER = 10;
export const TOO_MANY_STREAMS = 'Too many open connections';

/** A stream whose reader falls this far behind is closed (the client resumes from its last id). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's realtime hub (server/realtime/hub.ts); set once the app is ready. */
    readonly realtime: { hub: RealtimeHub | undefined; streams: Set<FastifyReply> };
  }
}

/** The cursor a reconnecting EventSource sends; a bad one counts as none. */
function lastEventId(request: FastifyRequest): number {
  const header = request.headers['last-event-id'];
  const value = typeof header === 'string' && /^\d{1,16}$/.test(header) ? Number(header) : 0;
  return value <= MAX_ROW_ID ? value : 0;
}

export const realtimeRoutes: ApiPlugin = async (api) => {
  await api.register(signedIn(api.db, (scope) => {
    // The same events as a page of JSON: the fallback where streams are blocked.
    getCall(scope, 'events', async (request) => {
      const { vendorId, userId } = request.customer;
      return { code: 200, Result: await eventsAfter(api.db, vendorId, userId, request.query.after ?? 0) };
    });

    scope.get<{ Querystring: EventsQuery }>(EVENTS_STREAM_PATH, { schema: { querystring: EventsQuery } }, async (request, reply) => {
      const hub = api.realtime.hub;
      if (!hub) throw new HttpError(503, 'Not ready');
      const { vendorId, userId } = request.customer;
      if (hub.subscriptionsOf(vendorId, userId) >= STREAMS_PER_CUSTOMER) throw new HttpError(429, TOO_MANY_STREAMS);
      const token = bearerToken(request) ?? '';
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
        if (event.id <= cursor) return;
        cursor = event.id;
        write(formatFrame(event.kind, event.id, event));
      };
      // Replays from the table what came after the cursor; chained so two catch-ups never interleave.
      let chain = Promise.resolve();
      const catchUp = () => {
        chain = chain.then(async () => {
          if (closed) return;
          const page = await eventsAfter(api.db, vendorId, userId, cursor);
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
      const unsubscribe = hub.subscribe(vendorId, userId, {
        event(event) {
          if (replaying) held.push(event);
          else send(event);
        },
        gap: () => void catchUp(),
      });
      const heartbeat = setInterval(() => {
        write(': ping\n\n');
        // A signed-out or expired session ends its streams.
        void findSession(api.db, vendorId, token).then((session) => {
          if (!session && !closed) {
            write(formatFrame('expired', undefined, {}));
            close();
          }
        }, () => {});
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
  }));
};
