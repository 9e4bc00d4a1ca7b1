import type { ServerModule } from '../module.ts';
import { startSimulator } from './domain/simulator.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { orderImageMediaRoute, orderRoutes } from './routes/orders.ts';
import { trackingRoutes } from './routes/tracking.ts';

/**
 * Orders: placing one (checkout), the customer's orders, cancelling, rating and reordering them,
 * the pictures attached to them, following one on its way, and the demo's order simulator.
 */
export const ordersModule: ServerModule = {
  name: 'orders',
  routes: [checkoutRoutes, orderRoutes, trackingRoutes],
  rootRoutes: () => [orderImageMediaRoute],
  jobs: ({ db, options, heldOrders, logError }) => {
    const simulatorSeconds = options.orderSimulatorSeconds ?? 0;
    if (!(simulatorSeconds > 0)) return [];
    return [{
      startsWhen: 'ready',
      start: () => {
        const simulator = startSimulator(db, simulatorSeconds, logError('order simulator failed'), {
          ...(options.driverSpeedKmh ? { driverSpeedKmh: options.driverSpeedKmh } : {}), held: heldOrders,
        });
        return () => simulator.stop();
      },
    }];
  },
};

export { latestPositionEvents, orderRoute, readTrackingLink, recordPosition } from './domain/tracking.ts';
export { placeGroupOrder, placeStandingOrder, requestHash, type PlaceOrderOutcome, type PlaceOrderRefusal } from './domain/place-order.ts';
export { decodeImage, IMAGE_MSG, type ImageMime } from './domain/order-images.ts';
export type { Owner, Paging } from './domain/orders.ts';
export type { PlaceOrderInput } from './domain/place-order.ts';
