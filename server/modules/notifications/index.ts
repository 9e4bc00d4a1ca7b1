import type { ServerModule } from '../module.ts';
import { startPushDelivery } from './domain/push-delivery.ts';
import { pushRoutes } from './routes/push.ts';

/** How often each server process looks for events to tell that no NOTIFY woke it for, unless buildApp's options say. */
const DEFAULT_PUSH_POLL_MS = 5_000;

/**
 * Order notifications by Web Push (docs/server.md#notifications): each vendor's VAPID keys, the customers'
 * browser subscriptions and their calls, and the sender that turns order steps, the driver's arrival and
 * support's answers into notifications (every server process runs one; each event is sent once).
 */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  routes: [pushRoutes],
  jobs: ({ db, runtime, options, logError }) => {
    const pollMs = options.pushPollMs ?? DEFAULT_PUSH_POLL_MS;
    if (!(pollMs > 0)) return [];
    const failed = logError('push notification not sent');
    return [{
      startsWhen: 'ready',
      start: () => {
        const delivery = startPushDelivery({
          db,
          listen: options.listen,
          pollMs,
          production: runtime.production,
          onError: logError('push notifications failed'),
          onSendFailed: (failure) => failed(Object.assign(new Error(`the push service did not take a notification (${failure.status ?? 'no answer'}): ${failure.reason}`), failure)),
        });
        return () => delivery.stop();
      },
    }];
  },
};

export { EVENT_MAX_AGE_SECONDS, startPushDelivery, type PushDelivery, type PushDeliveryOptions } from './domain/push-delivery.ts';
export { vendorVapidKeys, type VapidKeys } from './domain/vapid-keys.ts';
