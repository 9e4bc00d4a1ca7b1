import type { ServerModule } from '../module.ts';
import { bannerStoreRoutes } from './routes/banner-stores.ts';
import { menuRoutes } from './routes/menu.ts';
import { storeDetailRoutes } from './routes/store-detail.ts';
import { storeRoutes } from './routes/stores.ts';

/** The vendor's stores: nearby stores, a store's detail and hours, its menu, a banner's stores. */
export const storesModule: ServerModule = {
  name: 'stores',
  routes: [storeRoutes, storeDetailRoutes, menuRoutes, bannerStoreRoutes],
};

export { NO_SERVICE } from './routes/stores.ts';
export { findStore, hoursJsonSql, OUT_OF_REACH, restaurantTiming, STORE_NOT_FOUND } from './domain/store-detail.ts';
export { activeStoreIds, countActiveStores, deliversSql, distanceSql, listNearby, openNowSql, toStoreCard, type NearbyQuery } from './domain/stores.ts';
export { servedItems } from './domain/menu.ts';
