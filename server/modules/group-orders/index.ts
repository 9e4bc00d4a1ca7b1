import type { ServerModule } from '../module.ts';
import { sweepGroups } from './domain/money.ts';
import { groupOrderRoutes } from './routes/group-orders.ts';

/** How often each process looks for groups whose deadline or expiry has come. */
export const GROUP_SWEEP_MS = 15_000;

/**
 * Group orders (docs/server.md#group-orders): one cart filled by several people, each in their own part,
 * priced once and split, placed as one order whose lines carry each person's name; and the job that
 * announces deadline locks and expires groups never placed.
 */
export const groupOrdersModule: ServerModule = {
  name: 'group-orders',
  routes: [groupOrderRoutes],
  jobs: ({ db, runtime, options, logError }) => {
    const everyMs = options.paymentSweepMs === 0 ? 0 : GROUP_SWEEP_MS;
    if (!(everyMs > 0)) return [];
    return [{
      startsWhen: 'ready',
      start: () => {
        let running = false;
        const onError = logError('group sweep failed');
        const timer = setInterval(() => {
          if (running) return;
          running = true;
          sweepGroups({ db, now: runtime.clock.now() }).catch(onError).finally(() => {
            running = false;
          });
        }, everyMs);
        timer.unref();
        return () => clearInterval(timer);
      },
    }];
  },
};

export { groupMemberScope } from './domain/scope.ts';
export { sweepGroups } from './domain/money.ts';
