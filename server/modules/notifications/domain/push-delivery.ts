import type { Db, Listen } from '../../../db/pool.ts';
import { NOTIFIED_STATUSES } from '../../../../contract/rules/notifications.ts';
import { EVENTS_CHANNEL } from '../../events/index.ts';
import { findVendorById, type Vendor } from '../../vendors/index.ts';
import { noticeOf, pushMessage, vapidSubject, type PushEvent } from './messages.ts';
import { sendPush, type SendOutcome } from './sender.ts';
import { deleteSubscription, isPushEndpoint, markDelivered, pruneSubscriptions, subscriptionsFor } from './subscriptions.ts';
import { vendorVapidKeys, type VapidKeys } from './vapid-keys.ts';

/**
 * The sender of order notifications: it follows the events table (realtime_events) as the realtime hub
 * does, woken by the events channel's NOTIFY and looking again every `pollMs` for what it did not hear,
 * and turns each event a customer is told of (contract/rules/notifications.ts) into a Web Push message
 * to each of that customer's live subscriptions at the vendor.
 *
 * Every server process runs one. An event is claimed before it is sent, by inserting its id into
 * push_claims (ON CONFLICT DO NOTHING … RETURNING): whichever process inserts it sends it, the others
 * skip it, so it goes out at most once however many processes run. Events are looked at for
 * EVENT_MAX_AGE_SECONDS after they were written: event ids are taken in one order and committed in
 * another, so a cursor past the newest id seen could pass over one committed late; a notification older
 * than that would tell of the past.
 */

/** How long after it was written an event is still sent (seconds). */
export const EVENT_MAX_AGE_SECONDS = 10 * 60;
/** Events claimed at once; a round goes on until fewer come. */
const CLAIM_BATCH = 50;
/** How often subscriptions whose session ended are deleted. */
const PRUNE_EVERY_MS = 3_600_000;

export interface PushDeliveryOptions {
  db: Db;
  /** The database's LISTEN: woken by each event as it is committed. Without it, only the look every pollMs. */
  listen?: Listen | undefined;
  /** How often it looks for events it was not woken for (a missed NOTIFY, a lost connection). */
  pollMs: number;
  /** In production only https endpoints are sent to (the subscribe call takes no other). */
  production: boolean;
  /** A send that failed for another reason than a gone subscription, with what the push service said. */
  onSendFailed?: (failure: { vendorId: number; subscriptionId: number; origin: string; status?: number | undefined; reason: string }) => void;
  onError?: (error: unknown) => void;
}

export interface PushDelivery {
  /** Claims and sends what is waiting now; answers how many events it claimed (for tests). */
  round(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Claims up to CLAIM_BATCH events a customer with a subscription is to be told of, and answers them in
 * id order. The claim is the insert itself: an event another process inserted first is not answered here.
 */
async function claimEvents(db: Db): Promise<PushEvent[]> {
  const { rows } = await db.query<PushEvent>(
    `WITH claimed AS (
       INSERT INTO push_claims (event_id)
       SELECT e.id FROM realtime_events e
       WHERE e.created_at > now() - make_interval(secs => $1)
         AND ((e.kind = 'order_status' AND e.data ->> 'status' = ANY($2::text[]))
           OR (e.kind = 'chat_message' AND e.data ->> 'sender' = 'agent'))
         AND NOT EXISTS (SELECT 1 FROM push_claims c WHERE c.event_id = e.id)
         AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.vendor_id = e.vendor_id AND p.user_id = e.user_id AND p.created_at <= e.created_at)
       ORDER BY e.id LIMIT $3
       ON CONFLICT (event_id) DO NOTHING
       RETURNING event_id)
     SELECT e.id, e.vendor_id, e.user_id, e.kind, e.order_id, e.data, e.created_at, o.order_mode
     FROM claimed c JOIN realtime_events e ON e.id = c.event_id
     LEFT JOIN orders o ON o.vendor_id = e.vendor_id AND o.id = e.order_id
     ORDER BY e.id`,
    [EVENT_MAX_AGE_SECONDS, NOTIFIED_STATUSES, CLAIM_BATCH],
  );
  return rows;
}

/** What a vendor's notifications are sent with: its row, its keys and its VAPID subject. */
interface VendorSender {
  vendor: Vendor;
  vapid: VapidKeys;
  subject: string;
}

async function primaryHost(db: Db, vendorId: number): Promise<string> {
  const { rows } = await db.query<{ host: string }>('SELECT host FROM vendor_hosts WHERE vendor_id = $1 ORDER BY is_primary DESC, id LIMIT 1', [vendorId]);
  return rows[0]?.host ?? 'localhost';
}

export function startPushDelivery(options: PushDeliveryOptions): PushDelivery {
  const { db, onError = () => {} } = options;
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;

  const sendersOf = new Map<number, Promise<VendorSender | undefined>>();
  const senderOf = (vendorId: number) => {
    let found = sendersOf.get(vendorId);
    if (!found) {
      found = (async () => {
        const vendor = await findVendorById(db, vendorId, () => {});
        if (!vendor) return undefined;
        return { vendor, vapid: await vendorVapidKeys(db, vendorId), subject: vapidSubject(vendor, await primaryHost(db, vendorId)) };
      })();
      sendersOf.set(vendorId, found);
    }
    return found;
  };

  const deliver = async (event: PushEvent): Promise<void> => {
    const notice = noticeOf(event);
    if (!notice) return;
    const sender = await senderOf(event.vendor_id);
    if (!sender) return;
    const subscriptions = await subscriptionsFor(db, event.vendor_id, event.user_id, event.created_at);
    // Each subscription on its own: one that fails does not hold back the others.
    await Promise.all(subscriptions.map(async (subscription) => {
      let outcome: SendOutcome;
      if (!isPushEndpoint(subscription.endpoint, options.production)) {
        outcome = { kind: 'failed', reason: 'not a push endpoint this server sends to' };
      } else {
        outcome = await sendPush(subscription, pushMessage(notice, sender.vendor, subscription.lang), {
          vapid: sender.vapid, subject: sender.subject, ttl: notice.ttl, urgency: notice.urgency, topic: notice.tag,
        });
      }
      if (outcome.kind === 'sent') await markDelivered(db, subscription.id);
      else if (outcome.kind === 'gone') await deleteSubscription(db, subscription.id);
      else {
        options.onSendFailed?.({
          vendorId: event.vendor_id, subscriptionId: subscription.id, origin: originOf(subscription.endpoint), status: outcome.status, reason: outcome.reason,
        });
      }
    }));
  };

  const round = async (): Promise<number> => {
    // A vendor's settings are read afresh each round (they change rarely, but they change).
    sendersOf.clear();
    let claimed = 0;
    for (;;) {
      const events = await claimEvents(db);
      claimed += events.length;
      for (const event of events) await deliver(event).catch(onError);
      if (events.length < CLAIM_BATCH || stopped) return claimed;
    }
  };

  /** Runs a round now, or once more after the one running (what woke it may have come after its claim). */
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await round().catch(onError);
      } while (again && !stopped);
    })().finally(() => (running = undefined));
  };

  const timer = setInterval(wake, options.pollMs);
  timer.unref();
  const pruner = setInterval(() => void pruneSubscriptions(db).catch(onError), PRUNE_EVERY_MS);
  pruner.unref();
  const listening = options.listen
    ? options.listen(EVENTS_CHANNEL, (payload) => {
      if (isToldKind(payload)) wake();
    }, wake).catch((error: unknown) => {
      onError(error);
      return undefined;
    })
    : Promise.resolve(undefined);
  wake();

  return {
    round,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(pruner);
      await (await listening)?.();
      await running;
    },
  };
}

/** Whether a NOTIFY of the events channel is of a kind that may be told (driver positions, every second, are not). */
function isToldKind(payload: string): boolean {
  try {
    const parsed = JSON.parse(payload) as { event?: { kind?: unknown } };
    const kind = parsed.event?.kind;
    return kind === 'order_status' || kind === 'chat_message';
  } catch {
    return false;
  }
}

/** The push service of an endpoint, for the log: the endpoint itself is the subscription's secret address. */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '';
  }
}
