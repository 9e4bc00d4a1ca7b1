import type { FastifyRequest } from 'fastify';
import { baseUrl } from '../../../context.ts';
import { isProviderName, rechargeProvider } from '../../../../contract/rules/payment-providers.ts';
import { vendorProvider } from '../../../http/return-url.ts';
import {
  deliveryZone, findStore, openingHours, OUT_OF_REACH, pointOf, restaurantTiming, storeDelivers, STORE_NOT_FOUND, storeOrderSettings,
  toRestaurantDetail, type StoreKey,
} from '../domain/store-detail.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';

export const NOT_FOUND = { code: 101, msg: STORE_NOT_FOUND } as const;

export const storeDetailRoutes: ApiPlugin = async (api) => {
  async function detail(request: FastifyRequest, key: StoreKey, point: ReturnType<typeof pointOf>) {
    const { vendor, lang } = request;
    const row = await findStore(api.db, vendor, key, lang, api.runtime.clock.now(), point);
    if (!row) return NOT_FOUND;
    const hours = await openingHours(api.db, vendor.id, row.id);
    return { code: 200, Result: toRestaurantDetail(vendor, row, hours, lang, baseUrl(request)) };
  }

  postCall(api, 'get_restaurant_detail', async (request) =>
    detail(request, { id: request.body.restaurant_id }, pointOf(request.body)));

  postCall(api, 'get_restaurant_detail_by_slug', async (request) =>
    detail(request, { slug: request.body.slug.trim().toLowerCase() }, pointOf(request.body)));

  /** The store, named by the request's restaurant_id, with its texts in the vendor's own language, at `at` (store time). */
  const store = (request: FastifyRequest, id: number, at = api.runtime.clock.now()) => findStore(api.db, request.vendor, { id }, request.vendor.default_lang, at);

  postCall(api, 'get_restaurant_on_off', async (request) => {
    const row = await store(request, request.body.restaurant_id);
    if (!row) return NOT_FOUND;
    return { code: 200, Result: { restaurant_on_off: row.is_open ? '1' : '0' } };
  });

  postCall(api, 'restaurantTiming', async (request) => {
    const at = api.runtime.clock.now();
    const row = await store(request, request.body.restaurant_id, at);
    if (!row) return NOT_FOUND;
    return { code: 200, Result: await restaurantTiming(api.db, request.vendor.id, row, at) };
  });

  postCall(api, 'get_restaurant_rating', async (request) => {
    const row = await store(request, request.body.restaurant_id);
    if (!row) return NOT_FOUND;
    return { code: 200, Result: { rating: row.rating, rating_count: row.rating_count } };
  });

  postCall(api, 'check_restaurant_radius', async (request) => {
    const { body } = request;
    const row = await store(request, body.restaurant_id);
    if (!row) return NOT_FOUND;
    if (!(await storeDelivers(api.db, request.vendor.id, row.id, body.latitude, body.longitude))) return { code: 101, msg: OUT_OF_REACH };
    return { code: 200, msg: 'Store delivers to this location' };
  });

  postCall(api, 'get-delivery-zone-setting', async (request) => {
    const zone = await deliveryZone(api.db, request.vendor, request.body.restaurant_id, pointOf(request.body));
    return zone ? { code: 200, Result: zone } : NOT_FOUND;
  });

  postCall(api, 'get-restaurant-settings', async (request) => {
    const { vendor, lang } = request;
    const row = await findStore(api.db, vendor, { id: request.body.restaurant_id }, lang, api.runtime.clock.now());
    if (!row) return NOT_FOUND;
    // Online payment is offered where the vendor's own provider runs here (as place_order takes it).
    const provider = await vendorProvider(request);
    const online = provider && (isProviderName(provider.name) || provider.name === 'test') ? rechargeProvider(provider.name) : null;
    return { code: 200, Result: storeOrderSettings(vendor, row, online, lang) };
  });
};
