import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorSettings } from '../../contract/api/settings.ts';
import type { ServedScreen } from '../../contract/served-screen.ts';
import { apiStub } from '../core/api/client-stub.test-helpers.ts';
import { $faq, loadFaq } from '../core/faq/faq.ts';
import { $latitude, $longitude } from '../core/location/location.ts';
import { forgetMenus, menuState } from '../core/menu/menu.ts';
import { $settings } from '../core/settings/settings.ts';
import { $banners, $tagGroups, loadTagGroups } from '../core/store-directory/discovery.ts';
import { $storeList, loadStores } from '../core/store-directory/stores.ts';
import type { Route } from '../core/platform/routes.ts';
import { routeEntry, router } from './routes.tsx';
import type { ServedKind } from './served-screen.ts';

vi.mock('../core/api/client.ts', async () => (await import('../core/api/client-stub.test-helpers.ts')).stubbedClient());

const settings = { vendor_id: 1, system_latitude: 37.77, system_longitude: -122.42 } as VendorSettings;
const route = (path: string) => router.match(path)!;
const stores = { code: 200, Result: [{ restaurant_id: 6, name: 'Taqueria' }] };
const kinds = new Map<string, ServedKind>();

/** The calls of the route's first view as the server makes them; null for a screen the server does not draw. */
const servedCalls = (at: Route) => kinds.get(at.name)?.calls(at) ?? null;
const takeServedScreen = (at: Route, screen: ServedScreen) => kinds.get(at.name)!.take(at, screen);

/** The screen the server would have served for `path`, with these answers, from the calls the page makes now. */
function served(path: string, answers: unknown): ServedScreen {
  return { path, lang: 'en', calls: servedCalls(route(path)) ?? {}, answers: answers as ServedScreen['answers'], parts: [] };
}

describe('a screen the server drew, taken over in the browser', () => {
  beforeAll(async () => {
    for (const path of ['/', '/restaurant/MQ==', '/vendor/x', '/faq', '/pages/about-us', '/orders', '/profile', '/review-cart', '/wallet']) {
      const kind = await routeEntry(route(path)).served?.();
      if (kind) kinds.set(route(path).name, kind);
    }
  });
  beforeEach(() => {
    $settings.set(settings);
    $latitude.set(null);
    $longitude.set(null);
    forgetMenus();
    apiStub.reset(() => stores);
  });
  afterEach(() => {
    $latitude.set(null);
    $longitude.set(null);
  });

  it("names the first calls of the screens the server draws, from the vendor's point, and none for the others", () => {
    const home = servedCalls(route('/'))!;
    expect(home.stores).toMatchObject({ name: 'get_nearby_restaurant_v2', body: { latitude: 37.77, longitude: -122.42, skip: 0 } });
    expect(home.banners).toEqual({ name: 'get_banner', body: {} });
    expect(home.tagGroups).toEqual({ name: 'tag_wise_restaurant_menu_item', body: { latitude: 37.77, longitude: -122.42 } });
    expect(servedCalls(route('/restaurant/MQ=='))).toEqual({ storeDetail: { name: 'get_restaurant_detail', body: { restaurant_id: 1, latitude: '', longitude: '' } } });
    expect(servedCalls(route('/vendor/golden-gate'))!.storeDetail).toMatchObject({ name: 'get_restaurant_detail_by_slug', body: { slug: 'golden-gate' } });
    expect(servedCalls(route('/faq'))).toEqual({ faq: { name: 'get_faq_all', body: {} } });
    expect(servedCalls(route('/pages/about-us'))).toEqual({});
    for (const path of ['/orders', '/profile', '/review-cart', '/wallet']) expect(servedCalls(route(path))).toBeNull();
  });

  it('takes the answers the page came with, and the first loads then ask for nothing', async () => {
    const tagGroups = { code: 200, Result: [{ tag: 'Bestseller', items: [] }] };
    takeServedScreen(route('/'), served('/', { stores, banners: { code: 200, Result: [] }, tagGroups }));
    expect($storeList.get()).toMatchObject({ status: 'ready', stores: stores.Result, more: 'done' });
    expect($banners.get()).toEqual({ status: 'ready', value: [] });
    expect($tagGroups.get()).toEqual({ status: 'ready', value: tagGroups.Result });
    await loadStores();
    await loadTagGroups();
    expect(apiStub.calls).toEqual([]);
    // Later loads ask again (the hours of a store change): the answers served once are not kept.
    await loadStores();
    await loadTagGroups();
    expect(apiStub.calls.map((call) => call.name)).toEqual(['get_nearby_restaurant_v2', 'tag_wise_restaurant_menu_item']);
  });

  it("leaves to its own loads what the customer's browser asks otherwise (a saved place): nothing of the server's is shown", async () => {
    const screen = served('/', { stores });
    $latitude.set(40.71);
    $longitude.set(-74.0);
    takeServedScreen(route('/'), screen);
    expect($storeList.get()).toEqual({ status: 'idle' });
    await loadStores();
    expect(apiStub.calls.map((call) => [call.name, call.body.latitude])).toEqual([['get_nearby_restaurant_v2', 40.71]]);
  });

  it("takes a store's menu, or that the store does not exist, and the FAQ", async () => {
    const detail = { code: 200, Result: { restaurant_id: 1, name: 'Golden Gate Pizzeria' } };
    const menu = { code: 200, Result: [{ category_id: 3, name: 'Pizzas', items: [], item_count: 0 }] };
    const menuOutline = { code: 200, Result: [{ category_id: 3, name: 'Pizzas', item_count: 0 }, { category_id: 4, name: 'Later', item_count: 2 }] };
    takeServedScreen(route('/restaurant/MQ=='), served('/restaurant/MQ==', { storeDetail: detail, menu, menuOutline } as unknown));
    expect(menuState({ kind: 'id', id: 1 }).get()).toMatchObject({
      status: 'ready', store: { name: 'Golden Gate Pizzeria' }, categories: [...menu.Result, { category_id: 4, name: 'Later', items: [], item_count: 2 }],
    });
    takeServedScreen(route('/restaurant/OTk='), served('/restaurant/OTk=', { storeDetail: { code: 101, msg: 'Store not found' } }));
    expect(menuState({ kind: 'id', id: 99 }).get()).toEqual({ status: 'not-found' });
    takeServedScreen(route('/faq'), served('/faq', { faq: { code: 200, Result: [{ question: 'Q?', answer: 'A.' }, { question: 7 }] } } as unknown));
    expect($faq.get()).toEqual({ status: 'ready', entries: [{ question: 'Q?', answer: 'A.' }] });
    await loadFaq();
    expect(apiStub.calls.filter((call) => call.name === 'get_faq_all')).toEqual([]);
  });
});
