import type { RealtimeEvent } from '../../../../contract/api/realtime.ts';
import type { Db, Listen } from '../../../db/pool.ts';
import { type AddressedEvent, allEventsAfter, EVENTS_CHANNEL, type EventScope, newestEventId, pruneEvents, type SessionsEnded } from '../../events/index.ts';

/**
 * The realtime hub of one server process: it hears every event committed by any process on the
 * database (LISTEN/NOTIFY: PostgreSQL fans them out to every API node; PGlite in process) and
 * hands each to the open streams of the customer it is for, to those following its order by a tracking link,
 * and (a group's guests' event) to those following the group by a guest member's key.
 */

export interface Subscriber {
  /** An event for this customer. */
  event(event: RealtimeEvent): void;
  /** The hub may have missed events (its listening connection was lost): read them from the table. */
  gap(): void;
  /** The customer's sessions were ended (their account deleted): check the stream's own now. */
  sessionsEnded?(): void;
}

export interface RealtimeHub {
  /** Follows one customer's events, or one order's (a tracking link); answers the stop. */
  subscribe(scope: EventScope, subscriber: Subscriber): () => void;
  /** Open subscriptions of this scope. */
  subscriptionsOf(scope: EventScope): number;
  /** Open subscriptions of this process. */
  readonly size: number;
  close(): Promise<void>;
}

export interface HubOptions {
  db: Db;
  /** The database's LISTEN; without one (tests that build an app on a bare pool) the hub reads new rows every pollMs. */
  listen?: Listen | undefined;
  pollMs?: number;
  /** How often old events are deleted; 0 never. Default hourly. */
  pruneMs?: number;
  onError?: (error: unknown) => void;
}

const key = (scope: EventScope) => {
  if (scope.groupId !== undefined) return `g:${scope.vendorId}:${scope.groupId}`;
  return scope.orderId === undefined ? `u:${scope.vendorId}:${scope.userId}` : `o:${scope.vendorId}:${scope.orderId}`;
};

function isSessionsEnded(value: unknown): value is SessionsEnded {
  if (typeof value !== 'object' || value === null) return false;
  const { vendor_id, user_id, sessions_ended } = value as Partial<SessionsEnded>;
  return typeof vendor_id === 'number' && typeof user_id === 'number' && sessions_ended === true;
}

function isAddressed(value: unknown): value is AddressedEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { vendor_id, user_id, event } = value as Partial<AddressedEvent>;
  return typeof vendor_id === 'number' && typeof user_id === 'number' && typeof event === 'object' && event !== null && typeof event.id === 'number';
}

export async function startHub(options: HubOptions): Promise<RealtimeHub> {
  const { db, onError = () => {} } = options;
  const subscribers = new Map<string, Set<Subscriber>>();
  let size = 0;

  const deliver = (addressed: AddressedEvent) => {
    const { vendor_id: vendorId, user_id: userId, event } = addressed;
    // A group's guests' event (user_id 0) reaches the streams following that group, and no customer's.
    if (typeof addressed.group_id === 'number' && userId === 0) {
      for (const subscriber of [...(subscribers.get(key({ vendorId, groupId: addressed.group_id })) ?? [])]) {
        try {
          subscriber.event(event);
        } catch (error) {
          onError(error);
        }
      }
      return;
    }
    const found = [...(subscribers.get(key({ vendorId, userId })) ?? [])];
    if (event.order_id) found.push(...(subscribers.get(key({ vendorId, orderId: event.order_id })) ?? []));
    for (const subscriber of found) {
      try {
        subscriber.event(event);
      } catch (error) {
        onError(error);
      }
    }
  };
  const endSessions = ({ vendor_id: vendorId, user_id: userId }: SessionsEnded) => {
    for (const subscriber of [...(subscribers.get(key({ vendorId, userId })) ?? [])]) {
      try {
        subscriber.sessionsEnded?.();
      } catch (error) {
        onError(error);
      }
    }
  };
  const gapForAll = () => {
    for (const set of subscribers.values()) for (const subscriber of [...set]) subscriber.gap();
  };

  const stops: Array<() => Promise<void> | void> = [];
  if (options.listen) {
    const stopListening = await options.listen(EVENTS_CHANNEL, (payload) => {
      try {
        const parsed: unknown = JSON.parse(payload);
        if (isAddressed(parsed)) deliver(parsed);
        else if (isSessionsEnded(parsed)) endSessions(parsed);
      } catch (error) {
        onError(error);
      }
    }, gapForAll);
    stops.push(stopListening);
  } else {
    stops.push(pollTable(db, options.pollMs ?? 500, deliver, onError));
  }
  const pruneMs = options.pruneMs ?? 3_600_000;
  if (pruneMs > 0) {
    const timer = setInterval(() => void pruneEvents(db).catch(onError), pruneMs);
    timer.unref();
    stops.push(() => clearInterval(timer));
  }

  return {
    subscribe(scope, subscriber) {
      const id = key(scope);
      let set = subscribers.get(id);
      if (!set) subscribers.set(id, (set = new Set()));
      set.add(subscriber);
      size++;
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        size--;
        set.delete(subscriber);
        if (set.size === 0 && subscribers.get(id) === set) subscribers.delete(id);
      };
    },
    subscriptionsOf(scope) {
      return subscribers.get(key(scope))?.size ?? 0;
    },
    get size() {
      return size;
    },
    async close() {
      for (const stop of stops.splice(0)) await stop();
      subscribers.clear();
      size = 0;
    },
  };
}

/** Without LISTEN: reads the rows added since the last look. */
function pollTable(db: Db, everyMs: number, deliver: (event: AddressedEvent) => void, onError: (error: unknown) => void): () => Promise<void> {
  let last: number | undefined;
  let running: Promise<void> | undefined;
  const look = async () => {
    if (last === undefined) {
      last = await newestEventId(db);
      return;
    }
    for (const addressed of await allEventsAfter(db, last, 1000)) {
      last = addressed.event.id;
      deliver(addressed);
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = look().catch(onError).finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
