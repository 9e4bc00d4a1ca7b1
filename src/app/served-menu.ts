import { isStoreFound, menuState, parseMenuRef, stateOfMenu, storeDetailCall, type MenuRef } from '../core/menu/menu.ts';
import type { Route } from '../core/platform/routes.ts';
import { rememberStoreDetail } from '../core/store-directory/store-detail.ts';
import { takenAnswers, type ServedKind } from './served-screen.ts';

/** The menu a route shows (a store's page by id or by slug). */
function menuOf(route: Route): MenuRef | null {
  return route.name === 'vendor' ? parseMenuRef(null, route.params.restaurant_name) : parseMenuRef(route.params.restaurant_id, null);
}

/** The route of the menu an `<sf-menu>` shows (its `store`, else its `slug`), for the element drawn by the server. */
export function menuRoute(store: string | null | undefined, slug: string | null | undefined): Route {
  return store ? { name: 'restaurant', params: { restaurant_id: store }, path: '' } : { name: 'vendor', params: { restaurant_name: slug ?? '' }, path: '' };
}

/** A store's menu drawn on the server: the store's detail, then its menu's outline and first part. */
export const servedMenu: ServedKind = {
  calls(route) {
    const menu = menuOf(route);
    return menu ? { storeDetail: storeDetailCall(menu) } : {};
  },
  take(route, screen) {
    const ref = menuOf(route);
    const { storeDetail, menu, menuOutline } = takenAnswers(this.calls(route), screen);
    if (!ref || !storeDetail) return;
    if (!isStoreFound(storeDetail)) menuState(ref).set({ status: 'not-found' });
    else if (menu && menuOutline) {
      rememberStoreDetail(storeDetail.Result);
      menuState(ref).set(stateOfMenu(storeDetail.Result, menuOutline, menu));
    }
  },
};
