import type { ServerModule } from '../module.ts';
import { startSubscriptionSchedule } from './domain/subscription-schedule.ts';
import { subscriptionRoutes } from './routes/subscriptions.ts';

/** Standing orders: plans, their pauses and changes, the monthly invoice, and the schedule that places each delivery. */
export const subscriptionsModule: ServerModule = {
  name: 'subscriptions',
  routes: [subscriptionRoutes],
  jobs: ({ db, runtime, options, logError }) => {
    const scheduleMs = options.subscriptionScheduleMs ?? 60_000;
    if (!(scheduleMs > 0)) return [];
    return [{
      startsWhen: 'built',
      start: () => startSubscriptionSchedule(db, () => runtime.clock.now(), scheduleMs, logError('subscription schedule failed')),
    }];
  },
};

export { cancelSubscriptionsOf } from './domain/subscriptions.ts';
