import { accountsModule } from './accounts/index.ts';
import { addressesModule } from './addresses/index.ts';
import { deliveryPartnersModule } from './delivery-partners/index.ts';
import { discoveryModule } from './discovery/index.ts';
import { eventsModule } from './events/index.ts';
import { groupOrdersModule } from './group-orders/index.ts';
import { mediaModule } from './media/index.ts';
import type { ServerModule } from './module.ts';
import { notificationsModule } from './notifications/index.ts';
import { orderStatusModule } from './order-status/index.ts';
import { ordersModule } from './orders/index.ts';
import { paymentsModule } from './payments/index.ts';
import { pricingModule } from './pricing/index.ts';
import { realtimeModule } from './realtime/index.ts';
import { settingsModule } from './settings/index.ts';
import { siteModule } from './site/index.ts';
import { storesModule } from './stores/index.ts';
import { subscriptionsModule } from './subscriptions/index.ts';
import { supportModule } from './support/index.ts';
import { vendorsModule } from './vendors/index.ts';
import { walletModule } from './wallet/index.ts';

/**
 * Every module of the server, in the order buildApp registers their routes and starts their
 * jobs. A new module is a folder here whose index.ts exports its ServerModule, added to this list.
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  vendorsModule, eventsModule, orderStatusModule,
  settingsModule, accountsModule, storesModule, discoveryModule, addressesModule, deliveryPartnersModule, pricingModule, ordersModule, mediaModule,
  paymentsModule, walletModule, groupOrdersModule, subscriptionsModule, supportModule, realtimeModule, notificationsModule, siteModule,
];

export type { JobContext, ModuleJob, ServerModule } from './module.ts';
