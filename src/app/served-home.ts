import { $banners, $brands, $tagGroups, loadedList, servedTagGroups } from '../core/store-directory/discovery.ts';
import { $storeList, firstPage, nearbyRequest, searchPoint, servedStores } from '../core/store-directory/stores.ts';
import { takenAnswers, type ServedKind } from './served-screen.ts';

/** The first page of nearby stores drawn on the server: `<sf-store-list>` by the render endpoint, and home's list. */
export const servedStoreList: ServedKind = {
  calls() {
    const point = searchPoint();
    return point ? { stores: { name: 'get_nearby_restaurant_v2', body: nearbyRequest(point, 0) } } : {};
  },
  take(route, screen) {
    const { stores } = takenAnswers(this.calls(route), screen);
    $storeList.set(stores ? firstPage(stores) : { status: 'idle' });
    servedStores.taken = stores !== undefined;
  },
};

/** Home drawn on the server: the first page of nearby stores, the banners, the brands and the tag groups. */
export const servedHome: ServedKind = {
  calls(route) {
    const point = searchPoint();
    return point
      ? { ...servedStoreList.calls(route), banners: { name: 'get_banner', body: {} }, brands: { name: 'brand-list', body: {} }, tagGroups: { name: 'tag_wise_restaurant_menu_item', body: point } }
      : {};
  },
  take(route, screen) {
    servedStoreList.take(route, screen);
    const { banners, brands, tagGroups } = takenAnswers(this.calls(route), screen);
    $tagGroups.set(tagGroups ? loadedList(tagGroups) : { status: 'idle' });
    servedTagGroups.taken = tagGroups !== undefined;
    $banners.set(banners ? loadedList(banners) : { status: 'idle' });
    $brands.set(brands ? loadedList(brands) : { status: 'idle' });
  },
};
