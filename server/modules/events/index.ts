import type { ServerModule } from '../module.ts';

/**
 * The events table: what happened to an order, a driver or a chat, written in the transaction
 * that made it happen (docs/realtime.md). Modules publish here; the realtime module streams it.
 */
export const eventsModule: ServerModule = { name: 'events' };

export {
  allEventsAfter, announceEvent, announceSessionsEnded, EVENTS_CHANNEL, eventsAfter, newestEventId, pruneEvents, publishEvent, publishGroupEvent, type AddressedEvent,
  type EventScope, type SessionsEnded,
} from './domain/realtime-events.ts';
